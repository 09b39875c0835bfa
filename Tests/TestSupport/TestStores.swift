/// Entitlement stores for tests: a Pro one (a local test purchase, and a "Production" purchase
/// signed by a test root), the catalog, and the policies that judge them.
import Entitlements
import LocalStoreKit
import Foundation
import ItineraryExport
import ProPolicy

public enum TestStores {
    public static var catalogPath: String { TestPaths.root.appendingPathComponent("StoreKit/SportsTime.storekit").path }

    public static func catalog() throws -> StoreKitCatalog {
        try StoreKitCatalog.load(Data(contentsOf: URL(fileURLWithPath: catalogPath)))
    }

    /// A stand-in for Apple's root, made once per test process: tests cannot sign as Apple, so
    /// `productionPolicy` names this root instead of Apple Root CA - G3.
    public static let productionAuthority: LocalSigningAuthority = {
        do {
            return try LocalSigningAuthority.generate(
                commonNamePrefix: "Test Production", validFrom: Date(timeIntervalSince1970: 1_600_000_000),
                validFor: 30 * 365 * 86_400)
        } catch {
            fatalError("cannot make the test authority: \(error)")
        }
    }()

    /// The build's policy with `productionAuthority`'s root as the one root of purchases: what a
    /// real Apple-signed purchase is to the release build, its Production transactions are here.
    public static var productionPolicy: GatePolicy {
        GatePolicy(
            bundleId: GatePolicy.build.bundleId, proProductIDs: GatePolicy.build.proProductIDs,
            productionRootFingerprints: [Certificates.sha256Fingerprint(productionAuthority.rootDER)])
    }

    /// The policy the command runs with: under it the shared store's entitlements are test ones.
    public static var buildPolicy: GatePolicy { .build }

    /// A fresh store directory with local testing enabled and an annual Pro purchase (LocalTesting),
    /// plus an annual purchase in Production signed by `productionAuthority` (a purchase only
    /// under `productionPolicy`; under the build's policy, a test entitlement too).
    public static func makeProStore(_ name: String) throws -> String {
        let dir = TestPaths.scratch("store-\(name)").path
        let store = try EntitlementStore.openOrCreate(directory: dir)
        try store.initialize(bundleId: "com.sportstime.app", environments: [.production])
        let session = StoreKitTestSession(store: store, catalog: try catalog(), policy: .build)
        try session.enable()
        let pro = try catalog().plans.first { $0.period != nil }!
        _ = try session.purchase(productId: pro.productID)

        let root = productionAuthority.rootDER
        try store.addTrustedRoot(
            der: root, fingerprint: Certificates.sha256Fingerprint(root), label: "test production root")
        let now = Date()
        let ms = (now.timeIntervalSince1970 * 1000).rounded()
        var purchase = JWSTransactionDecodedPayload(
            originalTransactionId: "1000000000000001", transactionId: "1000000000000001",
            bundleId: "com.sportstime.app",
            productId: pro.productID, purchaseDate: ms, originalPurchaseDate: ms,
            expiresDate: ms + 5 * 365 * 86_400_000,
            type: ProductType.autoRenewable.rawValue, inAppOwnershipType: "PURCHASED", signedDate: ms,
            environment: StoreEnvironment.production.rawValue)
        purchase.quantity = 1
        let results = try EntitlementImporter(store: store, policy: productionPolicy)
            .importJWS(try productionAuthority.sign(purchase), source: "test")
        guard results.allSatisfy({ $0.status != .rejected }) else { throw StoreKitTestError.rejected("\(results)") }
        return dir
    }

    /// One Pro store per test process, made on first use.
    public static let shared: String = {
        do { return try makeProStore("shared") } catch { fatalError("cannot make the test store: \(error)") }
    }()

    /// A gate over the shared Pro store: by default under `productionPolicy` (a purchase: the
    /// unmarked PDF); under `.build` it is what the command sees (a test entitlement).
    public static func proGate(policy: GatePolicy = productionPolicy) throws -> ProGate {
        ProGate(storeDirectory: shared, catalog: try catalog(), policy: policy)
    }

    /// An exporter that passes the gate, with the repository's fonts and templates.
    public static func exporter(policy: GatePolicy = productionPolicy) throws -> Exporter {
        try Exporter(
            gate: proGate(policy: policy), fontsDirectory: TestPaths.fonts, templatesDirectory: TestPaths.templates)
    }

    /// The environment for running the command against the shared Pro store.
    public static var commandEnvironment: [String: String] {
        [
            "EXPORT_ITINERARY_FONTS": TestPaths.fonts, "EXPORT_ITINERARY_TEMPLATES": TestPaths.templates,
            "EXPORT_ITINERARY_STOREKIT": TestPaths.root.appendingPathComponent("StoreKit").path,
            "EXPORT_ITINERARY_HOME": shared,
        ]
    }
}
