/// Exporters on several threads at once: correct bytes, no crash.
import Foundation
import ItineraryExport
import Testing
import TestSupport

@Suite("Concurrent exporters")
struct ConcurrentRenderTests {
    /// Before `NativeTextLock`, about one run in two of this crashed inside cairo's glyph
    /// loading: documents with many fallback fonts (CJK, Arabic, Hebrew, symbols), exporters
    /// made and freed on six threads at once. Each thread's output must also equal a lone render.
    @Test("six threads making exporters and rendering multi-script trips")
    func sixThreads() async throws {
        let unicode = try Exporter.loadTrip(path: TestPaths.validFixtures.appendingPathComponent("unicode.json").path)
        let midwest = try Exporter.loadTrip(
            path: TestPaths.examples.appendingPathComponent("midwest-mlb-10-day.json").path)
        let compact = ExportOptions(template: .named("compact"))
        let expected = [
            try TestStores.exporter().render(unicode).bytes,
            try TestStores.exporter().render(midwest, options: compact).bytes,
        ]
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for worker in 0..<6 {
                group.addTask {
                    var same = true
                    for i in 0..<4 {
                        let exporter = try TestStores.exporter()
                        let which = (worker + i) % 2
                        let bytes =
                            try which == 0
                            ? exporter.render(unicode).bytes : exporter.render(midwest, options: compact).bytes
                        same = same && bytes == expected[which]
                    }
                    return same
                }
            }
            for try await same in group { #expect(same) }
        }
    }
}
