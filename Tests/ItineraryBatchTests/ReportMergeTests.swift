/// Merging shard reports: whole, missing, twice, of another plan.
import Foundation
@testable import ItineraryBatch
import StrictJSON
import Testing
import TestSupport

@Suite("Report merging")
struct ReportMergeTests {
    private func report(
        shard: Shard?, outputs: [String], status: BatchReport.Status = .ok, plan: Int = 4, digest: String = "d"
    ) -> BatchReport {
        let jobs = outputs.map {
            BatchReport.Job(trip: $0 + ".json", output: $0, status: status, pages: 2, bytes: 10, attempts: 1)
        }
        return BatchReport(
            format: 1, program: "export-itinerary test", plan: .init(jobs: plan, digest: digest), shard: shard,
            interrupted: false, jobs: jobs, totals: .init(jobs: jobs, seconds: 1))
    }

    @Test func everyShardOnceIsComplete() throws {
        let merged = try ReportMerge.merge([
            ("r0", report(shard: Shard(index: 0, count: 2), outputs: ["b.pdf", "a.pdf"])),
            ("r1", report(shard: Shard(index: 1, count: 2), outputs: ["d.pdf", "c.pdf"])),
        ])
        #expect(merged.complete, "\(merged.problems)")
        #expect(merged.report.jobs.map(\.output) == ["a.pdf", "b.pdf", "c.pdf", "d.pdf"])
        #expect(merged.report.totals.ok == 4 && merged.report.totals.pages == 8)
        #expect(merged.report.shard == nil)
    }

    @Test func aMissingShardAJobTwiceAndFailures() throws {
        let missing = try ReportMerge.merge([
            ("r0", report(shard: Shard(index: 0, count: 3), outputs: ["a.pdf", "b.pdf"])),
            ("r2", report(shard: Shard(index: 2, count: 3), outputs: ["c.pdf"])),
        ])
        #expect(missing.problems.contains("no report for shard 1/3"))
        #expect(missing.problems.contains("1 of the plan's 4 jobs are in no report"))
        let twice = try ReportMerge.merge([
            ("r0", report(shard: Shard(index: 0, count: 2), outputs: ["a.pdf", "b.pdf"])),
            ("r0again", report(shard: Shard(index: 0, count: 2), outputs: ["a.pdf", "b.pdf"])),
            ("r1", report(shard: Shard(index: 1, count: 2), outputs: ["c.pdf", "d.pdf"], status: .failed)),
        ])
        #expect(twice.problems.contains("shard 0/2 appears twice: r0 and r0again"))
        #expect(twice.problems.contains("a.pdf appears twice: in r0 and r0again"))
        #expect(twice.problems.contains("2 jobs failed"))
        #expect(!twice.complete)
    }

    @Test func theWrittenReportReadsBackAsItWas() throws {
        var r = report(shard: Shard(index: 1, count: 3), outputs: ["a \"quoted\"\\.pdf", "tab\there/ünï.pdf"])
        r.jobs[0].errors = ["days[0]: line\nbreak", "control \u{1}"]
        r.jobs[0].warnings = []
        r.jobs[1].milliseconds = 12.3
        r.jobs[1].reason = "up to date"
        r.totals = .init(jobs: r.jobs, seconds: 1.25)
        let data = r.encoded()
        #expect(try BatchReport(reading: data) == r)
        #expect(try JSONSerialization.jsonObject(with: data) is [String: Any])
        let empty = report(shard: nil, outputs: [])
        #expect(try BatchReport(reading: empty.encoded()) == empty)
    }

    /// What `merge-reports` says about `text` as a report file.
    private func refusal(_ text: String) throws -> String? {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("report-\(getpid())-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(text.utf8).write(to: url)
        do {
            _ = try ReportMerge.read(path: url.path)
            return nil
        } catch {
            return error.description.replacingOccurrences(of: url.path + ": ", with: "")
        }
    }

    /// The report is read by the strict reader: what `encoded()` never writes is not a report.
    /// The format is read first, so a newer version's report says so, whatever keys it has.
    @Test(
        "a report with a key written twice, an unknown key, a wrong kind, a bad shard or another format is refused, with where",
        arguments: [
            (#"{"format": 1, "format": 1}"#, "format: duplicate key"),
            (#"{"format": 1, "formta": 2}"#, #"formta: unknown key (did you mean "format"?)"#),
            (#"{"format": "1"}"#, "format: expected a number, got a string"),
            ("{}", "format: required key is missing"),
            (#"{"format": 2, "retries": 3}"#, nil),
            ("[]", "expected an object, got an array"),
        ])
    func refusedReports(text: String, problem: String?) throws {
        let expected =
            problem.map { "not a batch report (one that batch --report writes): \($0)" }
            ?? "report format 2; this version reads format 1"
        #expect(try refusal(text) == expected)
    }

    @Test(
        "a job's status must be one of the four words, a job must say its attempts, a shard must be one --shard takes")
    func refusedJobs() throws {
        let written = String(
            decoding: report(shard: Shard(index: 1, count: 2), outputs: ["a.pdf"]).encoded(), as: UTF8.self)
        #expect(try refusal(written) == nil)
        let prefix = "not a batch report (one that batch --report writes): "
        var text = written.replacingOccurrences(of: #""status": "ok""#, with: #""status": "done""#)
        #expect(
            try refusal(text) == prefix
                + #"jobs[0].status: expected "ok", "failed", "skipped" or "cancelled", got "done""#)
        text = written.replacingOccurrences(of: #""attempts": 1,"#, with: "")
        #expect(try refusal(text) == prefix + "jobs[0].attempts: required key is missing")
        text = written.replacingOccurrences(of: #""count": 2"#, with: #""count": -1"#)
        #expect(
            try refusal(text) == prefix
                + "shard: expected 0 ≤ index < count ≤ \(BatchLimits.maximumShards), got index 1 of -1")
    }

    @Test("a forged report of 1,100 jobs of 2^53-1 pages is refused with its path, not a trap in the page total")
    func impossiblePageCountsAreRefused() throws {
        let jobs = (0..<1100).map { i in
            BatchReport.Job(
                trip: "t\(i).json", output: "t\(i).pdf", status: .ok, pages: 1, bytes: 10, attempts: 1)
        }
        let forged = BatchReport(
            format: 1, program: "export-itinerary test", plan: .init(jobs: 1100, digest: "d"), shard: nil,
            interrupted: false, jobs: jobs, totals: .init(jobs: jobs, seconds: 1))
        let text = String(decoding: forged.encoded(), as: UTF8.self)
            .replacingOccurrences(of: #""pages": 1,"#, with: #""pages": 9007199254740991,"#)
        let file = TestPaths.scratch("merge-forged").appendingPathComponent("forged.json")
        try Data(text.utf8).write(to: file)
        let r = try cli(["batch", "merge-reports", file.path])
        #expect(r.status == 2, "\(r.stderr)")
        #expect(
            r.stderr
                == "export-itinerary: error: \(file.path): not a batch report (one that batch --report writes): jobs[0].pages: expected a whole number from 0 to \(10_000_000), got 9007199254740991\n"
        )
    }

    @Test(
        "negative or impossible numbers are refused where they are",
        arguments: [
            (
                #""bytes": 10,"#, #""bytes": -1,"#,
                "jobs[0].bytes: expected a whole number from 0 to 1099511627776, got -1"
            ),
            (#""attempts": 1,"#, #""attempts": 99,"#, "jobs[0].attempts: expected a whole number from 0 to 11, got 99"),
            (
                "\"pages\": 2,\n    \"seconds\"", "\"pages\": -2,\n    \"seconds\"",
                "totals.pages: expected a whole number from 0 to 9223372036854775807, got -2"
            ),
            ("\"jobs\": 4\n", "\"jobs\": -4\n", "plan.jobs: expected a whole number from 0 to 1000000, got -4"),
        ])
    func impossibleNumbersAreRefused(original: String, forged: String, problem: String) throws {
        let written = String(decoding: report(shard: nil, outputs: ["a.pdf"]).encoded(), as: UTF8.self)
        #expect(written.contains(original), "\(written)")
        let text = written.replacingOccurrences(of: original, with: forged)
        #expect(try refusal(text) == "not a batch report (one that batch --report writes): " + problem)
    }

    @Test func totalsPastIntMaxAreHeldThereNotATrap() {
        let jobs = (0..<3).map { i in
            BatchReport.Job(trip: "t", output: "\(i).pdf", status: .ok, pages: Int.max / 2, bytes: 1, attempts: 1)
        }
        #expect(BatchReport.Totals(jobs: jobs, seconds: 0).pages == Int.max)
    }

    @Test func reportsOfAnotherPlanAreRefused() {
        #expect(throws: BatchUsageError.self) {
            try ReportMerge.merge([
                ("r0", report(shard: Shard(index: 0, count: 2), outputs: ["a.pdf"])),
                ("r1", report(shard: Shard(index: 1, count: 2), outputs: ["b.pdf"], digest: "other")),
            ])
        }
        #expect(throws: BatchUsageError.self) {
            try ReportMerge.merge([
                ("r0", report(shard: Shard(index: 0, count: 2), outputs: ["a.pdf"])),
                ("r1", report(shard: Shard(index: 0, count: 3), outputs: ["b.pdf"])),
            ])
        }
    }
}
