/// Setting up the Pro gate for the exporter: the catalog file, the store directory, the clock.
import Entitlements
import Foundation
import ProPolicy
import StrictJSON

/// The pieces of the Pro gate as the command line builds it: the bundled catalog, the build's
/// policy, the clocks (with `EXPORT_ITINERARY_NOW` for test entitlements) and the gate itself.
public enum ProAccess {
    /// The bundled StoreKit configuration: `StoreKit/SportsTime.storekit` beside or above the
    /// executable (or under `$EXPORT_ITINERARY_STOREKIT`).
    public static func defaultCatalogPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String
    {
        Resources.directory(
            "StoreKit", marker: "SportsTime.storekit", environmentKey: "EXPORT_ITINERARY_STOREKIT",
            environment: environment) + "/SportsTime.storekit"
    }

    /// Loads a catalog (`--catalog FILE`, or the bundled one).
    public static func loadCatalog(
        path: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(ExportError) -> StoreKitCatalog {
        let file = path ?? defaultCatalogPath(environment: environment)
        let data: Data
        switch BoundedFile.read(file, limit: StoreKitCatalog.maximumBytes) {
        case let .success(bytes): data = bytes
        case let .failure(problem):
            // Name where a path nobody typed came from.
            let source =
                path == nil && environment["EXPORT_ITINERARY_STOREKIT"].map({ !$0.isEmpty }) == true
                ? " (the catalog under $EXPORT_ITINERARY_STOREKIT)" : ""
            throw .catalog("cannot read \(MessageText.path(file))\(source): \(problem)")
        }
        do {
            return try StoreKitCatalog.load(data)
        } catch {
            throw .catalog("\(MessageText.path(file)): \(error)")
        }
    }

    /// The policy this program was built with (`Config/gate-policy.json`): the only one the
    /// command line ever uses.
    public static var policy: GatePolicy { .build }

    /// `EXPORT_ITINERARY_NOW` (seconds since 1970), the moment test entitlements are judged at
    /// in demos and tests; nil when unset. It never moves the clock of a purchase, and a test
    /// entitlement is still never judged before the newest signature of its own seen.
    /// A value that is set but is not such a number is an error, not silently ignored.
    public static func testingNow(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(ExportError) -> Date? {
        guard let raw = environment["EXPORT_ITINERARY_NOW"], !raw.isEmpty else { return nil }
        guard let seconds = Double(raw), seconds.isFinite, seconds >= 0, seconds < 253_402_300_800 else {
            throw .environment(
                "EXPORT_ITINERARY_NOW must be a number of seconds from 0 (1970) to 253402300799 (year 9999), got \"\(raw)\""
            )
        }
        return Date(timeIntervalSince1970: seconds)
    }

    /// The gate's clocks: the system clock for purchases, `EXPORT_ITINERARY_NOW` for test entitlements.
    public static func clock(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(ExportError) -> GateClock {
        guard let fixed = try testingNow(environment: environment) else { return GateClock() }
        return GateClock(testing: { fixed })
    }

    /// A gate over `storeDirectory` (nil: `EntitlementStore.defaultDirectory`) under the build's
    /// policy; the catalog (`--catalog`, else the bundled one) only dresses the paywall, so the
    /// gate's first report is begun before it is read (`ProGate.asking`). A catalog that cannot
    /// be read is still this call's error, whatever the store holds.
    public static func gate(
        storeDirectory: String? = nil, catalogPath: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(ExportError) -> ProGate {
        let gateClock: GateClock
        do {
            gateClock = try clock(environment: environment)
        } catch {
            // A catalog that cannot be read is named first, as when it was read first.
            _ = try loadCatalog(path: catalogPath, environment: environment)
            throw error
        }
        return try ProGate.asking(
            storeDirectory: storeDirectory ?? EntitlementStore.defaultDirectory(environment: environment),
            policy: policy, clock: gateClock
        ) { () throws(ExportError) in try loadCatalog(path: catalogPath, environment: environment) }
    }
}
