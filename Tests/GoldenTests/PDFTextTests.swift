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
    @Test(
        "teams, cities and local times appear",
        arguments: ["day-trip.json", "midwest-mlb-10-day.json", "multi-league-30-day.json"])
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

/// Names in lines the program composes keep the trip's order on the page, whatever their
/// script: two right-to-left names joined by an arrow once became one right-to-left run, which
/// showed Riyadh → Tel Aviv as Tel Aviv → Riyadh.
@Suite("Mixed-direction lines")
struct MixedDirectionTests {
    static func isArabic(_ w: WordBox) -> Bool {
        w.text.unicodeScalars.contains { (0x0600...0x06FF).contains($0.value) }
    }
    static func isHebrew(_ w: WordBox) -> Bool {
        w.text.unicodeScalars.contains { (0x0590...0x05FF).contains($0.value) }
    }
    /// Words on one line: their boxes' middles agree (the boxes' heights differ by font).
    static func sameLine(_ a: WordBox, _ b: WordBox) -> Bool { abs((a.yMin + a.yMax) - (b.yMin + b.yMax)) / 2 < 3 }

    @Test("the cover's route and a flight's title read left to right in visiting order")
    func visitingOrder() throws {
        let trip = try Exporter.loadTrip(path: TestPaths.validFixtures.appendingPathComponent("unicode.json").path)
        let pdf = TestPaths.scratch("mixed-direction").appendingPathComponent("trip.pdf")
        try TestStores.exporter().render(trip).bytes.write(to: pdf)
        let out = try runProcess("/usr/bin/pdftotext", ["-bbox", "-enc", "UTF-8", pdf.path, "-"])
        let pages = wordPages(out.stdout)

        // Cover: … Москва → الرياض → תל אביב → 東京 … on the line that holds Москва.
        let moscow = try #require(pages[0].words.first { $0.text == "Москва" })
        let line = pages[0].words.filter { Self.sameLine($0, moscow) }
        let arabic = try #require(line.filter(Self.isArabic).map(\.xMin).min())
        let hebrew = try #require(line.filter(Self.isHebrew).map(\.xMin).min())
        let tokyo = try #require(line.first { $0.text.contains("東京") }?.xMin)
        #expect(moscow.xMin < arabic && arabic < hebrew && hebrew < tokyo, "route line: \(line.map(\.text))")

        // Day 6 and the overview: the flight from Tel Aviv to Tokyo, `תל אביב → 東京`: the word
        // just before the arrow that points at Tokyo is Hebrew (before the fix: Tokyo came first,
        // and the arrow pointed at Tel Aviv).
        let titled = pages.flatMap { page in
            page.words.filter { $0.text == "→" }.compactMap { arrow -> Bool? in
                let row = page.words.filter { Self.sameLine($0, arrow) }
                guard let after = row.filter({ $0.xMin >= arrow.xMax - 0.5 }).min(by: { $0.xMin < $1.xMin }),
                    let before = row.filter({ $0.xMax <= arrow.xMin + 0.5 }).max(by: { $0.xMax < $1.xMax })
                else { return nil }
                if after.text.contains("東京") { return Self.isHebrew(before) }
                if Self.isHebrew(after) && before.text.contains("東京") { return false }
                return nil
            }
        }
        #expect(titled.count >= 2 && titled.allSatisfy { $0 }, "\(titled)")
    }
}
