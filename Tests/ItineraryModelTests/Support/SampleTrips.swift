/// Known-good trip documents that tests break one rule at a time.

import StrictJSON
import Foundation
import ItineraryModel

enum SampleTrips {
    /// Only the required keys: a one-day trip with a rest day.
    static let minimal: JSONValue = [
        "schemaVersion": 1,
        "id": "t1",
        "startDate": "2026-06-01",
        "endDate": "2026-06-01",
        "days": [["date": "2026-06-01", "city": "Chicago", "items": []]],
    ]

    /// Every key used at least once, over three days.
    static let full: JSONValue = [
        "schemaVersion": 1,
        "id": "midwest-2026",
        "name": "Midwest Ballparks",
        "traveler": "Ana García",
        "startDate": "2026-06-01",
        "endDate": "2026-06-03",
        "units": "metric",
        "locale": "es-MX",
        "teams": [
            [
                "id": "chc", "name": "Chicago Cubs", "abbreviation": "CHC", "league": "MLB",
                "primaryColor": "#0E3386", "secondaryColor": "#cc3433",
            ],
            ["id": "mil", "name": "Milwaukee Brewers", "abbreviation": "MIL", "league": "MLB"],
        ],
        "stadiums": [
            [
                "id": "wrigley", "name": "Wrigley Field", "city": "Chicago", "region": "IL", "country": "US",
                "timeZone": "America/Chicago", "latitude": 41.948, "longitude": -87.6553,
                "address": "1060 W Addison St",
            ],
            [
                "id": "amfam", "name": "American Family Field", "city": "Milwaukee", "country": "US",
                "timeZone": "America/Chicago", "latitude": 43.028, "longitude": -87.9712,
            ],
        ],
        "days": [
            [
                "date": "2026-06-01", "city": "Chicago", "title": "Opening day", "notes": "Arrive early",
                "items": [
                    [
                        "type": "lodging", "name": "Hotel Lincoln", "address": "1816 N Clark St",
                        "checkIn": "2026-06-01T15:00:00-05:00", "checkOut": "2026-06-03T11:00:00-05:00",
                        "confirmation": "ABC123", "notes": "Lake view",
                    ],
                    [
                        "type": "game", "id": "g1", "league": "MLB", "homeTeam": "chc", "awayTeam": "mil",
                        "stadium": "wrigley", "startTime": "2026-06-01T19:05:00-05:00",
                        "ticket": [
                            "section": "208", "row": "4", "seats": "5-6", "url": "https://tickets.example.com/g1",
                        ],
                        "notes": "Bleachers",
                    ],
                ],
            ],
            [
                "date": "2026-06-02", "city": "Milwaukee",
                "items": [
                    [
                        "type": "travel", "from": "Chicago", "to": "Milwaukee", "mode": "train",
                        "distanceMeters": 137_000, "durationSeconds": 5400.5,
                        "departTime": "2026-06-02T09:45:00Z", "notes": "Hiawatha",
                    ],
                    [
                        "type": "custom", "category": "restaurant", "title": "Kopp's Custard",
                        "time": "2026-06-02T12:30:00.250-05:00", "address": "7631 W Layton Ave",
                        "url": "http://kopps.example.com", "notes": "Flavor of the day",
                    ],
                    [
                        "type": "game", "id": "g2", "league": "MLB", "homeTeam": "mil", "awayTeam": "chc",
                        "stadium": "amfam", "startTime": "2026-06-02T18:40:00-05:00",
                    ],
                ],
            ],
            ["date": "2026-06-03", "city": "Chicago", "items": []],
        ],
        "progress": [
            "league": "MLB", "visitedStadiumIds": ["wrigley", "Fenway Park"], "totalStadiums": 30,
            "visitedCount": 12,
        ],
        "extensions": ["com.example.app": ["theme": "dark", "anything": [1, nil, true]]],
    ]

    /// `base` with the value at `path` replaced (nil removes the key).
    static func changing(_ base: JSONValue, _ path: String, to value: JSONValue?) -> JSONValue {
        var copy = base
        copy[path: path] = value
        return copy
    }

    /// A trip of `count` consecutive rest days from 2024-01-01 (a leap year).
    static func restDays(_ count: Int) -> JSONValue {
        let start = CalendarDate(year: 2024, month: 1, day: 1)!
        let days: [JSONValue] = (0..<count).map { offset in
            ["date": .string(start.adding(days: offset).description), "city": "Anywhere", "items": []]
        }
        return [
            "schemaVersion": 1,
            "id": "long",
            "startDate": .string(start.description),
            "endDate": .string(start.adding(days: count - 1).description),
            "days": .array(days),
        ]
    }
}

/// Loads `document` through the byte-level loader; the problems as `path: message`
/// lines, empty if it loaded.
func problemLines(_ document: JSONValue) -> [String] {
    problemLines(JSONWriter.data(document))
}

func problemLines(_ data: Data) -> [String] {
    do {
        _ = try TripLoader.load(data)
        return []
    } catch {
        guard case .invalid(let problems) = error else { return ["unexpected error: \(error)"] }
        return problems.map(\.description)
    }
}

/// The error from loading `text`, or nil if it loaded.
func loadError(_ text: String) -> TripLoadError? {
    do {
        _ = try TripLoader.load(Data(text.utf8))
        return nil
    } catch {
        return error
    }
}
