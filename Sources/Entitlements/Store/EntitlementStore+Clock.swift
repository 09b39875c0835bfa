/// The marks that keep a clock turned back from reviving a subscription: the newest signing date
/// ever imported, per grade, and the latest moment the gate judged purchases at.
import Foundation

extension EntitlementStore {
    /// The meta key of a grade's signing mark: purchases have one, each test environment its own,
    /// so a test purchase signed "in two years" never makes a real subscription read expired.
    static func highWaterKey(_ grade: EntitlementGrade) -> String {
        switch grade {
        case .production: return "highWater.production"
        case let .testing(environment): return "highWater.test." + environment
        }
    }

    /// The newest signedDate (ms) of anything of this grade ever imported: entitlements of the
    /// grade are never evaluated at an earlier moment.
    public func highWaterMark(_ grade: EntitlementGrade) throws(StoreError) -> Double {
        try run { Double(try meta(Self.highWaterKey(grade)) ?? "0") ?? 0 }
    }

    func raiseHighWater(_ signed: Double, grade: EntitlementGrade) throws(SQLiteError) {
        let key = Self.highWaterKey(grade)
        let current = Double(try meta(key) ?? "0") ?? 0
        if signed.isFinite, signed > current { try setMeta(key, String(signed)) }
    }

    /// The latest moment (ms) the gate has judged purchases at: never judged earlier again.
    public func evaluationFloor() throws(StoreError) -> Double {
        try run { Double(try meta("gateEvaluatedAt.production") ?? "0") ?? 0 }
    }

    /// How stale the floor may get before a check writes it again: about once an hour, so a
    /// store that is only read (a batch asks every few seconds) is not written on every check.
    public static let evaluationFloorInterval: Double = 3_600_000

    /// Records that purchases were judged at `moment` (ms), when that is more than
    /// `evaluationFloorInterval` past the floor. Best effort: a store this process cannot write
    /// (read-only, or busy past the timeout) keeps its floor. Returns whether it wrote.
    /// `known`: the floor as the caller just read it; when `moment` is within the interval of it,
    /// nothing is locked or written.
    @discardableResult
    public func advanceEvaluationFloor(to moment: Double, known: Double) -> Bool {
        guard !readOnly, moment.isFinite, moment > known + Self.evaluationFloorInterval else { return false }
        do {
            return try db.transaction {
                let current = Double(try meta("gateEvaluatedAt.production") ?? "0") ?? 0
                guard moment > current + Self.evaluationFloorInterval else { return false }
                try setMeta("gateEvaluatedAt.production", String(moment))
                return true
            }
        } catch {
            return false
        }
    }
}
