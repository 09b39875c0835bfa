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
            // Under two inches, and more than ten times as wide as Letter is tall (a strip on which
            // a mark scaled with the width once fell off the page).
            ("papers.letter.width", 143), ("papers.letter.height", 0.5), ("papers.letter.width", 14_400),
            ("papers.letter.height", 6_121),
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
        #expect(errorKey(with(try classic(), "papers.letter.width", 7_920)) == nil)
        #expect(errorKey(with(try classic(), "papers.letter.height", 6_120)) == nil)
    }

    @Test("a paper too elongated is refused with its proportion and the limit")
    func elongatedPaper() throws {
        let message = errorText(with(try classic(), "papers.letter.width", 14_400))
        #expect(
            message
                == "papers.letter.width: 14400 × 792 pt is 18.2 times as wide as it is tall; a paper's longer side may be at most 10 times its shorter",
            "\(message ?? "no error")")
    }
}
