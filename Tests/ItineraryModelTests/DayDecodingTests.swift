import StrictJSON
import Testing
import ItineraryModel

/// Days: one per date, in order, from startDate to endDate.
@Suite struct DayDecodingTests {
    static let breakages: [Breakage] = [
        Breakage(
            "days[1]", nil,
            "days: expected 3 days (2026-06-01 to 2026-06-03), got 2",
            "days[1].date: gap in days: 2026-06-02 is missing"),
        // A bad date is taken to stand for the expected one, so the next day is no "gap".
        Breakage("days[1].date", "2026-06-01", "days[1].date: duplicate day 2026-06-01 (first at days[0])"),
        Breakage(
            "days[2].date", "2026-06-04",
            "days[2].date: 2026-06-04 is outside the trip, which runs 2026-06-01 to 2026-06-03"),
        Breakage(
            "days[0].date", "2026-05-31",
            "days[0].date: 2026-05-31 is outside the trip, which runs 2026-06-01 to 2026-06-03"),
        Breakage("days[1].date", "June 2", "days[1].date: expected a date \"YYYY-MM-DD\", got \"June 2\""),
        Breakage("days[1].date", nil, "days[1].date: required key is missing"),
        Breakage("days[1].city", "", "days[1].city: must not be empty"),
        Breakage("days[2].items", nil, "days[2].items: required key is missing"),
        Breakage("days[2].items", [:], "days[2].items: expected an array, got an object"),
        Breakage("days[2].items[0]", "rest", "days[2].items[0]: expected an object, got a string"),
        Breakage("days[2].title", 3, "days[2].title: expected a string, got a number"),
        Breakage("days[2].note", "x", "days[2].note: unknown key (did you mean \"notes\"?)"),
        Breakage("days[2]", [], "days[2]: expected an object, got an array"),
        // A city is placed by both coordinates or neither, each in range.
        Breakage("days[1].latitude", 41.9, "days[1].latitude: latitude without longitude: give both, or neither"),
        Breakage("days[1].longitude", -87.6, "days[1].longitude: longitude without latitude: give both, or neither"),
        Breakage(
            "days[1].latitude", 91, "days[1].latitude: must be between -90 and 90, got 91",
            "days[1].latitude: latitude without longitude: give both, or neither"),
    ]

    @Test(arguments: breakages)
    func reportsBrokenDayRules(_ breakage: Breakage) {
        breakage.check(against: SampleTrips.full)
    }

    @Test func reportsAnExtraCopyOfADay() {
        var document = SampleTrips.full
        document[path: "days[3]"] = ["date": "2026-06-02", "city": "Chicago", "items": []]
        #expect(
            problemLines(document) == [
                "days: expected 3 days (2026-06-01 to 2026-06-03), got 4",
                "days[3].date: duplicate day 2026-06-02 (first at days[1])",
            ])
    }

    @Test func reportsDaysOutOfOrder() {
        var document = SampleTrips.full
        document[path: "days[1].date"] = "2026-06-03"
        document[path: "days[2].date"] = "2026-06-02"
        #expect(
            problemLines(document) == [
                "days[1].date: gap in days: 2026-06-02 is missing",
                "days[2].date: days are not in date order: 2026-06-02 comes after 2026-06-03",
            ])
    }

    @Test func namesEveryMissingDayOfAGap() {
        var document = SampleTrips.full
        document[path: "endDate"] = "2026-06-05"
        document[path: "days[2].date"] = "2026-06-05"
        #expect(
            problemLines(document) == [
                "days: expected 5 days (2026-06-01 to 2026-06-05), got 3",
                "days[2].date: gap in days: 2026-06-03 to 2026-06-04 are missing",
            ])
    }

    @Test func reportsMissingDaysAtTheStart() {
        let document = SampleTrips.changing(SampleTrips.minimal, "startDate", to: "2026-05-31")
        #expect(
            problemLines(document) == [
                "days: expected 2 days (2026-05-31 to 2026-06-01), got 1",
                "days[0].date: gap in days: 2026-05-31 is missing",
            ])
    }

    @Test func reportsMissingDaysAtTheEndByCount() {
        let document = SampleTrips.changing(SampleTrips.full, "endDate", to: "2026-06-04")
        #expect(problemLines(document) == ["days: expected 4 days (2026-06-01 to 2026-06-04), got 3"])
    }

    @Test func checksOrderEvenWhenTheTripDatesAreBroken() {
        var document = SampleTrips.changing(SampleTrips.full, "startDate", to: "first of June")
        document[path: "days[2].date"] = "2026-06-01"
        #expect(
            problemLines(document) == [
                "startDate: expected a date \"YYYY-MM-DD\", got \"first of June\"",
                "days[2].date: duplicate day 2026-06-01 (first at days[0])",
            ])
    }

    private func leapTrip(year: Int) -> JSONValue {
        var document = SampleTrips.minimal
        document[path: "startDate"] = .string("\(year)-02-28")
        document[path: "endDate"] = .string("\(year)-03-01")
        document[path: "days"] = .array(
            ["02-28", "02-29", "03-01"].map { ["date": .string("\(year)-\($0)"), "city": "Phoenix", "items": []] })
        return document
    }

    @Test func acceptsLeapDayInALeapYear() {
        #expect(problemLines(leapTrip(year: 2028)) == [])
        #expect(problemLines(leapTrip(year: 2000)) == [])
    }

    @Test func refusesLeapDayInOtherYears() {
        #expect(
            problemLines(leapTrip(year: 2026)) == [
                "days: expected 2 days (2026-02-28 to 2026-03-01), got 3",
                "days[1].date: no such date \"2026-02-29\"",
            ])
        #expect(problemLines(leapTrip(year: 2100)).contains("days[1].date: no such date \"2100-02-29\""))
    }

    @Test func acceptsAnEmptyRestDay() throws {
        let trip = try TripLoader.load(JSONWriter.data(SampleTrips.full))
        #expect(trip.days[2].items.isEmpty)
    }
}
