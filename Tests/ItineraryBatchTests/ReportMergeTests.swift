/// Merging shard reports: whole, missing, twice, of another plan.
import Foundation
@testable import ItineraryBatch
import StrictJSON
import Testing

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

    /// The report is read by the strict reader: what `encoded()` never writes is not a report.
    @Test(
        "a report with a key written twice, an unknown key, a wrong kind or another format is refused, with where",
        arguments: [
            (#"{"format": 1, "format": 1}"#, "format: duplicate key"),
            (#"{"format": 1, "formta": 2}"#, #"formta: unknown key (did you mean "format"?)"#),
            (#"{"format": "1"}"#, "format: expected a number, got a string"),
            (#"{"format": 2}"#, "format: report format 2; this version reads format 1"),
            ("[]", "expected an object, got an array"),
        ])
    func refusedReports(text: String, problem: String) {
        let error = #expect(throws: JSONProblem.self) { try BatchReport(reading: Data(text.utf8)) }
        #expect(error?.description == problem)
    }

    @Test("a job's status must be one of the four words, and a job must say its attempts")
    func refusedJobs() throws {
        var text = String(decoding: report(shard: nil, outputs: ["a.pdf"]).encoded(), as: UTF8.self)
        text = text.replacingOccurrences(of: #""status": "ok""#, with: #""status": "done""#)
        #expect(
            throws: JSONProblem(
                JSONPath.root.key("jobs").index(0).key("status"),
                #"expected "ok", "failed", "skipped" or "cancelled", got "done""#)
        ) {
            try BatchReport(reading: Data(text.utf8))
        }
        text = text.replacingOccurrences(of: #""attempts": 1,"#, with: "")
        #expect(throws: JSONProblem.self) { try BatchReport(reading: Data(text.utf8)) }
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
