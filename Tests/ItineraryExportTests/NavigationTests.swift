/// PDF navigation: bookmarks per section and per day, named destinations, the cover's page label.
import Foundation
import ItineraryExport
import ItineraryLayout
import Testing
import TestSupport

@Suite("Navigation")
struct NavigationTests {
    @Test("the outline has the sections and one entry per day, each pointing at a destination that exists")
    func outline() throws {
        let exporter = try TestStores.exporter()
        let trip = try Exporter.loadTrip(
            path: TestPaths.examples.appendingPathComponent("midwest-mlb-10-day.json").path)
        let (document, text) = try exporter.layout(trip)
        defer { text.finishDocument() }
        #expect(document.outline.map(\.title) == ["Overview", "Itinerary", "Stadium progress"])
        let days = try #require(document.outline.first { $0.destination == "days" })
        #expect(days.children.count == trip.days.count)
        #expect(days.children.first?.title == "Day 1 · Fri, Jun 12 · Chicago")

        var destinations = Set<String>()
        for page in document.pages {
            for case let .destination(name, _) in page.items { destinations.insert(name) }
        }
        let targets = document.outline.map(\.destination) + days.children.map(\.destination)
        for target in targets { #expect(destinations.contains(target), "no destination \(target)") }
        // Overview rows link to the days.
        var links = Set<String>()
        for page in document.pages {
            for case let .internalLink(_, destination, _) in page.items { links.insert(destination) }
        }
        #expect(links.isSuperset(of: days.children.map(\.destination)))
        #expect(document.pages.first?.label == "Cover")
        #expect(document.pages.dropFirst().allSatisfy { $0.label == nil })
    }
}
