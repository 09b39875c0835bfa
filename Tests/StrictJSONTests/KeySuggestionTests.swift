/// "Did you mean": the edit distance and how close a suggestion must be.
import Testing
@testable import StrictJSON

@Suite struct KeySuggestionDistanceTests {
    @Test func shortKeysNeedToBeCloser() {
        #expect(KeySuggestion.closest(to: "to", among: ["id"]) == nil)
        #expect(KeySuggestion.closest(to: "ud", among: ["id"]) == "id")
    }

    @Test("a key that begins exactly one known key is its abbreviation; two or a short one suggest nothing")
    func abbreviations() {
        #expect(KeySuggestion.closest(to: "abbr", among: ["id", "abbreviation", "name"]) == "abbreviation")
        #expect(KeySuggestion.closest(to: "Abbrev", among: ["id", "abbreviation", "name"]) == "abbreviation")
        #expect(KeySuggestion.closest(to: "sta", among: ["startDate", "stadiums"]) == nil)
        #expect(KeySuggestion.closest(to: "ab", among: ["abbreviation"]) == nil)
    }

    @Test func measuresOptimalStringAlignmentDistance() {
        func d(_ a: String, _ b: String) -> Int {
            KeySuggestion.distance(Array(a.unicodeScalars), Array(b.unicodeScalars))
        }
        #expect(d("", "abc") == 3)
        #expect(d("abc", "abc") == 0)
        #expect(d("naem", "name") == 1)
        #expect(d("kitten", "sitting") == 3)
        #expect(d("ca", "abc") == 3)
    }
}
