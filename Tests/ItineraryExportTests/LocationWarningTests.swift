/// The warning for a stop the route map cannot place, given only where there is a route map.
import ItineraryExport
import ItineraryModel
import Testing
import TestSupport

@Suite("Location warnings")
struct LocationWarningTests {
    /// The midwest example with a rest day in a town it has no stadium or coordinates for.
    static func trip() throws -> Trip {
        var trip = try Exporter.loadTrip(
            path: TestPaths.examples.appendingPathComponent("midwest-mlb-10-day.json").path)
        trip.days[1].city = "Nowhere Junction"
        trip.days[1].latitude = nil
        trip.days[1].longitude = nil
        trip.days[1].items = []
        return trip
    }

    @Test("a stop the map cannot place is named, with the keys to add, by classic (which has a map) and not by compact")
    func onlyWithAMap() throws {
        let trip = try Self.trip()
        let exporter = try TestStores.exporter()
        let classic = try exporter.render(trip).warnings.filter { $0.contains("no location") }
        #expect(classic.count == 1)
        #expect(classic.first?.hasPrefix("days[1].city: no location for \"Nowhere Junction\"") == true)
        #expect(classic.first?.contains("add \"latitude\" and \"longitude\" to the day") == true)
        let compact = try exporter.render(trip, options: ExportOptions(template: .named("compact"))).warnings
        #expect(!compact.contains { $0.contains("no location") }, "\(compact)")
    }
}
