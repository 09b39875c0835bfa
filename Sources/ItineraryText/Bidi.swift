/// Users' names inside lines the program composes, kept in the order the line gives them.

/// Directional marks and isolates for users' names set among the program's own words, so a
/// right-to-left name keeps its place in a left-to-right line.
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

    /// The program's own list of `parts` (a route, a running header, `date · city`, a range of
    /// two dates) read in the page's direction, left to right: each part with right-to-left
    /// letters isolated, so the parts keep their order and each reads in its own direction.
    public static func list(_ parts: [String], separator: String) -> String {
        parts.map(isolated).joined(separator: separator)
    }

    /// `text` between left-to-right marks when it holds right-to-left letters or Arabic-Indic
    /// digits: a list of numbers (`١·٥`) beside its label keeps its place from the left, where
    /// the digits' own weak direction would let the neutrals around them turn right to left.
    public static func leftToRight(_ text: String) -> String {
        guard TextEngine.hasRightToLeft(text) else { return text }
        return "\u{200E}" + text + "\u{200E}"
    }
}
