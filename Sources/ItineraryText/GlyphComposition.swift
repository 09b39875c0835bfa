/// When shaping may skip the fonts' glyph composition (`ccmp`): text it cannot change.
///
/// Inter's `ccmp` lookups (the same seven in all five bundled faces, version 3.019, pinned by
/// `Fonts/fonts.lock`) compose a letter and the combining marks after it into one glyph (`A` +
/// U+0306 + U+0301 → `Ắ`), pick a dotless `i` before a mark above, and enclose a letter in a
/// keycap (U+20DD, U+20DE): each needs a combining mark (Mn, Me) or a private-use character
/// (Co) in the sequence it matches. HarfBuzz 6 (Debian 12) still tries them at every vowel,
/// some 27 ligatures for each `a`: over a quarter of its shaping on the 120-day trip (101 M
/// instructions of about 350 M). Shaping text without those characters, in Inter alone, with
/// `ccmp` off gives the same glyphs (`GlyphCompositionTests` compares them), faster.
import CCairo

extension TextEngine {
    /// The family whose `ccmp` the rule above is about.
    static let compositionFreeFamily = "Inter"

    /// Whether `spans` may be shaped with `ccmp` off: all of them in Inter, and every character
    /// one Inter's faces draw (Basic Latin, Latin-1, Latin Extended-A, Latin Extended
    /// Additional, general punctuation, currency signs, the ten simple arrows: no other font is
    /// asked for any of them) and none a combining mark, a private-use character or a modifier
    /// symbol (`^`, `¨`, `´`: spacing accents, which other fonts' `ccmp` take as marks).
    static func skipsComposition(_ spans: [StyledSpan]) -> Bool {
        spans.allSatisfy { span in
            span.style.family == compositionFreeFamily && span.text.unicodeScalars.allSatisfy(isCompositionFree)
        }
    }

    /// One character of such text (`skipsComposition`).
    static func isCompositionFree(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        // Most of every trip, without asking for its category: in ASCII, only `^` and `` ` `` are
        // modifier symbols (a property lookup per character was 0.8 % of the 120-day export).
        if (0x20...0x7E).contains(v) { return v != 0x5E && v != 0x60 }
        let drawnByInter =
            v == 0x09 || v == 0x0A || v == 0x0D || (0xA0...0x17F).contains(v) && v != 0x149
            || (0x1E00...0x1EFF).contains(v) || (0x2000...0x206F).contains(v) || (0x20A0...0x20BF).contains(v)
            || (0x2190...0x2199).contains(v)
        guard drawnByInter else { return false }
        switch s.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .privateUse, .modifierSymbol: return false
        default: return true
        }
    }
}
