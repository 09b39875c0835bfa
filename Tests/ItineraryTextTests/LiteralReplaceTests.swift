/// `replacingLiterally` is Foundation's literal `replacingOccurrences(of:with:)`, byte for byte.
import Foundation
import ItineraryText
import Testing

@Suite("Literal replacement")
struct LiteralReplaceTests {
    @Test(
        "the same result as Foundation's replacingOccurrences",
        arguments: [
            ("Page {page} of {pages}", "{page}", "3"),
            ("Page {page} of {pages}", "{pages}", "12"),
            ("no placeholder here", "{page}", "3"),
            ("aaaa", "aa", "b"),  // left to right, never overlapping
            ("aaa", "aa", "aab"),  // the replacement is not searched again
            ("{x}", "{x}", ""),  // everything removed
            ("", "x", "y"),
            ("short", "a longer target", "y"),
            ("São Paulo – São Paulo", "São", "Sao"),  // multi-byte target
            ("東京 → 大阪", "→", "to"),
            ("it's a \\ path", "\\", "\\\\"),
            ("it's", "'", "\\'"),
            ("2 {count} vuelos", " {count}", "\u{00A0}{count}"),
        ])
    func sameAsFoundation(text: String, target: String, replacement: String) {
        let ours = text.replacingLiterally(target, with: replacement)
        let foundation = text.replacingOccurrences(of: target, with: replacement)
        #expect(Array(ours.utf8) == Array(foundation.utf8))
    }

    @Test("an empty target changes nothing")
    func emptyTarget() {
        #expect("abc".replacingLiterally("", with: "x") == "abc")
    }

    @Test("bytes, not canonical equivalence: a precomposed é does not match e and a combining accent")
    func exactBytes() {
        let decomposed = "Jose\u{301}"
        #expect(Array(decomposed.replacingLiterally("\u{E9}", with: "e").utf8) == Array(decomposed.utf8))
        #expect("Jos\u{E9}".replacingLiterally("\u{E9}", with: "e") == "Jose")
    }
}
