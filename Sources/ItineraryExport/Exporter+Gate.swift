/// The Pro gate as the exporter asks it: before every document, or once per recheck interval.
import Dispatch
import Entitlements

extension Exporter {
    /// Asks the gate unless it said yes less than `gateRecheckInterval` ago.
    func checkGate() throws(ExportError) {
        let now = DispatchTime.now().uptimeNanoseconds
        let (seconds, attoseconds) = gateRecheckInterval.components
        let interval = UInt64(max(0, seconds)) * 1_000_000_000 + UInt64(max(0, attoseconds) / 1_000_000_000)
        if interval > 0, now &- lastGatePass < interval { return }
        access = try Self.requirePro(gate)
        lastGatePass = DispatchTime.now().uptimeNanoseconds
    }

    /// Throws `proRequired` (with the catalog of plans) unless the store holds a current Pro entitlement:
    /// the gate's question alone, as the exporter asks it (a batch supervisor asks it before it
    /// lists, creates or starts anything).
    @discardableResult
    public static func requirePro(_ gate: ProGate) throws(ExportError) -> EntitlementGrade {
        do {
            return try gate.requirePro()
        } catch {
            switch error {
            case let .proRequired(catalog): throw .proRequired(catalog)
            case let .store(storeError): throw .entitlementStore(storeError)
            case let .catalog(message): throw .catalog(message)
            }
        }
    }
}
