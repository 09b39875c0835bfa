/// The Pro gate: the one question the exporter asks before doing anything else.
import Foundation

/// Why the gate said no.
public enum GateError: Error, Sendable, CustomStringConvertible {
    /// Not Pro: nothing may be rendered; `paywall` is the offer to show.
    case proRequired(Paywall)
    /// The store could not be read or is corrupt: an error, never a grant.
    case store(StoreError)
    /// The catalog could not be loaded.
    case catalog(String)

    public var description: String {
        switch self {
        case .proRequired: return "PDF export is a Pro feature: see the plans below, or restore purchases with 'export-itinerary entitlements import FILE'"
        case let .store(error): return error.description
        case let .catalog(message): return "catalog: \(message)"
        }
    }
}

/// Decides whether the user is Pro from the local entitlement store and the product catalog.
public final class ProGate: @unchecked Sendable {
    public let storeDirectory: String
    public let catalog: StoreKitCatalog
    private let clock: @Sendable () -> Date

    /// The command that restores purchases, shown on the paywall.
    public static let restoreCommand = "export-itinerary entitlements import FILE"

    public init(storeDirectory: String, catalog: StoreKitCatalog, clock: @escaping @Sendable () -> Date = { Date() }) {
        self.storeDirectory = storeDirectory
        self.catalog = catalog
        self.clock = clock
    }

    /// The full report. A missing store is an empty one (not Pro); a broken one is an error.
    public func report() throws(StoreError) -> EntitlementReport {
        guard let store = try EntitlementStore.openExisting(directory: storeDirectory),
              let configuration = try store.configuration() else {
            return EntitlementReport(isPro: false, entitlements: [], evaluatedAt: clock(), ignored: [])
        }
        let checker = EntitlementChecker(store: store, configuration: configuration, trustedRoots: try store.trustedRoots(),
                                         proProductIDs: catalog.proProductIDs)
        return try checker.evaluate(clock: clock())
    }

    /// Returns when the user is Pro; throws `proRequired` with the paywall otherwise.
    public func requirePro() throws(GateError) {
        let report: EntitlementReport
        do {
            report = try self.report()
        } catch {
            throw .store(error)
        }
        guard report.isPro else { throw .proRequired(Paywall(catalog: catalog, restoreCommand: Self.restoreCommand)) }
    }
}
