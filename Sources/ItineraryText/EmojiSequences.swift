/// Emoji sequences the bundled faces cannot draw as one picture, written as what they can.
///
/// The bundled symbol faces (Noto Sans Symbols 2) draw single emoji in outline, at the text's
/// size on its baseline, but no sequence: a flag (two regional indicators) came out as two
/// boxed letters, a skin tone as a swatch after its hand, a family (people joined by zero-width
/// joiners) as three faces. Each sequence is written instead as what it stands for and the
/// faces draw: a flag as its two-letter country code (`🇯🇵` → `JP`), a family by its name on a
/// capsule (`👨‍👩‍👧` → `family: man, woman, girl`), a modified emoji or another joined
/// sequence as its first emoji (`👍🏽` → `👍`, `👩‍🚒` → `👩`), a tag sequence
/// (`🏴󠁧󠁢󠁳󠁣󠁴󠁿`) as its black flag, a keycap (`1️⃣`) as its digit. An emoji newer than the
/// faces (🦞, Unicode 11) is written as its Unicode name (`lobster`) where the caller says which
/// characters the faces draw (`pieces(_:covers:)`), set on a capsule like a flag's code: a
/// word the reader can read, never a box.
public enum EmojiSequences {
    /// `text` with every such sequence replaced; text without one is returned as it is (the
    /// check reads the UTF-8 once, for a byte that starts a 4-byte scalar, where indicators,
    /// skin tones and tags are, or the joiner's E2 80 8D, or the keycap's E2 83 A3).
    public static func drawable(_ text: String) -> String {
        guard mayHoldSequence(text.utf8) else { return text }
        // A code keeps a space from a word or a code beside it: 🇺🇸🇨🇦 is `US CA`, not `USCA`.
        var out = ""
        var previousIsFlag = false
        for piece in pieces(text) {
            let touching = !out.isEmpty && !(out.last!.isWhitespace) && !(piece.text.first?.isWhitespace ?? true)
            if touching && (piece.isFlag || previousIsFlag) { out += " " }
            out += piece.text
            previousIsFlag = piece.isFlag
        }
        return out
    }

    /// `text` with every sequence but flags replaced: a flag stays its two regional indicators.
    public static func drawableKeepingFlags(_ text: String) -> String {
        guard mayHoldSequence(text.utf8) else { return text }
        return pieces(text).map { $0.isFlag ? flag($0.text.unicodeScalars) : $0.text }.joined()
    }

    /// The flag written by the country code `letters` (`A`…`Z`): its regional indicators, the
    /// inverse of `regionalLetter`.
    public static func flag(_ letters: some Sequence<Unicode.Scalar>) -> String {
        String(String.UnicodeScalarView(letters.compactMap { Unicode.Scalar($0.value - 0x41 + 0x1F1E6) }))
    }

    /// A stretch of drawable text, or a flag's country code, which the text engine sets on a
    /// small capsule so that `JP` reads as a flag, not as a word.
    public struct Piece: Sendable, Equatable {
        public var text: String
        public var isFlag: Bool
        /// The name of an emoji the faces cannot draw (`lobster`), set on a capsule as a flag's code is.
        public var isName: Bool
        public init(_ text: String, isFlag: Bool = false, isName: Bool = false) {
            self.text = text
            self.isFlag = isFlag
            self.isName = isName
        }

        /// Set on a capsule: a flag's code or an emoji's name.
        public var onChip: Bool { isFlag || isName }
    }

    /// `text` cut into what the faces draw and the flags' codes, in order; one piece, the text
    /// as written, when it holds no sequence. With `covers` (whether a bundled face draws a
    /// character), an emoji it does not draw is a piece of its own: its name (`isName`).
    public static func pieces(_ text: String, covers: ((Unicode.Scalar) -> Bool)? = nil) -> [Piece] {
        let uncovered =
            covers.map { covers in text.unicodeScalars.contains { isNamedEmoji($0) && !covers($0) } } ?? false
        guard uncovered || mayHoldSequence(text.utf8) else { return [Piece(text)] }
        var pieces: [Piece] = []
        var out = String.UnicodeScalarView()
        var scalars = Array(text.unicodeScalars)[...]
        var changed = false
        func flush() {
            if !out.isEmpty { pieces.append(Piece(String(out))) }
            out = String.UnicodeScalarView()
        }
        while let s = scalars.first {
            scalars = scalars.dropFirst()
            // People joined into one picture (`👨‍👩‍👧‍👦`) are a family, which no bundled face
            // draws: its first person alone would say a man, so it is written by its name.
            if isPerson(s), let (members, rest) = joinedPeople(startingWith: s, then: scalars) {
                flush()
                pieces.append(
                    Piece(unbreakable("family: " + members.map(name(of:)).joined(separator: ", ")), isName: true))
                scalars = rest
                changed = true
                continue
            }
            if let letter = regionalLetter(s) {
                // A pair is a flag: its two letters. A lone indicator is its letter too.
                var code = String.UnicodeScalarView([letter])
                if let next = scalars.first, let second = regionalLetter(next) {
                    code.append(second)
                    scalars = scalars.dropFirst()
                }
                flush()
                pieces.append(Piece(String(code), isFlag: true))
                changed = true
            } else if let covers, isNamedEmoji(s), !covers(s) {
                flush()
                pieces.append(Piece(unbreakable(name(of: s)), isName: true))
                // Its presentation selector would be a box of its own after the name.
                if scalars.first?.value == 0xFE0F { scalars = scalars.dropFirst() }
                changed = true
            } else if isSkinTone(s) || isTag(s) {
                changed = true
            } else if s.value == 0x20E3 {
                // A keycap (`1️⃣`): its digit or sign alone; the enclosing mark would be drawn
                // as a box of its own over the next letter.
                if out.last?.value == 0xFE0F { out.removeLast() }
                changed = true
            } else if s.value == 0x200D, let next = scalars.first, next.value > 0xFF, next.properties.isEmoji {
                // A joiner and the emoji it joins: the sequence keeps its first picture.
                scalars = scalars.dropFirst()
                while let more = scalars.first, more.value == 0xFE0F || isSkinTone(more) {
                    scalars = scalars.dropFirst()
                }
                changed = true
            } else {
                out.append(s)
            }
        }
        guard changed else { return [Piece(text)] }
        flush()
        return pieces
    }

    /// An emoji that is written as its name when no face draws it: a pictograph, not a digit,
    /// `#` or `*` (emoji only in a keycap) and not a regional indicator (a flag's letter).
    static func isNamedEmoji(_ s: Unicode.Scalar) -> Bool {
        s.value >= 0x2000 && regionalLetter(s) == nil && !isSkinTone(s) && !isTag(s) && s.properties.isEmoji
    }

    /// An emoji's Unicode name in lower case (`LOBSTER` → `lobster`); `emoji` for one without.
    static func name(of s: Unicode.Scalar) -> String {
        (s.properties.name ?? "emoji").lowercased()
    }

    /// A name set on one capsule: its spaces no-break, so that the capsule never splits.
    private static func unbreakable(_ name: String) -> String {
        name.replacingOccurrences(of: " ", with: "\u{00A0}")
    }

    /// The people a family sequence joins: man, woman, adult, boy, girl, child, baby.
    private static func isPerson(_ s: Unicode.Scalar) -> Bool {
        [0x1F468, 0x1F469, 0x1F9D1, 0x1F466, 0x1F467, 0x1F9D2, 0x1F476].contains(s.value)
    }

    /// The people joined to `first` by zero-width joiners in `rest` (their presentation
    /// selectors and skin tones passed over), and what follows them; nil unless at least two.
    private static func joinedPeople(
        startingWith first: Unicode.Scalar, then rest: ArraySlice<Unicode.Scalar>
    ) -> ([Unicode.Scalar], ArraySlice<Unicode.Scalar>)? {
        var members = [first]
        var rest = rest
        func skipModifiers() {
            while let m = rest.first, m.value == 0xFE0F || isSkinTone(m) { rest = rest.dropFirst() }
        }
        skipModifiers()
        while rest.count >= 2, rest.first?.value == 0x200D, let next = rest.dropFirst().first, isPerson(next) {
            members.append(next)
            rest = rest.dropFirst(2)
            skipModifiers()
        }
        return members.count >= 2 ? (members, rest) : nil
    }

    private static func mayHoldSequence(_ bytes: String.UTF8View) -> Bool {
        var previous: (UInt8, UInt8) = (0, 0)
        for b in bytes {
            if b >= 0xF0 || (previous == (0xE2, 0x80) && b == 0x8D) || (previous == (0xE2, 0x83) && b == 0xA3) {
                return true
            }
            previous = (previous.1, b)
        }
        return false
    }

    /// `A`…`Z` for the regional indicator symbols U+1F1E6…U+1F1FF.
    private static func regionalLetter(_ s: Unicode.Scalar) -> Unicode.Scalar? {
        guard (0x1F1E6...0x1F1FF).contains(s.value) else { return nil }
        return Unicode.Scalar(s.value - 0x1F1E6 + 0x41)
    }

    /// The five Fitzpatrick modifiers.
    private static func isSkinTone(_ s: Unicode.Scalar) -> Bool { (0x1F3FB...0x1F3FF).contains(s.value) }

    /// Tag characters (subdivision flags): E0020…E007F.
    private static func isTag(_ s: Unicode.Scalar) -> Bool { (0xE0020...0xE007F).contains(s.value) }
}
