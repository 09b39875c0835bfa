/// The paragraph cache's keys compare text byte for byte, not by Swift's canonical equivalence.
@testable import ItineraryText
import Testing

@Suite("Paragraph cache keys")
struct ParagraphCacheKeyTests {
    private let style = TextStyle(family: "Inter", size: 9, lineHeight: 13)

    private func key(_ texts: [String], style: TextStyle? = nil) -> ExactSpans {
        ExactSpans(texts.map { StyledSpan($0, style ?? self.style) })
    }

    @Test("equal bytes are equal keys with equal hashes; canonically equal text, another style or a split differs")
    func exactBytes() {
        #expect(key(["José Muñoz"]) == key(["José Muñoz"]))
        #expect(key(["José Muñoz"]).hashValue == key(["José Muñoz"]).hashValue)
        #expect(key(["", "x"]) == key(["", "x"]))
        #expect("Jos\u{E9}" == "Jose\u{301}")  // Swift's equality: canonical
        #expect(key(["Jos\u{E9}"]) != key(["Jose\u{301}"]))
        #expect(key(["Chicago"]) != key(["Chicagp"]))
        #expect(key(["Chicago"]) != key(["Chicag"]))
        #expect(key(["Chica", "go"]) != key(["Chicago"]))
        #expect(key(["Chicago"]) != key(["Chicago"], style: TextStyle(family: "Inter", size: 10, lineHeight: 13)))
    }
}
