/// The words a reader needs are in the PDF as text: teams, cities, local start times.
import Foundation
import ItineraryExport
import ItineraryModel
import Testing
import TestSupport

@Suite("PDF text")
struct PDFTextTests {
    /// English examples: the expected time text is computed here with Foundation, independently
    /// of the layout engine's formatter.
    @Test("teams, cities and local times appear", arguments: ["day-trip.json", "midwest-mlb-10-day.json", "multi-league-30-day.json"])
    func essentialText(_ file: String) throws {
        let path = TestPaths.examples.appendingPathComponent(file).path
        let trip = try Exporter.loadTrip(path: path)
        let exporter = try TestStores.exporter()
        let result = try exporter.render(trip)
        let dir = TestPaths.scratch("text-\(file)")
        let pdf = dir.appendingPathComponent("trip.pdf")
        try result.bytes.write(to: pdf)
        let out = try runProcess("/usr/bin/pdftotext", ["-enc", "UTF-8", pdf.path, "-"])
        #expect(out.status == 0)
        // pdftotext turns no-break and thin spaces into plain ones (or drops them); compare on letters alone.
        let text = normalise(out.stdout)

        let stadiums = Dictionary(uniqueKeysWithValues: trip.stadiums.map { ($0.id, $0) })
        let teams = Dictionary(uniqueKeysWithValues: trip.teams.map { ($0.id, $0) })
        for day in trip.days {
            #expect(text.contains(normalise(day.city)), "city \(day.city) missing")
            for case let .game(game) in day.items {
                for id in [game.homeTeam, game.awayTeam] {
                    let team = try #require(teams[id])
                    #expect(text.contains(normalise(team.abbreviation)), "team \(team.abbreviation) missing")
                    #expect(text.contains(normalise(team.name)), "team \(team.name) missing")
                }
                let stadium = try #require(stadiums[game.stadium])
                let f = DateFormatter()
                f.locale = Locale(identifier: "en_US_POSIX")
                f.timeZone = TimeZone(identifier: stadium.timeZone)
                f.dateFormat = "h:mm"
                let time = f.string(from: Date(timeIntervalSince1970: game.startTime.secondsSince1970))
                #expect(text.contains(normalise(time)), "start time \(time) of \(game.id) missing")
            }
        }
    }

    private func normalise(_ s: String) -> String {
        String(s.unicodeScalars.filter { !$0.properties.isWhitespace }.map(Character.init))
    }
}
