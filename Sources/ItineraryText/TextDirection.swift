/// What a text's characters say about how it is set: right-to-left letters (by their Unicode
/// bidi class, from FriBidi, which Pango itself uses), Arabic-Indic numbers, hard breaks.
import CCairo

extension TextEngine {
    /// Whether `text` holds a line or paragraph separator, which starts a new line at any width.
    static func hasHardBreak(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0 == "\n" || $0 == "\r" || $0 == "\u{2028}" || $0 == "\u{2029}" }
    }

    /// Whether `text` holds a character that reads right to left: a Hebrew, Arabic, Syriac,
    /// Thaana or N'Ko letter, an explicit right-to-left mark or control, or an Arabic-Indic
    /// digit, by its Unicode bidi class as FriBidi (which Pango uses) gives it.
    public static func hasRightToLeft(_ text: String) -> Bool {
        text.unicodeScalars.contains(where: isRightToLeft)
    }

    /// Whether the first letter of `text` with a direction of its own reads right to left (the
    /// paragraph's direction by the bidi algorithm's rule P2); false with none.
    static func startsRightToLeft(_ text: String) -> Bool {
        for s in text.unicodeScalars {
            if isArabicIndicNumber(s) { continue }
            if isRightToLeft(s) { return true }
            if s.properties.isAlphabetic { return false }
        }
        return false
    }

    static func isRightToLeft(_ s: Unicode.Scalar) -> Bool {
        // Latin, common punctuation and digits, the bulk of every trip, without asking.
        s.value < 0x0590 ? false : ccairo_is_right_to_left(s.value) != 0
    }

    /// Arabic-Indic and Extended Arabic-Indic digits, and the Arabic decimal and thousands
    /// separators: numbers, whose direction is weak.
    public static func isArabicIndicNumber(_ s: Unicode.Scalar) -> Bool {
        (0x0660...0x066C).contains(s.value) || (0x06F0...0x06F9).contains(s.value)
    }
}
