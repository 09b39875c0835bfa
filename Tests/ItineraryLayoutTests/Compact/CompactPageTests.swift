/// The compact document: A4 (or Letter) pages, a one-line title, the overview and the days
/// flowing on, progress following without a page break, Spanish labels.
import Foundation
@testable import ItineraryLayout
import ItineraryText
import Testing
import TestSupport

@Suite("Compact pages")
struct CompactPageTests {
    @Test("the 10-day trip: overview and days on about four A4 pages, progress following on")
    func midwest() throws {
        let doc = try Compact.layout(try Compact.trip("midwest-mlb-10-day.json"))
        #expect(doc.pages.count == 4)
        #expect(doc.pages.allSatisfy { $0.width == 595 && $0.height == 842 })
        // No section starts a page of its own: the days start on page 1, progress on the page day 10 ends.
        let pagesWith = { (name: String) in doc.pages.indices.filter { doc.pages[$0].items.destinations[name] != nil } }
        #expect(pagesWith("overview") == [0])
        #expect(pagesWith("day-1") == [0])
        // Progress follows day 10's last card on the same page, below the body frame's top (40).
        let progressPage = try #require(pagesWith("progress").first)
        let progressY = try #require(doc.pages[progressPage].items.destinations["progress"]?.y)
        #expect(progressPage >= (pagesWith("day-10").first ?? 0))
        #expect(
            doc.pages[progressPage].items.texts.contains {
                $0.at.y > 40 && $0.at.y < progressY && $0.text == "The Cincinnatian Hotel"
            })
        // The footer is on every page, the first included.
        for (i, page) in doc.pages.enumerated() {
            #expect(page.items.texts.contains { $0.text == "Page \(i + 1) of 4" })
        }
    }

    @Test("a trip name the title block has to cut is printed whole under it")
    func wholeNameAndTraveler() throws {
        let data = try Data(contentsOf: TestPaths.examples.appendingPathComponent("midwest-mlb-10-day.json"))
        var json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let name = (1...12).map { "STAGE\($0) OF THE LONG SUMMER ROAD TRIP" }.joined(separator: " ")
        let traveler = (1...9).map { "Traveler\($0) Longname-Family" }.joined(separator: " and ")
        json["name"] = String(name.prefix(200))
        json["traveler"] = String(traveler.prefix(200))
        let doc = try Compact.layout(try DayFixtures.trip(json: json))
        let first = doc.pages[0].items.texts.map(\.text).joined(separator: " ")
        let flat = first.replacingOccurrences(of: "\u{00A0}", with: " ")
        #expect(flat.contains("\u{2026}"), "the title block cuts them")
        #expect(flat.contains(String(name.prefix(200))), "\(flat)")
        // The facts take two lines across the page: a traveler of the most characters allowed fits whole.
        #expect(flat.contains(String(traveler.prefix(200))), "\(flat)")
        #expect(!flat.contains("Traveler: "))
        // A name that fits is printed once.
        let plain = try Compact.layout(try Compact.trip("midwest-mlb-10-day.json")).pages[0].items.texts.map(\.text)
        #expect(plain.filter { $0.contains("Midwest") }.count <= 1, "\(plain)")
        // So is one that takes three lines beside the facts: none of it is cut.
        json["name"] = "Perth to Christchurch: a spring of cricket, league and rugby across the Tasman"
        json["traveler"] = "Priya & Tom Ngata-Henderson"
        let three = try Compact.layout(try DayFixtures.trip(json: json)).pages[0].items.texts.map(\.text)
        #expect(!three.joined().contains("\u{2026}"), "\(three.prefix(6))")
        #expect(three.filter { $0.contains("Perth") }.count == 1, "\(three.prefix(6))")
    }

    @Test("Letter paper works too")
    func letter() throws {
        let doc = try Compact.layout(try Compact.trip("midwest-mlb-10-day.json"), paper: "letter")
        #expect(doc.pages.allSatisfy { $0.width == 612 && $0.height == 792 })
        #expect((4...5).contains(doc.pages.count))
    }

    @Test(
        "one title line: the name at the left, dates and traveler at the right on its baseline; no H1 over the overview"
    )
    func titleLine() throws {
        let trip = try Compact.trip("midwest-mlb-10-day.json")
        let page = try #require(try Compact.layout(trip).pages.first).items.texts
        let name = try #require(page.first { $0.text == trip.displayName })
        let facts = try #require(page.first { $0.text.hasSuffix("· Jordan Rivera") })
        #expect(name.at.x == 36 && abs(name.at.y - facts.at.y) < 0.001 && facts.at.x > 300)
        #expect(name.spans[0].style.size == 16 && name.spans[0].style.weight == 700 && facts.spans[0].style.size == 8.5)
        #expect(!page.contains { $0.text == "Overview" || $0.text.hasPrefix("Your trip at a glance") })
        #expect(!page.contains { $0.text.contains("10 days · 8 games") })
        // The table's header comes next.
        let header = try #require(page.first { $0.text == "DAY" })
        #expect(header.at.y > name.at.y && header.at.y < name.at.y + 30)
    }

    @Test("a long name wraps short of the facts")
    func longName() throws {
        var trip = try Compact.trip("day-trip.json")
        trip.name = String(repeating: "Very long trip name ", count: 6)
        let page = try #require(try Compact.layout(trip).pages.first).items.texts
        let facts = try #require(page.first { $0.text.contains("2026") && $0.spans[0].style.size == 8.5 })
        let nameLines = page.filter { $0.spans[0].style.size == 16 }
        #expect(nameLines.count >= 2)
        for line in nameLines { #expect(line.at.x + Compact.text.advance(of: line.spans) < facts.at.x) }
    }

    @Test("Spanish labels")
    func spanish() throws {
        let doc = try Compact.layout(try Compact.trip("gira-es.json"))
        let all = doc.pages.flatMap(\.items).texts.map(\.text)
        #expect(all.contains("Día a día") && all.contains("Dónde te alojas") && all.contains("Progreso de estadios"))
        #expect(all.contains { $0.hasPrefix("DÍA 1 · ") })
        #expect(all.contains("Página 1 de 2"))
    }

    @Test("every example and fixture lays out without overflow", arguments: Compact.allTrips.map(\.lastPathComponent))
    func everyTrip(_ file: String) throws {
        let trip = try Compact.trip(file)
        let doc = try Compact.layout(trip)
        #expect(!doc.pages.isEmpty)
        // Body lines end inside the frame (bottom margin 44); only the footer sits below it.
        let footerTop = doc.pages[0].height - 28
        for (i, page) in doc.pages.enumerated() {
            for line in page.items.texts where line.at.y < footerTop {
                #expect(line.at.y <= page.height - 44, "\(file) page \(i + 1): \(line.text) below the frame")
            }
        }
        // Every day is reachable from the outline.
        let names = Set(doc.pages.flatMap { $0.items.destinations.keys })
        for i in trip.days.indices { #expect(names.contains("day-\(i + 1)")) }
    }
}
