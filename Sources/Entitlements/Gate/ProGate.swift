/// The Pro gate: the one question the exporter asks before doing anything else.
import BackgroundThreads
import Foundation

/// Why the gate said no.
public enum GateError: Error, Sendable, CustomStringConvertible, RemedyCarrying {
    /// Not Pro: nothing may be rendered. The catalog holds the plans the host shows as its paywall
    /// (`Paywall(catalog:restoreCommand:)`, with its own way to restore purchases).
    case proRequired(StoreKitCatalog)
    /// The store could not be read or is corrupt: an error, never a grant.
    case store(StoreError)
    /// The catalog could not be loaded.
    case catalog(String)

    /// Restore purchases when not Pro; what the store's error says.
    public var remedy: EntitlementRemedy? {
        switch self {
        case .proRequired: .restorePurchases
        case let .store(error): error.remedy
        case .catalog: nil
        }
    }

    public var description: String {
        switch self {
        case .proRequired:
            return "PDF export is a Pro feature"
        case let .store(error): return error.description
        case let .catalog(message): return "catalog: \(message)"
        }
    }
}

/// Decides whether the user is Pro from the local entitlement store, under a policy fixed at build
/// time. The catalog only dresses the paywall (plans, prices); it never decides what is Pro.
public final class ProGate: @unchecked Sendable {
    public let storeDirectory: String
    public let catalog: StoreKitCatalog
    /// The app, its Pro products and the roots of a real purchase (`GatePolicy.build` in the program).
    public let policy: GatePolicy
    private let clock: GateClock
    /// What this gate's earlier checks verified (its own: nothing is shared across the process).
    private let caches: VerificationCaches
    /// The first report, begun before the catalog was read (`asking(…)`), and until when it
    /// may be taken: by the first `report()`, under `firstReportLock`.
    private var firstReport:
        (work: BackgroundWork<Result<EntitlementReport, StoreError>>, until: ContinuousClock.Instant)?
    private let firstReportLock = NSLock()

    public convenience init(
        storeDirectory: String, catalog: StoreKitCatalog, policy: GatePolicy, clock: GateClock = GateClock()
    ) {
        OpenSSLWarmUp.start()
        self.init(
            storeDirectory: storeDirectory, catalog: catalog, policy: policy, clock: clock,
            caches: VerificationCaches(), firstReport: nil)
    }

    private init(
        storeDirectory: String, catalog: StoreKitCatalog, policy: GatePolicy, clock: GateClock,
        caches: VerificationCaches,
        firstReport: (work: BackgroundWork<Result<EntitlementReport, StoreError>>, until: ContinuousClock.Instant)?
    ) {
        self.storeDirectory = storeDirectory
        self.catalog = catalog
        self.policy = policy
        self.clock = clock
        self.caches = caches
        self.firstReport = firstReport
    }

    /// A gate whose first report is already being made, on a thread of its own, while `catalog`
    /// reads the catalog. The answer never depends on the catalog, which only dresses the
    /// paywall, and reading the store and checking its signatures is the longest part of the
    /// question: begun first, it ends sooner. The first `report()` (or `requirePro()`) takes that
    /// report when it comes within `freshFor` of this call, as the program's does, milliseconds
    /// later; every other one asks the store again, so an answer never outlives the moment it
    /// was asked for. When `catalog` throws, so does this, as if the catalog had been read first;
    /// the report being made is dropped.
    public static func asking<Failure: Error>(
        storeDirectory: String, policy: GatePolicy, clock: GateClock = GateClock(),
        freshFor: Duration = .seconds(2), catalog: () throws(Failure) -> StoreKitCatalog
    ) throws(Failure) -> ProGate {
        let until = ContinuousClock.now + freshFor
        OpenSSLWarmUp.start()
        let caches = VerificationCaches()
        let first = BackgroundWork { () -> Result<EntitlementReport, StoreError> in
            Result { () throws(StoreError) in
                try makeReport(storeDirectory: storeDirectory, policy: policy, clock: clock, caches: caches)
            }
        }
        return ProGate(
            storeDirectory: storeDirectory, catalog: try catalog(), policy: policy, clock: clock, caches: caches,
            firstReport: (first, until))
    }

    /// The full report. A missing store is an empty one (not Pro); a broken one is an error.
    public func report() throws(StoreError) -> EntitlementReport {
        firstReportLock.lock()
        let first = firstReport
        firstReport = nil
        firstReportLock.unlock()
        if let first, ContinuousClock.now <= first.until { return try first.work.value.get() }
        return try Self.makeReport(storeDirectory: storeDirectory, policy: policy, clock: clock, caches: caches)
    }

    private static func makeReport(
        storeDirectory: String, policy: GatePolicy, clock: GateClock, caches: VerificationCaches
    ) throws(StoreError) -> EntitlementReport {
        guard let store = try EntitlementStore.openExisting(directory: storeDirectory),
            try store.configuration() != nil
        else {
            return EntitlementReport(access: nil, entitlements: [], evaluatedAt: clock.system(), ignored: [])
        }
        return try EntitlementChecker(store: store, policy: policy, caches: caches).evaluate(clock: clock)
    }

    /// Returns what the user may export when Pro: `.production` (a purchase: the unmarked PDF) or
    /// `.testing` (a test entitlement: the marked PDF). Throws `proRequired` with the catalog otherwise.
    @discardableResult
    public func requirePro() throws(GateError) -> EntitlementGrade {
        let report: EntitlementReport
        do {
            report = try self.report()
        } catch {
            throw .store(error)
        }
        guard let access = report.access else {
            throw .proRequired(catalog)
        }
        return access
    }
}
