/// What became of each job of a batch, and the counts the progress line shows.
import Foundation

/// One entry per job of the plan, written once: the first outcome of a job is its outcome (a job
/// cancelled after it was failed stays failed).
struct ResultBook {
    private var results: [BatchReport.Job?]
    /// Jobs finished one way or another, cancelled ones left out.
    private(set) var done = 0
    /// Jobs that failed.
    private(set) var failed = 0
    /// PDFs written.
    private(set) var rendered = 0

    /// A book for a plan of `count` jobs, none finished.
    init(count: Int) {
        results = Array(repeating: nil, count: count)
    }

    /// Whether `index` has its outcome.
    func isFinished(_ index: Int) -> Bool { results[index] != nil }

    /// Records the outcome of `index`; false when it had one already.
    mutating func record(_ index: Int, _ job: BatchReport.Job) -> Bool {
        guard results[index] == nil else { return false }
        results[index] = job
        if job.status != .cancelled { done += 1 }
        if job.status == .failed { failed += 1 }
        if job.status == .ok { rendered += 1 }
        return true
    }

    /// Every job's entry, in plan order; a job without an outcome is one that was never run.
    func jobs(of plan: BatchPlan, attempts: [Int]) -> [BatchReport.Job] {
        results.enumerated().map { index, job in
            job
                ?? BatchReport.Job(
                    trip: plan.jobs[index].trip, output: plan.jobs[index].output, status: .cancelled,
                    reason: "not run", attempts: attempts[index])
        }
    }
}
