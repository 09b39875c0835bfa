import Testing
import ItineraryModel

@Suite struct ProgressDecodingTests {
    static let breakages: [Breakage] = [
        Breakage("progress.visitedCount", 31, "progress.visitedCount: must not exceed totalStadiums (30), got 31"),
        Breakage("progress.visitedCount", -1, "progress.visitedCount: must be zero or more, got -1"),
        Breakage("progress.visitedCount", 2.5, "progress.visitedCount: expected an integer, got 2.5"),
        Breakage("progress.totalStadiums", 0, "progress.totalStadiums: must be at least 1, got 0"),
        Breakage("progress.totalStadiums", 30.0, "progress.totalStadiums: expected an integer, got 30.0"),
        Breakage("progress.totalStadiums", nil, "progress.totalStadiums: required key is missing"),
        Breakage("progress.league", nil, "progress.league: required key is missing"),
        Breakage(
            "progress.visitedStadiumIds", "wrigley", "progress.visitedStadiumIds: expected an array, got a string"),
        Breakage("progress.visitedStadiumIds[1]", "", "progress.visitedStadiumIds[1]: must not be empty"),
        Breakage("progress.visitedStadiumIds[1]", 7, "progress.visitedStadiumIds[1]: expected a string, got a number"),
        Breakage(
            "progress.visited", 1,
            #"progress.visited: unknown key (expected "league", "visitedStadiumIds", "totalStadiums" or "visitedCount")"#
        ),
        Breakage("progress", [], "progress: expected an object, got an array"),
    ]

    @Test(arguments: breakages)
    func reportsBrokenProgressRules(_ breakage: Breakage) {
        breakage.check(against: SampleTrips.full)
    }

    @Test func checksTheDefaultCountAgainstTheTotal() {
        var document = SampleTrips.changing(SampleTrips.full, "progress.visitedCount", to: nil)
        document[path: "progress.totalStadiums"] = 1
        #expect(problemLines(document) == ["progress.visitedStadiumIds: lists 2 stadiums, more than totalStadiums (1)"])
    }

    @Test func acceptsACountUpToTheTotal() throws {
        var document = SampleTrips.changing(SampleTrips.full, "progress.visitedCount", to: 30)
        #expect(try TripLoader.load(JSONWriter.data(document)).progress?.visitedCount == 30)
        document[path: "progress.visitedCount"] = 0
        #expect(try TripLoader.load(JSONWriter.data(document)).progress?.visitedCount == 0)
    }
}
