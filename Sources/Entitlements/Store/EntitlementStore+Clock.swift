/// The newest signing date ever seen, so a clock turned back cannot revive an expired subscription.
import Foundation

extension EntitlementStore {
    /// The newest signedDate (ms) of anything ever imported: entitlements are never evaluated at
    /// an earlier moment, so turning the clock back cannot revive an expired subscription.
    public func highWaterMark() throws(StoreError) -> Double {
        try run { Double(try meta("highWaterSignedDate") ?? "0") ?? 0 }
    }

    func raiseHighWater(_ signed: Double) throws(SQLiteError) {
        let current = Double(try meta("highWaterSignedDate") ?? "0") ?? 0
        if signed > current { try setMeta("highWaterSignedDate", String(signed)) }
    }

    public func raiseHighWaterMark(to signed: Double) throws(StoreError) {
        try run { try raiseHighWater(signed) }
    }
}
