import StrictJSON
import Foundation
import Testing
import ItineraryModel

@Suite struct TripLoaderTests {
    private func load(_ document: JSONValue) throws -> Trip {
        try TripLoader.load(JSONWriter.data(document))
    }

    @Test func loadsAMinimalTripWithDefaults() throws {
        let trip = try load(SampleTrips.minimal)
        let june1 = try #require(CalendarDate(iso: "2026-06-01"))
        #expect(
            trip
                == Trip(
                    id: "t1", startDate: june1, endDate: june1,
                    days: [Day(date: june1, city: "Chicago", items: [])]))
        #expect(trip.units == .imperial)
        #expect(trip.locale == "en_US")
        #expect(trip.name == nil && trip.traveler == nil && trip.progress == nil)
        #expect(trip.teams.isEmpty && trip.stadiums.isEmpty)
        #expect(trip.days[0].isRestDay)
    }

    @Test func loadsAFullTrip() throws {
        let trip = try load(SampleTrips.full)
        #expect(trip.id == "midwest-2026")
        #expect(trip.name == "Midwest Ballparks")
        #expect(trip.traveler == "Ana García")
        #expect(trip.startDate.description == "2026-06-01" && trip.endDate.description == "2026-06-03")
        #expect(trip.units == .metric)
        #expect(trip.locale == "es-MX")
        #expect(
            trip.teams == [
                Team(
                    id: "chc", name: "Chicago Cubs", abbreviation: "CHC", league: "MLB",
                    primaryColor: RGBColor(red: 0x0E, green: 0x33, blue: 0x86),
                    secondaryColor: RGBColor(red: 0xCC, green: 0x34, blue: 0x33)),
                Team(id: "mil", name: "Milwaukee Brewers", abbreviation: "MIL", league: "MLB"),
            ])
        #expect(
            trip.stadiums[0]
                == Stadium(
                    id: "wrigley", name: "Wrigley Field", city: "Chicago", region: "IL", country: "US",
                    timeZone: "America/Chicago", latitude: 41.948, longitude: -87.6553,
                    address: "1060 W Addison St"))
        #expect(trip.stadiums[1].region == nil && trip.stadiums[1].address == nil)
        #expect(trip.days.map(\.city) == ["Chicago", "Milwaukee", "Chicago"])
        #expect(trip.days[0].title == "Opening day" && trip.days[0].notes == "Arrive early")
        #expect(trip.days[2].isRestDay)

        let lodging = Lodging(
            name: "Hotel Lincoln", address: "1816 N Clark St",
            checkIn: Instant(rfc3339: "2026-06-01T15:00:00-05:00"),
            checkOut: Instant(rfc3339: "2026-06-03T11:00:00-05:00"),
            confirmation: "ABC123", notes: "Lake view")
        let game = Game(
            id: "g1", league: "MLB", homeTeam: "chc", awayTeam: "mil", stadium: "wrigley",
            startTime: try #require(Instant(rfc3339: "2026-06-01T19:05:00-05:00")),
            ticket: Ticket(section: "208", row: "4", seats: "5-6", url: "https://tickets.example.com/g1"),
            notes: "Bleachers")
        #expect(trip.days[0].items == [.lodging(lodging), .game(game)])

        let travel = TravelLeg(
            from: "Chicago", to: "Milwaukee", mode: .train, distanceMeters: 137_000,
            durationSeconds: 5400.5, departTime: Instant(rfc3339: "2026-06-02T09:45:00Z"), notes: "Hiawatha")
        let custom = CustomItem(
            category: .restaurant, title: "Kopp's Custard",
            time: Instant(rfc3339: "2026-06-02T12:30:00.250-05:00"), address: "7631 W Layton Ave",
            url: "http://kopps.example.com", notes: "Flavor of the day")
        #expect(trip.days[1].items.count == 3)
        #expect(trip.days[1].items[0] == .travel(travel))
        #expect(trip.days[1].items[1] == .custom(custom))
        guard case .game(let second) = trip.days[1].items[2] else {
            Issue.record("third item of day 2 is not a game")
            return
        }
        #expect(second.ticket == nil && second.notes == nil && second.homeTeam == "mil")
        #expect(
            trip.progress
                == Progress(
                    league: "MLB", visitedStadiumIds: ["wrigley", "Fenway Park"],
                    totalStadiums: 30, visitedCount: 12))
    }

    @Test func defaultsVisitedCountToTheListLength() throws {
        let document = SampleTrips.changing(SampleTrips.full, "progress.visitedCount", to: nil)
        #expect(try load(document).progress?.visitedCount == 2)
    }

    @Test func ignoresExtensionsWhateverTheyHold() throws {
        let document = SampleTrips.changing(
            SampleTrips.minimal, "extensions",
            to: ["naem": 1, "x": ["deep": [[["a": nil]]]], "x": "duplicate"])
        #expect(try load(document) == (try load(SampleTrips.minimal)))
    }

    @Test func acceptsNullForOptionalKeys() throws {
        var document = SampleTrips.minimal
        document[path: "name"] = nil as JSONValue
        document[path: "units"] = nil as JSONValue
        document[path: "days[0].title"] = nil as JSONValue
        let trip = try load(document)
        #expect(trip.name == nil && trip.units == .imperial && trip.days[0].title == nil)
    }

    @Test func acceptsAByteOrderMarkAndCRLF() throws {
        let text = JSONWriter.text(SampleTrips.minimal).replacingOccurrences(of: ",", with: ",\r\n")
        let trip = try TripLoader.load(Data([0xEF, 0xBB, 0xBF]) + Data(text.utf8))
        #expect(trip.id == "t1")
    }

    @Test func refusesFilesOverTheSizeLimit() {
        let tooBig = Data(repeating: 0x20, count: TripLoader.maximumBytes + 1)
        #expect(throws: TripLoadError.tooLarge(bytes: TripLoader.maximumBytes + 1)) { try TripLoader.load(tooBig) }
        // At the limit the size is fine and the (blank) content is what fails.
        let atLimit = Data(repeating: 0x20, count: TripLoader.maximumBytes)
        #expect(
            throws: TripLoadError.notJSON(
                line: 1, column: TripLoader.maximumBytes + 1,
                reason: "unexpected end of input; expected a value")
        ) {
            try TripLoader.load(atLimit)
        }
    }

    @Test func reportsSyntaxErrorsWithLineAndColumn() {
        let text = "{\n  \"name\": \"Café 🏟️\", oops\n}"
        #expect(
            loadError(text)
                == .notJSON(line: 2, column: 22, reason: "expected an object key in double quotes, got character 'o'"))
        #expect(
            loadError(text)?.description
                == "not valid JSON at line 2, column 22: expected an object key in double quotes, got character 'o'")
    }

    @Test func reportsDeepNestingAsNotJSON() {
        #expect(
            loadError(String(repeating: "[", count: 100_000))
                == .notJSON(line: 1, column: 65, reason: "arrays and objects nest deeper than 64 levels"))
    }

    @Test(arguments: [
        ("[]", "an array"), ("\"trip\"", "a string"), ("null", "null"), ("3", "a number"), ("true", "a boolean"),
    ])
    func requiresAnObjectAtTheTop(text: String, kind: String) {
        #expect(
            loadError(text)
                == .invalid([TripProblem(path: "", message: "expected an object at the top level, got \(kind)")]))
        #expect(loadError(text)?.description == "1 problem in trip")
    }

    @Test func reportsEveryProblemInDocumentOrder() {
        // Keys in an unusual order, so document order differs from the order rules run in.
        let text = """
            {
              "days": [
                {"date": "2026-06-01", "city": "", "items": [
                  {"type": "game", "id": "g1", "league": "MLB", "homeTeam": "nyyy", "awayTeam": "bos",
                   "stadium": "fenway", "startTime": "2026-06-01T19:10:00-04:00", "ticket": {"url": "ftp://x.example"}}
                ]},
                {"date": "2026-06-03", "city": "Boston", "items": [], "mood": "tired"}
              ],
              "teams": [{"id": "bos", "name": "Red Sox", "abbreviation": "BOS", "league": "MLB"}],
              "naem": "Trip",
              "id": "t1",
              "schemaVersion": 1,
              "startDate": "2026-06-01",
              "endDate": "2026-06-03",
              "units": "imperal"
            }
            """
        guard case .invalid(let problems) = loadError(text) else {
            Issue.record("expected validation problems")
            return
        }
        #expect(
            problems.map(\.description) == [
                "days: expected 3 days (2026-06-01 to 2026-06-03), got 2",
                "days[0].city: must not be empty",
                "days[0].items[0].homeTeam: unknown team id \"nyyy\"",
                "days[0].items[0].stadium: unknown stadium id \"fenway\"",
                "days[0].items[0].ticket.url: expected an absolute http or https URL, got \"ftp://x.example\"",
                "days[1].date: gap in days: 2026-06-02 is missing",
                // A day has too many keys to list them all (see KeySuggestion).
                "days[1].mood: unknown key",
                "naem: unknown key (did you mean \"name\"?)",
                "units: must be \"imperial\" or \"metric\", got \"imperal\"",
            ])
        #expect(loadError(text)?.description == "9 problems in trip")
    }

    @Test func acceptsA366DayTrip() throws {
        let trip = try load(SampleTrips.restDays(366))
        #expect(trip.days.count == 366)
        #expect(trip.endDate.description == "2024-12-31")
    }

    @Test func refusesA367DayTrip() {
        #expect(
            problemLines(SampleTrips.restDays(367)) == ["endDate: a trip may be at most 366 days long, got 367 days"])
    }
}
