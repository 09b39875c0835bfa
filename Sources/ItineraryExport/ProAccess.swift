/// Setting up the Pro gate for the exporter: the catalog file, the store directory, the clock.
import Entitlements
import Foundation

public enum ProAccess {
    /// The bundled StoreKit configuration: `StoreKit/SportsTime.storekit` beside or above the
    /// executable (or under `$EXPORT_ITINERARY_STOREKIT`).
    public static func defaultCatalogPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        Resources.directory("StoreKit", marker: "SportsTime.storekit", environmentKey: "EXPORT_ITINERARY_STOREKIT",
                            environment: environment) + "/SportsTime.storekit"
    }

    /// Loads a catalog (`--catalog FILE`, or the bundled one).
    public static func loadCatalog(path: String? = nil,
                                   environment: [String: String] = ProcessInfo.processInfo.environment) throws(ExportError) -> StoreKitCatalog {
        let file = path ?? defaultCatalogPath(environment: environment)
        guard let data = FileManager.default.contents(atPath: file) else {
            throw .catalog("cannot read \(file)")
        }
        do {
            return try StoreKitCatalog.load(data)
        } catch {
            throw .catalog("\(file): \(error)")
        }
    }

    /// The moment entitlements are judged at: the system clock, or `EXPORT_ITINERARY_NOW`
    /// (seconds since 1970) for demos and tests. Turning it back helps no one: the store never
    /// evaluates earlier than the newest signature it has seen.
    /// A value that is set but is not such a number is an error, not silently the system clock.
    public static func clock(environment: [String: String] = ProcessInfo.processInfo.environment) throws(ExportError) -> @Sendable () -> Date {
        guard let raw = environment["EXPORT_ITINERARY_NOW"], !raw.isEmpty else { return { Date() } }
        guard let seconds = Double(raw), seconds.isFinite, seconds >= 0, seconds < 253_402_300_800 else {
            throw .environment("EXPORT_ITINERARY_NOW must be a number of seconds from 0 (1970) to 253402300799 (year 9999), got \"\(raw)\"")
        }
        let fixed = Date(timeIntervalSince1970: seconds)
        return { fixed }
    }

    /// A gate over `storeDirectory` (nil: `EntitlementStore.defaultDirectory`) and a catalog.
    public static func gate(storeDirectory: String? = nil, catalogPath: String? = nil,
                            environment: [String: String] = ProcessInfo.processInfo.environment) throws(ExportError) -> ProGate {
        ProGate(storeDirectory: storeDirectory ?? EntitlementStore.defaultDirectory(environment: environment),
                catalog: try loadCatalog(path: catalogPath, environment: environment), clock: try clock(environment: environment))
    }
}
