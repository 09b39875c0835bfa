/// Shared set-up for the day-page tests: the classic template, the bundled fonts, trips from JSON.
import DisplayList
import Foundation
@testable import ItineraryLayout
import ItineraryModel
import ItineraryText
import Testing
import TestSupport

enum DayFixtures {
    static func template() throws -> Template {
        try TemplateLoader.load(Data(contentsOf: URL(fileURLWithPath: TestPaths.templates + "/classic.json")))
    }

    static func engine() throws -> TextEngine {
        TextEngine(fontSet: try FontSet(directory: TestPaths.fonts))
    }

    /// A trip file of `Examples/` or `Tests/Fixtures/valid/`.
    static func trip(_ file: String) throws -> Trip {
        for dir in [TestPaths.examples, TestPaths.validFixtures] {
            let url = dir.appendingPathComponent(file)
            if FileManager.default.fileExists(atPath: url.path) { return try TripLoader.load(Data(contentsOf: url)) }
        }
        throw CocoaError(.fileNoSuchFile)
    }

    /// A trip from a JSON object (with `schemaVersion` and `id` filled in).
    static func trip(json: [String: Any]) throws -> Trip {
        var object = json
        object["schemaVersion"] = object["schemaVersion"] ?? 1
        object["id"] = object["id"] ?? "test-trip"
        return try TripLoader.load(JSONSerialization.data(withJSONObject: object))
    }

    /// The section context of a trip with the classic template.
    static func context(_ trip: Trip, text: TextEngine) throws -> SectionContext {
        let theme = try Theme(template: try template(), locale: trip.locale)
        let format = TripFormatter(localeIdentifier: trip.locale, units: trip.units, labels: theme.labels)
        return SectionContext(
            trip: trip, theme: theme, text: text, format: format,
            width: theme.page.width - theme.template.margins.left - theme.template.margins.right)
    }

    static func dayLayout(_ trip: Trip, text: TextEngine) throws -> DayBuilder {
        let ctx = try context(trip, text: text)
        return DayBuilder(ctx, spec: try #require(ctx.theme.template.days))
    }

    /// The whole document laid out with the classic template.
    static func document(_ trip: Trip, text: TextEngine) throws -> LaidOutDocument {
        ItineraryLayoutEngine(theme: try Theme(template: try template(), locale: trip.locale), text: text).layout(trip)
    }
}

/// A trip of one Chicago day holding `items` (JSON objects), with the teams and stadiums the tests use.
func oneDayTrip(
    items: [[String: Any]], notes: String? = nil, locale: String = "en_US", units: String = "imperial",
    city: String = "Milwaukee", timeZone: String? = nil
) throws -> Trip {
    var day: [String: Any] = ["date": "2026-06-14", "city": city, "items": items]
    if let notes { day["notes"] = notes }
    if let timeZone { day["timeZone"] = timeZone }
    return try DayFixtures.trip(json: [
        "startDate": "2026-06-14", "endDate": "2026-06-14", "locale": locale, "units": units,
        "teams": [
            [
                "id": "mil", "name": "Milwaukee Brewers", "abbreviation": "MIL", "league": "MLB",
                "primaryColor": "#12284B", "secondaryColor": "#FFC52F",
            ],
            [
                "id": "cin", "name": "Cincinnati Reds", "abbreviation": "CIN", "league": "MLB",
                "primaryColor": "#C6011F", "secondaryColor": "#000000",
            ],
        ],
        "stadiums": [
            [
                "id": "amfam", "name": "American Family Field", "city": "Milwaukee", "region": "WI", "country": "US",
                "timeZone": "America/Chicago", "latitude": 43.028, "longitude": -87.971,
                "address": "1 Brewers Way, Milwaukee, WI 53214",
            ],
            [
                "id": "comerica", "name": "Comerica Park", "city": "Detroit", "region": "MI", "country": "US",
                "timeZone": "America/Detroit", "latitude": 42.339, "longitude": -83.048,
            ],
        ],
        "days": [day],
    ])
}

/// A game at American Family Field, with optional ticket and notes.
func gameItem(_ id: String = "g1", ticket: [String: Any]? = nil, notes: String? = nil) -> [String: Any] {
    var game: [String: Any] = [
        "type": "game", "id": id, "league": "MLB", "homeTeam": "mil", "awayTeam": "cin",
        "stadium": "amfam", "startTime": "2026-06-14T13:10:00-05:00",
    ]
    if let ticket { game["ticket"] = ticket }
    if let notes { game["notes"] = notes }
    return game
}
