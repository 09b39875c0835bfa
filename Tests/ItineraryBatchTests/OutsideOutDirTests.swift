/// Nothing outside `--out-dir` is written, renamed or removed but the named `--report`, and no
/// report or PDF lands on an input or the program's own files (issue 40).
import Foundation
@testable import ItineraryBatch
import ItineraryExport
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

@Suite("Nothing outside --out-dir", .serialized)
struct OutsideOutDirTests {
    @Test("the start-up sweep of stale temporaries never follows an output's link out of --out-dir")
    func sweepStaysInside() throws {
        let root = try tree(
            "outside-sweep", ["trips/a.json": try example("day-trip"), "elsewhere/.a.pdf.tmp-notes1": "x"])
        let out = root.appendingPathComponent("out").path
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: out + "/a.pdf", withDestinationPath: "../elsewhere/a.pdf")
        let r = try cli(["batch", root.appendingPathComponent("trips").path, "--out-dir", out])
        #expect(r.status == 7, "\(r.stderr)")
        #expect(
            r.stderr.contains("a.pdf leads out of --out-dir through a symbolic link: the job is refused"), "\(r.stderr)"
        )
        #expect(!r.stderr.contains("removed"), "\(r.stderr)")
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("elsewhere/.a.pdf.tmp-notes1").path))
    }

    @Test("the sweep never removes an input named like a temporary: a trip, a template")
    func sweepSparesInputs() throws {
        let trip = "out/.b.pdf.tmp-ABCDEF", template = "out/.c.pdf.tmp-ABCDEF"
        let root = try tree(
            "outside-sweep-inputs",
            [
                trip: try example("day-trip"), "trips/c.json": try example("day-trip"),
                template: try String(
                    contentsOf: URL(fileURLWithPath: TestPaths.templates + "/classic.json"), encoding: .utf8),
                "jobs.jsonl":
                    "{\"trip\": \"\(trip)\", \"out\": \"b.pdf\"}\n{\"trip\": \"trips/c.json\", \"out\": \"c.pdf\"}\n",
            ])
        let r = try cli(["batch", "jobs.jsonl", "--out-dir", "out", "--template", template, "--quiet"], in: root)
        #expect(r.status == 0, "\(r.stderr)")
        for kept in [trip, template] {
            #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent(kept).path), "\(kept)")
        }
    }

    @Test(
        "a report whose name leads into a kept folder at the moment of the write is refused then, by the folder's identity"
    )
    func reportIntoAKeptFolderAtTheWrite() throws {
        let root = try tree("outside-report-late", ["store/entitlements.sqlite": "db", "store/deep/x": "x"])
        let store = root.appendingPathComponent("store").path
        let rule = WriteRule(kept: [KeptPath(store, "the entitlement store", isDirectory: true)])
        // Checked before the run, the name led nowhere; since, a co-user made it a link to the store.
        let reports = root.appendingPathComponent("reports").path
        try FileManager.default.createDirectory(atPath: reports, withIntermediateDirectories: true)
        for (name, target) in [("r.json", store + "/entitlements.sqlite"), ("s.json", store + "/deep/new.json")] {
            try FileManager.default.createSymbolicLink(atPath: reports + "/" + name, withDestinationPath: target)
            #expect(throws: OutputError.self) {
                try ReportFile.write(Data("{}".utf8), to: reports + "/" + name, root: nil, rule: rule)
            }
        }
        #expect(try String(contentsOfFile: store + "/entitlements.sqlite", encoding: .utf8) == "db")
        #expect(!FileManager.default.fileExists(atPath: store + "/deep/new.json"))
        // A second path to the store (a bind mount is one; a link to the folder, here) is the same folder.
        let alias = root.appendingPathComponent("alias").path
        try FileManager.default.createSymbolicLink(atPath: alias, withDestinationPath: store)
        let opened = try #require(try? DirectoryHandle.open(alias).get())
        #expect(rule.claim(folder: opened) == "inside the entitlement store \(store)")
    }

    @Test(
        "an --out-dir that is the templates folder takes no batch, not even its state; a folder below that reaches it refuses its jobs"
    )
    func outDirInAKeptFolder() throws {
        let root = try tree("outside-outdir-kept", ["trips/a.json": try example("day-trip")])
        let templates = root.appendingPathComponent("Templates").path
        try FileManager.default.copyItem(atPath: TestPaths.templates, toPath: templates)
        let env = ["EXPORT_ITINERARY_TEMPLATES": templates]
        let r = try cli(["batch", "trips", "--out-dir", "Templates", "--quiet"], env: env, in: root)
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.contains("--out-dir Templates lies inside the program's templates"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: templates + "/.export-itinerary"))
        // A folder to make inside it is refused before it is made.
        let below = try cli(["batch", "trips", "--out-dir", "Templates/sub/deeper", "--quiet"], env: env, in: root)
        #expect(below.status == 2, "\(below.stderr)")
        #expect(!FileManager.default.fileExists(atPath: templates + "/sub"))
        // A second path to it inside --out-dir (a bind mount is one; a link to the folder, here).
        try FileManager.default.createDirectory(
            atPath: root.appendingPathComponent("out").path, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("out/sub").path, withDestinationPath: templates)
        try Data("{\"trip\": \"trips/a.json\", \"out\": \"sub/a.pdf\"}\n".utf8).write(
            to: root.appendingPathComponent("jobs.jsonl"))
        let inside = try cli(["batch", "jobs.jsonl", "--out-dir", "out"], env: env, in: root)
        #expect(inside.status == 7, "\(inside.stderr)")
        #expect(inside.stderr.contains("sub/a.pdf lies inside the program's templates"), "\(inside.stderr)")
        #expect(!FileManager.default.fileExists(atPath: templates + "/a.pdf"))
    }

    @Test(
        "at the moment of the write, a report replaces only an earlier report or makes a new file: never a PDF or the state a link now leads to"
    )
    func reportOverAnOutputAtTheWrite() throws {
        let root = try tree(
            "outside-report-output", ["out/a.pdf": "%PDF-1.5 a", "out/.export-itinerary/ledger.tsv": "ledger"])
        let rule = WriteRule(kept: [])
        let reports = root.appendingPathComponent("reports").path
        try FileManager.default.createDirectory(atPath: reports, withIntermediateDirectories: true)
        for (name, target) in [("r.json", "out/a.pdf"), ("s.json", "out/.export-itinerary/ledger.tsv")] {
            try FileManager.default.createSymbolicLink(
                atPath: reports + "/" + name, withDestinationPath: root.appendingPathComponent(target).path)
            #expect(throws: OutputError.self) {
                try ReportFile.write(Data("{}".utf8), to: reports + "/" + name, root: nil, rule: rule)
            }
        }
        #expect(
            try String(contentsOfFile: root.appendingPathComponent("out/a.pdf").path, encoding: .utf8) == "%PDF-1.5 a")
        #expect(
            try String(
                contentsOfFile: root.appendingPathComponent("out/.export-itinerary/ledger.tsv").path, encoding: .utf8)
                == "ledger")
        // An empty lock of the state folder (a shard's shared lock holds no words) is refused
        // by where it lies.
        let lock = root.appendingPathComponent("out/.export-itinerary/batch.lock").path
        #expect(FileManager.default.createFile(atPath: lock, contents: Data()))
        try FileManager.default.createSymbolicLink(atPath: reports + "/t.json", withDestinationPath: lock)
        let out = try OutputRoot(path: root.appendingPathComponent("out").path)
        #expect(throws: OutputError.self) {
            try ReportFile.write(Data("{}".utf8), to: reports + "/t.json", root: out, rule: rule)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: lock)).isEmpty)
        // The same lock reached with no --out-dir known (merge-reports): still the state.
        #expect(throws: OutputError.self) {
            try ReportFile.write(Data("{}".utf8), to: reports + "/t.json", root: nil, rule: rule)
        }
        // merge-reports replaces no empty file either, as its check before the merge says.
        let empty = root.appendingPathComponent("empty.json").path
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        #expect(throws: OutputError.self) {
            try ReportFile.write(Data("{}".utf8), to: empty, merging: [], kept: [])
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: empty)).isEmpty)
        // A named pipe given as a report to merge is refused at once, never waited on.
        let pipe = root.appendingPathComponent("pipe.json").path
        #expect(mkfifo(pipe, 0o644) == 0)
        let merged = try cli(["batch", "merge-reports", pipe])
        #expect(merged.status == 2, "\(merged.stderr)")
        #expect(merged.stderr.contains("not a regular file"), "\(merged.stderr)")
        // A new name is written (an earlier report is replaced: every --resume run's report).
        try ReportFile.write(Data("{}".utf8), to: reports + "/new.json", root: nil, rule: rule)
        #expect(FileManager.default.fileExists(atPath: reports + "/new.json"))
    }

    @Test(
        "merge-reports refuses a --report that is one of its inputs, a trip they name, or any file that is not a report"
    )
    func mergeReportOverItsInputs() throws {
        let trip = try example("day-trip")
        let root = try tree("outside-merge", ["trips/t1.json": trip, "notes.txt": "mine"])
        let r0 = root.appendingPathComponent("r0.json").path
        let made = try cli(
            ["batch", "trips", "--out-dir", "out", "--report", r0, "--quiet"], in: root)
        #expect(made.status == 0, "\(made.stderr)")
        let before = try Data(contentsOf: URL(fileURLWithPath: r0))
        let cases: [(report: String, says: String)] = [
            (r0, "--report \(r0) is the input report \(r0): the report would replace it"),
            ("trips/t1.json", "--report trips/t1.json is the trip trips/t1.json of the report \(r0)"),
            ("notes.txt", "--report notes.txt is a file that is not a batch report"),
        ]
        for c in cases {
            let r = try cli(["batch", "merge-reports", r0, "--report", c.report], in: root)
            #expect(r.status == 2, "\(c.report): \(r.stdout) \(r.stderr)")
            #expect(r.stderr.contains(c.says), "\(r.stderr)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: r0)) == before)
        #expect(try String(contentsOf: root.appendingPathComponent("trips/t1.json"), encoding: .utf8) == trip)
        #expect(try String(contentsOf: root.appendingPathComponent("notes.txt"), encoding: .utf8) == "mine")
        // A new file, and an earlier merged report, are written.
        #expect(try cli(["batch", "merge-reports", r0, "--report", "all.json"], in: root).status == 0)
        #expect(try cli(["batch", "merge-reports", r0, "--report", "all.json"], in: root).status == 0)
    }

    @Test("a --report that is the trip of a job refused for its output is refused too")
    func reportOverARefusedJobsTrip() throws {
        let trip = try example("day-trip")
        let root = try tree(
            "outside-refused",
            ["precious.json": trip, "m.jsonl": #"{"trip":"precious.json","out":"../up.pdf"}"# + "\n"])
        let r = try cli(["batch", "m.jsonl", "--out-dir", "out", "--report", "precious.json"], in: root)
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.contains("--report precious.json is the trip of m.jsonl:1: the report would replace it"))
        #expect(try String(contentsOf: root.appendingPathComponent("precious.json"), encoding: .utf8) == trip)
    }

    @Test(
        "a --report over the program's fonts lock, a template, or the program itself is refused, in batch and merge-reports"
    )
    func reportOverTheInstallation() throws {
        let root = try tree("outside-install", ["trips/a.json": try example("day-trip")])
        let fonts = root.appendingPathComponent("Fonts").path, templates = root.appendingPathComponent("Templates").path
        try FileManager.default.copyItem(atPath: TestPaths.fonts, toPath: fonts)
        try FileManager.default.copyItem(atPath: TestPaths.templates, toPath: templates)
        let env = ["EXPORT_ITINERARY_FONTS": fonts, "EXPORT_ITINERARY_TEMPLATES": templates]
        let lock = try Data(contentsOf: URL(fileURLWithPath: fonts + "/fonts.lock"))
        let compact = try Data(contentsOf: URL(fileURLWithPath: templates + "/compact.json"))
        let cases: [(report: String, says: String)] = [
            (fonts + "/fonts.lock", "is inside the program's fonts \(fonts): the report would replace what it keeps"),
            (templates + "/compact.json", "is inside the program's templates \(templates)"),
            (TestPaths.executable, "is the program itself"),
        ]
        for c in cases {
            let r = try cli(
                ["batch", "trips", "--out-dir", "out", "--report", c.report, "--quiet"], env: env, in: root)
            #expect(r.status == 2, "\(c.report): \(r.stderr)")
            #expect(r.stderr.contains("--report \(c.report) \(c.says)"), "\(r.stderr)")
        }
        let made = try cli(["batch", "trips", "--out-dir", "out", "--report", "r.json", "--quiet"], env: env, in: root)
        #expect(made.status == 0, "\(made.stderr)")
        for c in cases {
            let r = try cli(["batch", "merge-reports", "r.json", "--report", c.report], env: env, in: root)
            #expect(r.status == 2, "\(c.report): \(r.stderr)")
            #expect(r.stderr.contains("--report \(c.report) \(c.says)"), "\(r.stderr)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: fonts + "/fonts.lock")) == lock)
        #expect(try Data(contentsOf: URL(fileURLWithPath: templates + "/compact.json")) == compact)
    }

    @Test(
        "a worker renames through the folder it opened: a link planted on the way meanwhile, or as the name, leads nowhere"
    )
    func aLinkPlantedMidJobIsNotFollowed() throws {
        let root = TestPaths.scratch("outside-planted")
        let out = root.appendingPathComponent("out").path, elsewhere = root.appendingPathComponent("elsewhere").path
        for folder in [out + "/sub", out + "/top", elsewhere] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        try Data("keep".utf8).write(to: URL(fileURLWithPath: elsewhere + "/a.pdf"))
        let trip = root.appendingPathComponent("t.json").path
        try Data("{}".utf8).write(to: URL(fileURLWithPath: trip))
        let handle = try OutputRoot(path: out)
        let request = WorkerRequest(id: 0, trip: trip, out: out + "/sub/a.pdf", written: "sub/a.pdf")
        // As the worker does: the folder opened before rendering, the PDF renamed into it after.
        let folder = try BatchWorker.outputFolder(request, tripPath: trip, outputDirectory: handle.handle)
        try FileManager.default.moveItem(atPath: out + "/sub", toPath: out + "/sub-moved")
        try FileManager.default.createSymbolicLink(atPath: out + "/sub", withDestinationPath: elsewhere)
        try folder.replace("a.pdf", with: Data("%PDF-1.5".utf8), shown: request.out)
        #expect(try String(contentsOfFile: elsewhere + "/a.pdf", encoding: .utf8) == "keep")
        #expect(try String(contentsOfFile: out + "/sub-moved/a.pdf", encoding: .utf8) == "%PDF-1.5")
        // The link there before the folder is opened: the job fails, naming it.
        #expect(throws: (any Error).self) {
            _ = try BatchWorker.outputFolder(request, tripPath: trip, outputDirectory: handle.handle)
        }
        // A link planted as the name itself is replaced, never its target.
        try FileManager.default.createSymbolicLink(
            atPath: out + "/top/b.pdf", withDestinationPath: elsewhere + "/a.pdf")
        try handle.replace("top/b.pdf", with: Data("%PDF-1.5".utf8))
        #expect(try String(contentsOfFile: elsewhere + "/a.pdf", encoding: .utf8) == "keep")
        #expect(
            try FileManager.default.attributesOfItem(atPath: out + "/top/b.pdf")[.type] as? FileAttributeType
                == .typeRegular)
    }

    @Test("a job's folder that has become a kept folder since it was opened takes no PDF as it lands")
    func aFolderThatBecameKeptTakesNoPDF() throws {
        let root = try tree("outside-became-kept", ["out/sub/.keep": "", "Templates/classic.json": "{}"])
        let templates = root.appendingPathComponent("Templates").path
        let rule = WriteRule(kept: [KeptPath(templates, "the program's templates", isDirectory: true)])
        // The folder as the worker holds it is, by identity, the templates folder (as a bind
        // mount of it, made after the job was handed out, would be).
        let folder = try #require(try? DirectoryHandle.open(templates).get())
        #expect(throws: OutputError.self) {
            try BatchWorker.land(Data("%PDF-1.5".utf8), in: folder, as: "a.pdf", shown: "sub/a.pdf", rule: rule)
        }
        #expect(!FileManager.default.fileExists(atPath: templates + "/a.pdf"))
        let sub = try #require(try? DirectoryHandle.open(root.appendingPathComponent("out/sub").path).get())
        try BatchWorker.land(Data("%PDF-1.5".utf8), in: sub, as: "a.pdf", shown: "sub/a.pdf", rule: rule)
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("out/sub/a.pdf").path))
    }

    @Test("batches on nested output folders exclude each other, whichever starts first")
    func nestedOutputFolders() throws {
        let root = try tree("outside-nested", ["trips/a.json": try example("day-trip")])
        let pdfs = root.appendingPathComponent("pdfs").path, inner = pdfs + "/2026"
        for (running, other, word) in [(pdfs, inner, "contains"), (inner, pdfs, "lies inside")] {
            // A batch running on `running`: its lock held, as a whole-plan run holds it.
            try? FileManager.default.removeItem(atPath: pdfs)
            try FileManager.default.createDirectory(
                atPath: running + "/.export-itinerary", withIntermediateDirectories: true)
            let lock = open(running + "/.export-itinerary/batch.lock", O_RDWR | O_CREAT, 0o644)
            defer { close(lock) }
            #expect(flock(lock, LOCK_EX | LOCK_NB) == 0)
            _ = "pid 4242 on elsewhere\n".withCString { write(lock, $0, strlen($0)) }
            let r = try cli(["batch", root.appendingPathComponent("trips").path, "--out-dir", other, "--quiet"])
            #expect(r.status == 2, "\(r.stdout) \(r.stderr)")
            #expect(
                r.stderr.contains("another batch is writing")
                    && r.stderr.contains("(pid 4242 on elsewhere), which \(word) \(other)"), "\(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: other + "/a.pdf"))
            flock(lock, LOCK_UN)
        }
        // Once the other is done, it runs.
        #expect(
            try cli(["batch", root.appendingPathComponent("trips").path, "--out-dir", inner, "--quiet"]).status == 0)
    }

    @Test("a batch running on a folder a job writes into is met as the job is handed out; its lock's words are escaped")
    func nestedBatchMetPerJob() throws {
        let root = try tree("outside-nested-job", ["out/2026/sub/.keep": ""])
        let inner = root.appendingPathComponent("out/2026").path
        try FileManager.default.createDirectory(atPath: inner + "/.export-itinerary", withIntermediateDirectories: true)
        let lock = open(inner + "/.export-itinerary/batch.lock", O_RDWR | O_CREAT, 0o644)
        defer { close(lock) }
        #expect(flock(lock, LOCK_EX | LOCK_NB) == 0)
        _ = "pid 4242 on host\r\u{1B}[2Kfake\n".withCString { write(lock, $0, strlen($0)) }
        let out = try OutputRoot(path: root.appendingPathComponent("out").path)
        let found = NestedBatches.runningBatch(on: "2026/sub", below: out)
        #expect(found?.0 == "2026")
        #expect(found?.1 == "pid 4242 on host\\r\\u001B[2Kfake", "\(String(describing: found))")
        #expect(NestedBatches.runningBatch(on: "other", below: out) == nil)
        flock(lock, LOCK_UN)
        #expect(NestedBatches.runningBatch(on: "2026/sub", below: out) == nil)
    }

    @Test("an output that is a hard link to a trip is refused as a hard link, and the trip stays whole")
    func hardLinkToATrip() throws {
        let trip = try example("day-trip")
        let root = try tree("outside-hardlink", ["trips/a.json": trip])
        let out = root.appendingPathComponent("out").path
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        #expect(link(root.appendingPathComponent("trips/a.json").path, out + "/a.pdf") == 0)
        let r = try cli(["batch", "trips", "--out-dir", "out"], in: root)
        #expect(r.status == 7, "\(r.stderr)")
        #expect(
            r.stderr.contains(
                "a.pdf is a hard link to the trip of trips/a.json (one file, two names): writing the PDF would replace only the name a.pdf, never that file, but an output that is an input of the plan is refused; remove a.pdf or give the job another output"
            ), "\(r.stderr)")
        #expect(!r.stderr.contains("symbolic"), "\(r.stderr)")
        #expect(try String(contentsOfFile: out + "/a.pdf", encoding: .utf8) == trip)
    }
}
