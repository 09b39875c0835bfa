import StrictJSON
import Testing
import Foundation
import ItineraryModel

/// Top-level keys of trip.json.
@Suite struct TripDecoderTests {
    static let breakages: [Breakage] = [
        Breakage("schemaVersion", nil, "schemaVersion: required key is missing"),
        Breakage("schemaVersion", 2, "schemaVersion: unsupported schema version 2; this exporter reads version 1"),
        Breakage("schemaVersion", 1.0, "schemaVersion: expected an integer, got 1.0"),
        Breakage("schemaVersion", "1", "schemaVersion: expected an integer, got a string"),
        Breakage("id", nil, "id: required key is missing"),
        Breakage("id", nil as JSONValue, "id: expected a string, got null"),
        Breakage("id", 42, "id: expected a string, got a number"),
        Breakage("id", "", "id: must not be empty"),
        Breakage("id", " \t ", "id: must not be only whitespace"),
        Breakage("id", .string(String(repeating: "x", count: 129)), "id: must be at most 128 characters, got 129"),
        Breakage(
            "name", .string(String(repeating: "é", count: 2001)), "name: must be at most 2000 characters, got 2001"),
        Breakage("traveler", ["Ana"], "traveler: expected a string, got an array"),
        Breakage("startDate", "2026-6-1", "startDate: expected a date \"YYYY-MM-DD\", got \"2026-6-1\""),
        Breakage("startDate", "2025-02-29", "startDate: no such date \"2025-02-29\""),
        Breakage("endDate", nil, "endDate: required key is missing"),
        Breakage("endDate", "2026-05-31", "endDate: must not be before startDate (2026-06-01), got 2026-05-31"),
        Breakage("units", "imperal", "units: must be \"imperial\" or \"metric\", got \"imperal\""),
        Breakage("units", "Metric", "units: must be \"imperial\" or \"metric\", got \"Metric\""),
        Breakage("locale", "english", "locale: expected a locale like \"en_US\" or \"es-MX\", got \"english\""),
        Breakage("locale", "", "locale: expected a locale like \"en_US\" or \"es-MX\", got \"\""),
        Breakage("days", nil, "days: required key is missing"),
        Breakage("days", "2026-06-01", "days: expected an array, got a string"),
        Breakage("teams", ["id": "chc"], "teams: expected an array, got an object"),
        Breakage("extensions", [1, 2], "extensions: expected an object, got an array"),
        Breakage("naem", "Trip", "naem: unknown key (did you mean \"name\"?)"),
        Breakage("StartDate", "2026-06-01", "StartDate: unknown key (did you mean \"startDate\"?)"),
        Breakage("colour", "red", "colour: unknown key"),
        Breakage("my key", 1, "[\"my key\"]: unknown key"),
    ]

    @Test(arguments: breakages)
    func reportsBrokenTopLevelRules(_ breakage: Breakage) {
        breakage.check(against: SampleTrips.minimal)
    }

    @Test func checksOnlyTheVersionOfAnUnsupportedVersion() {
        var document = SampleTrips.changing(SampleTrips.minimal, "schemaVersion", to: 2)
        document[path: "itinerary"] = []
        document[path: "id"] = nil
        #expect(
            problemLines(document) == ["schemaVersion: unsupported schema version 2; this exporter reads version 1"])
    }

    @Test func reportsDuplicateKeysAtTheSecondOne() {
        let text =
            #"{"schemaVersion": 1, "id": "a", "startDate": "2026-06-01", "id": "b", "endDate": "2026-06-01", "#
            + #""days": [{"date": "2026-06-01", "city": "X", "items": [], "city": "Y"}], "schemaVersion": 1}"#
        #expect(
            problemLines(Data(text.utf8)) == [
                "id: duplicate key",
                "days[0].city: duplicate key",
                "schemaVersion: duplicate key",
            ])
    }

    @Test func refusesNumbersOutOfRange() {
        let text = JSONWriter.text(SampleTrips.minimal).replacingOccurrences(
            of: #""schemaVersion":1"#, with: #""schemaVersion":1e999"#)
        #expect(problemLines(Data(text.utf8)) == ["schemaVersion: must be a finite number"])
    }

    @Test func acceptsTheLongestStringsAndEmptyOptionalOnes() throws {
        var document = SampleTrips.minimal
        document[path: "name"] = .string(String(repeating: "é", count: 200))
        document[path: "traveler"] = ""
        document[path: "id"] = .string(String(repeating: "x", count: 128))
        document[path: "days[0].city"] = .string(String(repeating: "é", count: 2000))
        #expect(problemLines(document) == [])
        // A title and a traveler are a line or two on the cover: 200 characters at most.
        document[path: "name"] = .string(String(repeating: "é", count: 201))
        document[path: "traveler"] = .string(String(repeating: "é", count: 201))
        #expect(
            problemLines(document) == [
                "name: must be at most 200 characters, got 201", "traveler: must be at most 200 characters, got 201",
            ])
    }

    @Test func stripsAPOSIXEncodingFromTheLocale() throws {
        let document = SampleTrips.changing(SampleTrips.minimal, "locale", to: "fr_CA.UTF-8")
        #expect(try TripLoader.load(JSONWriter.data(document)).locale == "fr_CA")
    }
}
