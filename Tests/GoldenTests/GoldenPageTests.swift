/// Every example and fixture trip, rendered in every bundled template and compared page by page with its golden images.
import Foundation
import ItineraryExport
import Testing
import TestSupport

/// Trips that must render: the examples users see, and the edge cases.
let goldenTrips: [URL] = TestPaths.jsonFiles(in: TestPaths.examples) + TestPaths.jsonFiles(in: TestPaths.validFixtures)

/// The bundled templates: every trip has golden pages in each, under `Tests/Golden/<template>/`.
let goldenTemplates = ["classic", "compact"]

@Suite("Golden pages")
struct GoldenPageTests {
    @Test(
        "pages match the golden images, and the structure tree, words and page count match the record that holds on every supported system",
        arguments: goldenTemplates, goldenTrips.map(\.lastPathComponent))
    func pagesMatch(_ template: String, _ file: String) throws {
        let url = goldenTrips.first { $0.lastPathComponent == file }!
        let name = url.deletingPathExtension().lastPathComponent
        let exporter = try TestStores.exporter()
        let trip = try Exporter.loadTrip(path: url.path)
        let result = try exporter.render(trip, options: ExportOptions(template: .named(template)))

        let artifacts = TestPaths.artifacts.appendingPathComponent("golden/\(template)/\(name)")
        try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
        let pdf = artifacts.appendingPathComponent("\(name).pdf")
        try result.bytes.write(to: pdf)

        let outcome = try GoldenHarness.check(
            pdf: pdf, golden: "\(template)/\(name)",
            artifactsDir: artifacts)
        for failure in outcome.failures {
            Issue.record("\(template)/\(file): \(failure)")
        }
        // The same document on every supported system: structure tree, words, page count.
        for failure in try DocumentSummary.check(
            pdf: pdf, goldenDir: TestPaths.golden.appendingPathComponent("\(template)/\(name)"),
            artifactsDir: artifacts)
        {
            Issue.record("\(template)/\(file): \(failure)")
        }
    }
}
