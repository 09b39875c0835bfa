import Testing
import ItineraryModel

@Suite struct LeagueDecodingTests {
    /// The full sample with two leagues written out: one with a code and a name, one with a name only.
    static let base = SampleTrips.changing(
        SampleTrips.full, "leagues",
        to: [
            ["id": "MLB", "abbreviation": "MLB", "name": "Major League Baseball"],
            ["id": "Brasileirão", "name": "Campeonato Brasileiro Série A"],
        ])

    static let breakages: [Breakage] = [
        Breakage("leagues[1].id", "MLB", "leagues[1].id: duplicate league id \"MLB\" (first at leagues[0])"),
        Breakage("leagues[1].id", nil, "leagues[1].id: required key is missing"),
        Breakage("leagues[1].abbreviation", "B", "leagues[1].abbreviation: must be 2 to 4 characters, got \"B\""),
        Breakage(
            "leagues[1].abbreviation", "BRASIL", "leagues[1].abbreviation: must be 2 to 4 characters, got \"BRASIL\""),
        Breakage("leagues[1].name", " ", "leagues[1].name: must not be only whitespace"),
        Breakage(
            "leagues[1].abbrevation", "BRA", "leagues[1].abbrevation: unknown key (did you mean \"abbreviation\"?)"),
        Breakage("leagues", "all", "leagues: expected an array, got a string"),
    ]

    @Test(arguments: breakages)
    func reportsBrokenLeagueRules(_ breakage: Breakage) {
        breakage.check(against: Self.base)
    }

    @Test("the trip keeps each league as written, the code and the name optional")
    func decodes() throws {
        #expect(problemLines(Self.base) == [])
        let trip = try TripLoader.load(JSONWriter.data(Self.base))
        #expect(
            trip.leagues == [
                League(id: "MLB", abbreviation: "MLB", name: "Major League Baseball"),
                League(id: "Brasileirão", name: "Campeonato Brasileiro Série A"),
            ])
    }
}
