/// Times on the day cards: each in the zone of its place, labelled as people write zones, on the
/// right date; honestly marked where the trip gives no zone. And the nights of a stay.
import DisplayList
@testable import ItineraryLayout
import ItineraryModel
import Testing
import TestSupport

/// The words of a card, one string, with no-break spaces as plain ones and no word joiners.
private func words(_ card: CardBlock) -> String {
    card.draw(at: Point(x: 0, y: 0)).compactMap { item -> String? in
        if case let .text(spans, _) = item { return spans.map(\.text).joined() }
        return nil
    }.joined(separator: "|").replacingOccurrences(of: "\u{202F}", with: " ").replacingOccurrences(
        of: "\u{00A0}", with: " "
    )
    .replacingOccurrences(of: "\u{2060}", with: "")
}

private func travel(
    _ leg: [String: Any], city: String = "Milwaukee", timeZone: String? = nil
) throws -> (String, [UnknownZone]) {
    let text = try DayFixtures.engine()
    let trip = try oneDayTrip(items: [leg], city: city, timeZone: timeZone)
    guard case let .travel(t) = trip.days[0].items[0] else { throw TestFailure() }
    let card = try DayFixtures.dayLayout(trip, text: text).travelCard(t, on: trip.days[0])
    return (words(card), TimeZoneResolver(trip: trip).unknownZones(in: trip))
}

private struct TestFailure: Error {}

@Suite("Travel card titles")
struct TravelCardTitleTests {
    @Test("a trip's own place inside a longer station name stays whole on the card's title lines")
    func placeInsideAStation() throws {
        let text = try DayFixtures.engine()
        let leg: [String: Any] = [
            "type": "travel", "from": "Paris Gare de Lyon Hall 1 Voie A", "to": "Saint-Étienne Châteaucreux Gare SNCF",
            "mode": "train", "departTime": "2026-06-14T08:00:00-05:00",
        ]
        let trip = try oneDayTrip(items: [leg], city: "Saint-Étienne")
        guard case let .travel(t) = trip.days[0].items[0] else { throw TestFailure() }
        let card = try DayFixtures.dayLayout(trip, text: text).travelCard(t, on: trip.days[0])
        let lines = card.draw(at: Point(x: 0, y: 0)).compactMap { item -> String? in
            if case let .text(spans, _) = item { return spans.map(\.text).joined() }
            return nil
        }
        #expect(lines.contains { $0.contains("Saint-\u{2060}Étienne") }, "\(lines)")
    }
}

@Suite("Item times")
struct ItemTimesTests {
    /// Milwaukee (CDT) to Detroit (EDT, a stadium city): 9:00 CDT + 5 h 50 m = 2:50 PM CDT = 3:50 PM EDT.
    /// A leg to a stadium of the trip named as the stadium (`Comerica Park`) arrives in its zone too.
    @Test(
        "arrival = departure + duration, shown in the destination's zone (a stadium's, by its city or its name)",
        arguments: ["Detroit", "Comerica Park"])
    func arrival(to destination: String) throws {
        let (shown, unknown) = try travel([
            "type": "travel", "from": "Milwaukee", "to": destination, "mode": "drive",
            "durationSeconds": 21_000.0, "departTime": "2026-06-14T09:00:00-05:00",
        ])
        #expect(shown.contains("Drive · departs 9:00 AM CDT · arrives ≈ 3:50 PM EDT"), "\(shown)")
        #expect(unknown.isEmpty)
        // The arrival adds the duration as shown, in whole minutes: 5 h 50 m 40 s is `5 h 51 m`.
        let (rounded, _) = try travel([
            "type": "travel", "from": "Milwaukee", "to": destination, "mode": "drive",
            "durationSeconds": 21_040.0, "departTime": "2026-06-14T09:00:00-05:00",
        ])
        #expect(rounded.contains("5 h 51 m") && rounded.contains("arrives ≈ 3:51 PM EDT"), "\(rounded)")
    }

    /// An arrival's only written offset is its departure's: matching the day's zone says nothing
    /// about the destination (Kansas City to Washington, 7:30 PM CDT + 2 h 45 m, was shown as
    /// 10:15 PM CDT; it is 11:15 PM EDT). Unknown, it is the honest offset and a warning.
    @Test(
        "an arrival in a place without a zone is not given the day's zone because the departure's offset matches it",
        arguments: [
            ("Washington", 9_900.0, "10:15 PM UTC\u{2212}5", "11:15 PM EDT"),
            ("Kenosha", 2_700.0, "8:15 PM UTC\u{2212}5", "9:15 PM EDT"),
        ])
    func arrivalElsewhere(to destination: String, seconds: Double, unknownZone: String, givenZone: String) throws {
        let leg: [String: Any] = [
            "type": "travel", "from": "Kansas City", "to": destination, "mode": "flight",
            "durationSeconds": seconds, "departTime": "2026-06-14T19:30:00-05:00",
        ]
        let (shown, unknown) = try travel(leg, city: "Kansas City", timeZone: "America/Chicago")
        #expect(shown.contains("departs 7:30 PM CDT"), "\(shown)")
        #expect(shown.contains("arrives ≈ \(unknownZone)"), "\(shown)")
        #expect(unknown.map(\.key) == ["toTimeZone"])
        // The arrival is worked out (departure + duration): the warning names the item and says which time.
        #expect(
            unknown.map(\.description) == [
                "days[0].items[0]: no time zone for \"\(destination)\", so the arrival time is shown with the departure's written UTC offset; add \"toTimeZone\" (an IANA name such as \"America/Chicago\") to the item"
            ])
        let (named, none) = try travel(
            leg.merging(["toTimeZone": "America/New_York"]) { $1 }, city: "Kansas City", timeZone: "America/Chicago")
        #expect(named.contains("arrives ≈ \(givenZone)"), "\(named)")
        #expect(none.isEmpty)
    }

    /// Written in UTC: in the day's own city (7:22 PM GMT was 2:22 PM CDT), or from a place
    /// without a zone on a day that names its `timeZone` (Reading on a London day: BST).
    @Test(
        "a time written in UTC is shown in the zone of the day: local time and zone",
        arguments: [
            ("Houston", "Milwaukee", "Houston", "America/Chicago", "2026-06-14T19:22:00Z", "departs 2:22 PM CDT"),
            ("Reading", "Oxford", "London", "Europe/London", "2026-06-14T09:00:00Z", "departs 10:00 AM BST"),
        ])
    func writtenInUTC(from: String, to: String, city: String, zone: String, departs: String, expected: String) throws {
        let (shown, unknown) = try travel(
            ["type": "travel", "from": from, "to": to, "mode": "train", "departTime": departs],
            city: city, timeZone: zone)
        #expect(shown.contains(expected), "\(shown)")
        #expect(unknown.isEmpty)
    }

    @Test(
        "a departure written with another zone's offset than its day's is not passed off as the day's: JFK at −04:00 on a Honolulu day"
    )
    func offsetOfAnotherPlace() throws {
        let (shown, unknown) = try travel(
            [
                "type": "travel", "from": "New York (JFK)", "to": "Honolulu", "mode": "flight",
                "departTime": "2026-07-05T08:00:00-04:00", "durationSeconds": 39_600,
            ],
            city: "Honolulu", timeZone: "Pacific/Honolulu")
        #expect(shown.contains("departs 8:00 AM UTC\u{2212}4"), "\(shown)")
        #expect(!shown.contains("2:00 AM"), "\(shown)")
        #expect(unknown.map(\.path) == ["days[0].items[0].departTime"])
    }

    @Test(
        "a place the trip gives no zone for: the written offset as UTC−6 (never GMT-6, never passed off as local), and a warning with the key to add"
    )
    func unknownZone() throws {
        let (shown, unknown) = try travel([
            "type": "travel", "from": "Denver", "to": "Milwaukee", "mode": "flight",
            "departTime": "2026-06-14T06:00:00-06:00",
        ])
        #expect(shown.contains("departs 6:00 AM UTC\u{2212}6"), "\(shown)")
        #expect(!shown.contains("GMT"))
        #expect(
            unknown.map(\.description) == [
                "days[0].items[0].departTime: no time zone for \"Denver\", so the time is shown with its written UTC offset; add \"fromTimeZone\" (an IANA name such as \"America/Chicago\") to the item"
            ])
        // Given, it is local: MDT.
        let (named, none) = try travel([
            "type": "travel", "from": "Denver", "to": "Milwaukee", "mode": "flight",
            "departTime": "2026-06-14T06:00:00-06:00", "fromTimeZone": "America/Denver",
        ])
        #expect(named.contains("departs 6:00 AM MDT"), "\(named)")
        #expect(none.isEmpty)
        // Z with no zone at all: UTC.
        let (utc, _) = try travel([
            "type": "travel", "from": "Reykjavik", "to": "Milwaukee", "mode": "flight",
            "departTime": "2026-06-14T06:00:00Z",
        ])
        #expect(utc.contains("departs 6:00 AM UTC ·") || utc.hasSuffix("departs 6:00 AM UTC"), "\(utc)")
    }

    @Test(
        "zone abbreviations as people write them; the offset where the database has no letters",
        arguments: [
            ("Europe/London", "2026-06-14T18:00:00+01:00", "6:00 PM BST"),
            ("Europe/London", "2026-01-14T18:00:00Z", "6:00 PM GMT"),
            ("Europe/Berlin", "2026-06-14T18:00:00+02:00", "6:00 PM CEST"),
            ("Asia/Tokyo", "2026-06-14T18:00:00+09:00", "6:00 PM JST"),
            ("America/Sao_Paulo", "2026-06-14T18:00:00-03:00", "6:00 PM UTC\u{2212}3"),
            ("Asia/Kolkata", "2026-06-14T18:00:00+05:30", "6:00 PM IST"),
            ("America/Phoenix", "2026-06-14T18:00:00-07:00", "6:00 PM MST"),
            ("Asia/Dubai", "2026-06-14T18:00:00+04:00", "6:00 PM UTC+4"),
        ])
    func abbreviations(zone: String, written: String, expected: String) throws {
        let (shown, _) = try travel([
            "type": "travel", "from": "Elsewhere", "to": "Milwaukee", "mode": "flight",
            "departTime": written, "fromTimeZone": zone,
        ])
        #expect(shown.contains("departs \(expected)"), "\(shown)")
    }

    @Test("a flight the evening before the day it is listed under says (−1); the arrival the next morning (+1)")
    func otherDates() throws {
        let (before, _) = try travel([
            "type": "travel", "from": "Milwaukee", "to": "Detroit", "mode": "flight",
            "durationSeconds": 3_600, "departTime": "2026-06-13T23:55:00-05:00",
        ])
        #expect(before.contains("departs 11:55 PM CDT (\u{2212}1) · arrives ≈ 1:55 AM EDT"), "\(before)")
        let (after, _) = try travel([
            "type": "travel", "from": "Milwaukee", "to": "Detroit", "mode": "flight",
            "durationSeconds": 3_600, "departTime": "2026-06-14T23:30:00-05:00",
        ])
        #expect(after.contains("departs 11:30 PM CDT · arrives ≈ 1:30 AM EDT (+1)"), "\(after)")
    }

    @Test(
        "a check-in in a city without a stadium takes the day's timeZone, never the previous day's zone; without one, its offset"
    )
    func lodgingZone() throws {
        let text = try DayFixtures.engine()
        let stay: [String: Any] = [
            "type": "lodging", "name": "Hotel Dallas", "checkIn": "2026-06-14T20:00:00Z",
            "checkOut": "2026-06-15T16:00:00Z",
        ]
        let known = try oneDayTrip(items: [stay], city: "Dallas", timeZone: "America/Chicago")
        guard case let .lodging(l) = known.days[0].items[0] else {
            Issue.record("the day's item is not a stay"); return
        }
        let card = words(try DayFixtures.dayLayout(known, text: text).lodgingCard(l, on: known.days[0]))
        // Local to the day's city, as the page says times are: no label needed.
        #expect(card.contains("Sun, Jun 14 · 3:00 PM|"), "\(card)")
        #expect(card.contains("Mon, Jun 15 · 11:00 AM"), "\(card)")
        let unknown = try oneDayTrip(items: [stay], city: "Dallas")
        let bare = words(try DayFixtures.dayLayout(unknown, text: text).lodgingCard(l, on: unknown.days[0]))
        #expect(bare.contains("Sun, Jun 14 · 8:00 PM UTC"), "\(bare)")
        #expect(TimeZoneResolver(trip: unknown).unknownZones(in: unknown).map(\.path) == ["days[0].items[0].checkIn"])
    }

    @Test(
        "a leg's toTimeZone or fromTimeZone names its place's zone for the rest of the trip: a check-in there needs no zone of its own"
    )
    func legNamesItsPlace() throws {
        let text = try DayFixtures.engine()
        let leg: [String: Any] = [
            "type": "travel", "from": "Ciudad de México", "to": "Monterrey", "mode": "flight",
            "departTime": "2027-03-26T14:00:00-06:00", "durationSeconds": 5700,
            "fromTimeZone": "America/Mexico_City", "toTimeZone": "America/Monterrey",
        ]
        let stay: [String: Any] = [
            "type": "lodging", "name": "Safi Royal", "checkIn": "2027-03-26T17:00:00-06:00",
            "checkOut": "2027-03-27T10:00:00-06:00",
        ]
        let trip = try oneDayTrip(items: [leg, stay], city: "Monterrey")
        guard case let .lodging(l) = trip.days[0].items[1] else {
            Issue.record("the day's second item is not a stay"); return
        }
        #expect(TimeZoneResolver(trip: trip).unknownZones(in: trip).isEmpty)
        let card = words(try DayFixtures.dayLayout(trip, text: text).lodgingCard(l, on: trip.days[0]))
        // Local to the day's city (Monterrey, CST): no label, as any time in the day's own zone.
        #expect(card.contains("5:00 PM|") && !card.contains("UTC"), "\(card)")
    }

    @Test func lodgingNights() throws {
        func nights(_ a: String, _ b: String, _ zone: String = "America/Chicago") -> Int? {
            Stay.nights(checkIn: Instant(rfc3339: a), checkOut: Instant(rfc3339: b), zone: .named(zone))
        }
        #expect(nights("2026-06-12T15:00:00-05:00", "2026-06-14T11:00:00-05:00") == 2)
        #expect(nights("2026-06-14T15:00:00-05:00", "2026-06-15T11:00:00-05:00") == 1)
        // Local dates decide: a late check-in written in UTC is still the evening before.
        #expect(nights("2026-06-15T03:30:00Z", "2026-06-15T16:00:00Z") == 1)
        #expect(nights("2026-06-14T09:00:00-05:00", "2026-06-14T18:00:00-05:00") == 0)
        // A check-in after a midnight landing is the night before's: 12:55 AM to noon is one.
        #expect(nights("2026-09-13T00:55:00-05:00", "2026-09-13T12:00:00-05:00") == 1)
        #expect(nights("2026-09-13T05:59:00-05:00", "2026-09-14T11:00:00-05:00") == 2)
        #expect(nights("2026-09-13T06:00:00-05:00", "2026-09-13T18:00:00-05:00") == 0)
        #expect(
            Stay.nights(
                checkIn: nil, checkOut: Instant(rfc3339: "2026-06-15T11:00:00-05:00"), zone: .named("America/Chicago"))
                == nil)
    }

    /// A check-out alone counts from the day the stay is listed on; on that very day (the stay
    /// ended this morning) the nights before the trip are unknown, shown as none, not as 1.
    @Test(
        "a stay with only a check-out: the nights to it from its day, or none on that day",
        arguments: [
            ("2026-06-16T11:00:00-05:00", 2 as Int?), ("2026-06-14T08:00:00-05:00", nil),
        ])
    func checkOutOnly(_ checkOut: String, _ expected: Int?) throws {
        let trip = try oneDayTrip(
            items: [["type": "lodging", "name": "Arlo", "checkOut": checkOut]], city: "Dallas",
            timeZone: "America/Chicago")
        #expect(Stay.all(in: trip, zones: TimeZoneResolver(trip: trip)).map(\.nights) == [expected])
    }
}

@Suite("Item times in every trip")
struct EveryTripTimesTests {
    @Test(
        "no time in any example or fixture is labelled GMT±n; the examples give every place a zone",
        arguments: Compact.allTrips.map(\.lastPathComponent))
    func noGMTOffsets(_ file: String) throws {
        let trip = try Compact.trip(file)
        for template in ["classic", "compact"] {
            let words = try Compact.layout(trip, template: template).pages.flatMap { $0.items.texts.map(\.text) }
            for word in words {
                #expect(
                    word.range(of: #"GMT[+\-\u2212]?\d"#, options: .regularExpression) == nil,
                    "\(file), \(template): \(word)")
            }
        }
        if TestPaths.jsonFiles(in: TestPaths.examples).map(\.lastPathComponent).contains(file) {
            #expect(TimeZoneResolver(trip: trip).unknownZones(in: trip).isEmpty, "\(file)")
        }
    }
}
