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
    @Test(
        "a --report that is a source, a trip, a manifest, a PDF of the plan or inside the state folder is refused before anything runs"
    )
    func reportOverAnInput() throws {
        let trip = try example("day-trip")
        let root = try tree(
            "batch-report-target",
            [
                "trips/t1.json": trip, "trips/t2.json": trip,
                "m.jsonl": #"{"trip": "trips/t1.json", "out": "x/y.pdf"}"# + "\n",
            ])
        let trips = root.appendingPathComponent("trips").path, out = root.appendingPathComponent("out").path
        let manifest = root.appendingPathComponent("m.jsonl").path
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("link.json").path, withDestinationPath: "trips/t1.json")
        let cases: [(sources: [String], report: String, says: String)] = [
            ([trips], trips + "/t2.json", "is the trip of \(trips)/t2.json"),
            ([trips + "/t1.json"], trips + "/t1.json", "is the source \(trips)/t1.json"),
            ([trips], root.appendingPathComponent("trips/../trips/t1.json").path, "is the trip of \(trips)/t1.json"),
            ([trips], root.appendingPathComponent("link.json").path, "is the trip of \(trips)/t1.json"),
            ([manifest], manifest, "is the source \(manifest)"),
            ([manifest], out + "/x/y.pdf", "is the PDF of \(manifest):1"),
            ([trips], out + "/t1.pdf", "is the PDF of \(trips)/t1.json"),
            (
                [trips], out + "/.export-itinerary/report.json",
                "is inside \(out)/.export-itinerary, the batch's own state"
            ),
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

    @Test(
        "a --report through a dangling link, onto a PDF through an output's link, the template, the store or the catalog is refused before anything runs; a pipe too"
    )
    func reportThroughLinksAndOtherInputs() throws {
        let trip = try example("day-trip")
        let root = try tree("batch-report-links", ["trips/day.json": trip])
        let trips = root.appendingPathComponent("trips").path, out = root.appendingPathComponent("out").path
        let store = root.appendingPathComponent("store").path
        try FileManager.default.copyItem(atPath: TestStores.shared, toPath: store)
        let catalog = root.appendingPathComponent("c.storekit").path
        try FileManager.default.copyItem(
            atPath: TestPaths.root.appendingPathComponent("StoreKit/SportsTime.storekit").path, toPath: catalog)
        let template = root.appendingPathComponent("mine.json").path
        try FileManager.default.copyItem(atPath: TestPaths.templates + "/compact.json", toPath: template)
        try FileManager.default.createDirectory(atPath: out + "/keep", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("dangling.json").path, withDestinationPath: "out/day.pdf")
        try FileManager.default.createSymbolicLink(atPath: out + "/day.pdf", withDestinationPath: "keep/real.pdf")
        #expect(mkfifo(root.appendingPathComponent("pipe.json").path, 0o644) == 0)
        let cases: [(report: String, says: String)] = [
            (root.appendingPathComponent("dangling.json").path, "is the PDF of \(trips)/day.json"),
            (out + "/keep/real.pdf", "is the PDF of \(trips)/day.json"),
            (template, "is the template \(template)"),
            (store + "/entitlements.sqlite", "is inside the entitlement store \(store)"),
            (catalog, "is the catalog \(catalog)"),
            (root.appendingPathComponent("pipe.json").path, "it is not a regular file"),
            // `..` after a link is the link target's parent: out/, where day.pdf will be.
            (root.appendingPathComponent("r/s/../day.pdf").path, "is the PDF of \(trips)/day.json"),
        ]
        try FileManager.default.createDirectory(atPath: root.path + "/r", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: out + "/sub", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root.path + "/r/s", withDestinationPath: "../out/sub")
        // The store's own file may change as the gate reads it (SQLite's checkpoints): it must
        // stay a store; the catalog and the template stay byte for byte.
        let inputs = try [catalog, template].map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
        for c in cases {
            let r = try cli([
                "batch", trips, "--out-dir", out, "--report", c.report, "--template", template, "--quiet",
                "--store", store, "--catalog", catalog,
            ])
            #expect(r.status == 2 || r.status == 6, "\(c.report): \(r.stdout) \(r.stderr)")
            #expect(r.stderr.contains(c.says), "\(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out + "/keep/real.pdf"), "\(c.report): the batch ran")
        }
        #expect(try [catalog, template].map { try Data(contentsOf: URL(fileURLWithPath: $0)) } == inputs)
        #expect(try cli(["entitlements", "status", "--store", store, "--catalog", catalog]).status == 0)
    }

    @Test(
        "an output that a link inside --out-dir leads onto a trip, the template or into the state folder is a refused job; what it leads to is untouched"
    )
    func outputsThroughLinksOntoInputs() throws {
        let trip = try example("day-trip")
        let root = try tree(
            "batch-output-links",
            ["out/trips/a.json": trip, "out/trips/b.json": trip, "out/trips/c.json": trip, "out/trips/d.json": trip])
        let out = root.appendingPathComponent("out").path, trips = out + "/trips"
        let template = root.appendingPathComponent("mine.json").path
        try FileManager.default.copyItem(atPath: TestPaths.templates + "/classic.json", toPath: template)
        try FileManager.default.createSymbolicLink(atPath: out + "/a.pdf", withDestinationPath: "trips/b.json")
        try FileManager.default.createSymbolicLink(atPath: out + "/b.pdf", withDestinationPath: template)
        try FileManager.default.createSymbolicLink(
            atPath: out + "/c.pdf", withDestinationPath: ".export-itinerary/batch.lock")
        try FileManager.default.createSymbolicLink(atPath: out + "/sub", withDestinationPath: ".export-itinerary")
        let manifest = root.appendingPathComponent("m.jsonl").path
        try Data(
            ["a", "b", "c"].map { #"{"trip": "\#(trips)/\#($0).json", "out": "\#($0).pdf"}"# + "\n" }.joined()
                .appending(#"{"trip": "\#(trips)/d.json", "out": "sub/d.pdf"}"# + "\n").utf8
        ).write(to: URL(fileURLWithPath: manifest))
        let templateBytes = try Data(contentsOf: URL(fileURLWithPath: template))
        let report = root.appendingPathComponent("r.json")
        let r = try cli(["batch", manifest, "--out-dir", out, "--template", template, "--report", report.path])
        #expect(r.status == 7, "\(r.stdout) \(r.stderr)")
        let reasons = try readReport(report).jobs.map { $0.reason ?? "" }
        #expect(
            reasons[0]
                == "a.pdf is the trip of \(manifest):2 (through a symbolic link): the PDF would replace it, so the job is refused",
            "\(reasons)")
        #expect(
            reasons[1]
                == "b.pdf is the template \(template) (through a symbolic link): the PDF would replace it, so the job is refused",
            "\(reasons)")
        #expect(
            reasons[2]
                == "c.pdf leads into .export-itinerary, the batch's own state (through a symbolic link): the job is refused",
            "\(reasons)")
        #expect(
            reasons[3]
                == "sub/d.pdf leads into .export-itinerary, the batch's own state (through a symbolic link): the job is refused",
            "\(reasons)")
        #expect(try String(contentsOfFile: trips + "/b.json", encoding: .utf8) == trip)
        #expect(try Data(contentsOf: URL(fileURLWithPath: template)) == templateBytes)
        #expect(!FileManager.default.fileExists(atPath: out + "/.export-itinerary/d.pdf"))
    }

    @Test(
        "two outputs that meet through a link are refused across shards as in one run: the later job in plan order gives way"
    )
    func outputsMeetingAcrossShards() throws {
        let trip = try example("day-trip")
        var files: [String: String] = [:]
        for i in 0..<8 { files["trips/t\(i).json"] = trip }
        let root = try tree("batch-shard-links", files)
        let trips = root.appendingPathComponent("trips").path, out = root.appendingPathComponent("out").path
        // Find two outputs in different shards of 2, and link the later one to the earlier.
        let plan = try BatchPlan.make(sources: [trips], defaults: defaults(), shard: nil)
        let outputs = plan.jobs.map(\.output)
        let first = outputs[0]
        let shardOfFirst = Shard(index: 0, count: 2).contains(output: first) ? 0 : 1
        let later = try #require(
            outputs.dropFirst().first { (Shard(index: 0, count: 2).contains(output: $0) ? 0 : 1) != shardOfFirst })
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: out + "/" + later, withDestinationPath: first)
        var reasons: [String: String] = [:]
        for index in 0..<2 {
            let report = root.appendingPathComponent("r\(index).json")
            _ = try cli(["batch", trips, "--out-dir", out, "--shard", "\(index)/2", "--report", report.path, "--quiet"])
            for job in try readReport(report).jobs { reasons[job.output] = job.reason ?? "ok" }
        }
        #expect(reasons[first] == "ok", "\(reasons)")
        #expect(
            reasons[later]
                == "\(later) is the same file as \(first) (through a symbolic link): the second job is refused",
            "\(reasons)")
    }

    @Test(
        "the output folder and an earlier report are left out of a listing however the source is spelt (through a link); a one-letter report name is a report"
    )
    func exclusionsByFileNotText() throws {
        let root = try tree("batch-exclude-link", ["T/day.json": try example("day-trip")])
        try FileManager.default.createSymbolicLink(atPath: root.path + "/TL", withDestinationPath: "T")
        let first = try cli(["batch", "T", "--out-dir", "T/out", "--report", "T/out/r.json", "--quiet"], in: root)
        #expect(first.status == 0, "\(first.stderr)")
        let again = try cli(
            ["batch", "TL", "--out-dir", "T/out", "--report", "T/out/r.json", "--resume", "--quiet"], in: root)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.hasPrefix("0 exported, 0 failed, 1 skipped"), "\(again.stdout)")
        let short = try cli(["batch", "T/day.json", "--out-dir", "o", "--report", "x", "--quiet"], in: root)
        #expect(short.status == 0, "\(short.stderr)")
        #expect(try readReport(root.appendingPathComponent("x")).jobs.count == 1)
    }

    @Test("a trip named .JSON in upper case is not listed, and the listing says so")
    func upperCaseSuffix() throws {
        let root = try tree(
            "batch-upper-json", ["trips/a.json": try example("day-trip"), "trips/B.JSON": try example("day-trip")])
        let r = try cli([
            "batch", root.appendingPathComponent("trips").path, "--out-dir", root.appendingPathComponent("out").path,
        ])
        #expect(r.status == 0 && r.stdout.hasPrefix("1 exported"), "\(r.stdout) \(r.stderr)")
        #expect(
            r.stderr.contains(
                "warning: \(root.path)/trips/B.JSON: not listed: a trip's name ends in .json, in lower case; rename it to list it"
            ), "\(r.stderr)")
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
    @Test("templates named café.json in NFC and in NFD are two templates to --resume: an edit of one redoes its jobs")
    func templatesUnderNormalisation() throws {
        let trip = try example("day-trip")
        let nfc = "caf\u{E9}.json", nfd = "cafe\u{301}.json"
        let root = try tree("batch-template-nfc", ["a.json": trip, "b.json": trip])
        try FileManager.default.copyItem(atPath: TestPaths.templates + "/classic.json", toPath: root.path + "/" + nfc)
        try FileManager.default.copyItem(atPath: TestPaths.templates + "/compact.json", toPath: root.path + "/" + nfd)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).count == 4)
        let manifest = root.appendingPathComponent("m.jsonl")
        try Data(
            (#"{"trip": "a.json", "out": "a.pdf", "template": "./\#(nfc)"}"# + "\n"
                + #"{"trip": "b.json", "out": "b.pdf", "template": "./\#(nfd)"}"# + "\n").utf8
        ).write(to: manifest)
        let out = root.appendingPathComponent("out").path
        #expect(try cli(["batch", manifest.path, "--out-dir", out, "--quiet"], in: root).status == 0)
        // The NFD template changes (same size): only its job is redone.
        let edited = try String(contentsOfFile: root.path + "/" + nfd, encoding: .utf8)
        let changed = try #require(edited.range(of: "#1A1A2E", options: .caseInsensitive))
        try Data(edited.replacingCharacters(in: changed, with: "#0A1A2E").utf8).write(
            to: URL(fileURLWithPath: root.path + "/" + nfd))
        let report = root.appendingPathComponent("r.json")
        #expect(
            try cli(
                ["batch", manifest.path, "--out-dir", out, "--resume", "--report", report.path, "--quiet"], in: root
            ).status == 0)
        #expect(try readReport(report).jobs.map(\.status) == [.skipped, .ok])
    }

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
        let names = try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasSuffix(".pdf") }.map {
            Array($0.utf8)
        }
        #expect(Set(names) == [Array("\(nfc).pdf".utf8), Array("\(nfd).pdf".utf8)])
        // Both are recorded, and both skipped on a resume.
        let again = try cli(["batch", trips, "--out-dir", out, "--resume", "--quiet"])
        #expect(again.stdout.hasPrefix("0 exported, 0 failed, 2 skipped"), "\(again.stdout)")
    }

    @Test(
        "a linked directory is followed, each real directory once; a dangling link, a loop of links and a pipe are failed jobs with their reason; nothing is silent"
    )
    func linksInADirectorySource() throws {
        let trip = try example("day-trip")
        let root = try tree(
            "batch-source-links", ["trips/t1.json": trip, "trips/real/r.json": trip, "elsewhere/sub/e.json": trip])
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
        #expect(
            jobs.keys.sorted() == [
                "a.pdf", "b.pdf", "linked/sub/e.pdf", "moved.pdf", "pipe.pdf", "real/r.pdf", "t1.pdf",
            ])
        #expect(jobs["linked/sub/e.pdf"]?.status == .ok && jobs["real/r.pdf"]?.status == .ok)
        #expect(jobs["moved.pdf"]?.reason == "the trip is a symbolic link to gone.json, which does not exist")
        #expect(jobs["a.pdf"]?.reason?.hasPrefix("the trip is a loop of symbolic links") == true)
        #expect(
            jobs["pipe.pdf"]?.reason
                == "the trip is a named pipe, not a file: a batch reads trips from regular files only")
        // The links left out are said on standard error and kept in the report.
        let notes = try readReport(report).listing ?? []
        #expect(
            notes == [
                "\(trips)/again: a link to \(trips)/real, listed already: its trips are listed once, under \(trips)/real",
                "\(trips)/real/up: a link to \(trips), which holds it (a loop): not followed",
            ], "\(notes)")
        for note in notes { #expect(r.stderr.contains("warning: " + note), "\(r.stderr)") }
    }

    @Test("a trip named on the command line or in a manifest that is a pipe is refused at listing, never waited for")
    func pipesNamedAsTrips() throws {
        let trip = try example("day-trip")
        let root = try tree("batch-source-pipes", ["t1.json": trip])
        let pipe = root.appendingPathComponent("p.json").path
        #expect(mkfifo(pipe, 0o644) == 0)
        try Data((#"{"trip": "\#(pipe)", "out": "p.pdf"}"# + "\n").utf8).write(
            to: root.appendingPathComponent("m.jsonl"))
        #expect(mkfifo(root.appendingPathComponent("pipe.jsonl").path, 0o644) == 0)
        let out = root.appendingPathComponent("out").path
        for sources in [[pipe], [root.appendingPathComponent("m.jsonl").path]] {
            // A worker that opened the pipe would wait for the timeout, twice ("timed out").
            let r = try cli(
                ["batch", root.appendingPathComponent("t1.json").path] + sources + [
                    "--out-dir", out, "--job-timeout", "2",
                ])
            #expect(r.status == 7, "\(r.stdout) \(r.stderr)")
            #expect(r.stderr.contains("the trip is a named pipe, not a file"), "\(r.stderr)")
        }
        let manifest = try cli(["batch", root.appendingPathComponent("pipe.jsonl").path, "--out-dir", out])
        #expect(
            manifest.status == 2 && manifest.stderr.contains("pipe.jsonl: the manifest is a named pipe, not a file"),
            "\(manifest.stderr)")
    }
}
