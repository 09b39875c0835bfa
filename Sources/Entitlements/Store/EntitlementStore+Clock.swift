/// The marks that keep a clock turned back from reviving a subscription: the newest signing date
/// ever imported, per grade, and the latest moment the gate judged purchases at.
import Foundation
import StrictJSON

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
        try run { try mark(Self.highWaterKey(grade)) }
    }

    func raiseHighWater(_ signed: Double, grade: EntitlementGrade) throws {
        let key = Self.highWaterKey(grade)
        let current = try mark(key)
        if signed.isFinite, signed > current { try setMeta(key, String(signed)) }
    }

    /// The latest moment (ms) the gate has judged purchases at: never judged earlier again.
    public func evaluationFloor() throws(StoreError) -> Double {
        try run { try mark(Self.evaluationFloorKey) }
    }

    static let evaluationFloorKey = "gateEvaluatedAt.production"

    /// The end of year 9999 in ms since 1970: the latest moment a payload may name, and so the
    /// latest a mark may hold.
    static let latestMark: Double = 253_402_300_799_999

    /// A clock mark as stored (ms since 1970; 0 when unset). A mark written by hand that is not a
    /// moment from 1970 to year 9999 ("inf", "nan", "1e400", letters, a negative) is the store's
    /// error, never read as 0 (which would undo the mark) nor as a date no calendar holds.
    func mark(_ key: String) throws -> Double {
        guard let stored = try meta(key) else { return 0 }
        guard let value = Double(stored), value.isFinite, value >= 0, value <= Self.latestMark else {
            throw StoreError.invalidContent(
                path: path,
                reason:
                    "\(key) is \(MessageText.quoted(stored)), not a moment in milliseconds since 1970 (0 to \(Int64(Self.latestMark)), the end of year 9999): move the store aside and restore purchases into a new one"
            )
        }
        return value
    }

    /// How stale the floor may get before a check writes it again: about once an hour, so a
    /// store that is only read (a batch asks every few seconds) is not written on every check.
    public static let evaluationFloorInterval: Double = 3_600_000

    /// Records that purchases were judged at `moment` (ms), when that is more than
    /// `evaluationFloorInterval` past the floor. Best effort: a store this process cannot write
    /// (read-only, or locked by another process: not waited for, so a check never stalls behind
    /// an import) keeps its floor until a later check. Returns whether it wrote.
    /// `known`: the floor as the caller just read it; when `moment` is within the interval of it,
    /// nothing is locked or written.
    @discardableResult
    public func advanceEvaluationFloor(to moment: Double, known: Double) -> Bool {
        guard !readOnly, moment.isFinite, moment > known + Self.evaluationFloorInterval else { return false }
        do {
            return try db.withoutWaiting {
                try db.transaction {
                    let current = try mark(Self.evaluationFloorKey)
                    guard moment > current + Self.evaluationFloorInterval else { return false }
                    try setMeta(Self.evaluationFloorKey, String(moment))
                    return true
                }
            }
        } catch {
            return false
        }
    }
}
