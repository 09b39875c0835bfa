import Testing
@testable import ItineraryModel

@Suite struct KeySuggestionTests {
    private let keys = TripDecoder.topLevelKeys

    @Test(arguments: [("naem", "name"), ("nmae", "name"), ("startdate", "startDate"), ("unit", "units"),
                      ("travler", "traveler"), ("stadium", "stadiums"), ("schemaversion", "schemaVersion"),
                      ("progres", "progress"), ("extension", "extensions"), ("endate", "endDate")])
    func suggestsCloseKeys(typed: String, expected: String) {
        #expect(KeySuggestion.closest(to: typed, among: keys) == expected)
    }

    @Test(arguments: ["title", "color", "xyz", "", "to", String(repeating: "n", count: 10_000)])
    func staysQuietForFarKeys(typed: String) {
        #expect(KeySuggestion.closest(to: typed, among: keys) == nil)
    }

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
