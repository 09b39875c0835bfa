import StrictJSON
import Testing
@testable import ItineraryModel

@Suite struct KeySuggestionTests {
    private let keys = TripFormat.Top.object.keys

    @Test(arguments: [
        ("naem", "name"), ("nmae", "name"), ("startdate", "startDate"), ("unit", "units"),
        ("travler", "traveler"), ("stadium", "stadiums"), ("schemaversion", "schemaVersion"),
        ("progres", "progress"), ("extension", "extensions"), ("endate", "endDate"),
    ])
    func suggestsCloseKeys(typed: String, expected: String) {
        #expect(KeySuggestion.closest(to: typed, among: keys) == expected)
    }

    @Test(arguments: ["title", "color", "xyz", "", "to", String(repeating: "n", count: 10_000)])
    func staysQuietForFarKeys(typed: String) {
        #expect(KeySuggestion.closest(to: typed, among: keys) == nil)
    }
}
