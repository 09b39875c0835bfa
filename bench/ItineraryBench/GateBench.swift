/// The gate on a large store: how long "is this user Pro?" takes with N stored transactions.
import Entitlements
import LocalStoreKit
import ProPolicy
import Foundation

enum GateBench {
    /// Builds a store of `count` signed transactions (old expired monthly renewals, plus one
    /// current annual subscription), then times the first check (what one CLI run pays) and
    /// repeated checks in the same process.
    static func run(count: Int, catalogPath: String) throws {
        // GATE_STORE_DIR keeps the store there, for timing the command against it.
        let keep = ProcessInfo.processInfo.environment["GATE_STORE_DIR"]
        let dir =
            keep
            ?? FileManager.default.temporaryDirectory.appendingPathComponent(
                "gate-bench-\(ProcessInfo.processInfo.processIdentifier)"
            ).path
        try? FileManager.default.removeItem(atPath: dir)
        defer { if keep == nil { try? FileManager.default.removeItem(atPath: dir) } }
        let catalog = try StoreKitCatalog.load(Data(contentsOf: URL(fileURLWithPath: catalogPath)))
        let store = try EntitlementStore.openOrCreate(directory: dir)
        try store.initialize(bundleId: "com.sportstime.app", environments: [.production])
        let now = Date()
        try StoreKitTestSession(store: store, catalog: catalog, policy: .build, clock: { now }).enable()
        let authority = try LocalSigningAuthority(serialized: store.value(forKey: "localTesting.authority")!)
        let encoder = JSONEncoder()
        let plans = catalog.plans.map(\.productID)
        let build = ContinuousClock().measure {
            for i in 0..<count {
                // Each older transaction lapsed long ago; the newest of each product is current.
                let age = Double(count - i) * 3_600_000
                let purchase = now.timeIntervalSince1970 * 1000 - age
                var p = JWSTransactionDecodedPayload(
                    originalTransactionId: "9\(i)", transactionId: "9\(i)", bundleId: "com.sportstime.app",
                    productId: plans[i % plans.count], purchaseDate: purchase,
                    expiresDate: purchase + 3_000_000 + (i >= count - plans.count ? 365 * 86_400_000 : 0),
                    type: "Auto-Renewable Subscription", inAppOwnershipType: "PURCHASED",
                    signedDate: purchase, environment: "LocalTesting")
                p.quantity = 1
                let jws = try! authority.sign(payload: encoder.encode(p))
                _ = try! store.upsertTransaction(
                    jws: jws, payload: p, rootFingerprint: Certificates.sha256Fingerprint(authority.rootDER),
                    grade: .testing(environment: "LocalTesting"))
            }
        }
        let gate = ProGate(
            storeDirectory: dir, catalog: catalog, policy: .build, clock: GateClock(system: { now }, testing: { now }))
        var pro = false
        let first = try ContinuousClock().measure { pro = try gate.report().isPro }
        let runs = 20
        let warm = try ContinuousClock().measure { for _ in 0..<runs { _ = try gate.report() } }
        print(
            "gate check, \(count) transactions (store built in \(ms(build)) ms): first \(ms(first)) ms, then \(ms(warm / runs)) ms per check; Pro: \(pro)"
        )
    }

    static func ms(_ d: Duration) -> String {
        String(format: "%.2f", Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15)
    }
}
