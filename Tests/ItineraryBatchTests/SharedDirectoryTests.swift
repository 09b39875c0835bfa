/// Batch export on shared directories (issue 20): nothing the batch writes destroys an input,
/// escapes its directory or mixes two runs.
import Foundation
import ItineraryBatch
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

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

    @Test("a linked directory is followed, each real directory once; a dangling link, a loop of links and a pipe are failed jobs with their reason; nothing is silent")
    func linksInADirectorySource() throws {
        let trip = try example("day-trip")
        let root = try tree("batch-source-links", ["trips/t1.json": trip, "trips/real/r.json": trip, "elsewhere/sub/e.json": trip])
        let trips = root.appendingPathComponent("trips").path, out = root.appendingPathComponent("out").path
        let fm = FileManager.default
        try fm.createSymbolicLink(atPath: trips + "/linked", withDestinationPath: "../elsewhere")
        try fm.createSymbolicLink(atPath: trips + "/again", withDestinationPath: "real")
        try fm.createSymbolicLink(atPath: trips + "/real/up", withDestinationPath: "..")
        try fm.createSymbolicLink(atPath: trips + "/moved.json", withDestinationPath: "gone.json")
        try fm.createSymbolicLink(atPath: trips + "/a.json", withDestinationPath: "b.json")
        try fm.createSymbolicLink(atPath: trips + "/b.json", withDestinationPath: "a.json")
        #expect(mkfifo(trips + "/pipe.json", 0o644) == 0)
        let report = root.appendingPathComponent("report.json")
        let r = try cli(["batch", trips, "--out-dir", out, "--report", report.path])
        #expect(r.status == 7, "\(r.stdout) \(r.stderr)")
        #expect(r.stdout.hasPrefix("3 exported, 4 failed, 0 skipped"), "\(r.stdout)")
        let jobs = Dictionary(uniqueKeysWithValues: try readReport(report).jobs.map { ($0.output, $0) })
        #expect(jobs.keys.sorted() == ["a.pdf", "b.pdf", "linked/sub/e.pdf", "moved.pdf", "pipe.pdf", "real/r.pdf", "t1.pdf"])
        #expect(jobs["linked/sub/e.pdf"]?.status == .ok && jobs["real/r.pdf"]?.status == .ok)
        #expect(jobs["moved.pdf"]?.reason == "the trip is a symbolic link to gone.json, which does not exist")
        #expect(jobs["a.pdf"]?.reason?.hasPrefix("the trip is a loop of symbolic links") == true)
        #expect(jobs["pipe.pdf"]?.reason == "the trip is a named pipe, not a file: a batch reads trips from regular files only")
        // The links left out are said on standard error and kept in the report.
        let notes = try readReport(report).listing ?? []
        #expect(notes == ["\(trips)/again: a link to \(trips)/real, listed already: its trips are listed once, under \(trips)/real",
                          "\(trips)/real/up: a link to \(trips), which holds it (a loop): not followed"], "\(notes)")
        for note in notes { #expect(r.stderr.contains("warning: " + note), "\(r.stderr)") }
    }

    @Test("a trip named on the command line or in a manifest that is a pipe is refused at listing, never waited for")
    func pipesNamedAsTrips() throws {
        let trip = try example("day-trip")
        let root = try tree("batch-source-pipes", ["t1.json": trip])
        let pipe = root.appendingPathComponent("p.json").path
        #expect(mkfifo(pipe, 0o644) == 0)
        try Data((#"{"trip": "\#(pipe)", "out": "p.pdf"}"# + "\n").utf8).write(to: root.appendingPathComponent("m.jsonl"))
        #expect(mkfifo(root.appendingPathComponent("pipe.jsonl").path, 0o644) == 0)
        let out = root.appendingPathComponent("out").path
        for sources in [[pipe], [root.appendingPathComponent("m.jsonl").path]] {
            // A worker that opened the pipe would wait for the timeout, twice ("timed out").
            let r = try cli(["batch", root.appendingPathComponent("t1.json").path] + sources + ["--out-dir", out, "--job-timeout", "2"])
            #expect(r.status == 7, "\(r.stdout) \(r.stderr)")
            #expect(r.stderr.contains("the trip is a named pipe, not a file"), "\(r.stderr)")
        }
        let manifest = try cli(["batch", root.appendingPathComponent("pipe.jsonl").path, "--out-dir", out])
        #expect(manifest.status == 2 && manifest.stderr.contains("pipe.jsonl: the manifest is a named pipe, not a file"), "\(manifest.stderr)")
    }
}
