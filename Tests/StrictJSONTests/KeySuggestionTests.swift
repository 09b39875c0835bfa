/// "Did you mean": the edit distance and how close a suggestion must be.
import Testing
@testable import StrictJSON

@Suite struct KeySuggestionDistanceTests {
    @Test func shortKeysNeedToBeCloser() {
        #expect(KeySuggestion.closest(to: "to", among: ["id"]) == nil)
        #expect(KeySuggestion.closest(to: "ud", among: ["id"]) == "id")
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
