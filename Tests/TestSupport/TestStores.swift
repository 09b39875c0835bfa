/// Entitlement stores for tests: a Pro one (a local test purchase), and the catalog.
import Entitlements
import Foundation
import ItineraryExport

public enum TestStores {
    public static var catalogPath: String { TestPaths.root.appendingPathComponent("StoreKit/SportsTime.storekit").path }

    public static func catalog() throws -> StoreKitCatalog {
        try StoreKitCatalog.load(Data(contentsOf: URL(fileURLWithPath: catalogPath)))
    }

    /// A fresh store directory with local testing enabled and an annual Pro purchase.
    public static func makeProStore(_ name: String) throws -> String {
        let dir = TestPaths.scratch("store-\(name)").path
        let store = try EntitlementStore.openOrCreate(directory: dir)
        try store.initialize(bundleId: "com.sportstime.app", environments: [.production])
        let session = StoreKitTestSession(store: store, catalog: try catalog())
        try session.enable()
        let pro = try catalog().plans.first { $0.period != nil }!
        _ = try session.purchase(productId: pro.productID)
        return dir
    }

    /// One Pro store per test process, made on first use.
    public static let shared: String = {
        do { return try makeProStore("shared") } catch { fatalError("cannot make the test store: \(error)") }
    }()

    /// A gate over the shared Pro store.
    public static func proGate() throws -> ProGate {
        ProGate(storeDirectory: shared, catalog: try catalog())
    }

    /// An exporter that passes the gate, with the repository's fonts and templates.
    public static func exporter() throws -> Exporter {
        try Exporter(gate: proGate(), fontsDirectory: TestPaths.fonts, templatesDirectory: TestPaths.templates)
    }

    /// The environment for running the command against the shared Pro store.
    public static var commandEnvironment: [String: String] {
        ["EXPORT_ITINERARY_FONTS": TestPaths.fonts, "EXPORT_ITINERARY_TEMPLATES": TestPaths.templates,
         "EXPORT_ITINERARY_STOREKIT": TestPaths.root.appendingPathComponent("StoreKit").path,
         "EXPORT_ITINERARY_HOME": shared]
    }
}
