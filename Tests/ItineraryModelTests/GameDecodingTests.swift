import Testing
import ItineraryModel

/// The games of the full sample: days[0].items[1] (g1, chc v mil at wrigley) and
/// days[1].items[2] (g2, mil v chc at amfam).
@Suite struct GameDecodingTests {
    static let breakages: [Breakage] = [
        Breakage("days[0].items[1].homeTeam", "nyyy", "days[0].items[1].homeTeam: unknown team id \"nyyy\""),
        Breakage("days[0].items[1].awayTeam", "CHC", "days[0].items[1].awayTeam: unknown team id \"CHC\""),
        Breakage(
            "days[0].items[1].awayTeam", "chc",
            "days[0].items[1].awayTeam: must differ from homeTeam, got \"chc\" for both"),
        Breakage("days[0].items[1].stadium", "x", "days[0].items[1].stadium: unknown stadium id \"x\""),
        Breakage("days[0].items[1].stadium", nil, "days[0].items[1].stadium: required key is missing"),
        Breakage("days[0].items[1].league", "", "days[0].items[1].league: must not be empty"),
        Breakage(
            "days[1].items[2].id", "g1", "days[1].items[2].id: duplicate game id \"g1\" (first at days[0].items[1])"),
        Breakage(
            "days[0].items[1].startTime", "2026-06-01T19:05:00",
            "days[0].items[1].startTime: expected an RFC 3339 date-time like \"2026-06-12T19:10:00-05:00\", got \"2026-06-01T19:05:00\""
        ),
        Breakage(
            "days[0].items[1].startTime", "2026-06-01T19:05:00 CDT",
            "days[0].items[1].startTime: expected an RFC 3339 date-time like \"2026-06-12T19:10:00-05:00\", got \"2026-06-01T19:05:00 CDT\""
        ),
        Breakage(
            "days[0].items[1].homeTem", "chc", "days[0].items[1].homeTem: unknown key (did you mean \"homeTeam\"?)"),
        Breakage("days[0].items[1].ticket", "208/4/5-6", "days[0].items[1].ticket: expected an object, got a string"),
        Breakage(
            "days[0].items[1].ticket.url", "ftp://tickets.example.com/g1",
            "days[0].items[1].ticket.url: expected an absolute http or https URL, got \"ftp://tickets.example.com/g1\""),
        Breakage(
            "days[0].items[1].ticket.seat", "5", "days[0].items[1].ticket.seat: unknown key (did you mean \"seats\"?)"),
        Breakage("days[0].items[1].ticket.row", 4, "days[0].items[1].ticket.row: expected a string, got a number"),
        // Leagues are not cross-checked: exhibition games happen.
        Breakage("days[0].items[1].league", "Spring Training"),
    ]

    @Test(arguments: breakages)
    func reportsBrokenGameRules(_ breakage: Breakage) {
        breakage.check(against: SampleTrips.full)
    }

    @Test(arguments: [
        "2026-06-01T19:05:00Z", "2026-06-02T00:05:00.123456+00:00", "2026-06-01T19:05:00-05:00",
        "2026-06-02T05:35:00+10:30",
    ])
    func acceptsRFC3339StartTimes(text: String) throws {
        let document = SampleTrips.changing(SampleTrips.full, "days[0].items[1].startTime", to: .string(text))
        let trip = try TripLoader.load(JSONWriter.data(document))
        guard case .game(let game) = trip.days[0].items[1] else {
            Issue.record("not a game")
            return
        }
        #expect(game.startTime == Instant(rfc3339: text))
    }

    @Test func keepsTheWrittenOffset() throws {
        let trip = try TripLoader.load(JSONWriter.data(SampleTrips.full))
        guard case .game(let game) = trip.days[0].items[1] else {
            Issue.record("not a game")
            return
        }
        #expect(game.startTime.writtenOffsetSeconds == -5 * 3600)
        #expect(game.startTime.secondsSince1970 == 1_780_358_700)
    }
}
