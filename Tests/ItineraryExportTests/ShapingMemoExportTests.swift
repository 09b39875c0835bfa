/// Whole documents are the same bytes whether their runs are shaped by HarfBuzz or from memory
/// (Sources/CLazyLibraries/shaping_memo.c), on whichever libraries the tests run with.
import CLazyLibraries
import Foundation
import ItineraryExport
import Testing
import TestSupport

@Suite("Shaping memory in whole documents")
struct ShapingMemoExportTests {
    /// Trips in Latin, with flags and emoji, and in right-to-left and other scripts (whose runs
    /// the memory leaves to HarfBuzz beside the Latin runs it keeps).
    static let trips = [
        TestPaths.examples.appendingPathComponent("midwest-mlb-10-day.json"),
        TestPaths.validFixtures.appendingPathComponent("unicode.json"),
        TestPaths.validFixtures.appendingPathComponent("arabic-locale.json"),
        TestPaths.validFixtures.appendingPathComponent("more-scripts.json"),
        TestPaths.validFixtures.appendingPathComponent("flags-and-emoji.json"),
    ]

    @Test("a trip's PDF is the same bytes with the memory off and on, the second time from memory", arguments: trips)
    func sameBytes(trip path: URL) throws {
        let trip = try Exporter.loadTrip(path: path.path)
        // Each exporter is new: its text engine has no paragraphs set, so each shapes every run.
        ccl_shaping_memo_set_enabled(0)
        let byHarfBuzz = try TestStores.exporter().render(trip).bytes
        ccl_shaping_memo_set_enabled(1)
        defer { ccl_shaping_memo_set_enabled(1) }
        let hits = ccl_shaping_memo_hits()
        let first = try TestStores.exporter().render(trip).bytes
        let again = try TestStores.exporter().render(trip).bytes
        #expect(first == byHarfBuzz)
        #expect(again == byHarfBuzz)
        #expect(ccl_shaping_memo_hits() > hits)
    }
}
