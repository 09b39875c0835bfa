/// What a report's numbers may be: `merge-reports` reads files anyone may have edited, and adds
/// their pages and bytes up, so a value no batch could write is refused before any arithmetic.
import StrictJSON

/// The largest values a batch writes into a report, and the checks that hold a read report to
/// them. Each bound is far above anything real and far enough below `Int.max` that a plan's
/// worth of jobs (`BatchLimits.maximumJobs`) cannot overflow a total.
enum ReportBounds {
    /// Pages of one PDF (a trip is at most 8 MiB: far fewer pages than this).
    static let maximumPages = 10_000_000
    /// Bytes of one PDF: 1 TiB.
    static let maximumBytes = 1 << 40
    /// Starts of one job: the first and `BatchLimits.maximumRetries` retries.
    static let maximumAttempts = BatchLimits.maximumRetries + 1

    /// `value` when it lies in `range`; else a problem at `key` naming the range.
    static func check(
        _ value: Int, _ key: String, in object: JSONObject, _ range: ClosedRange<Int>
    ) throws(JSONProblem) -> Int {
        guard range.contains(value) else {
            throw .mismatch(
                at: object.path.key(key), expected: "a whole number from \(range.lowerBound) to \(range.upperBound)",
                shown: String(value))
        }
        return value
    }

    /// An optional `value` checked as above: nil stays nil.
    static func checkIfSet(
        _ value: Int?, _ key: String, in object: JSONObject, _ range: ClosedRange<Int>
    ) throws(JSONProblem) -> Int? {
        guard let value else { return nil }
        return try check(value, key, in: object, range)
    }

    /// `value` when it is a finite number of at least 0; else a problem at `key`.
    static func checkDuration(_ value: Double, _ key: String, in object: JSONObject) throws(JSONProblem) -> Double {
        guard value.isFinite, value >= 0 else {
            throw .mismatch(
                at: object.path.key(key), expected: "a duration of at least 0", shown: MessageText.number(value))
        }
        return value
    }

    /// An optional duration checked as above: nil stays nil.
    static func checkDurationIfSet(
        _ value: Double?, _ key: String, in object: JSONObject
    ) throws(JSONProblem) -> Double? {
        guard let value else { return nil }
        return try checkDuration(value, key, in: object)
    }

    /// The sum of `values`, held at `Int.max` rather than trapping: totals of merged reports
    /// are only ever shown, and a file past the bounds is refused before it gets here.
    static func sum(_ values: some Sequence<Int>) -> Int {
        var total = 0
        for value in values {
            let (next, overflow) = total.addingReportingOverflow(value)
            total = overflow ? Int.max : next
        }
        return total
    }
}
