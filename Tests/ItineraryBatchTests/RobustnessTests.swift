/// What operators' trees and pipelines throw at a batch: a closed standard error, libraries
/// printing on standard output, a file named "-", outputs that meet through a link, reports
/// inside a source, names in other normal forms, floods of problems.
import Foundation
import ItineraryBatch
import Testing
import TestSupport

@Suite("Batch robustness", .serialized)
struct RobustnessTests {
    @Test(
        "under ulimit -f every PDF is too large: the batch stops at the first, exit 6, the rest cancelled and the report written"
    )
    func aFileSizeLimitStopsTheBatch() throws {
        var files: [String: String] = [:]
        for i in 0..<6 { files["t\(i).json"] = try example("midwest-mlb-10-day") }
        let root = try tree("batch-ulimit", files)
        let out = root.appendingPathComponent("out").path, report = root.appendingPathComponent("report.json").path
        // 36 KiB: room for the ledger, the report and the store's shared memory; not for a PDF.
        let r = try runProcess(
            "/bin/bash",
            [
                "-c", "ulimit -f 36; exec \"$0\" \"$@\"", TestPaths.executable, "batch", root.path,
                "--out-dir", out, "--jobs", "1", "--report", report,
            ],
            environment: environment(TestStores.commandEnvironment))
        #expect(r.status == 6, "\(r.stdout) \(r.stderr)")
        #expect(
            r.stderr.contains("error: the batch stopped: every later PDF would fail the same way (file too large)"),
            "\(r.stderr)")
        #expect(
            r.stderr.components(separatedBy: "file too large").count == 3,
            "once for the job, once for the stop: \(r.stderr)")
        let written = try readReport(URL(fileURLWithPath: report))
        #expect(written.totals.failed == 1 && written.totals.ok == 0, "\(written.totals)")
        #expect(written.jobs.filter { $0.status == .cancelled }.count == 5)
        #expect(
            filesBelow(URL(fileURLWithPath: out)).allSatisfy { $0.hasPrefix(".export-itinerary/") },
            "\(filesBelow(URL(fileURLWithPath: out)))")
    }

    /// An output directory on a read-only file system: the batch cannot even make its state
    /// folder. Exit 6, and the report, written elsewhere, says every job was not exported and why.
    @Test(
        "an output directory that cannot be written before the first job: exit 6 and the report still written",
        .enabled(if: getuid() == 0, "mounting a file system needs root"))
    func readOnlyOutputBeforeAnyJobStillReports() throws {
        let root = try tree(
            "batch-readonly-start", ["t0.json": try example("day-trip"), "t1.json": try example("day-trip")])
        let mount = root.appendingPathComponent("mnt").path
        try FileManager.default.createDirectory(atPath: mount, withIntermediateDirectories: true)
        #expect(try runProcess("/bin/mount", ["-t", "tmpfs", "-o", "size=1m,ro", "tmpfs", mount]).status == 0)
        defer { _ = try? runProcess("/bin/umount", [mount]) }
        let report = root.appendingPathComponent("report.json")
        let r = try cli([
            "batch", root.appendingPathComponent("t0.json").path, root.appendingPathComponent("t1.json").path,
            "--out-dir", mount, "--report", report.path, "--quiet",
        ])
        #expect(r.status == 6, "\(r.stderr)")
        let written = try readReport(report)
        #expect(written.jobs.map(\.status) == [.cancelled, .cancelled], "\(written.jobs)")
        #expect(written.jobs.allSatisfy { $0.reason?.contains("read-only file system") == true }, "\(written.jobs)")
    }

    /// A file system with no inode left (a tmpfs mounted for the test, which needs root) makes
    /// the supervisor's `mkdir` of the first job's folder fail: that is every later job's fate.
    @Test(
        "no inodes left when the supervisor makes a job's folder: the batch stops at once, exit 6, the rest cancelled",
        .enabled(if: getuid() == 0, "mounting a small file system needs root"))
    func noInodesForAJobsFolderStopsTheBatch() throws {
        var files: [String: String] = ["first.jsonl": #"{"trip": "t0.json", "out": "first.pdf"}"# + "\n"]
        var lines: [String] = []
        for i in 0..<6 {
            files["t\(i).json"] = try example("day-trip")
            lines.append(#"{"trip": "t\#(i).json", "out": "d\#(i)/t.pdf"}"#)
        }
        files["jobs.jsonl"] = lines.joined(separator: "\n") + "\n"
        let root = try tree("batch-inodes", files)
        let mount = root.appendingPathComponent("mnt").path
        try FileManager.default.createDirectory(atPath: mount, withIntermediateDirectories: true)
        #expect(try runProcess("/bin/mount", ["-t", "tmpfs", "-o", "size=16m", "tmpfs", mount]).status == 0)
        defer { _ = try? runProcess("/bin/umount", [mount]) }
        let out = mount + "/out", report = root.appendingPathComponent("report.json")
        // A first batch makes the state folder and its files; then the file system keeps exactly
        // the inodes it uses.
        #expect(
            try cli(["batch", root.appendingPathComponent("first.jsonl").path, "--out-dir", out, "--quiet"]).status == 0
        )
        var info = statvfs()
        #expect(statvfs(mount, &info) == 0)
        let used = info.f_files - info.f_ffree
        #expect(try runProcess("/bin/mount", ["-o", "remount,nr_inodes=\(used)", mount]).status == 0)
        let r = try cli([
            "batch", root.appendingPathComponent("jobs.jsonl").path, "--out-dir", out, "--jobs", "1", "--report",
            report.path,
        ])
        #expect(r.status == 6, "\(r.stdout) \(r.stderr)")
        #expect(
            r.stderr.contains(
                "error: the batch stopped: every later PDF would fail the same way (no space left on device)"),
            "\(r.stderr)")
        // One job's line, then the stop: the system's words twice, never once per later job.
        #expect(
            r.stderr.lowercased().components(separatedBy: "no space left on device").count == 3,
            "one job's line: \(r.stderr)")
        let written = try readReport(report)
        #expect(written.jobs.map(\.status) == [.failed] + Array(repeating: .cancelled, count: 5), "\(written.jobs)")
    }

    @Test("a manifest's template and paper names with control characters are escaped: one line each, no raw ESC")
    func controlCharactersInManifestNames() throws {
        let root = try tree(
            "batch-manifest-names",
            [
                "t.json": try example("day-trip"),
                "jobs.jsonl": #"{"trip": "t.json", "out": "a.pdf", "template": "no\u001b[2Jpe\nx"}"# + "\n"
                    + #"{"trip": "t.json", "out": "b.pdf", "paper": "a4\u001b]0;x\u0007\r"}"# + "\n",
            ])
        let r = try cli(["batch", root.appendingPathComponent("jobs.jsonl").path, "--out-dir", "out"], in: root)
        #expect(r.status == 2, "\(r.stderr)")
        #expect(!r.stderr.contains("\u{1B}") && !r.stderr.contains("\r") && !r.stderr.contains("\u{07}"), "\(r.stderr)")
        let lines = r.stderr.split(separator: "\n")
        #expect(lines.count >= 2 && lines.allSatisfy { $0.hasPrefix("export-itinerary: ") }, "\(r.stderr)")
    }

    @Test("a newline in a trip path or in --out-dir is written \\n: each error stays one line that says what it is")
    func aNewlineInAPathKeepsEachErrorOnOneLine() throws {
        let root = try tree(
            "robust-newline",
            [
                "bad\nname.json": "{}",
                "jobs.jsonl": #"{"trip": "bad\nname.json", "out": "bad.pdf"}"# + "\n",
                "a\nfile": "",
            ])
        func expectOneLinePerError(_ stderr: String, _ count: Int, containing text: String) {
            let lines = stderr.split(separator: "\n")
            #expect(lines.count == count, "\(stderr)")
            #expect(lines.allSatisfy { $0.hasPrefix("export-itinerary: error: ") }, "\(stderr)")
            #expect(lines.allSatisfy { $0.contains(text) }, "\(stderr)")
        }
        // A batch of that trip: its job's line names it, escaped (its PDF's name is refused).
        let batch = try cli([
            "batch", root.appendingPathComponent("bad\nname.json").path, "--out-dir",
            root.appendingPathComponent("out").path, "--jobs", "1",
        ])
        #expect(batch.status == 7, "\(batch.stderr)")
        expectOneLinePerError(
            batch.stderr, 1, containing: "bad\\nname.json: the output path contains a control character")
        // The same trip from a manifest: the worker's five problems, one line each.
        let manifest = try cli([
            "batch", root.appendingPathComponent("jobs.jsonl").path, "--out-dir",
            root.appendingPathComponent("out").path, "--jobs", "1",
        ])
        #expect(manifest.status == 7, "\(manifest.stderr)")
        expectOneLinePerError(manifest.stderr, 5, containing: "jobs.jsonl:1: ")
        let single = try cli([
            root.appendingPathComponent("bad\nname.json").path, root.appendingPathComponent("o.pdf").path,
        ])
        #expect(single.status == 4)
        expectOneLinePerError(single.stderr, 5, containing: "bad\\nname.json: ")
        // --out-dir through a file whose name holds a newline.
        let outDir = root.appendingPathComponent("a\nfile").path + "/pdfs"
        let blocked = try cli(["batch", root.appendingPathComponent("jobs.jsonl").path, "--out-dir", outDir])
        #expect(blocked.status == 6, "\(blocked.stderr)")
        expectOneLinePerError(blocked.stderr, 1, containing: "a\\nfile is a file, not a directory")
    }

    @Test func aClosedStandardErrorLosesNeitherTheBatchNorItsReport() throws {
        let root = try tree("robust-stderr", ["a.json": "{}", "b.json": try example("day-trip")])
        let out = TestPaths.scratch("robust-stderr-out"),
            reportFile = TestPaths.scratch("robust-stderr-report").appendingPathComponent("r.json")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TestPaths.executable)
        process.arguments = ["batch", root.path, "--out-dir", out.path, "--report", reportFile.path, "--jobs", "1"]
        process.environment = environment(TestStores.commandEnvironment)
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        // Nobody reads standard error: every write to it fails (`| head` that has ended).
        try err.fileHandleForReading.close()
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 7)
        let report = try readReport(reportFile)
        #expect(report.jobs.map(\.status) == [.failed, .ok])
    }

    @Test func libraryOutputOnStandardOutputDoesNotBreakTheWorkers() throws {
        let root = try tree("robust-stdout", ["t.json": try example("day-trip")])
        let r = try cli(
            [
                "batch", root.path, "--out-dir", TestPaths.scratch("robust-stdout-out").path, "--job-timeout", "30",
                "--quiet",
            ],
            env: ["FC_DEBUG": "1"])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr.suffix(500))")
    }

    @Test func aTripNamedDashIsAFileNotStandardInput() throws {
        let root = try tree(
            "robust-dash", ["-": try example("day-trip"), "jobs.jsonl": "{\"trip\": \"-\", \"out\": \"dash.pdf\"}\n"])
        let out = TestPaths.scratch("robust-dash-out")
        let r = try cli(["batch", "jobs.jsonl", "--out-dir", out.path, "--job-timeout", "30", "--quiet"], in: root)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("dash.pdf").path))
    }

    @Test func outputsThatMeetThroughALinkAreRefused() throws {
        let root = try tree(
            "robust-alias",
            [
                "a.json": try example("day-trip"), "b.json": try example("gira-es"),
                "jobs.jsonl": """
                {"trip": "a.json", "out": "g.pdf"}
                {"trip": "b.json", "out": "inside/g.pdf"}
                """,
            ])
        let out = TestPaths.scratch("robust-alias-out")
        try FileManager.default.createDirectory(
            at: out.appendingPathComponent("inside"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: out.appendingPathComponent("g.pdf").path, withDestinationPath: "inside/g.pdf")
        let reportFile = TestPaths.scratch("robust-alias-report").appendingPathComponent("r.json")
        for _ in 0..<2 {
            let r = try cli([
                "batch", root.appendingPathComponent("jobs.jsonl").path, "--out-dir", out.path, "--resume",
                "--report", reportFile.path, "--quiet",
            ])
            #expect(r.status == 7)
            let report = try readReport(reportFile)
            #expect(
                report.jobs.map(\.status) == [.ok, .failed] || report.jobs.map(\.status) == [.skipped, .failed],
                "\(report.jobs)")
            #expect(report.jobs[1].reason?.contains("is the same file as g.pdf") == true, "\(report.jobs[1])")
        }
    }

    @Test func aReportOrOutputInsideASourceIsNotATrip() throws {
        let root = try tree("robust-inside", ["t.json": try example("day-trip")])
        for _ in 0..<2 {
            let r = try cli([
                "batch", root.path, "--out-dir", root.appendingPathComponent("pdfs").path,
                "--report", root.appendingPathComponent("report.json").path, "--quiet",
            ])
            #expect(r.status == 0, "\(r.stderr)")
            #expect(try readReport(root.appendingPathComponent("report.json")).jobs.map(\.output) == ["t.pdf"])
        }
    }

    @Test func namesEqualOnlyUnderNormalisationAreTwoJobs() throws {
        let nfc = "caf\u{E9}.json", nfd = "cafe\u{301}.json"
        // (Not one dictionary literal: Swift takes the two names for one key.)
        let root = try tree("robust-nfd", [nfc: try example("day-trip")])
        try Data(try example("gira-es").utf8).write(to: root.appendingPathComponent(nfd))
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).count == 2)
        let plan = try BatchPlan.make(sources: [root.path], defaults: defaults(), shard: nil)
        #expect(plan.jobs.count == 2)
        #expect(Set(plan.jobs.map { Array($0.output.utf8) }).count == 2)
    }

    @Test func aFloodOfProblemsIsCappedInTheReplyAndOnScreen() throws {
        // 300 bad items: every one a problem with its path.
        let bad = try example("day-trip").replacingOccurrences(
            of: "\"items\": [", with: "\"items\": [" + String(repeating: "{\"type\": \"nope\"},", count: 300))
        let root = try tree("robust-flood", ["t.json": bad])
        let reportFile = TestPaths.scratch("robust-flood-report").appendingPathComponent("r.json")
        let r = try cli([
            "batch", root.path, "--out-dir", TestPaths.scratch("robust-flood-out").path, "--report", reportFile.path,
        ])
        #expect(r.status == 7)
        let job = try #require(try readReport(reportFile).jobs.first)
        #expect(job.attempts == 1)
        #expect(job.errors?.count == 101, "\(job.errors?.count ?? 0)")
        #expect(job.errors?.last?.hasPrefix("… and ") == true)
        #expect(r.stderr.split(separator: "\n").filter { $0.contains("error:") }.count == 11, "\(r.stderr)")
    }

    @Test func aTemplateWithoutTheAskedPaperIsOneProblem() throws {
        let template = try String(contentsOfFile: TestPaths.templates + "/compact.json", encoding: .utf8)
        let root = try tree("robust-paper", ["t.json": try example("day-trip")])
        let json = try JSONSerialization.jsonObject(with: Data(template.utf8)) as! [String: Any]
        var trimmed = json
        trimmed["papers"] = (json["papers"] as! [String: Any]).filter { $0.key == "a4" }
        trimmed["paper"] = "a4"
        let file = root.appendingPathComponent("a4-only.template")
        try JSONSerialization.data(withJSONObject: trimmed).write(to: file)
        do {
            _ = try BatchPlan.make(
                sources: [root.appendingPathComponent("t.json").path],
                defaults: JobDefaults(
                    template: .file(file.path), paper: "letter", templatesDirectory: TestPaths.templates), shard: nil)
            Issue.record("accepted")
        } catch {
            #expect(error.problems == ["--paper: the template \(file.path) has no paper \"letter\" (it has a4)"])
        }
    }
}
