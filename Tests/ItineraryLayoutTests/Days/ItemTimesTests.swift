/// Travel arrival times across zones, and the nights of a stay.
@testable import ItineraryLayout
import ItineraryModel
import Testing

@Suite("Item times")
struct ItemTimesTests {
    @Test("arrival = departure + duration, shown in the destination's zone")
    func arrivalAcrossZones() throws {
        let text = try DayFixtures.engine()
        // Milwaukee (CDT) to Detroit (EDT, a stadium city): 9:00 CDT + 5 h 50 m = 2:50 PM CDT = 3:50 PM EDT.
        let leg: [String: Any] = ["type": "travel", "from": "Milwaukee", "to": "Detroit", "mode": "drive", "distanceMeters": 595_000,
                                  "durationSeconds": 21_000, "departTime": "2026-06-14T09:00:00-05:00"]
        let trip = try oneDayTrip(items: [leg])
        let ctx = try DayFixtures.context(trip, text: text)
        guard case let .travel(travel) = trip.days[0].items[0] else { Issue.record("not a leg"); return }
        let zone = ctx.zones.dayZones[0]
        let departure = try #require(ctx.departureZone(travel, dayZone: zone))
        #expect(departure == "America/Chicago")
        let (instant, arrivalZone) = try #require(ctx.arrival(travel, dayZone: zone))
        #expect(arrivalZone == "America/Detroit")
        let shown = ctx.format.time(instant, zone: arrivalZone)
        #expect(shown.time.replacingOccurrences(of: "\u{202F}", with: " ") == "3:50 PM")
        #expect(shown.zone == "EDT")

        // The card's meta line says it too.
        let card = try DayFixtures.dayLayout(trip, text: text).travelCard(travel, dayZone: zone)
        let words = card.draw(at: Point(x: 0, y: 0)).compactMap { item -> String? in
            if case let .text(spans, _) = item { return spans.map(\.text).joined() }
            return nil
        }.joined(separator: "|").replacingOccurrences(of: "\u{202F}", with: " ")
        #expect(words.contains("Drive · departs 9:00 AM CDT · arrives ≈ 3:50 PM EDT"))
    }

    @Test("a destination without a stadium keeps the departure rule")
    func arrivalWithoutStadium() throws {
        let text = try DayFixtures.engine()
        let leg: [String: Any] = ["type": "travel", "from": "Milwaukee", "to": "Kenosha", "mode": "drive",
                                  "durationSeconds": 2_700, "departTime": "2026-06-14T09:00:00-05:00"]
        let trip = try oneDayTrip(items: [leg])
        let ctx = try DayFixtures.context(trip, text: text)
        guard case let .travel(travel) = trip.days[0].items[0] else { return }
        let (instant, zone) = try #require(ctx.arrival(travel, dayZone: ctx.zones.dayZones[0]))
        #expect(zone == "America/Chicago")
        #expect(ctx.format.time(instant, zone: zone).time.replacingOccurrences(of: "\u{202F}", with: " ") == "9:45 AM")
    }

    @Test func lodgingNights() throws {
        func nights(_ a: String, _ b: String, _ zone: String = "America/Chicago") -> Int? {
            SectionContext.nights(checkIn: Instant(rfc3339: a), checkOut: Instant(rfc3339: b), zone: zone)
        }
        #expect(nights("2026-06-12T15:00:00-05:00", "2026-06-14T11:00:00-05:00") == 2)
        #expect(nights("2026-06-14T15:00:00-05:00", "2026-06-15T11:00:00-05:00") == 1)
        // Local dates decide: a late check-in written in UTC is still the evening before.
        #expect(nights("2026-06-15T03:30:00Z", "2026-06-15T16:00:00Z") == 1)
        #expect(nights("2026-06-14T09:00:00-05:00", "2026-06-14T18:00:00-05:00") == nil)
        #expect(SectionContext.nights(checkIn: nil, checkOut: Instant(rfc3339: "2026-06-15T11:00:00-05:00"), zone: "America/Chicago") == nil)
    }
}
