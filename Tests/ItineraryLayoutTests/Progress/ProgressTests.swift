/// The progress page: venue nouns by league, the segments, the order of the cards.
import DisplayList
import Foundation
@testable import ItineraryLayout
import ItineraryModel
import ItineraryText
import Testing

@Suite("Stadium progress")
struct ProgressTests {
    private func layout(
        _ league: String, total: Int = 30, visited: Int? = nil, locale: String = "en_US"
    ) throws -> ProgressBuilder {
        var trip = try DayFixtures.trip("midwest-mlb-10-day.json")
        trip.locale = locale
        trip.progress = Progress(
            league: league, visitedStadiumIds: trip.progress?.visitedStadiumIds ?? [], totalStadiums: total,
            visitedCount: visited)
        let ctx = try DayFixtures.context(trip, text: try DayFixtures.engine())
        return ProgressBuilder(
            ctx: ctx, spec: try #require(ctx.theme.template.progress), progress: try #require(trip.progress))
    }

    @Test(
        "venue nouns by league",
        arguments: [
            ("MLB", "of 30 MLB ballparks"), ("NBA", "of 30 NBA arenas"), ("NHL", "of 30 NHL arenas"),
            ("WNBA", "of 30 WNBA arenas"),
            ("NFL", "of 30 NFL stadiums"), ("MLS", "of 30 MLS stadiums"), ("NWSL", "of 30 NWSL stadiums"),
            ("XFL", "of 30 XFL stadiums"),
        ])
    func venueNouns(_ league: String, _ phrase: String) throws {
        let l = try layout(league)
        #expect(l.label("heroOf", l.words) == phrase)
    }

    @Test func leadAndSpanish() throws {
        let l = try layout("MLB")
        #expect(l.label("lead", l.words) == "Your Major League Baseball ballpark count, this trip included.")
        #expect(l.label(l.venueKind + "Visited") == "Ballparks visited")
        let es = try layout("MLB", locale: "es_MX")
        #expect(es.label("heroOf", es.words) == "de 30 estadios de la MLB")
        #expect(try layout("NBA", locale: "es_MX").label("arenaVisited") == "Arenas visitadas")
    }

    @Test("one segment per stadium, the visited ones in the accent; one bar past 60")
    func segments() throws {
        let l = try layout("MLB", total: 30, visited: 6)
        let rects = l.bar().draw(at: Point(x: 54, y: 0)).compactMap { item -> (Rect, Color?)? in
            if case let .rect(r, _, fill, _, _) = item { return (r, fill) }
            return nil
        }
        #expect(rects.count == 30)
        #expect(rects.filter { $0.1 == l.color(.visited) }.count == 6)
        #expect(abs(rects.last!.0.x + rects.last!.0.width - (54 + 504)) < 0.001)
        #expect(abs(rects[1].0.x - rects[0].0.x - rects[0].0.width - 3) < 0.001)
        #expect(try layout("MLB", total: 60).bar().draw(at: Point(x: 0, y: 0)).count == 60)
        #expect(try layout("MLB", total: 82, visited: 10).bar().draw(at: Point(x: 0, y: 0)).count == 2)
    }

    @Test("cards by trip visit, then the rest; free strings apart; consecutive days as a run")
    func order() throws {
        let trip = try DayFixtures.trip("midwest-mlb-10-day.json")
        var ids = try #require(trip.progress?.visitedStadiumIds)
        ids.reverse()
        let visits = StadiumVisits(trip: trip, visitedIds: ids)
        #expect(
            visits.entries.map(\.stadium.id) == [
                "wrigley-field", "rate-field", "american-family-field", "comerica-park",
                "progressive-field", "pnc-park", "great-american-ball-park",
            ])
        #expect(visits.others == ["Target Field", "Busch Stadium", "Coors Field"])
        let pnc = try #require(visits.entries.first { $0.stadium.id == "pnc-park" })
        let f = MonthDayFormatter(locale: Locale(identifier: "en_US"), dates: DateFormatterCache())
        #expect(StadiumVisits.runs(pnc.dates).map(f.string) == ["Jun 19–20"])
    }

    @Test("a shared arena's card names the record league's tenant: the Kings in an NHL list, the Lakers in an NBA one")
    func sharedArenaTenant() throws {
        let trip = try DayFixtures.trip(json: [
            "startDate": "2026-11-01", "endDate": "2026-11-02",
            "teams": [
                ["id": "lal", "name": "Los Angeles Lakers", "abbreviation": "LAL", "league": "NBA"],
                ["id": "bos", "name": "Boston Celtics", "abbreviation": "BOS", "league": "NBA"],
                ["id": "lak", "name": "Los Angeles Kings", "abbreviation": "LAK", "league": "NHL"],
                ["id": "vgk", "name": "Vegas Golden Knights", "abbreviation": "VGK", "league": "NHL"],
            ],
            "stadiums": [
                [
                    "id": "arena", "name": "Crypto.com Arena", "city": "Los Angeles", "country": "US",
                    "timeZone": "America/Los_Angeles", "latitude": 34.043, "longitude": -118.267,
                ]
            ],
            "days": [
                [
                    "date": "2026-11-01", "city": "Los Angeles",
                    "items": [
                        [
                            "type": "game", "id": "g1", "league": "NBA", "homeTeam": "lal",
                            "awayTeam": "bos", "stadium": "arena", "startTime": "2026-11-01T19:30:00-08:00",
                        ]
                    ],
                ],
                [
                    "date": "2026-11-02", "city": "Los Angeles",
                    "items": [
                        [
                            "type": "game", "id": "g2", "league": "NHL", "homeTeam": "lak",
                            "awayTeam": "vgk", "stadium": "arena", "startTime": "2026-11-02T19:00:00-08:00",
                        ]
                    ],
                ],
            ],
        ])
        #expect(StadiumVisits(trip: trip, visitedIds: ["arena"], league: "NHL").entries.first?.homeTeam == "lak")
        #expect(StadiumVisits(trip: trip, visitedIds: ["arena"], league: "NBA").entries.first?.homeTeam == "lal")
        #expect(StadiumVisits(trip: trip, visitedIds: ["arena"], league: "MLS").entries.first?.homeTeam == nil)
        // Every game there is a visit, whatever its league.
        #expect(StadiumVisits(trip: trip, visitedIds: ["arena"], league: "NHL").entries.first?.dates.count == 2)
    }

    @Test("a city too long for the chip's row is set whole under the chip, not cut with …")
    func longCityUnderTheChip() throws {
        var trip = try DayFixtures.trip("midwest-mlb-10-day.json")
        let long = "Newcastle upon Tyne and Wear Metropolitan"
        trip.stadiums = trip.stadiums.map { s in
            var s = s
            s.city = long
            return s
        }
        let ctx = try DayFixtures.context(trip, text: try DayFixtures.engine())
        let p = ProgressBuilder(
            ctx: ctx, spec: try #require(ctx.theme.template.progress), progress: try #require(trip.progress))
        let visits = StadiumVisits(trip: p.ctx.trip, visitedIds: p.progress.visitedStadiumIds, league: "MLB")
        let texts = p.gridRows(visits.entries).flatMap { $0.draw(at: Point(x: 0, y: 0)) }.compactMap {
            item -> String? in
            if case let .text(spans, origin: _) = item { return LineBreaks.plain(spans.map(\.text).joined()) }
            return nil
        }
        #expect(!texts.contains { $0.contains("…") }, "\(texts)")
        let words = texts.joined(separator: " ")
        #expect(words.contains(long.uppercased()), "\(texts)")
    }

    @Test(
        "a card whose tenant in the record's league the trip does not name has every part: the league's code on the chip, its name on the team line"
    )
    func cardWithoutTenant() throws {
        // An NHL record over a trip of baseball games: no stadium has an NHL home team here.
        let p = try layout("NHL")
        let visits = StadiumVisits(trip: p.ctx.trip, visitedIds: p.progress.visitedStadiumIds, league: "NHL")
        #expect(!visits.entries.isEmpty && visits.entries.allSatisfy { $0.homeTeam == nil })
        func strings(_ rows: [Canvas]) -> [String] {
            rows.flatMap { $0.draw(at: Point(x: 0, y: 0)) }.compactMap { item -> String? in
                if case let .text(spans, origin: _) = item { return spans.map(\.text).joined() }
                return nil
            }
        }
        let texts = strings(p.gridRows(visits.entries))
        #expect(texts.filter { $0 == "NHL" }.count == visits.entries.count, "\(texts)")
        #expect(texts.filter { $0 == "National Hockey League" }.count == visits.entries.count)
        // With the tenant known, its code and name as before.
        let mlb = try layout("MLB")
        let own = strings(
            mlb.gridRows(
                StadiumVisits(trip: mlb.ctx.trip, visitedIds: mlb.progress.visitedStadiumIds, league: "MLB").entries))
        #expect(own.contains("CHC") && own.contains("Chicago Cubs") && !own.contains("National Hockey League"))
    }

    @Test("a card's trip dates in a right-to-left locale are one list read from the right, after the label")
    func rightToLeftDates() throws {
        let p = try layout("MLB", locale: "ar_EG")
        let visits = StadiumVisits(trip: p.ctx.trip, visitedIds: p.progress.visitedStadiumIds, league: "MLB")
        let feet = p.gridRows(visits.entries).flatMap { $0.draw(at: Point(x: 0, y: 0)) }.compactMap {
            item -> String? in
            guard case let .text(spans, origin: _) = item else { return nil }
            let text = spans.map(\.text).joined()
            return text.hasPrefix("On this trip") ? text : nil
        }
        #expect(!feet.isEmpty)
        for foot in feet {
            // `On this trip · ` then one right-to-left isolate holding every date and separator.
            let list = foot.dropFirst("On this trip · ".count)
            #expect(
                list.hasPrefix("\u{200E}\u{2067}") && list.hasSuffix("\u{2069}"), "\(foot.unicodeScalars.map(\.value))")
        }
    }

    @Test("the count shown is visitedCount")
    func count() throws {
        let l = try layout("MLB", total: 30, visited: 12)
        let words = l.hero().draw(at: Point(x: 0, y: 0)).compactMap { item -> String? in
            if case let .text(spans, _) = item { return spans.map(\.text).joined() }
            return nil
        }
        #expect(words.contains("12") && words.contains("40%") && words.contains("18 TO GO"))
    }
}
