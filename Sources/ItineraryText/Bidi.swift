/// Users' names inside lines the program composes, kept in the order the line gives them.

/// Directional marks and isolates for users' names set among the program's own words, so a
/// right-to-left name keeps its place in a left-to-right line.
///
/// One edge per page: the pages are laid out left to right (the grid, the cards' lead tiles and
/// side columns, the tables), and every paragraph starts at that start side, the left, whatever
/// its script; the words inside a paragraph still read in their own direction (Pango takes a
/// paragraph's direction from its first strong letter). A Hebrew plan's title, category,
/// address and link, a Hebrew note after its icon, the cover's Arabic title over its route line
/// and meta rows: all from the left. Aligning right-to-left paragraphs right instead would give
/// a page two edges wherever they sit among the labels' words, which start at the left. One of
/// several lines ends them all flush at the right of its column, card or callout
/// (`SetLine.offset`), so its reader's lines start at one edge.
public enum Bidi {
    /// `text` ready to sit between the program's own words and arrows in a left-to-right line
    /// (`From → To`, `Away at Home`, the cover's route): a name with right-to-left letters is
    /// wrapped in a first-strong isolate, so it reads in its own direction inside but cannot join
    /// a neighbouring right-to-left name into one run (which would swap them: `Riyadh → Tel Aviv`
    /// shown as `Tel Aviv → Riyadh`), and is preceded by a left-to-right mark, so a line that
    /// starts with it still reads, and is laid out, from the left. Other text is returned as is,
    /// so Latin and CJK lines keep their bytes. The marks draw nothing.
    public static func isolated(_ text: String) -> String {
        guard TextEngine.hasRightToLeft(text) else { return text }
        return "\u{200E}\u{2068}" + text + "\u{2069}"
    }

    /// A code (a booking reference) as written, read from the left: its right-to-left words
    /// isolated each in its place, so that digits after one stay after it
    /// (`FS-RUH-2026-1014-هلال-8841`, not `…-1014-8841-هلال`), and the whole isolated from the
    /// left. A code without right-to-left letters is returned as it is.
    public static func code(_ text: String) -> String {
        guard TextEngine.hasRightToLeft(text) else { return text }
        var out = String.UnicodeScalarView()
        var inRun = false
        for s in text.unicodeScalars {
            // A mark joins the letter before it; a digit or a hyphen ends the run.
            let rtl = TextEngine.isRightToLeft(s) || (inRun && s.properties.generalCategory == .nonspacingMark)
            if rtl != inRun { out.append(rtl ? "\u{2067}" : "\u{2069}") }
            inRun = rtl
            out.append(s)
        }
        if inRun { out.append("\u{2069}") }
        return "\u{200E}\u{2066}" + String(out) + "\u{2069}"
    }

    /// The program's own list of `parts` (a route, a running header, `date · city`, a range of
    /// two dates) joined by `separator`, marked as `listParts` marks them: read from the left
    /// with its right-to-left parts isolated, or, when every part with letters is right-to-left,
    /// as one right-to-left run whose arrows (`→` in `separator`) point left.
    public static func list(_ parts: [String], separator: String) -> String {
        let (marked, arrow) = listParts(parts)
        return marked.joined(separator: separator.replacingOccurrences(of: "→", with: arrow))
    }

    /// `parts` marked to be set in order with separators between them (the caller's, in spans
    /// of their own when they have another colour), and the arrow to put between two of them.
    ///
    /// One rule for every list the program composes: a list whose parts with letters are all
    /// right-to-left (a Hebrew route, two Arabic dates) reads from the right, as its reader
    /// reads it: one right-to-left run, the first part at its right and `←` pointing the way
    /// the list goes (`ירושלים ← תל אביב`, read from the right, goes from Tel Aviv to Jerusalem).
    /// Any other list reads from the left, as the page does, its right-to-left parts isolated,
    /// and `→`. Each part is isolated, so neighbouring parts never merge into one run; the run
    /// starts with a left-to-right mark, so the line itself is still laid out from the left.
    public static func listParts(_ parts: [String]) -> (parts: [String], arrow: String) {
        let bare = parts.map { $0.hasPrefix("\u{200E}") ? String($0.dropFirst()) : $0 }
        let lettered = bare.filter { $0.unicodeScalars.contains(where: \.properties.isAlphabetic) }
        guard !lettered.isEmpty, lettered.allSatisfy(readsRightToLeft) else { return (parts.map(isolated), "→") }
        var marked = bare.map(isolate)
        marked[0] = "\u{200E}\u{2067}" + marked[0]
        marked[marked.count - 1] += "\u{2069}"
        return (marked, "←")
    }

    /// `away`, `at` and `home` as one line (`Away at Home`, `at` in the labels' language): a
    /// sentence of that language, each name isolated inside it. With English `at` it reads from
    /// the left, the away team at the left of `at` as in the code line above it (`MTA @ HJM`),
    /// whatever the names' script; with a right-to-left `at` (Hebrew labels) it is one
    /// right-to-left run read from the right, the away team at its right, and is still laid
    /// out from the left.
    public static func matchup(away: String, at: String, home: String) -> String {
        guard readsRightToLeft(at) else { return isolated(away) + " " + at + " " + isolated(home) }
        return "\u{200E}\u{2067}" + isolate(away) + " " + at + " " + isolate(home) + "\u{2069}"
    }

    /// A name and what follows it as a suffix of the program's (`Manhattan +7`): a name that
    /// reads from the right is one right-to-left run with the suffix after it, at its
    /// left (`+1 תל אביב`, read from the right: Tel Aviv, then `+1`), laid out from the left.
    public static func groupedName(_ name: String, more: String) -> String {
        guard readsRightToLeft(name) else { return name + " " + more }
        // A left-to-right mark before the suffix makes its sign and digits one left-to-right run
        // (a left-to-right isolate of its own would be widened as an address's is, by
        // `LineBreaks.leftToRightIsolated`, and was set `1+`).
        return "\u{200E}\u{2067}" + isolate(name) + " \u{200E}" + more + "\u{2069}"
    }

    /// Whether the first letter of `text` (past any marks, isolates and digits) is right-to-left.
    public static func readsRightToLeft(_ text: String) -> Bool {
        guard let letter = text.unicodeScalars.first(where: \.properties.isAlphabetic) else { return false }
        return TextEngine.hasRightToLeft(String(letter))
    }

    /// `text` in a first-strong isolate when it holds right-to-left letters.
    private static func isolate(_ text: String) -> String {
        TextEngine.hasRightToLeft(text) ? "\u{2068}" + text + "\u{2069}" : text
    }

    /// `text` with a left-to-right mark before each number written against a Latin letter
    /// (`2nd`, `4K`, `10am`) that follows right-to-left text, for a paragraph that reads from
    /// the left. By the bidi algorithm such a number takes the direction of the Hebrew or
    /// Arabic before it, and the punctuation between goes with them: `כדורסל, 2nd row` would be
    /// drawn `2 ,כדורסלnd row`. The mark ties the number to its word. `text` itself when nothing
    /// is to be marked.
    public static func numbersJoinedToWords(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var changed = false, lastStrongIsRTL = false, i = 0
        func isDigit(_ s: Unicode.Scalar) -> Bool { ("0"..."9").contains(s) }
        func isLatin(_ s: Unicode.Scalar) -> Bool { ("a"..."z").contains(s) || ("A"..."Z").contains(s) }
        while i < scalars.count {
            let s = scalars[i]
            if isDigit(s) {
                var j = i
                while j < scalars.count, isDigit(scalars[j]) { j += 1 }
                if lastStrongIsRTL, j < scalars.count, isLatin(scalars[j]), i == 0 || scalars[i - 1] != "\u{200E}" {
                    out.append("\u{200E}")
                    changed = true
                }
                out.append(contentsOf: scalars[i..<j])
                i = j
                continue
            }
            if TextEngine.isRightToLeft(s) {
                lastStrongIsRTL = true
            } else if s.properties.isAlphabetic {
                lastStrongIsRTL = false
            }
            out.append(s)
            i += 1
        }
        return changed ? String(out) : text
    }

    /// `text` between left-to-right marks when it holds right-to-left letters or Arabic-Indic
    /// digits: a list of numbers (`١·٥`) beside its label keeps its place from the left, where
    /// the digits' own weak direction would let the neutrals around them turn right to left.
    public static func leftToRight(_ text: String) -> String {
        guard TextEngine.hasRightToLeft(text) else { return text }
        return "\u{200E}" + text + "\u{200E}"
    }
}
