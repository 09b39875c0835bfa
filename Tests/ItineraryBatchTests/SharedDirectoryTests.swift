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
