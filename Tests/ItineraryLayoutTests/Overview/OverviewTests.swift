/// The overview of the 10-day sample trip and of a year-long trip: rows, totals, stays, links, pages.
import DisplayList
import Foundation
@testable import ItineraryLayout
import ItineraryModel
import Testing
import TestSupport

private typealias O = OverviewSupport

@Suite("Overview")
struct OverviewTests {
    @Test("one row per day, each linking to its day")
    func rowsAndLinks() throws {
        let trip = try O.trip(O.midwest)
        let table = try O.builder(trip).daysTable()
        #expect(table.rows == 0..<10)
        let links = O.links(table.draw(at: Point(x: 54, y: 80)))
        #expect(links.map(\.destination) == (1...10).map { "day-\($0)" })
        #expect(links.allSatisfy { $0.rect.width == 504 })
        // The destinations are the ones the day sections emit.
        #expect(links.map(\.destination) == trip.days.indices.map { SectionContext.destination(day: $0) })
    }

    @Test("cells: games with times, travel, rest days and empty cells")
    func cells() throws {
        let lines = O.lines(try O.builder(O.trip(O.midwest)).daysTable().draw(at: Point(x: 0, y: 0)))
        #expect(lines[0] == ["DAY", "DATE", "CITY", "GAMES", "TRAVEL", "DISTANCE", "TIME"])
        #expect(
            lines[1] == [
                "1", "Fri, Jun 12", "Chicago", "STL @ CHC", "1:20 PM", "Denver → Chicago", "888 mi", "2 h 35 m",
            ])
        // Jun 15: travel but no game; Jun 18: nothing at all.
        #expect(lines[4] == ["4", "Mon, Jun 15", "Detroit", "—", "Milwaukee → Detroit", "370 mi", "5 h 50 m"])
        #expect(lines[7] == ["7", "Thu, Jun 18", "Cleveland", "Rest day", "—", "—", "—"])
    }

    @Test("every game time of the table starts at one x, past the widest matchup")
    func timesInOneColumn() throws {
        var trip = try O.trip(O.midwest)
        // One team with a wide code: its time would be pushed out of line with the others.
        trip.teams[0].abbreviation = "WWWW"
        let texts = O.texts(try O.builder(trip).daysTable().draw(at: Point(x: 0, y: 0)))
        let times = texts.filter { O.plain($0.text).hasSuffix(" PM") || O.plain($0.text).hasSuffix(" AM") }
        let matchups = texts.filter { $0.text.contains("\u{00A0}@\u{00A0}") }
        #expect(times.count == matchups.count && times.count > 5, "\(texts.map(\.text))")
        #expect(Set(times.map { ($0.at.x * 100).rounded() }).count == 1, "\(times.map(\.at.x))")
    }

    @Test("a hotel named for the trip's city keeps the city whole, however its cell wraps (Tel Aviv in Hebrew)")
    func hotelKeepsItsCity() throws {
        let trip = try O.trip(O.fixture("hebrew-locale.json"))
        let stays = try #require(try O.builder(trip).staysTable()).draw(at: Point(x: 0, y: 0))
        let hotel = O.texts(stays).map(\.text).filter { $0.contains("מלון") }
        // Tied by a no-break space: no width of the column can part `תל` from `אביב`.
        #expect(hotel.count == 1 && hotel[0].contains("תל\u{00A0}אביב"), "\(hotel)")
    }

    @Test("a hotel's words written without spaces stay whole however its cell wraps (中山大酒店)")
    func hotelKeepsItsChineseWords() throws {
        // Names of every length put the line's end at every point of the Chinese words.
        for k in 0..<24 {
            var trip = try O.trip(O.midwest)
            let name = "Hotel " + String(repeating: "Z", count: k) + " Chicago 中山大酒店 (family-run)"
            for (i, item) in trip.days[0].items.enumerated() {
                if case var .lodging(l) = item { l.name = name; trip.days[0].items[i] = .lodging(l) }
            }
            let stays = try #require(try O.builder(trip).staysTable()).draw(at: Point(x: 0, y: 0))
            let hotel = O.texts(stays).map { O.plain($0.text).replacingOccurrences(of: "\u{2060}", with: "") }
            #expect(hotel.contains { $0.contains("中山大酒店") }, "\(hotel)")
        }
    }

    @Test("totals are the trip's own counts and sums")
    func totals() throws {
        let trip = try O.trip(O.midwest)
        let builder = try O.builder(trip)
        let lines = O.lines(builder.daysTable().draw(at: Point(x: 0, y: 0)))
        // Computed here from the trip's items, independently of the section code.
        var games = 0, drives = 0, flights = 0, trains = 0, meters = 0.0, seconds = 0.0
        for case let item in trip.days.flatMap(\.items) {
            switch item {
            case .game: games += 1
            case let .travel(leg):
                if leg.mode == .drive { drives += 1 }
                if leg.mode == .flight { flights += 1 }
                if leg.mode == .train { trains += 1 }
                meters += leg.distanceMeters ?? 0
                seconds += leg.durationSeconds ?? 0
            default: break
            }
        }
        let cities = Set(trip.days.map(\.city)).count
        #expect((trip.days.count, cities, games, drives, flights, trains) == (10, 6, 8, 5, 1, 1))
        let f = builder.format
        #expect(
            lines.last == [
                "10 days · 6 cities", "8 games", "5 drives · 1 flight · 1 train",
                O.plain(f.distance(meters: meters)), O.plain(f.duration(seconds: seconds)),
            ])
        #expect(lines.last?[3] == "1,950 mi")
    }

    @Test("stays: one row per lodging, nights from the dates, linked to the day it is listed on")
    func stays() throws {
        let table = try #require(try O.builder(O.trip(O.midwest)).staysTable())
        let items = table.draw(at: Point(x: 0, y: 0))
        let lines = O.lines(items)
        #expect(lines[0] == ["HOTEL", "CHECK-IN", "CHECK-OUT", "NIGHTS", "CONFIRMATION"])
        #expect(lines[1] == ["Hotel Zachary", "Fri, Jun 12 · 3:00 PM", "Sun, Jun 14 · 11:00 AM", "2", "HZ-48213"])
        #expect(lines.dropFirst().map { $0[$0.count - 2] } == ["2", "1", "2", "2", "2", "1"])
        #expect(O.links(items).map(\.destination) == ["day-1", "day-3", "day-4", "day-6", "day-8", "day-10"])
        // The code sits on a chip.
        #expect(items.contains { if case .rect = $0 { return true } else { return false } })
    }

    @Test("a stay whose zone is not its day's names the zone of its times; the others leave it to the day pages")
    func stayInAnotherZone() throws {
        var trip = try O.trip(O.midwest)
        for (i, item) in trip.days[0].items.enumerated() {
            if case var .lodging(l) = item { l.timeZone = "America/New_York"; trip.days[0].items[i] = .lodging(l) }
        }
        let table = try #require(try O.builder(trip).staysTable())
        let lines = O.lines(table.draw(at: Point(x: 0, y: 0)))
        #expect(lines[1].contains { $0.hasSuffix("PM EDT") }, "\(lines[1])")
        #expect(lines[1].filter { $0.hasSuffix(" EDT") }.count == 2, "\(lines[1])")
        #expect(!lines[2...].joined().contains { $0.hasSuffix("DT") }, "\(lines)")
    }

    @Test("a confirmation code too long for its column on one line takes two, not three or four")
    func longCode() throws {
        var trip = try O.trip(O.midwest)
        let code = "GSH-2026-04-18-ZZQX-0099887766"
        for (i, item) in trip.days[0].items.enumerated() {
            if case var .lodging(l) = item { l.confirmation = code; trip.days[0].items[i] = .lodging(l) }
        }
        let table = try #require(try O.builder(trip).staysTable())
        let pieces = O.lines(table.draw(at: Point(x: 0, y: 0))).flatMap { $0 }
            .map { $0.replacingOccurrences(of: "\u{200B}", with: "") }
            .filter { code.contains($0) && $0.count > 2 && $0.contains("-") }
        #expect(pieces.count == 2, "\(pieces)")
        #expect(pieces.joined() == code)
    }

    @Test("nights without both dates count the days in the city until the next lodging")
    func nightsFallback() throws {
        var trip = try O.trip(O.midwest)
        // Drop the dates of the Detroit stay (day 4, Jun 15): Detroit lasts 2 days.
        for (i, item) in trip.days[3].items.enumerated() {
            if case var .lodging(l) = item { l.checkIn = nil; l.checkOut = nil; trip.days[3].items[i] = .lodging(l) }
        }
        #expect(Stay.all(in: trip, zones: TimeZoneResolver(trip: trip)).map(\.nights) == [2, 1, 2, 2, 2, 1])
        // The day card says the same: 2 nights, though the stay gives no dates.
        let text = try DayFixtures.engine()
        guard
            case let .lodging(detroit)? = trip.days[3].items.first(where: {
                if case .lodging = $0 { true } else { false }
            })
        else {
            Issue.record("no lodging on day 4"); return
        }
        let card = try DayFixtures.dayLayout(trip, text: text).lodgingCard(detroit, on: trip.days[3])
        let words = card.draw(at: Point(x: 0, y: 0)).compactMap { item -> String? in
            if case let .text(spans, _) = item { return spans.map(\.text).joined() }
            return nil
        }
        #expect(words.contains("2") && words.contains("nights"), "\(words)")
    }

    @Test("no lodging, no stays table")
    func noLodging() throws {
        let trip = try O.trip(O.fixture("rest-days-only.json"))
        #expect(try O.builder(trip).staysTable() == nil)
        // The title and the days table (after the space kept above a section that starts mid-page).
        #expect(try O.builder(trip).blocks().filter { !($0 is Spacer) }.count == 2)
    }

    @Test("the running header says Overview, and the section starts with its anchor")
    func mark() throws {
        // Its first block past the space above it (dropped at a page's top).
        let blocks = try O.builder(O.trip(O.midwest)).blocks().drop { $0 is Spacer }
        #expect(blocks.first?.mark == "Overview")
        #expect(blocks.first?.keepWithNext == true)
        #expect(
            blocks.first?.draw(at: Point(x: 0, y: 0)).contains(.destination(name: "overview", at: Point(x: 0, y: 0)))
                == true)
    }

    @Test("in the whole document, each day row's link leads to a destination that exists")
    func documentLinks() throws {
        let document = try O.layout(O.trip(O.midwest))
        let pages = O.overviewPages(document)
        #expect(pages.count == 1)
        let links = pages.flatMap { O.links(document.pages[$0].items) }
        let destinations = Set(
            document.pages.flatMap(\.items).compactMap {
                if case let .destination(name, _) = $0 { return name } else { return nil }
            })
        #expect(Set((1...10).map { "day-\($0)" }).isSubset(of: Set(links.map(\.destination))))
        #expect(links.allSatisfy { destinations.contains($0.destination) })
    }

    @Test("a year-long trip: the table spans several pages, each with its header and the Overview running header")
    func longTrip() throws {
        let document = try O.layout(O.trip(O.long366))
        let pages = O.overviewPages(document)
        #expect(pages.count >= 10)
        #expect(zip(pages, pages.dropFirst()).allSatisfy { $1 == $0 + 1 })
        let top = document.pages.count > 1 ? 80.0 : 0
        for i in pages where i > 0 {
            let header = O.texts(document.pages[i].items).filter { $0.at.y < top }
            #expect(header.contains { $0.text == "Overview" }, "page \(i + 1)")
        }
        // Every day has its row and link, in order across the pages.
        let days = pages.flatMap { O.links(document.pages[$0].items) }.map(\.destination)
        #expect(Array(days.prefix(366)) == (1...366).map { "day-\($0)" })
        let totals = pages.flatMap { O.texts(document.pages[$0].items) }.map(\.text)
        // Each count tied to its noun by a no-break space.
        #expect(totals.contains("366\u{00A0}days · 8\u{00A0}cities"))
    }

    @Test("Spanish labels")
    func spanish() throws {
        let lines = O.lines(try O.builder(O.trip(O.example("gira-es.json"))).daysTable().draw(at: Point(x: 0, y: 0)))
        #expect(lines[0] == ["DÍA", "FECHA", "CIUDAD", "PARTIDOS", "TRASLADO", "DISTANCIA", "TIEMPO"])
        #expect(lines.last?.first == "4 días · 2 ciudades")
    }
}

@Suite("Overview columns fit their content")
struct OverviewColumnWidthTests {
    @Test(
        "Spanish dates and city names stay on one line in both designs; the travel column gives the room",
        arguments: ["classic", "compact"])
    func spanishDates(template: String) throws {
        let trip = try Compact.trip("gira-es.json")
        let doc = try Compact.layout(trip, template: template)
        let texts = doc.pages.flatMap { $0.items.texts.map { $0.text.replacingOccurrences(of: "\u{00A0}", with: " ") } }
        for date in ["jue 27", "vie 28", "sáb 29", "dom 30"] {
            #expect(texts.contains("\(date) de ago"), "\(template): \(date) wrapped")
        }
        #expect(!texts.contains("Ángeles"), "\(template): Los / Ángeles")
        #expect(!texts.contains { $0.hasSuffix(" Los") })
    }

    @Test("a fixed column grows to its widest one-line content, from the rest column, never below its share")
    func growth() {
        let columns = [TableColumn(.fixed(40)), TableColumn(.fixed(60)), TableColumn(.rest)]
        let layout = ColumnLayout(columns: columns, tableWidth: 300, gap: 10, natural: [45, 20, 500])
        #expect(layout.width == [55, 60, 185])
        // Not enough room: the smaller need first, the rest keeps 20 % of the table.
        let tight = ColumnLayout(columns: columns, tableWidth: 200, gap: 10, natural: [45, 110, 0])
        #expect(tight.width[0] == 55)
        #expect(abs(tight.width[1] - 105) < 0.01)
        #expect(abs(tight.width[2] - 40) < 0.01)
    }

    @Test(
        "a column whose cells have a narrow form (a check-in's date over its time) grows after one that has none (a confirmation code)"
    )
    func codesFirst() {
        let columns = [TableColumn(.rest), TableColumn(.fixed(100)), TableColumn(.fixed(80))]
        // 60 to spare above the rest's 20 %: the date column needs 30 more, the code 35.
        let plain = ColumnLayout(columns: columns, tableWidth: 300, gap: 10, natural: [0, 120, 115])
        #expect(plain.width[1] == 130 && abs(plain.width[2] - 110) < 0.01, "\(plain.width)")
        let layout = ColumnLayout(
            columns: columns, tableWidth: 300, gap: 10, natural: [0, 120, 115], wrapsWell: [false, true, false])
        #expect(layout.width[2] == 115 && abs(layout.width[1] - 125) < 0.01, "\(layout.width)")
        // A code that still lacks room takes it from the date column, down to the widest date
        // or time set alone (70, and its gap).
        let wide = ColumnLayout(
            columns: columns, tableWidth: 300, gap: 10, natural: [0, 120, 150], wrapsWell: [false, true, false],
            narrow: [0, 70, 150])
        #expect(abs(wide.width[2] - 150) < 0.01 && abs(wide.width[1] - 90) < 0.01, "\(wide.width)")
        let tight = ColumnLayout(
            columns: columns, tableWidth: 300, gap: 10, natural: [0, 120, 160], wrapsWell: [false, true, false],
            narrow: [0, 70, 160])
        #expect(abs(tight.width[1] - 80) < 0.01 && abs(tight.width[2] - 160) < 0.01, "\(tight.width)")
    }

    @Test("columns alike give room alike: check-in and check-out both take their narrow form, or neither does")
    func alikeGiveAlike() {
        let columns = [TableColumn(.rest), TableColumn(.fixed(100)), TableColumn(.fixed(100)), TableColumn(.fixed(80))]
        // The code (the last column: no gap after it) needs 50 more, the rest column leaves 40
        // above its 20 %: the dates give their 5 of slack each, and neither wraps.
        let slack = ColumnLayout(
            columns: columns, tableWidth: 400, gap: 10, natural: [0, 85, 85, 130],
            wrapsWell: [false, true, true, false], narrow: [0, 60, 60, 130])
        #expect(zip(slack.width, [80, 95, 95, 130]).allSatisfy { abs($0 - $1) < 0.01 }, "\(slack.width)")
        // It needs 60: then 5 more each from their narrow forms, and both wrap.
        let layout = ColumnLayout(
            columns: columns, tableWidth: 400, gap: 10, natural: [0, 85, 85, 140],
            wrapsWell: [false, true, true, false], narrow: [0, 60, 60, 140])
        #expect(zip(layout.width, [80, 90, 90, 140]).allSatisfy { abs($0 - $1) < 0.01 }, "\(layout.width)")
    }

    @Test("the rest column keeps its widest unbreakable piece: fixed columns grow less, narrow forms give it room")
    func restKeepsItsWidestPiece() {
        let columns = [TableColumn(.fixed(40)), TableColumn(.fixed(60)), TableColumn(.rest)]
        // Growing to 120 would leave the rest 125; it keeps its 130 (129.6 to the next point).
        let layout = ColumnLayout(
            columns: columns, tableWidth: 300, gap: 10, natural: [45, 110, 500], unbreakable: [0, 0, 129.6])
        #expect(layout.width[2] == 130, "\(layout.width)")
        #expect(abs(layout.width[1] - 115) < 0.01 && layout.width[0] == 55, "\(layout.width)")
        // Even the designed widths leave it short: a column with room to spare gives it.
        let short = ColumnLayout(
            columns: columns, tableWidth: 300, gap: 10, natural: [20, 100, 500], wrapsWell: [true, false, true],
            narrow: [20, 0, 0], unbreakable: [0, 0, 210])
        #expect(short.width[2] == 210 && short.width[0] == 30 && short.width[1] == 60, "\(short.width)")
    }

    @Test("a rest column whose content wraps takes the room fixed columns hold beyond their content")
    func restTakesSlack() {
        let columns = [TableColumn(.fixed(40)), TableColumn(.fixed(60)), TableColumn(.rest)]
        // Content 20 wide (and its gap): 10 and 24 to give, the second no further
        // than 60 % of its designed width (36).
        let layout = ColumnLayout(
            columns: columns, tableWidth: 300, gap: 10, natural: [20, 20, 500], wrapsWell: [true, true, true],
            narrow: [20, 20, 500])
        // (Each keeps a hundredth over its content.)
        #expect(
            zip(layout.width, [30.01, 36, 233.99]).allSatisfy { abs($0 - $1) < 0.0001 }, "\(layout.width)")
        // Rest content that fits takes nothing.
        let fits = ColumnLayout(
            columns: columns, tableWidth: 300, gap: 10, natural: [20, 20, 150], wrapsWell: [true, true, true],
            narrow: [20, 20, 150])
        #expect(fits.width == [40, 60, 200], "\(fits.width)")
    }

    @Test("a column whose content would wrap even at twice its width keeps its width (a 2,000-character city)")
    func noGrowthForLongContent() {
        let columns = [TableColumn(.fixed(40)), TableColumn(.fixed(60)), TableColumn(.rest)]
        let layout = ColumnLayout(columns: columns, tableWidth: 300, gap: 10, natural: [45, 500, 0])
        #expect(layout.width == [55, 60, 185])
        // Unless twice its width holds that content on two lines: then it takes what two need.
        let two = ColumnLayout(
            columns: columns, tableWidth: 300, gap: 10, natural: [45, 180, 0], wrapped: [.infinity, 100, .infinity])
        #expect(two.width == [55, 110, 135])
        let three = ColumnLayout(
            columns: columns, tableWidth: 300, gap: 10, natural: [45, 300, 0], wrapped: [.infinity, 140, .infinity])
        #expect(three.width == [55, 60, 185])
    }
}

@Suite("Label languages")
struct LabelLanguageTests {
    @Test(
        "a French trip gets French words throughout, in both designs; no English label is left",
        arguments: ["classic", "compact"])
    func french(template: String) throws {
        let data = try Data(contentsOf: TestPaths.examples.appendingPathComponent("gira-es.json"))
        var json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        json["locale"] = "fr_FR"
        let trip = try DayFixtures.trip(json: json)
        let words = try Compact.layout(trip, template: template).pages.flatMap { $0.items.texts.map(\.text) }.joined(
            separator: "|")
        for french in ["Jour par jour", "Où vous logez", "JOUR", "Jour de repos", "Stades visités"] {
            #expect(words.localizedCaseInsensitiveContains(french), "\(template): \(french)")
        }
        for english in ["Day by day", "Overview", "Where you’re staying", "Rest day", "Check-in"] {
            #expect(!words.contains(english), "\(template): \(english)")
        }
    }
}
