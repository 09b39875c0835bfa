import Testing
import ItineraryModel

/// Items in the full sample: days[0].items = [lodging, game g1];
/// days[1].items = [travel, custom, game g2].
@Suite struct ItemDecodingTests {
    static let allTypes = "\"game\", \"travel\", \"lodging\" or \"custom\""

    static let breakages: [Breakage] = [
        Breakage(
            "days[0].items[1].type", "match", "days[0].items[1].type: unknown item type \"match\"; expected \(allTypes)"
        ),
        Breakage("days[0].items[1].type", nil, "days[0].items[1].type: required key is missing"),
        Breakage("days[0].items[1].type", 1, "days[0].items[1].type: expected a string, got a number"),
        // Keys are judged by the type: a lodging key on a game is unknown.
        Breakage("days[0].items[1].checkIn", "2026-06-01T15:00:00Z", "days[0].items[1].checkIn: unknown key"),

        // Travel.
        Breakage(
            "days[1].items[0].mode", "car",
            "days[1].items[0].mode: must be \"drive\", \"flight\", \"train\", \"bus\", \"walk\" or \"other\", got \"car\""
        ),
        Breakage("days[1].items[0].from", nil, "days[1].items[0].from: required key is missing"),
        Breakage("days[1].items[0].to", "", "days[1].items[0].to: must not be empty"),
        Breakage(
            "days[1].items[0].distanceMeters", -1,
            "days[1].items[0].distanceMeters: must be between 0 and 100000000, got -1"),
        Breakage(
            "days[1].items[0].durationSeconds", "1h",
            "days[1].items[0].durationSeconds: expected a number, got a string"),
        Breakage(
            "days[1].items[0].departTime", "2026-06-02 9:45",
            "days[1].items[0].departTime: expected an RFC 3339 date-time like \"2026-06-12T19:10:00-05:00\", got \"2026-06-02 9:45\""
        ),
        Breakage(
            "days[1].items[0].distance", 5, "days[1].items[0].distance: unknown key (did you mean \"distanceMeters\"?)"),

        // Lodging.
        Breakage(
            "days[0].items[0].checkOut", "2026-06-01T14:00:00-05:00", "days[0].items[0].checkOut: must be after checkIn"
        ),
        Breakage(
            "days[0].items[0].checkOut", "2026-06-01T20:00:00Z", "days[0].items[0].checkOut: must be after checkIn"),
        Breakage("days[0].items[0].name", nil, "days[0].items[0].name: required key is missing"),
        Breakage(
            "days[0].items[0].confirmation", 123, "days[0].items[0].confirmation: expected a string, got a number"),

        // Custom.
        Breakage(
            "days[1].items[1].category", "food",
            "days[1].items[1].category: must be \"restaurant\", \"activity\", \"note\" or \"other\", got \"food\""),
        Breakage("days[1].items[1].title", "   ", "days[1].items[1].title: must not be only whitespace"),
        Breakage(
            "days[1].items[1].url", "kopps.example.com",
            "days[1].items[1].url: expected an absolute http or https URL, got \"kopps.example.com\""),
        Breakage(
            "days[1].items[1].time", "12:30",
            "days[1].items[1].time: expected an RFC 3339 date-time like \"2026-06-12T19:10:00-05:00\", got \"12:30\""),
    ]

    @Test(arguments: breakages)
    func reportsBrokenItemRules(_ breakage: Breakage) {
        breakage.check(against: SampleTrips.full)
    }

    @Test func acceptsCheckOutWithoutCheckIn() {
        #expect(problemLines(SampleTrips.changing(SampleTrips.full, "days[0].items[0].checkIn", to: nil)) == [])
    }

    @Test func reportsEveryBrokenItemOfADay() {
        var document = SampleTrips.full
        document[path: "days[1].items[0].mode"] = "boat"
        document[path: "days[1].items[1].url"] = "www.example.com"
        document[path: "days[1].items[2].homeTeam"] = "sea"
        #expect(
            problemLines(document) == [
                "days[1].items[0].mode: must be \"drive\", \"flight\", \"train\", \"bus\", \"walk\" or \"other\", got \"boat\"",
                "days[1].items[1].url: expected an absolute http or https URL, got \"www.example.com\"",
                "days[1].items[2].homeTeam: unknown team id \"sea\"",
            ])
    }
}
