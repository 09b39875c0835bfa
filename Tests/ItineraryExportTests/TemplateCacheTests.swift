/// An exporter reuses a decoded template only while the file's bytes are unchanged.
import Foundation
import ItineraryExport
import Testing
import TestSupport

@Suite("Template reuse")
struct TemplateCacheTests {
    @Test func aChangedFileIsReadAgain() throws {
        let exporter = try TestStores.exporter()
        let dir = TestPaths.scratch("template-cache")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("mine.json")
        let original = try String(contentsOfFile: TestPaths.templates + "/classic.json", encoding: .utf8)
        try Data(original.utf8).write(to: file)
        #expect(try exporter.loadTemplate(.file(file.path)).paper == "letter")
        try Data(original.replacingOccurrences(of: "\"paper\": \"letter\"", with: "\"paper\": \"a4\"").utf8).write(
            to: file)
        #expect(try exporter.loadTemplate(.file(file.path)).paper == "a4")
    }
}
