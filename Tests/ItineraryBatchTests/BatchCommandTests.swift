/// `export-itinerary batch` as operators run it: byte-identical output, bad trips among good
/// ones, usage errors before anything runs, the gate once, reports, shards and merging.
import Foundation
import ItineraryBatch
import Testing
import TestSupport

private let exampleNames = ["day-trip", "gira-es", "midwest-mlb-10-day", "multi-league-30-day"]

@Suite("Batch command", .serialized)
struct BatchCommandTests {
    @Test func batchesAtAnyWorkerCountEqualSingleFileExports() throws {
        let root = TestPaths.scratch("batch-identical")
        let single = root.appendingPathComponent("single")
        try FileManager.default.createDirectory(at: single, withIntermediateDirectories: true)
        for name in exampleNames {
            let r = try cli([
                TestPaths.examples.appendingPathComponent(name + ".json").path,
                single.appendingPathComponent(name + ".pdf").path,
            ])
            #expect(r.status == 0, "\(r.stderr)")
        }
        for jobs in ["1", "3"] {
            let out = root.appendingPathComponent("jobs-\(jobs)")
            let r = try cli(["batch", TestPaths.examples.path, "--out-dir", out.path, "--jobs", jobs, "--quiet"])
            #expect(r.status == 0, "\(r.stderr)")
            #expect(r.stdout.hasPrefix("4 exported, 0 failed, 0 skipped in "), "\(r.stdout)")
            #expect(r.stderr.isEmpty, "\(r.stderr)")
            for name in exampleNames {
                let a = try Data(contentsOf: single.appendingPathComponent(name + ".pdf"))
                let b = try Data(contentsOf: out.appendingPathComponent(name + ".pdf"))
                #expect(a == b, "\(name).pdf differs with --jobs \(jobs)")
            }
            // Nothing else is left in the output directory but the ledger and its lock.
            #expect(
                filesBelow(out) == [".export-itinerary/batch.lock", ".export-itinerary/ledger.tsv"]
                    + exampleNames.map { $0 + ".pdf" })
        }
    }

    @Test func invalidTripsFailAloneAndAreReportedWithTheirPaths() throws {
        var files: [String: String] = [:]
        for name in ["day-trip", "gira-es"] { files["good/\(name).json"] = try example(name) }
        for name in ["bad-time-zone", "gap-in-days"] {
            files["bad/\(name).json"] = try String(
                contentsOf: TestPaths.invalidFixtures.appendingPathComponent(name + ".json"), encoding: .utf8)
        }
        files["bad/broken.json"] = "{ nope"
        let root = try tree("batch-invalid", files)
        let out = root.appendingPathComponent("out"), reportFile = root.appendingPathComponent("report.json")
        let r = try cli(["batch", root.path, "--out-dir", out.path, "--report", reportFile.path, "--jobs", "2"])
        #expect(r.status == 7, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("2 exported, 3 failed, 0 skipped"), "\(r.stdout)")
        let report = try readReport(reportFile)
        #expect(report.totals.jobs == 5 && report.totals.ok == 2 && report.totals.failed == 3)
        #expect(
            report.jobs.map(\.output) == [
                "bad/bad-time-zone.pdf", "bad/broken.pdf", "bad/gap-in-days.pdf", "good/day-trip.pdf",
                "good/gira-es.pdf",
            ])
        for job in report.jobs where job.status == .failed {
            let expected = try? String(
                contentsOf: TestPaths.invalidFixtures.appendingPathComponent(
                    (job.output as NSString).lastPathComponent.replacingOccurrences(of: ".pdf", with: ".expected")),
                encoding: .utf8)
            for line in (expected ?? "").split(separator: "\n") {
                #expect(job.errors?.contains(String(line)) == true, "\(job.output): \(line) not in \(job.errors ?? [])")
            }
            #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent(job.output).path))
        }
        #expect(
            report.jobs.first { $0.output == "bad/broken.pdf" }?.reason?.contains("not valid JSON at line 1") == true)
        // Each failure is also one line on standard error, naming the trip.
        #expect(r.stderr.contains("export-itinerary: error: \(root.path)/bad/gap-in-days.json: "), "\(r.stderr)")
        let ok = report.jobs.filter { $0.status == .ok }
        #expect(ok.allSatisfy { ($0.pages ?? 0) > 0 && ($0.bytes ?? 0) > 0 && $0.attempts == 1 })
    }

    @Test func failFastStopsHandingOutJobs() throws {
        var files: [String: String] = ["a-bad.json": "[]"]
        for i in 0..<6 { files["b\(i).json"] = try example("day-trip") }
        let root = try tree("batch-fail-fast", files)
        let out = root.appendingPathComponent("out"), reportFile = root.appendingPathComponent("r.json")
        let r = try cli([
            "batch", root.path, "--out-dir", out.path, "--jobs", "1", "--fail-fast", "--report", reportFile.path,
            "--quiet",
        ])
        #expect(r.status == 7)
        let report = try readReport(reportFile)
        #expect(report.jobs[0].status == .failed)
        #expect(report.jobs.dropFirst().allSatisfy { $0.status == .cancelled }, "\(report.jobs.map(\.status))")
    }

    @Test func usageErrorsComeBeforeAnythingRuns() throws {
        let root = try tree(
            "batch-usage",
            [
                "t.json": try example("day-trip"), "jobs.jsonl": "{\"trip\": \"t.json\"}\n{\"trip\": \"gone.json\"}\n",
                "dup.jsonl": "{\"trip\": \"t.json\", \"out\": \"x.pdf\"}\n{\"trip\": \"t.json\", \"out\": \"x.pdf\"}\n",
            ])
        let out = root.appendingPathComponent("out")
        let missing = try cli(["batch", root.appendingPathComponent("jobs.jsonl").path, "--out-dir", out.path])
        #expect(missing.status == 2)
        #expect(
            missing.stderr
                == "export-itinerary: error: \(root.path)/jobs.jsonl:2: trip: no such file \(root.path)/gone.json\n")
        let duplicate = try cli(["batch", root.appendingPathComponent("dup.jsonl").path, "--out-dir", out.path])
        #expect(duplicate.status == 2)
        #expect(
            duplicate.stderr.contains("two jobs write x.pdf: \(root.path)/dup.jsonl:1 and \(root.path)/dup.jsonl:2"))
        #expect(!FileManager.default.fileExists(atPath: out.path), "nothing is created before the plan holds")
        for (args, message) in [
            (["batch", root.path], "--out-dir"), (["batch", "--out-dir", out.path], "SOURCE"),
            (["batch", root.path, "--out-dir", out.path, "--jobs", "0"], "--jobs"),
            (["batch", root.path, "--out-dir", out.path, "--shard", "4/4"], "--shard"),
            (["batch", root.path, "--out-dir", out.path, "--job-timeout", "0.5"], "--job-timeout"),
            (
                ["batch", root.path, "--out-dir", out.path, "--paper", "legal"],
                "has no paper \"legal\" (it has a4, letter)"
            ),
            (["batch", root.path, "--out-dir", out.path, "--paper", "a/4"], "--paper must be a paper name"),
            (["batch", root.path, "--out-dir", out.path, "--retrie", "2"], "did you mean --retries?"),
            (["batch", root.path, "--out-dir", out.path, "--shard", "auto"], "not inside a job array"),
        ] {
            let r = try cli(
                args, env: ["SLURM_ARRAY_TASK_ID": "", "JOB_COMPLETION_INDEX": "", "AWS_BATCH_JOB_ARRAY_INDEX": ""])
            #expect(r.status == 2, "\(args)")
            #expect(
                r.stderr.hasPrefix("export-itinerary: error: ") && r.stderr.contains(message), "\(args): \(r.stderr)")
        }
    }

    @Test func anUnwritableReportIsFoundBeforeTheBatch() throws {
        let root = TestPaths.scratch("batch-report-dir")
        let out = root.appendingPathComponent("out")
        let r = try cli([
            "batch", TestPaths.examples.path, "--out-dir", out.path, "--report",
            root.appendingPathComponent("missing/r.json").path,
        ])
        #expect(r.status == 6)
        #expect(
            r.stderr
                == "export-itinerary: error: cannot write the report \(root.path)/missing/r.json: the directory \(root.path)/missing does not exist\n"
        )
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test func escapingOutputsFailTheirJobOnly() throws {
        let root = try tree(
            "batch-escape",
            [
                "t.json": try example("day-trip"),
                "jobs.jsonl": """
                {"trip": "t.json", "out": "../outside.pdf"}
                {"trip": "t.json", "out": "link/through.pdf"}
                {"trip": "t.json", "out": "fine.pdf"}
                """,
            ])
        let out = root.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: out.appendingPathComponent("link").path, withDestinationPath: root.path)
        let reportFile = root.appendingPathComponent("r.json")
        let r = try cli([
            "batch", root.appendingPathComponent("jobs.jsonl").path, "--out-dir", out.path, "--report", reportFile.path,
            "--quiet",
        ])
        #expect(r.status == 7)
        let report = try readReport(reportFile)
        #expect(report.jobs.map(\.status) == [.failed, .failed, .ok])
        #expect(report.jobs[1].reason?.contains("leads out of --out-dir") == true, "\(report.jobs[1])")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("outside.pdf").path))
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("through.pdf").path))
    }

    @Test func notProRendersNothingAndCreatesNothing() throws {
        let root = TestPaths.scratch("batch-not-pro")
        let out = root.appendingPathComponent("out")
        let emptyStore = root.appendingPathComponent("store").path
        let r = try cli(
            [
                "batch", TestPaths.examples.path, "--out-dir", out.path, "--report",
                root.appendingPathComponent("r.json").path,
            ],
            env: ["EXPORT_ITINERARY_HOME": emptyStore])
        #expect(r.status == 3)
        #expect(r.stderr.contains("Pro"))
        #expect(!FileManager.default.fileExists(atPath: out.path))
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("r.json").path))
        // The worker mode is no way around the gate.
        let worker = try runProcess(
            TestPaths.executable, ["batch-worker"],
            stdin: Data(
                "{\"id\":0,\"trip\":\"\(TestPaths.examples.path)/day-trip.json\",\"out\":\"\(out.path).pdf\"}\n".utf8),
            environment: environment(
                TestStores.commandEnvironment.merging(["EXPORT_ITINERARY_HOME": emptyStore]) { $1 }))
        #expect(worker.status == 3)
        #expect(worker.stdout.contains("\"kind\":\"fatal\""))
        #expect(!FileManager.default.fileExists(atPath: out.path + ".pdf"))
    }

    @Test func shardsTogetherEqualOneBatchAndMergeIntoAWhole() throws {
        var files: [String: String] = [:]
        for i in 0..<10 { files["t/\(i).json"] = try variant(exampleNames[i % 2], traveler: "Traveller \(i)") }
        let root = try tree("batch-shards", files)
        let whole = root.appendingPathComponent("whole"), sharded = root.appendingPathComponent("sharded")
        #expect(
            try cli(["batch", root.appendingPathComponent("t").path, "--out-dir", whole.path, "--quiet"]).status == 0)
        var reports: [String] = []
        for index in 0..<3 {
            let report = root.appendingPathComponent("r\(index).json").path
            reports.append(report)
            // The job array's index from the environment, as under Kubernetes.
            let r = try cli(
                [
                    "batch", root.appendingPathComponent("t").path, "--out-dir", sharded.path, "--shard", "auto",
                    "--report", report, "--quiet",
                ],
                env: ["JOB_COMPLETION_INDEX": "\(index)", "EXPORT_ITINERARY_SHARDS": "3", "SLURM_ARRAY_TASK_ID": ""])
            #expect(r.status == 0, "\(r.stderr)")
            #expect(r.stdout.contains("[shard \(index)/3]"))
        }
        for i in 0..<10 {
            let a = try Data(contentsOf: whole.appendingPathComponent("\(i).pdf"))
            let b = try Data(contentsOf: sharded.appendingPathComponent("\(i).pdf"))
            #expect(a == b, "\(i).pdf")
        }
        let all = root.appendingPathComponent("all.json")
        let merged = try cli(["batch", "merge-reports"] + reports + ["--report", all.path])
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(merged.stdout.contains("10 of the plan's 10 jobs"), "\(merged.stdout)")
        #expect(try readReport(all).jobs.count == 10)
        let partial = try cli(["batch", "merge-reports", reports[0], reports[2]])
        #expect(partial.status == 7)
        #expect(partial.stderr.contains("no report for shard 1/3"), "\(partial.stderr)")
        // Resuming a shard in the shared directory: every job of it is up to date.
        let again = try cli([
            "batch", root.appendingPathComponent("t").path, "--out-dir", sharded.path, "--shard", "1/3", "--resume",
            "--report", reports[1], "--quiet",
        ])
        #expect(again.status == 0)
        let resumed = try readReport(URL(fileURLWithPath: reports[1]))
        #expect(resumed.totals.skipped == resumed.totals.jobs && resumed.totals.jobs > 0)
    }

    @Test func resumeRedoesOnlyWhatChanged() throws {
        var files: [String: String] = [:]
        for i in 0..<5 { files["\(i).json"] = try variant("day-trip", traveler: "Reader \(i)") }
        let root = try tree("batch-resume", files)
        let out = root.appendingPathComponent("out")
        // Not below the source directory: a report there would be listed as a trip.
        let reportFile = TestPaths.scratch("batch-resume-report").appendingPathComponent("r.json")
        #expect(try cli(["batch", root.path, "--out-dir", out.path, "--quiet"]).status == 0)
        try Data(try variant("day-trip", traveler: "Edited").utf8).write(to: root.appendingPathComponent("2.json"))
        try FileManager.default.removeItem(at: out.appendingPathComponent("4.pdf"))
        let r = try cli(["batch", root.path, "--out-dir", out.path, "--resume", "--report", reportFile.path, "--quiet"])
        #expect(r.status == 0)
        let report = try readReport(reportFile)
        #expect(report.jobs.map(\.status) == [.skipped, .skipped, .ok, .skipped, .ok])
        // Another paper is another fingerprint: everything again.
        let a4 = try cli([
            "batch", root.path, "--out-dir", out.path, "--resume", "--paper", "a4", "--report", reportFile.path,
            "--quiet",
        ])
        #expect(a4.status == 0)
        #expect(try readReport(reportFile).totals.ok == 5)
    }
}
