/// The warning for a league whose chips cannot be given a short code by the rule.
import ItineraryExport
import ItineraryModel
import Testing
import TestSupport

@Suite("League warnings")
struct LeagueWarningTests {
    static func trip(league: String, leagues: [League] = []) throws -> Trip {
        var trip = try Exporter.loadTrip(
            path: TestPaths.examples.appendingPathComponent("midwest-mlb-10-day.json").path)
        trip.leagues = leagues
        for d in trip.days.indices {
            for i in trip.days[d].items.indices {
                if case var .game(game) = trip.days[d].items[i] {
                    game.league = league
                    trip.days[d].items[i] = .game(game)
                }
            }
        }
        return trip
    }

    @Test(
        "a one-word league without a code is named once, with the key to add; a code from the trip or a short name is quiet"
    )
    func warns() throws {
        let warnings = Exporter.warnings(try Self.trip(league: "Bundesliga")).filter { $0.hasPrefix("leagues:") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("\"Bundesliga\"") == true && warnings.first?.contains("abbreviation") == true)
        #expect(
            Exporter.warnings(
                try Self.trip(league: "Bundesliga", leagues: [League(id: "Bundesliga", abbreviation: "BL")])
            )
            .allSatisfy { !$0.hasPrefix("leagues:") })
        #expect(Exporter.warnings(try Self.trip(league: "Saudi Pro League")).allSatisfy { !$0.hasPrefix("leagues:") })
        #expect(Exporter.warnings(try Self.trip(league: "MLB")).allSatisfy { !$0.hasPrefix("leagues:") })
    }

    @Test("two leagues whose chips would print the same code are named, with the key that tells them apart")
    func sameCode() throws {
        var trip = try Self.trip(league: "Besta deild")
        for i in trip.days.indices.dropFirst(trip.days.count / 2) {
            for j in trip.days[i].items.indices {
                if case var .game(game) = trip.days[i].items[j] {
                    game.league = "Betri deildin"
                    trip.days[i].items[j] = .game(game)
                }
            }
        }
        let same = Exporter.warnings(trip).filter { $0.contains("both print as") }
        #expect(
            same == [
                "leagues: \"Besta deild\" and \"Betri deildin\" both print as \"BD\" on their chips; add {\"id\": \"Betri deildin\", \"abbreviation\": \"…\"} (2 to 4 characters) to leagues to tell them apart"
            ], "\(same)")
        trip.leagues = [League(id: "Betri deildin", abbreviation: "FO")]
        #expect(!Exporter.warnings(trip).contains { $0.contains("both print as") })
    }
}
