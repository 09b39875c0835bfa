/// The warning for a trip whose language the template has no labels for.
import ItineraryExport
import ItineraryModel
import Testing
import TestSupport

@Suite("Label language warnings")
struct LabelLanguageWarningTests {
    @Test("a Hebrew trip is told its pages' own words are English; a Spanish one, with labels, is told nothing")
    func missingLanguage() throws {
        let exporter = try TestStores.exporter()
        let hebrew = try Exporter.loadTrip(
            path: TestPaths.validFixtures.appendingPathComponent("hebrew-locale.json").path)
        let told = try exporter.render(hebrew).warnings.filter { $0.hasPrefix("locale:") }
        #expect(told.count == 1 && told[0].contains("Hebrew (\"he\")") && told[0].contains("\"labels.he\""), "\(told)")
        let spanish = try Exporter.loadTrip(path: TestPaths.examples.appendingPathComponent("gira-es.json").path)
        #expect(!(try exporter.render(spanish).warnings.contains { $0.hasPrefix("locale:") }))
    }
}
