import Testing
import ItineraryModel

@Suite struct TeamDecodingTests {
    /// The full sample plus a team no game refers to, so breaking it breaks nothing else.
    static let base = SampleTrips.changing(
        SampleTrips.full, "teams[2]",
        to: ["id": "sea", "name": "Seattle Mariners", "abbreviation": "SEA", "league": "MLB"])

    static let breakages: [Breakage] = [
        Breakage("teams[2].id", "chc", "teams[2].id: duplicate team id \"chc\" (first at teams[0])"),
        Breakage("teams[2].id", nil, "teams[2].id: required key is missing"),
        Breakage("teams[2].name", "", "teams[2].name: must not be empty"),
        Breakage("teams[2].abbreviation", "S", "teams[2].abbreviation: must be 2 to 4 characters, got \"S\""),
        Breakage("teams[2].abbreviation", "SEATT", "teams[2].abbreviation: must be 2 to 4 characters, got \"SEATT\""),
        Breakage("teams[2].league", " ", "teams[2].league: must not be only whitespace"),
        Breakage("teams[2].primaryColor", "navy", "teams[2].primaryColor: expected a color \"#RRGGBB\", got \"navy\""),
        Breakage(
            "teams[2].secondaryColor", "#00563", "teams[2].secondaryColor: expected a color \"#RRGGBB\", got \"#00563\""
        ),
        Breakage("teams[2].leage", "MLB", "teams[2].leage: unknown key (did you mean \"league\"?)"),
        Breakage("teams[2]", "sea", "teams[2]: expected an object, got a string"),
    ]

    @Test(arguments: breakages)
    func reportsBrokenTeamRules(_ breakage: Breakage) {
        breakage.check(against: Self.base)
    }

    @Test func acceptsAnyLeagueName() {
        #expect(problemLines(SampleTrips.changing(Self.base, "teams[2].league", to: "Liga MX")) == [])
    }

    @Test func removingATeamMakesItsGamesUnknown() {
        let document = SampleTrips.changing(Self.base, "teams[1]", to: nil)
        #expect(
            problemLines(document) == [
                "days[0].items[1].awayTeam: unknown team id \"mil\"",
                "days[1].items[2].homeTeam: unknown team id \"mil\"",
            ])
    }

    @Test func doesNotCallEveryTeamUnknownWhenTeamsIsUnusable() {
        #expect(
            problemLines(SampleTrips.changing(Self.base, "teams", to: "all of them"))
                == ["teams: expected an array, got a string"])
    }
}
