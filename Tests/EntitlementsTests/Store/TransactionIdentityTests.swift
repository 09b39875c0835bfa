/// A stored transaction is known by its environment, its signer and its id (issue 19 §2): a
/// test transaction that reuses a purchase's id is another transaction, which can neither
/// replace nor delete the purchase, nor decide its group.
import Foundation
import Testing
import TestSupport
@testable import Entitlements
@testable import LocalStoreKit

private let t0 = Clock.t0

@Suite("Store: a transaction is its environment, signer and id")
struct TransactionIdentityTests {
    /// A purchase (Production, signed under the policy's root) with the id local testing hands out first.
    private func purchased(_ f: SignedStoreFixture) throws -> JWSTransactionDecodedPayload {
        let purchase = Payloads.subscription(
            "2000000000000001", product: Products.annual, purchased: t0.addingTimeInterval(-Clock.day),
            expires: t0.addingTimeInterval(364 * Clock.day))
        try f.add(purchase)
        #expect(try f.report(at: t0).access == .production)
        return purchase
    }

    @Test("storekit-test purchase and clear, with a purchase of the same id: the purchase stays, and stays a purchase")
    func localTestingReusesTheId() throws {
        let f = try SignedStoreFixture("identity-local", environments: [.production])
        _ = try purchased(f)
        let session = StoreKitTestSession(store: f.store, catalog: f.catalog, policy: f.policy, clock: { t0 })
        try session.enable()
        let local = try session.purchase(productId: Products.monthly)
        #expect(local.transactionId == "2000000000000001")
        #expect(try f.store.transactionCount() == 2)
        #expect(try f.store.transactions(id: "2000000000000001").map(\.environment) == ["LocalTesting", "Production"])
        #expect(try f.report(at: t0).access == .production)
        // Refund and expire act on the local one only.
        _ = try session.refund(transactionId: "2000000000000001")
        #expect(try f.report(at: t0).access == .production)
        #expect(try session.clear() == 1)
        #expect(try f.store.transactions(id: "2000000000000001").map(\.environment) == ["Production"])
        #expect(try f.report(at: t0).access == .production)
        _ = try session.disable()
        #expect(try f.report(at: t0).access == .production)
    }

    @Test("a Sandbox transaction with a purchase's id, even of another product, is another transaction")
    func sandboxReusesTheId() throws {
        let f = try SignedStoreFixture("identity-sandbox")
        _ = try purchased(f)
        var sandbox = Payloads.oneTime("2000000000000001", product: Products.coffee, purchased: t0)
        sandbox.environment = StoreEnvironment.sandbox.rawValue
        let results = try f.importSigned(sandbox)
        #expect(results.map(\.status) == [.imported], "\(results)")
        #expect(try f.store.transactionCount() == 2)
        let report = try f.report(at: t0)
        #expect(report.access == .production)
        #expect(report.entitlements.contains { $0.productId == Products.annual && $0.grade == .production })
        #expect(try f.store.deleteTransactions(environment: .sandbox) == 1)
        #expect(try f.report(at: t0).access == .production)
    }

    @Test(
        "a Production payload with a purchase's id, signed under a root the user trusted: another transaction, another group"
    )
    func userRootReusesTheId() throws {
        let f = try SignedStoreFixture("identity-user-root")
        let purchase = try purchased(f)
        let own = try SignedStoreFixture.makeAuthority(prefix: "Own")
        try f.store.addTrustedRoot(
            der: own.rootDER, fingerprint: Certificates.sha256Fingerprint(own.rootDER), label: "own")
        // Newer, and refunded: had it replaced the purchase, or decided its group, Pro would go.
        var copy = purchase
        copy.purchaseDate = Clock.ms(t0)
        copy.signedDate = Clock.ms(t0)
        copy.revocationDate = Clock.ms(t0)
        let results = try f.importSigned(copy, by: own)
        #expect(results.map(\.status) == [.imported], "\(results)")
        #expect(try f.store.transactionCount() == 2)
        let report = try f.report(at: t0)
        #expect(report.access == .production)
        #expect(report.entitlements.filter { $0.productId == Products.annual }.count == 2)
    }

    @Test("renewal info from Sandbox with a purchase's original id does not replace the purchase's")
    func renewalIdentity() throws {
        let f = try SignedStoreFixture("identity-renewal")
        let production = Payloads.renewal(original: "77", grace: t0.addingTimeInterval(10 * Clock.day), signed: t0)
        var sandbox = Payloads.renewal(original: "77", grace: nil, signed: t0.addingTimeInterval(Clock.hour))
        sandbox.environment = StoreEnvironment.sandbox.rawValue
        #expect(try f.importSigned(production).map(\.status) == [.imported])
        #expect(try f.importSigned(sandbox).map(\.status) == [.imported])
        let stored = try #require(
            try f.store.renewalJWS(originalTransactionId: "77", environment: "Production", signer: f.rootFingerprint))
        #expect(RawJWS.payload(stored)["gracePeriodExpiresDate"] != nil)
    }

    @Test("a transactionId or productId with a NUL character is refused, never stored cut short")
    func nul() throws {
        let f = try SignedStoreFixture("identity-nul")
        let real = try purchased(f)
        var forged = Payloads.oneTime("2000000000000001\u{0}x", product: Products.coffee, purchased: t0)
        forged.revocationDate = Clock.ms(t0)
        let results = try f.importSigned(forged)
        #expect(results.map(\.status) == [.rejected])
        #expect(results.first?.reason == "its transactionId contains a NUL character", "\(results)")
        let product = Payloads.oneTime("555", product: Products.annual + "\u{0}", purchased: t0)
        #expect(try f.importSigned(product).first?.reason == "its productId contains a NUL character")
        #expect(try f.store.transactionCount() == 1)
        #expect(try f.store.transactions(id: real.transactionId!).count == 1)
        // And the store itself refuses one, whoever calls it.
        #expect(throws: StoreError.self) {
            try f.store.upsertTransaction(jws: "x", payload: forged, rootFingerprint: nil, grade: .production)
        }
    }

    @Test("a version 2 store is rebuilt: each row keyed by its verified signer, the purchase still a purchase")
    func upgradeFromVersion2() throws {
        let f = try SignedStoreFixture("identity-upgrade", environments: [.production, .sandbox])
        let purchase = Payloads.subscription(
            "9", product: Products.annual, purchased: t0.addingTimeInterval(-Clock.day),
            expires: t0.addingTimeInterval(364 * Clock.day))
        let jws = try f.sign(purchase)
        let renewal = try f.sign(Payloads.renewal(original: "9", grace: nil, signed: t0))
        // The tables as version 2 made them.
        try f.sql("DROP TABLE transactions")
        try f.sql("DROP TABLE renewals")
        try f.sql(
            """
            CREATE TABLE transactions (transaction_id TEXT PRIMARY KEY, original_transaction_id TEXT, product_id TEXT NOT NULL,
                                       purchase_date REAL NOT NULL, signed_date REAL NOT NULL, environment TEXT NOT NULL,
                                       jws TEXT NOT NULL, ownership_type TEXT NOT NULL)
            """)
        try f.sql(
            "CREATE TABLE renewals (original_transaction_id TEXT PRIMARY KEY, signed_date REAL NOT NULL, jws TEXT NOT NULL)"
        )
        try f.sql(
            "INSERT INTO transactions VALUES ('9', '9', ?, ?, ?, 'Production', ?, 'PURCHASED')",
            [.text(Products.annual), .real(purchase.purchaseDate!), .real(purchase.signedDate!), .text(jws)])
        try f.sql("INSERT INTO renewals VALUES ('9', ?, ?)", [.real(Clock.ms(t0)), .text(renewal)])
        try f.sql("UPDATE meta SET value = '2' WHERE key = 'schemaVersion'")
        _ = try EntitlementStore.openExisting(directory: f.directory)
        #expect(try f.rows("SELECT value FROM meta WHERE key = 'schemaVersion'").first?.first?.text == "3")
        #expect(
            try f.rows("SELECT environment, signer FROM transactions").first == [
                .text("Production"), .text(f.rootFingerprint),
            ])
        #expect(
            try f.rows("SELECT environment, signer FROM renewals").first == [
                .text("Production"), .text(f.rootFingerprint),
            ])
        #expect(try f.report(at: t0).access == .production)
    }
}
