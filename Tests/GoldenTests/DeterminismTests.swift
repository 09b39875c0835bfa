/// Same input, same bytes: across runs, time zones, locales and working directories.
import Foundation
import ItineraryExport
import Testing
import TestSupport

@Suite("Deterministic output")
struct DeterminismTests {
    let trip = TestPaths.examples.appendingPathComponent("midwest-mlb-10-day.json").path

    @Test("two renders in one process are byte-identical")
    func inProcess() throws {
        let exporter = try TestStores.exporter()
        let t = try Exporter.loadTrip(path: trip)
        let a = try exporter.render(t).bytes
        let b = try exporter.render(t).bytes
        #expect(a == b)
        #expect(a.count > 1000)
    }

    /// The text engine keeps broken paragraphs from one document to the next (and evicts them
    /// when over capacity): what an earlier document left behind must never change the bytes.
    @Test("a document's bytes do not depend on what the process rendered before")
    func independentOfEarlierDocuments() throws {
        let paths =
            ["unicode", "twelve-items", "long-notes", "dst-and-phoenix"]
            .map { TestPaths.validFixtures.appendingPathComponent("\($0).json").path } + [trip]
        let trips = try paths.map { try Exporter.loadTrip(path: $0) }
        let options = [ExportOptions(), ExportOptions(template: .named("compact"))]
        // Each document alone, in a fresh exporter.
        var fresh: [[Data]] = []
        for t in trips {
            fresh.append(try options.map { try TestStores.exporter().render(t, options: $0).bytes })
        }
        // All of them through one exporter, twice over, templates in both orders, with a
        // small cache so that eviction happens too.
        let shared = try TestStores.exporter()
        shared.paragraphCapacity = 50
        for round in 0..<2 {
            for (i, t) in trips.enumerated() {
                for j in options.indices {
                    let k = round == 0 ? j : options.count - 1 - j
                    let bytes = try shared.render(t, options: options[k]).bytes
                    #expect(bytes == fresh[i][k], "\(paths[i]), template \(k), round \(round)")
                }
            }
        }
    }

    /// "José" precomposed and decomposed are equal Swift strings but shape differently: the
    /// paragraph cache must not hand one to the other; and a layout that was never finished
    /// must not leak its lines into the next document.
    @Test("canonically equal text and unfinished layouts do not leak into later documents")
    func exactTextAndUnfinishedLayouts() throws {
        var composed = try Exporter.loadTrip(path: TestPaths.examples.appendingPathComponent("day-trip.json").path)
        composed.traveler = "Jos\u{E9} Mu\u{F1}oz"
        var decomposed = composed
        decomposed.traveler = "Jose\u{301} Mun\u{303}oz"
        #expect(composed.traveler == decomposed.traveler)  // Swift's equality: canonical
        let fresh = try TestStores.exporter().render(composed).bytes
        let shared = try TestStores.exporter()
        _ = try shared.render(decomposed)
        #expect(try shared.render(composed).bytes == fresh)
        _ = try shared.layout(decomposed)  // laid out, never drawn or finished
        #expect(try shared.render(composed).bytes == fresh)
    }

    @Test("the command gives the same bytes under any TZ, LANG, CAIRO_DEBUG_PDF and working directory")
    func acrossEnvironments() throws {
        let dir = TestPaths.scratch("determinism")
        var outputs: [Data] = []
        let settings: [[String: String]] = [
            ["TZ": "UTC", "LANG": "C", "LC_ALL": "C"],
            ["TZ": "Pacific/Auckland", "LANG": "de_DE.UTF-8", "LC_ALL": "de_DE.UTF-8"],
            ["TZ": "America/Los_Angeles", "LANG": "fr_FR.UTF-8", "LC_ALL": "fr_FR.UTF-8", "LC_NUMERIC": "fr_FR.UTF-8"],
            // cairo writes plain streams when this is set to anything; the exporter sets it
            // itself when it is not (`PDFRenderer`), so the caller's value changes nothing.
            ["CAIRO_DEBUG_PDF": "0"],
        ]
        for (i, changes) in settings.enumerated() {
            let cwd = dir.appendingPathComponent("cwd\(i)")
            try FileManager.default.createDirectory(at: cwd, withIntermediateDirectories: true)
            var env = environment(changes.merging(TestStores.commandEnvironment) { a, _ in a })
            env.removeValue(forKey: "SOURCE_DATE_EPOCH")
            if changes["CAIRO_DEBUG_PDF"] == nil { env.removeValue(forKey: "CAIRO_DEBUG_PDF") }
            let out = cwd.appendingPathComponent("out.pdf")
            let r = try runProcess(TestPaths.executable, [trip, out.path], environment: env, directory: cwd)
            #expect(r.status == 0, "\(r.stderr)")
            outputs.append(try Data(contentsOf: out))
        }
        #expect(outputs.count == 4)
        #expect(outputs.allSatisfy { $0 == outputs[0] })

        // And the library in this process agrees with the command (under the command's policy,
        // so with the same test-entitlement notice).
        let exporter = try TestStores.exporter(policy: TestStores.buildPolicy)
        #expect(try exporter.render(Exporter.loadTrip(path: trip)).bytes == outputs[0])
    }

    @Test("SOURCE_DATE_EPOCH sets the PDF dates; without it they come from the trip, not the clock")
    func creationDate() throws {
        let dir = TestPaths.scratch("epoch")
        var env = environment(TestStores.commandEnvironment)
        env.removeValue(forKey: "SOURCE_DATE_EPOCH")
        let plain = dir.appendingPathComponent("plain.pdf"), pinned = dir.appendingPathComponent("pinned.pdf")
        #expect(try runProcess(TestPaths.executable, [trip, plain.path], environment: env).status == 0)
        env["SOURCE_DATE_EPOCH"] = "1700000000"
        #expect(try runProcess(TestPaths.executable, [trip, pinned.path], environment: env).status == 0)
        let plainText = String(decoding: try Data(contentsOf: plain), as: UTF8.self)
        let pinnedText = String(decoding: try Data(contentsOf: pinned), as: UTF8.self)
        // The trip starts 2026-06-12; 1700000000 is 2023-11-14T22:13:20Z.
        // cairo 1.16 writes the date without the "D:" prefix.
        #expect(plainText.contains("/CreationDate (20260612000000Z)"))
        #expect(pinnedText.contains("/CreationDate (20231114221320Z)"))
    }
}
