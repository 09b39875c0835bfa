/// Every template number and string has a bound, checked by the loader with the key's path
/// (issue 9: extreme values crashed or hung the exporter).
import Foundation
import Testing

@Suite("Template bounds")
struct TemplateBoundsTests {
    @Test(
        "extreme values that crashed or hung are errors naming their key",
        arguments: [
            ("styles.title.tracking", 1e7), ("days.card.padding.top", 1e19), ("margins.left", 1e19),
            ("papers.letter.width", 1e19), ("papers.letter.width", 1e7), ("papers.letter.height", 14_401),
            ("cover.map.minimumSpanDegrees", 1e7), ("cover.map.minimumSpanDegrees", 361),
        ])
    func extremeNumbers(path: String, value: Double) throws {
        #expect(errorKey(with(try classic(), path, value)) == path)
    }

    @Test func aMillionCharacterLabel() throws {
        let path = "labels.en.cover.tripItinerary"
        #expect(errorKey(with(try classic(), path, String(repeating: "x", count: 1_000_000))) == path)
    }

    @Test func theShippedTemplatesAreWithinTheBounds() throws {
        #expect(errorKey(try classic()) == nil)
        #expect(errorKey(with(try classic(), "papers.letter.width", 14_400)) == nil)
    }
}
