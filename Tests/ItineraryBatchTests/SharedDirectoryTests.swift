/// Batch export on shared directories (issue 20): nothing the batch writes destroys an input,
/// escapes its directory or mixes two runs.
import Foundation
import ItineraryBatch
import Testing
import TestSupport

@Suite("Batch on shared directories", .serialized)
struct SharedDirectoryTests {
    @Test("a --report that is a source, a trip, a manifest, a PDF of the plan or inside the state folder is refused before anything runs")
    func reportOverAnInput() throws {
        let trip = try example("day-trip")
        let root = try tree("batch-report-target", ["trips/t1.json": trip, "trips/t2.json": trip,
                                                   "m.jsonl": #"{"trip": "trips/t1.json", "out": "x/y.pdf"}"# + "\n"])
        let trips = root.appendingPathComponent("trips").path, out = root.appendingPathComponent("out").path
        let manifest = root.appendingPathComponent("m.jsonl").path
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("link.json").path, withDestinationPath: "trips/t1.json")
        let cases: [(sources: [String], report: String, says: String)] = [
            ([trips], trips + "/t2.json", "is the trip of \(trips)/t2.json"),
            ([trips + "/t1.json"], trips + "/t1.json", "is the source \(trips)/t1.json"),
            ([trips], root.appendingPathComponent("trips/../trips/t1.json").path, "is the trip of \(trips)/t1.json"),
            ([trips], root.appendingPathComponent("link.json").path, "is the trip of \(trips)/t1.json"),
            ([manifest], manifest, "is the source \(manifest)"),
            ([manifest], out + "/x/y.pdf", "is the PDF of \(manifest):1"),
            ([trips], out + "/t1.pdf", "is the PDF of \(trips)/t1.json"),
            ([trips], out + "/.export-itinerary/report.json", "is inside \(out)/.export-itinerary, the batch's own state"),
        ]
        for c in cases {
            let r = try cli(["batch"] + c.sources + ["--out-dir", out, "--report", c.report, "--quiet"])
            #expect(r.status == 2, "\(c.report): \(r.stdout) \(r.stderr)")
            #expect(r.stderr.contains("--report \(c.report) \(c.says)"), "\(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out), "\(c.report): the batch ran")
        }
        #expect(try String(contentsOf: root.appendingPathComponent("trips/t2.json"), encoding: .utf8) == trip)
        #expect(try String(contentsOf: root.appendingPathComponent("m.jsonl"), encoding: .utf8).hasPrefix(#"{"trip""#))
    }

    @Test("a report beside the trips: written on the first run, left out of the listing on the next")
    func reportAmongTheTrips() throws {
        let trip = try example("day-trip")
        let root = try tree("batch-report-beside", ["trips/t1.json": trip])
        let trips = root.appendingPathComponent("trips").path, out = root.appendingPathComponent("out").path
        let report = trips + "/report.json"
        for _ in 0..<2 {
            let r = try cli(["batch", trips, "--out-dir", out, "--report", report, "--quiet"])
            #expect(r.status == 0, "\(r.stderr)")
            #expect(r.stdout.hasPrefix("1 exported, 0 failed"), "\(r.stdout)")
        }
    }
}

@Suite("Batch: names compared as the file system compares them")
struct ByteNamesTests {
    @Test("café.pdf in NFC and in NFD are two files, two jobs, two ledger entries")
    func normalisation() throws {
        let trip = try example("day-trip")
        let nfc = "caf\u{E9}", nfd = "cafe\u{301}"
        #expect(Array(nfc.utf8) != Array(nfd.utf8))
        // (Not one dictionary literal: as Swift Strings the two names are one key.)
        let root = try tree("batch-nfc-nfd", ["trips/\(nfc).json": trip])
        try Data(trip.utf8).write(to: root.appendingPathComponent("trips/\(nfd).json"))
        let trips = root.appendingPathComponent("trips").path, out = root.appendingPathComponent("out").path
        let r = try cli(["batch", trips, "--out-dir", out, "--quiet"])
        #expect(r.status == 0, "\(r.stdout) \(r.stderr)")
        #expect(r.stdout.hasPrefix("2 exported, 0 failed"), "\(r.stdout)")
        let names = try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasSuffix(".pdf") }.map { Array($0.utf8) }
        #expect(Set(names) == [Array("\(nfc).pdf".utf8), Array("\(nfd).pdf".utf8)])
        // Both are recorded, and both skipped on a resume.
        let again = try cli(["batch", trips, "--out-dir", out, "--resume", "--quiet"])
        #expect(again.stdout.hasPrefix("0 exported, 0 failed, 2 skipped"), "\(again.stdout)")
    }
}
