/// Where a line may break inside what the traveller wrote: codes, web addresses, kana words.

/// Line-break rules Pango's (Unicode's) own do not give, written into the text before it is
/// broken as invisible marks: a zero-width space (U+200B) where a line may break, a word joiner
/// (U+2060) where it must not. Marks rather than Pango's break attributes, because Pango 1.50
/// can only take break opportunities away (`allow_breaks`), and its rules differ a little from
/// 1.56's: the marks say the same to both.
///
/// - A code (`LHP-2026-0814-ZXQW-7781-3320-KJHG`: letters, digits and hyphens, with a digit;
///   slashes too, `BAJ/2026/12/02-ROYAL`; letters of any script among hyphens,
///   `GELLÉRT-ÖSSZESÍTŐ-2026-11-0009912`, `TPE-寒舍-20260508-0042`) breaks only after a hyphen or slash, with at least
///   three letters or digits on each side (`5-6` and `A-12` never break); Unicode's rules would
///   break it only where a letter follows a hyphen.
/// - A web address breaks after a `/` and `=`, after a `-` or `.` not between digits (a date,
///   `2026-08-14`, stays whole; no line starts with `-` or `.`; a `-` with at least three
///   letters or digits on each side: `es-ES` stays whole), and before `?`, `&`, `#` and
///   a `_`, never within its first or
///   last `minimumPiece` characters, so no line holds only `=1` or a `-`; in its query, never
///   before a `_` or `.` (`utm_source` stays whole). One that fits a line breaks nowhere.
/// - A long code without separators (`REFERENZ2026DORTMUND`) breaks where letters and digits
///   take turns.
/// - Japanese keeps a small kana, the prolonged sound mark and the iteration marks on the line
///   of the character before them, and a short katakana word (`ドーム`) whole.
/// - Full-width numbers and words (`２０２６`, `６：３０`, `Ｊリーグ`) and a year in kanji figures
///   (`二〇二六`) stay whole.
/// - Korean breaks at its spaces, between words, not between a word's syllables.
/// - A short name in kanji between the separators of a list (`日本・韓国`) stays whole.
/// - A dash or an arrow set between spaces (`Burj Al Arab — Royal Suite`, `Seoul ⇄ Guam`) never
///   starts a line: it keeps to the word before it, and a line may break after it
///   (`spacedSeparatorsKept`, applied to every paragraph, not only to one broken inside a word).
///
/// A piece still wider than its line (a long word of a code) is broken between characters, as
/// any word too long for its line is.
public enum LineBreaks {
    /// A break may go here.
    public static let opportunity: Unicode.Scalar = "\u{200B}"
    /// No break here.
    public static let joiner: Unicode.Scalar = "\u{2060}"

    /// The fewest characters a web address keeps before its first break and after its last.
    static let minimumPiece = 5
    /// The fewest letters or digits a code keeps on each side of a break.
    static let minimumCodePiece = 3
    /// The longest katakana word kept whole (longer ones break between characters, as Japanese
    /// text does).
    static let longestKanaWord = 12
    /// The longest name in kanji between a list's separators kept whole (`日本`, `北海道`).
    static let longestListedKanji = 4

    /// `text` with the marks of these rules; `text` itself when none applies. A word that
    /// already holds a mark is left as it is (it was prepared, or the program or the writer
    /// placed the marks: `TripFormatter.unbreakable`).
    /// `fitsWhole` says whether a web address (without the sentence's punctuation after it)
    /// fits a line on its own: one that does gets no break inside, so a line breaks before it
    /// rather than leave `https://visa2egypt.` on one line and `gov.eg` on the next.
    public static func prepared(_ text: String, fitsWhole: (String) -> Bool = { _ in false }) -> String {
        guard needsMarks(text) else { return text }
        return eachWord(of: text) { marked($0, fitsWhole: fitsWhole) }
    }

    /// `text` with the space before each dash or arrow set between spaces made a no-break space
    /// (a joiner after the space would not do: Pango breaks after a space whatever follows): a
    /// line ends `Seoul ⇄` and the next starts `Guam`, never `⇄ Guam`. A hyphen between spaces is
    /// such a dash too (`Maracanã - RJ`, as Brazilian addresses write it).
    public static func spacedSeparatorsKept(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        guard scalars.contains(where: isSpacedSeparator) else { return text }
        var out = String.UnicodeScalarView()
        for (k, s) in scalars.enumerated() {
            let before =
                s == " " && k + 2 < scalars.count && isSpacedSeparator(scalars[k + 1]) && scalars[k + 2] == " "
            out.append(before ? "\u{00A0}" : s)
        }
        return String(out)
    }

    /// A dash (em, en, a hyphen) or an arrow (`→`, `⇄`, `⟶`): set between spaces, it keeps to
    /// the word before it.
    static func isSpacedSeparator(_ s: Unicode.Scalar) -> Bool {
        s == "\u{2014}" || s == "\u{2013}" || s == "-" || (0x2190...0x21FF).contains(s.value)
            || (0x27F0...0x27FF).contains(s.value)
    }

    /// `text` with each of its words (the runs between whitespace) replaced by `change` of it.
    private static func eachWord(of text: String, _ change: ([Unicode.Scalar]) -> [Unicode.Scalar]) -> String {
        var out = String.UnicodeScalarView()
        var token: [Unicode.Scalar] = []
        func flush() {
            out.append(contentsOf: change(token))
            token.removeAll(keepingCapacity: true)
        }
        for s in text.unicodeScalars {
            if s.properties.isWhitespace {
                flush()
                out.append(s)
            } else {
                token.append(s)
            }
        }
        flush()
        return String(out)
    }

    /// A place's name kept on one line (`East Rutherford`, `Salt Lake City`, `千葉`): its spaces
    /// made no-break spaces (and its characters joined where a script has no spaces), when it is
    /// at most `longest` characters. A longer name breaks between
    /// its words, so a column too narrow for it never cuts a word or a number, but not inside
    /// a part of it that is itself that short (the parts are what commas and brackets set
    /// apart: `Rio de Janeiro` / `(Santos Dumont)`), nor after a short lowercase word (`Puerta`
    /// / `de Atocha`), nor before a short number (`Platform 1)`).
    public static func wholePlace(_ place: String, longest: Int = 16) -> String {
        guard place.count > longest else {
            // Its hyphens too (`Barcelona-Sants`, `Lille-Europe`): a word joiner after each.
            return tiedCharacters(
                place.replacingOccurrences(of: " ", with: "\u{00A0}").replacingOccurrences(of: "-", with: "-\u{2060}"))
        }
        let words = place.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        guard words.count > 1 else { return place }
        // Each word's part: a new one starts at a word opening a bracket or after one ending a
        // clause (a comma, a closing bracket).
        var part = [0]
        for j in 1..<words.count {
            let starts = words[j].hasPrefix("(") || words[j - 1].hasSuffix(",") || words[j - 1].hasSuffix(")")
            part.append(part[j - 1] + (starts ? 1 : 0))
        }
        var length: [Int: Int] = [:]
        for (j, word) in words.enumerated() { length[part[j], default: -1] += word.count + 1 }
        var out = words[0]
        for j in 1..<words.count {
            let before = words[j - 1], word = words[j]
            let samePart = part[j] == part[j - 1] && length[part[j]]! <= longest
            let particle = !before.isEmpty && before.count <= 4 && before.allSatisfy(\.isLowercase)
            let number = word.first?.isNumber == true && word.count <= 4
            out += (samePart || particle || number ? "\u{00A0}" : " ") + word
        }
        return out
    }

    /// `place` with a joiner between each two of its characters in a script written without
    /// spaces (kanji, kana, Hangul), where a line may otherwise break anywhere (`千` / `葉`);
    /// `place` itself when it has none.
    public static func tiedCharacters(_ place: String) -> String {
        let scalars = Array(place.unicodeScalars)
        func unspaced(_ s: Unicode.Scalar) -> Bool { isHan(s) || isKana(s) || isHangul(s) }
        func space(_ s: Unicode.Scalar) -> Bool { s.properties.isWhitespace || s == "\u{00A0}" }
        guard scalars.contains(where: unspaced), !scalars.contains(joiner) else { return place }
        return String(
            String.UnicodeScalarView(joined(scalars) { (unspaced($0) || unspaced($1)) && !space($0) && !space($1) }))
    }

    /// `text` with its no-break spaces between two letters, or between a letter and a bracket
    /// that opens (`Aeroparque (AEP)`), made spaces: the words of a place `wholePlace` kept
    /// whole may part, where together they are wider than their line; a number stays tied to
    /// its word or unit (`Gleis 16`, `8:30 AM`), and an arrow to the place before it.
    public static func untied(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        for (i, s) in scalars.enumerated() {
            let between =
                s == "\u{00A0}" && i > 0 && i + 1 < scalars.count && scalars[i - 1].properties.isAlphabetic
                && (scalars[i + 1].properties.isAlphabetic
                    || scalars[i + 1].properties.generalCategory == .openPunctuation)
            out.append(between ? " " : s)
        }
        return String(out)
    }

    /// `s` with a joiner between each two neighbours `between` holds for.
    private static func joined(
        _ s: [Unicode.Scalar], between: (Unicode.Scalar, Unicode.Scalar) -> Bool = { _, _ in true }
    ) -> [Unicode.Scalar] {
        var out: [Unicode.Scalar] = []
        for (i, c) in s.enumerated() {
            if i > 0, between(s[i - 1], c) { out.append(joiner) }
            out.append(c)
        }
        return out
    }

    /// `text` with its last two words tied by a no-break space (when the last is at most
    /// `longest` characters), so that a title broken over lines never ends with one word alone.
    /// When the word before the last is a separator of the title's own (`香港 · 上海`,
    /// `Boston – Toronto`), the word before it is tied too: the line breaks before the three,
    /// never at the separator, which would leave it at a line's end or start (where the rule
    /// for the program's lists leaves it out) and the last word alone. Words written without
    /// spaces (`香港`, `亚洲足球之旅`) are tied inside as well, else a line could break between
    /// their characters.
    public static func lastWordsTied(_ text: String, longest: Int = 14) -> String {
        let trimmed = text.trimmingSuffix(while: { $0 == " " })
        guard let space = trimmed.lastIndex(of: " "),
            trimmed.distance(from: space, to: trimmed.endIndex) - 1 <= longest,
            trimmed[..<space].contains(where: { $0 != " " })
        else { return text }
        var head = String(trimmed[..<space])
        let last = tiedCharacters(String(trimmed[trimmed.index(after: space)...]))
        let wordStart = head.lastIndex(of: " ").map { head.index(after: $0) } ?? head.startIndex
        let before = String(head[wordStart...])
        if titleSeparators.contains(before), wordStart > head.startIndex,
            let word = head[..<head.index(before: wordStart)].split(separator: " ").last, word.count <= longest
        {
            let start = word.startIndex
            head =
                String(head[..<start]) + tiedCharacters(String(word)) + "\u{00A0}" + before
        } else if before.count <= longest {
            // The word before the last whole too (`亚洲足球之旅 🌏`, not `亚洲足球` / `之旅 🌏`).
            head = String(head[..<wordStart]) + tiedCharacters(before)
        }
        return head + "\u{00A0}" + last
    }

    /// Words that separate a title's parts rather than say something: `lastWordsTied` keeps
    /// one with its neighbours.
    static let titleSeparators: Set<String> = ["·", "•", "|", "/", "–", "—", "-", "&", "+", "×"]

    /// An address with its last word tied to the one before it when that word is a short code
    /// with a digit (a postcode: `Honolulu, HI 96822`, `Sydney Olympic Park NSW 2127`), so a
    /// line never holds the postcode alone.
    public static func postcodeTied(_ address: String) -> String {
        let trimmed = address.trimmingSuffix(while: { $0 == " " })
        guard let space = trimmed.lastIndex(of: " ") else { return address }
        let last = trimmed[trimmed.index(after: space)...]
        guard last.count <= longestPostcode, last.contains(where: \.isNumber) else { return address }
        return lastWordsTied(address, longest: longestPostcode)
    }

    /// The longest last word of an address `postcodeTied` keeps with the word before it.
    static let longestPostcode = 8

    /// `text` without the marks `prepared` adds, nor the isolates `leftToRightIsolated` adds: a
    /// left-to-right isolate, the pop that closes it, and a pop with nothing to close (the end of
    /// an isolate that began on a line before, which does nothing in its own text).
    public static func plain(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 == opportunity || $0 == joiner || $0 == lri || $0 == pdi })
        else { return text }
        var open: [Unicode.Scalar] = []
        var out = String.UnicodeScalarView()
        for s in text.unicodeScalars {
            switch s {
            case opportunity, joiner: continue
            case lri, "\u{2067}", "\u{2068}":
                open.append(s)
                if s == lri { continue }
            case pdi:
                if open.popLast() ?? lri == lri { continue }
            default: break
            }
            out.append(s)
        }
        return String(out)
    }

    /// Left-to-right isolate, and the pop that closes an isolate.
    static let lri: Unicode.Scalar = "\u{2066}"
    static let pdi: Unicode.Scalar = "\u{2069}"

    /// `text` with each web address and code in it (as `prepared` tells them) between a
    /// left-to-right isolate and its pop, for a right-to-left paragraph: the address reads from
    /// its start, whole (`…/coral-beach/`, not its last `/` taken to the other side by the
    /// Hebrew after it), and the sentence's own punctuation and brackets around it stay outside,
    /// in the paragraph's direction. Words that already hold an isolate are left as they are.
    /// An isolate holds the left-to-right words round the address in its run (`See also
    /// https://… and then the English page` in a Hebrew note is one isolate): see `widened`.
    public static func leftToRightIsolated(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 == "-" || $0 == "/" || $0 == "." }) else { return text }
        let isolated = eachWord(of: text, isolatedWord)
        guard isolated.unicodeScalars.contains(lri) else { return isolated }
        return String(String.UnicodeScalarView(widened(Array(isolated.unicodeScalars))))
    }

    /// `leftToRightIsolated` over text set as several parts (styled spans: a link in a note),
    /// as one text, so that an isolate may start in the part before the address; each added
    /// control goes to the part of the character after it.
    public static func leftToRightIsolated(parts: [String]) -> [String] {
        guard parts.count > 1 else { return parts.map(leftToRightIsolated) }
        let original = parts.map { Array($0.unicodeScalars) }
        let isolated = Array(leftToRightIsolated(parts.joined()).unicodeScalars)
        var out = Array(repeating: String.UnicodeScalarView(), count: parts.count)
        var part = 0, index = 0
        for s in isolated {
            while part < original.count - 1, index == original[part].count {
                part += 1
                index = 0
            }
            if index < original[part].count, original[part][index] == s {
                index += 1
            }
            out[part].append(s)
        }
        return out.map(String.init)
    }

    /// Each address's isolate widened to the whole left-to-right run it stands in: the text
    /// between right-to-left characters (or isolates of the program's own, or hard breaks) that
    /// holds it, from the run's first letter or digit to its last (or the address's own end,
    /// `…/coral-beach/`), so that `See also https://… and then the English page` is one isolate.
    /// Two addresses in one run share it. An isolate is a neutral to the text round it: the
    /// English words on either side of an address isolated alone would be set on its other side.
    private static func widened(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
        func inRun(_ s: Unicode.Scalar) -> Bool {
            !TextEngine.isRightToLeft(s) && !(0x2067...0x2068).contains(s.value)
                && !["\n", "\r", "\u{2028}", "\u{2029}"].contains(s)
        }
        func wordy(_ s: Unicode.Scalar) -> Bool { s.properties.isAlphabetic || s.properties.numericType != nil }
        func letter(_ s: Unicode.Scalar) -> Bool { s.properties.isAlphabetic }
        // A dash between spaces ends a clause: numbers after one, with no word of letters
        // (`…/book — 120 ₪ לאדם`), are the Hebrew sentence's, not the address's run.
        func spacedDash(_ text: [(scalar: Unicode.Scalar, first: Bool, last: Bool)], _ k: Int) -> Bool {
            ["\u{2014}", "\u{2013}"].contains(text[k].scalar) && k > 0 && k + 1 < text.count
                && text[k - 1].scalar.properties.isWhitespace && text[k + 1].scalar.properties.isWhitespace
        }
        var out: [Unicode.Scalar] = []
        var i = 0
        while i < scalars.count {
            guard scalars[i] == lri else {
                out.append(scalars[i])
                i += 1
                continue
            }
            // Back over the run already copied (an isolate closed before it ends it).
            var start = out.count
            while start > 0, inRun(out[start - 1]), out[start - 1] != pdi { start -= 1 }
            // Forward over the run, through the addresses' own isolates.
            var end = i, depth = 0
            while end < scalars.count {
                let s = scalars[end]
                if s == lri {
                    depth += 1
                } else if s == pdi {
                    guard depth > 0 else { break }
                    depth -= 1
                } else if !inRun(s) {
                    break
                }
                end += 1
            }
            // The run without the addresses' isolates, each address's first and last scalar kept.
            var run: [(scalar: Unicode.Scalar, first: Bool, last: Bool)] = out[start...].map { ($0, false, false) }
            out.removeSubrange(start...)
            var opening = false
            for s in scalars[i..<end] {
                if s == lri {
                    opening = true
                } else if s == pdi {
                    if !run.isEmpty, !opening { run[run.count - 1].last = true }
                    opening = false
                } else {
                    run.append((s, opening, false))
                    opening = false
                }
            }
            i = end
            // An isolate typed into the trip with nothing in it leaves nothing to isolate.
            guard let from = run.firstIndex(where: { wordy($0.scalar) || $0.first }),
                var to = run.lastIndex(where: { wordy($0.scalar) || $0.last }), from <= to
            else {
                out += run.map(\.scalar)
                continue
            }
            if let words = run.lastIndex(where: { letter($0.scalar) || $0.last }), words >= from, words < to,
                (words..<to).contains(where: { spacedDash(run, $0) })
            {
                to = words
            }
            out +=
                run[..<from].map(\.scalar) + [lri] + run[from...to].map(\.scalar) + [pdi]
                + run[(to + 1)...].map(\.scalar)
        }
        return out
    }

    /// One word (no whitespace), its address or code isolated.
    private static func isolatedWord(_ token: [Unicode.Scalar]) -> [Unicode.Scalar] {
        guard !token.isEmpty, !token.contains(where: { (0x2066...0x2069).contains($0.value) }) else { return token }
        let opening: Set<Unicode.Scalar> = ["(", "[", "{", "«", "\"", "'", "“", "‘"]
        var start = 0
        while start < token.count, opening.contains(token[start]) { start += 1 }
        // A right-to-left prefix joined to the address by a hyphen or maqaf (`ב-https://…`,
        // Hebrew's "at") stays outside the isolate, or the address would carry it and read
        // `/https://www.leaan.co.il-`.
        if let join = token[start...].prefix(5).firstIndex(where: { $0 == "-" || $0 == "\u{05BE}" }), join > start,
            token[start..<join].allSatisfy(TextEngine.isRightToLeft)
        {
            start = join + 1
        }
        var end = token.count
        while end > start {
            let last = token[end - 1]
            let closing: Set<Unicode.Scalar> = [".", ",", ";", ":", "!", "?", "]", "}", "»", "\"", "'", "”", "’"]
            // A closing bracket the word opened is its own (`…/Wrigley_Field_(Chicago)`).
            if last == ")" && token[start..<end].contains("(") { break }
            guard closing.contains(last) || last == ")" || last == opportunity || last == joiner else { break }
            end -= 1
        }
        guard start < end else { return token }
        let core = Array(token[start..<end])
        let bare = Array(plain(String(String.UnicodeScalarView(core))).unicodeScalars)
        guard isAddress(bare) || isCode(bare) else { return token }
        return Array(token[..<start]) + [lri] + core + [pdi] + Array(token[end...])
    }

    /// Whether a rule may apply: a hyphen, a slash, a digit (a code without separators), kana
    /// or Hangul.
    private static func needsMarks(_ text: String) -> Bool {
        text.unicodeScalars.contains {
            $0 == "-" || $0 == "/" || isDigit($0) || isKana($0) || isHangul($0) || isFullwidthAlphanumeric($0)
                || $0 == "〇" || $0 == "\u{FF0D}"
        }
    }

    /// One word (no whitespace) with its marks.
    private static func marked(_ token: [Unicode.Scalar], fitsWhole: (String) -> Bool) -> [Unicode.Scalar] {
        guard !token.isEmpty, !token.contains(where: { $0 == opportunity || $0 == joiner }) else { return token }
        if isAddress(token) {
            let whole = fitsWhole(String(String.UnicodeScalarView(trimmedPunctuation(token).0)))
            return address(token, whole: whole)
        }
        let (core, tail) = trimmedPunctuation(token)
        if isCode(core) { return code(core) + tail }
        let out = token.contains(where: isKana) ? kana(token) : token.contains(where: isHangul) ? hangul(token) : token
        return token.contains(where: { isFullwidthAlphanumeric($0) || $0 == "〇" || isKatakana($0) || $0 == "\u{FF0D}" })
            ? numbersJoined(out) : shortPiecesTied(out)
    }

    /// A hyphenated word with a piece of fewer than `minimumCodePiece` letters or digits beside
    /// a hyphen, tied there: a line never ends on `A-` (`A-League`) or `T-` (`T-Mobile`) or
    /// starts with a piece as short. Longer pieces still break after their hyphen.
    private static func shortPiecesTied(_ s: [Unicode.Scalar]) -> [Unicode.Scalar] {
        guard s.contains("-") else { return s }
        // Letters and digits in each piece between hyphens.
        var sizes: [Int] = [0]
        for c in s {
            if c == "-" { sizes.append(0) } else if isLetterOrDigit(c) { sizes[sizes.count - 1] += 1 }
        }
        var out: [Unicode.Scalar] = []
        var piece = 0
        for (i, c) in s.enumerated() {
            out.append(c)
            guard c == "-" else { continue }
            piece += 1
            let before = sizes[piece - 1], after = sizes[piece]
            // (Before a digit Unicode's rules never break after a hyphen: `5-6` keeps its bytes.)
            if i + 1 < s.count, s[i + 1].properties.isAlphabetic, before > 0, after > 0,
                min(before, after) < minimumCodePiece
            {
                out.append(joiner)
            }
        }
        return out
    }

    // MARK: Full-width letters and numbers

    /// Full-width letters and digits (`２０２６`, `Ｊ`), which Unicode's rules let a line break
    /// between as between ideographs.
    private static func isFullwidthAlphanumeric(_ s: Unicode.Scalar) -> Bool {
        (0xFF10...0xFF19).contains(s.value) || (0xFF21...0xFF3A).contains(s.value)
            || (0xFF41...0xFF5A).contains(s.value)
    }

    private static func isFullwidthDigit(_ s: Unicode.Scalar) -> Bool { (0xFF10...0xFF19).contains(s.value) }

    /// The most Latin letters kept on a line with the katakana word beside them (`Jリーグ`).
    static let maximumTiedLetters = 2

    /// Numbers and words written in full-width or kanji figures kept whole: full-width letters
    /// and digits together (`２０２６`, `Ａ１５`), with a full-width colon, point or comma between
    /// digits (`６：３０`), a letter (full-width or not, not a digit) with the katakana word it
    /// begins or ends (`Ｊリーグ`, `Jリーグ`), and a year in kanji figures (`二〇二六`). Marks already in `s` are kept.
    private static func numbersJoined(_ s: [Unicode.Scalar]) -> [Unicode.Scalar] {
        let figures: Set<Unicode.Scalar> = ["〇", "一", "二", "三", "四", "五", "六", "七", "八", "九"]
        let punctuation: Set<Unicode.Scalar> = ["\u{FF1A}", "\u{FF0E}", "\u{FF0C}"]
        // Runs of kanji figures with a 〇 in them: a number, not the 一 of a word.
        var numeral = Set<Int>()
        var i = 0
        while i < s.count {
            var j = i
            while j < s.count, figures.contains(s[j]) { j += 1 }
            if j - i >= 2, s[i..<j].contains("〇") { numeral.formUnion(i..<j) }
            i = max(j, i + 1)
        }
        func letter(_ c: Unicode.Scalar) -> Bool {
            isFullwidthAlphanumeric(c) && !isFullwidthDigit(c) || ("A"..."Z").contains(c) || ("a"..."z").contains(c)
        }
        func tied(_ a: Int, _ b: Int) -> Bool {
            let x = s[a], y = s[b]
            if isFullwidthAlphanumeric(x) && isFullwidthAlphanumeric(y) { return true }
            // A full-width hyphen keeps to what it follows: no line starts with `－`.
            if y == "\u{FF0D}" && (isFullwidthAlphanumeric(x) || isUnspaced(x)) { return true }
            if isFullwidthDigit(x) && punctuation.contains(y) { return b + 1 < s.count && isFullwidthDigit(s[b + 1]) }
            if punctuation.contains(x) && isFullwidthDigit(y) { return a > 0 && isFullwidthDigit(s[a - 1]) }
            // A letter or two with their katakana word (`Jリーグ`); a Latin word (`HOKKAIDO` after
            // `エスコンフィールド`) is a word of its own, and may start a line.
            if letter(x) && isKatakana(y) { return letters(endingAt: a) <= maximumTiedLetters }
            if isKatakana(x) && letter(y) { return letters(startingAt: b) <= maximumTiedLetters }
            return numeral.contains(a) && numeral.contains(b)
        }
        func letters(endingAt k: Int) -> Int {
            var n = 0
            while k - n >= 0, letter(s[k - n]) { n += 1 }
            return n
        }
        func letters(startingAt k: Int) -> Int {
            var n = 0
            while k + n < s.count, letter(s[k + n]) { n += 1 }
            return n
        }
        var out: [Unicode.Scalar] = []
        for k in s.indices {
            if k > 0, s[k] != opportunity, s[k] != joiner, s[k - 1] != opportunity, s[k - 1] != joiner, tied(k - 1, k) {
                out.append(joiner)
            }
            out.append(s[k])
        }
        return out
    }

    // MARK: Hangul

    /// Korean breaks between words, at its spaces, not between the syllables of a word
    /// (`이그제큐티` / `브` left one syllable alone): a joiner between each two syllables. A word
    /// longer than its line still breaks between them.
    private static func hangul(_ s: [Unicode.Scalar]) -> [Unicode.Scalar] {
        joined(s) { isHangul($0) && isHangul($1) }
    }

    private static func isHangul(_ s: Unicode.Scalar) -> Bool { (0xAC00...0xD7A3).contains(s.value) }

    // MARK: Codes

    /// A code's separators: hyphens, and slashes (`BAJ/2026/12/02-ROYAL-SUITE`).
    private static func isCodeSeparator(_ s: Unicode.Scalar) -> Bool { s == "-" || s == "/" }

    /// The fewest characters of a code without separators (`REF2026DORTMUND00429`), whose
    /// letters and digits take turns, that breaks where they change.
    static let shortestRunCode = 12

    private static func isCode(_ s: [Unicode.Scalar]) -> Bool {
        guard s.count >= 2 * minimumCodePiece + 1, let first = s.first, let last = s.last,
            !isCodeSeparator(first), !isCodeSeparator(last), s.contains(where: { isDigit($0) || isFullwidthDigit($0) }),
            s.contains("-") || (s.count >= shortestRunCode && s.contains(where: { !isDigit($0) }))
        else { return false }
        let hyphened = s.contains("-")
        return s.allSatisfy {
            isDigit($0) || ("A"..."Z").contains($0) || ("a"..."z").contains($0) || isCodeSeparator($0)
                || (hyphened && ($0.properties.isAlphabetic || isFullwidthAlphanumeric($0)))
        }
    }

    /// A character of a script written without spaces (Chinese, Japanese, Korean), between any
    /// two of which Unicode's rules let a line break; inside a code (`TPE-寒舍-20260508-0042`)
    /// they are joined.
    private static func isUnspaced(_ s: Unicode.Scalar) -> Bool { isHan(s) || isKana(s) || isHangul(s) }

    /// Where, in a code with separators, a piece between them as long as a code without them
    /// (`shortestRunCode`) may break as such a code does, where its letters and digits take
    /// turns (`…-BUCHUNGSREFERENZ` / `2026`, never `…REFERENZ2` / `026`): the indexes of `s`
    /// before which a line may break.
    private static func runTurns(_ s: [Unicode.Scalar]) -> Set<Int> {
        var turns = Set<Int>()
        var start = 0
        for end in s.indices.filter({ isCodeSeparator(s[$0]) }) + [s.count] {
            let piece = Array(s[start..<end])
            if piece.count >= shortestRunCode, !piece.contains(where: isUnspaced) {
                var offset = start
                for c in runCode(piece) {
                    if c == opportunity { turns.insert(offset) } else { offset += 1 }
                }
            }
            start = end + 1
        }
        return turns
    }

    /// A code without separators breaks only where its letters turn to digits or its digits to
    /// letters, with at least `minimumCodePiece` on each side (`…REFERENZ` / `2026` /
    /// `DORTMUND…`, never `20` / `26`).
    private static func runCode(_ s: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var runs: [[Unicode.Scalar]] = []
        for c in s {
            if let last = runs.last?.last, isDigit(last) == isDigit(c) {
                runs[runs.count - 1].append(c)
            } else {
                runs.append([c])
            }
        }
        var out: [Unicode.Scalar] = []
        for (i, run) in runs.enumerated() {
            if i > 0, runs[i - 1].count >= minimumCodePiece, run.count >= minimumCodePiece { out.append(opportunity) }
            out += run
        }
        return out
    }

    private static func code(_ s: [Unicode.Scalar]) -> [Unicode.Scalar] {
        guard s.contains(where: isCodeSeparator) else { return runCode(s) }
        let total = s.filter { !isCodeSeparator($0) }.count
        let turns = runTurns(s)
        var out: [Unicode.Scalar] = []
        var before = 0
        for (i, c) in s.enumerated() {
            if turns.contains(i) { out.append(opportunity) }
            out.append(c)
            guard isCodeSeparator(c) else {
                before += 1
                if i + 1 < s.count, !isCodeSeparator(s[i + 1]),
                    [c, s[i + 1]].contains(where: { isUnspaced($0) || isFullwidthAlphanumeric($0) })
                {
                    out.append(joiner)
                }
                continue
            }
            guard i + 1 < s.count, !isCodeSeparator(s[i + 1]) else { continue }
            if before >= minimumCodePiece && total - before >= minimumCodePiece {
                out.append(opportunity)
            } else if c == "/" || !isDigit(s[i + 1]) {
                // Unicode's rules break after a hyphen before a letter (never before a digit),
                // and after a slash.
                out.append(joiner)
            }
        }
        return out
    }

    /// A word's trailing sentence punctuation (`.`, `,`, `;`, `:`, `)`), apart from it.
    private static func trimmedPunctuation(_ s: [Unicode.Scalar]) -> ([Unicode.Scalar], [Unicode.Scalar]) {
        var end = s.count
        while end > 0, [".", ",", ";", ":", ")", "!", "?"].contains(s[end - 1]) { end -= 1 }
        return (Array(s[..<end]), Array(s[end...]))
    }

    // MARK: Web addresses

    private static func isAddress(_ s: [Unicode.Scalar]) -> Bool {
        let text = String(String.UnicodeScalarView(s)).lowercased()
        if text.hasPrefix("http://") || text.hasPrefix("https://") || text.hasPrefix("www.") { return true }
        // `host.tld/path`: a dot in the host before the first slash, and no `@`.
        guard let slash = text.firstIndex(of: "/"), slash != text.startIndex, !text.contains("@") else { return false }
        let host = text[..<slash]
        return host.contains(".") && host.allSatisfy { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" }
    }

    /// `s` with its marks; `whole`: no break anywhere inside it.
    private static func address(_ s: [Unicode.Scalar], whole: Bool = false) -> [Unicode.Scalar] {
        // The scheme and its slashes stay together, and so does trailing sentence punctuation.
        let text = String(String.UnicodeScalarView(s))
        let start =
            text.range(of: "://").map { text.unicodeScalars.distance(from: text.startIndex, to: $0.upperBound) } ?? 0
        let (core, _) = trimmedPunctuation(s)
        var out: [Unicode.Scalar] = []
        // In the query (after `?`) a name keeps its `_` and `.` (`utm_source`); a long value may
        // still break before a hyphen, as a path does.
        var inQuery = false
        for (i, c) in s.enumerated() {
            if i > 0 {
                let prev = s[i - 1]
                inQuery = inQuery || prev == "?"
                let inWord = (c == "_" || prev == ".") && inQuery
                let allowed =
                    !whole && i > start + minimumPiece - 1 && i <= core.count - minimumPiece && !inWord
                    && ((prev == "/" && c != "/") || prev == "="
                        || (["?", "&", "#", "_"].contains(c) && prev != "/")
                        || ((prev == "." || prev == "-") && !isDigit(c) && !(i >= 2 && isDigit(s[i - 2]))
                            && (prev == "." || hyphenPiecesLong(s, hyphen: i - 1))))
                if allowed {
                    out.append(opportunity)
                } else if !isLetterOrDigit(prev) || !isLetterOrDigit(c) {
                    // Unicode's rules may break beside punctuation (after a hyphen, say): not here.
                    out.append(joiner)
                }
            }
            out.append(c)
        }
        return out
    }

    /// Whether the letters and digits on each side of the hyphen at `hyphen` in an address
    /// number at least `minimumCodePiece` (`neptune-oyster` may part; `es-ES`, a language tag,
    /// does not).
    private static func hyphenPiecesLong(_ s: [Unicode.Scalar], hyphen: Int) -> Bool {
        let before = s[..<hyphen].reversed().prefix(while: isLetterOrDigit).count
        let after = s[(hyphen + 1)...].prefix(while: isLetterOrDigit).count
        return before >= minimumCodePiece && after >= minimumCodePiece
    }

    // MARK: Kana

    private static func kana(_ s: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var out: [Unicode.Scalar] = []
        var i = 0
        while i < s.count {
            // A name in kanji between the separators of a list (`日本・韓国・中国`): up to
            // `longestListedKanji` characters, kept whole.
            if isHan(s[i]) {
                var j = i
                while j < s.count, isHan(s[j]) { j += 1 }
                let after = i > 0 && isListSeparator(s[i - 1]), before = j < s.count && isListSeparator(s[j])
                if after || before, after || i == 0, before || j == s.count, j - i <= longestListedKanji {
                    out += joined(Array(s[i..<j]))
                    i = j
                    continue
                }
            }
            // A katakana word (with its sound marks) short enough to keep whole.
            if isKatakana(s[i]) {
                var j = i
                while j < s.count, isKatakana(s[j]) { j += 1 }
                let whole = j - i <= longestKanaWord
                for k in i..<j {
                    if (k > i && whole) || (k > 0 && isNonStarter(s[k])) { out.append(joiner) }
                    out.append(s[k])
                }
                i = j
                continue
            }
            if i > 0, isNonStarter(s[i]) { out.append(joiner) }
            out.append(s[i])
            i += 1
        }
        return out
    }

    private static func isHan(_ s: Unicode.Scalar) -> Bool {
        (0x4E00...0x9FFF).contains(s.value) || (0x3400...0x4DBF).contains(s.value)
    }

    /// The separators of a Japanese list: the middle dot (full and half width) and the comma.
    private static func isListSeparator(_ s: Unicode.Scalar) -> Bool {
        s.value == 0x30FB || s.value == 0xFF65 || s.value == 0x3001
    }

    private static func isKana(_ s: Unicode.Scalar) -> Bool {
        (0x3041...0x30FF).contains(s.value) || (0x31F0...0x31FF).contains(s.value)
            || (0xFF66...0xFF9F).contains(s.value)
    }

    private static func isKatakana(_ s: Unicode.Scalar) -> Bool {
        (0x30A1...0x30FA).contains(s.value) || (0x30FC...0x30FE).contains(s.value)
            || (0x31F0...0x31FF).contains(s.value) || (0xFF66...0xFF9F).contains(s.value)
    }

    /// Characters Japanese never starts a line with: small kana, the prolonged sound mark,
    /// iteration marks.
    private static func isNonStarter(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x3041, 0x3043, 0x3045, 0x3047, 0x3049, 0x3063, 0x3083, 0x3085, 0x3087, 0x308E, 0x3095, 0x3096,
            0x30A1, 0x30A3, 0x30A5, 0x30A7, 0x30A9, 0x30C3, 0x30E3, 0x30E5, 0x30E7, 0x30EE, 0x30F5, 0x30F6,
            0x31F0...0x31FF, 0x30FC, 0xFF70, 0x309D, 0x309E, 0x30FD, 0x30FE, 0x3005, 0xFF67...0xFF6F:
            return true
        default: return false
        }
    }

    private static func isDigit(_ s: Unicode.Scalar) -> Bool { ("0"..."9").contains(s) }

    private static func isLetterOrDigit(_ s: Unicode.Scalar) -> Bool {
        s.properties.isAlphabetic || ("0"..."9").contains(s)
    }
}

extension String {
    fileprivate func trimmingSuffix(while drop: (Character) -> Bool) -> Substring {
        var end = endIndex
        while end > startIndex, drop(self[index(before: end)]) { end = index(before: end) }
        return self[..<end]
    }
}
