import Foundation
import Testing
import ItineraryModel

@Suite struct StadiumDecodingTests {
    /// The full sample plus a stadium no game refers to.
    static let base = SampleTrips.changing(
        SampleTrips.full, "stadiums[2]",
        to: [
            "id": "tmobile", "name": "T-Mobile Park", "city": "Seattle", "country": "US",
            "timeZone": "America/Los_Angeles", "latitude": 47.5914, "longitude": -122.3325,
        ])

    static let breakages: [Breakage] = [
        Breakage("stadiums[2].id", "amfam", "stadiums[2].id: duplicate stadium id \"amfam\" (first at stadiums[1])"),
        Breakage("stadiums[2].city", nil, "stadiums[2].city: required key is missing"),
        Breakage(
            "stadiums[2].country", "us", "stadiums[2].country: country code must be upper case: \"US\", got \"us\""),
        Breakage(
            "stadiums[2].country", "USA",
            "stadiums[2].country: expected a two-letter ISO 3166 country code like \"US\", got \"USA\""),
        Breakage(
            "stadiums[2].country", "U1",
            "stadiums[2].country: expected a two-letter ISO 3166 country code like \"US\", got \"U1\""),
        Breakage(
            "stadiums[2].timeZone", "PST",
            "stadiums[2].timeZone: expected an IANA time zone name like \"America/Chicago\", got \"PST\""),
        Breakage(
            "stadiums[2].timeZone", "-08:00",
            "stadiums[2].timeZone: expected an IANA time zone name like \"America/Chicago\", got \"-08:00\""),
        Breakage(
            "stadiums[2].timeZone", "America/Seattle", "stadiums[2].timeZone: unknown time zone \"America/Seattle\""),
        Breakage("stadiums[2].latitude", 91, "stadiums[2].latitude: must be between -90 and 90, got 91"),
        Breakage("stadiums[2].latitude", "47.59", "stadiums[2].latitude: expected a number, got a string"),
        Breakage("stadiums[2].longitude", -180.5, "stadiums[2].longitude: must be between -180 and 180, got -180.5"),
        Breakage("stadiums[2].region", 5, "stadiums[2].region: expected a string, got a number"),
    ]

    @Test(arguments: breakages)
    func reportsBrokenStadiumRules(_ breakage: Breakage) {
        breakage.check(against: Self.base)
    }

    @Test func reportsAMisspeltKeyAndTheMissingOne() {
        var document = SampleTrips.changing(Self.base, "stadiums[2].timeZone", to: nil)
        document[path: "stadiums[2].timezone"] = "America/Los_Angeles"
        #expect(
            problemLines(document) == [
                "stadiums[2].timezone: unknown key (did you mean \"timeZone\"?)",
                "stadiums[2].timeZone: required key is missing",
            ])
    }

    @Test(arguments: ["UTC", "Etc/UTC", "Europe/London", "America/Argentina/Buenos_Aires"])
    func acceptsIANATimeZones(name: String) {
        #expect(problemLines(SampleTrips.changing(Self.base, "stadiums[2].timeZone", to: .string(name))) == [])
    }

    @Test(arguments: [(-90.0, -180.0), (90.0, 180.0), (0.0, 0.0)])
    func acceptsCoordinatesAtTheEdges(latitude: Double, longitude: Double) {
        var document = Self.base
        document[path: "stadiums[2].latitude"] = .number(latitude, isInteger: false)
        document[path: "stadiums[2].longitude"] = .number(longitude, isInteger: false)
        #expect(problemLines(document) == [])
    }

    @Test func refusesInfiniteNumbers() {
        let text = JSONWriter.text(Self.base).replacingOccurrences(of: "47.5914", with: "4e999")
        #expect(problemLines(Data(text.utf8)) == ["stadiums[2].latitude: must be a finite number"])
    }
}
