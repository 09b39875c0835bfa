/// The caps summary of a day heading: words from the labels, plural-aware, distance in trip units.
import DisplayList
@testable import ItineraryLayout
import ItineraryModel
import Testing

private func drive(_ meters: Double) -> [String: Any] {
    [
        "type": "travel", "from": "Chicago", "to": "Milwaukee", "mode": "drive", "distanceMeters": meters,
        "durationSeconds": 6000,
        "departTime": "2026-06-14T08:30:00-05:00",
    ]
}

private var flight: [String: Any] { ["type": "travel", "from": "Denver", "to": "Milwaukee", "mode": "flight"] }

@Suite("Day summary")
struct DaySummaryTests {
    private func summary(
        _ items: [[String: Any]], locale: String = "en_US", units: String = "imperial"
    ) throws -> String {
        let text = try DayFixtures.engine()
        let trip = try oneDayTrip(items: items, locale: locale, units: units)
        return try DayFixtures.dayLayout(trip, text: text).summary(trip.days[0]).replacingOccurrences(
            of: "\u{00A0}", with: " ")
    }

    @Test func gamesAndDrive() throws {
        #expect(try summary([gameItem(), drive(148_000)]) == "1 game · 92 mi drive")
        #expect(
            try summary([gameItem("g1"), gameItem("g2"), drive(100_000), drive(48_000)]) == "2 games · 92 mi drive")
        #expect(try summary([drive(148_000)], units: "metric") == "148 km drive")
        #expect(try summary([gameItem(), flight]) == "1 game · 1 flight")
        #expect(try summary([]) == "")
    }

    @Test func spanish() throws {
        #expect(
            try summary([gameItem("g1"), gameItem("g2"), drive(148_000)], locale: "es_MX", units: "metric")
                == "2 partidos · 148 km en coche")
    }

    @Test("the heading sets the summary in caps on the H2 baseline")
    func headingCaps() throws {
        let text = try DayFixtures.engine()
        let trip = try oneDayTrip(items: [gameItem(), drive(148_000)])
        let heading = try DayFixtures.dayLayout(trip, text: text).heading(0, trip.days[0])
        let texts = heading.draw(at: Point(x: 0, y: 0)).compactMap { item -> (String, Double)? in
            if case let .text(spans, origin) = item { return (spans.map(\.text).joined(), origin.y) }
            return nil
        }
        let summary = try #require(texts.first { $0.0.hasPrefix("1\u{00A0}GAME") })
        let h2 = try #require(texts.first { $0.0.hasPrefix("Sun, Jun 14") })
        #expect(summary.0.replacingOccurrences(of: "\u{00A0}", with: " ") == "1 GAME · 92 MI DRIVE")
        #expect(abs(summary.1 - h2.1) < 0.001)
        #expect(heading.mark == "Day 1 · Sun, Jun 14 · Milwaukee")
    }
}
