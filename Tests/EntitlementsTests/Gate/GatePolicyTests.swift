/// Issue 9's bypasses, each reproduced against the gate and shown refused: what a user can write
/// (roots, the store's settings, unsigned tokens, other environments, the clock) gives at most a
/// test entitlement, never a purchase, and never takes a purchase away.
///
/// `SignedStoreFixture.policy` names the fixture's authority as the root of purchases, as the
/// release build names Apple Root CA - G3: its Production transactions are what real purchases
/// are to the program.
import Foundation
import Testing
import TestSupport
@testable import Entitlements
@testable import LocalStoreKit

private let t0 = Clock.t0

/// A compact JWS with an empty x5c and a two-byte signature: what anyone can write.
private func unsignedToken(_ payload: JWSTransactionDecodedPayload) throws -> String {
    let header = JWSBase64.encode(Data(#"{"alg":"ES256","x5c":[]}"#.utf8), alphabet: .url)
    let body = JWSBase64.encode(try JSONEncoder().encode(payload), alphabet: .url)
    return header + "." + body + ".AA"
}

@Suite("Gate policy: what a user writes never makes a purchase")
struct GatePolicyTests {
    @Test("a purchase is a Production transaction under a root the policy names")
    func purchase() throws {
        let f = try SignedStoreFixture("policy-purchase")
        try f.add(Payloads.subscription("1", purchased: t0, expires: t0.addingTimeInterval(Clock.day)))
        let report = try f.report(at: t0)
        #expect(report.access == .production)
        #expect(report.entitlements.map(\.grade) == [.production])
        #expect(try f.gate(at: t0).requirePro() == .production)
    }

    @Test("a self-made root the user trusts: its Production transactions are test entitlements")
    func selfMadeRoot() throws {
        let f = try SignedStoreFixture("policy-own-root")
        let own = try SignedStoreFixture.makeAuthority(prefix: "Mine")
        try f.store.addTrustedRoot(
            der: own.rootDER, fingerprint: Certificates.sha256Fingerprint(own.rootDER), label: "mine")
        let results = try f.importSigned(
            Payloads.subscription("2", purchased: t0, expires: t0.addingTimeInterval(Clock.day)), by: own)
        #expect(results.map(\.status) == [.imported])
        let report = try f.report(at: t0)
        #expect(report.access == .testing(environment: GatePolicy.untrustedProduction))
        #expect(report.access?.notice == "Test entitlement (Production, test root) — not a purchase")
    }

    @Test(
        "Xcode accepted by the store (init --environment Xcode, or UPDATE meta): an unsigned token is a test entitlement"
    )
    func unsignedXcodeToken() throws {
        let f = try SignedStoreFixture("policy-xcode")
        let token = try unsignedToken(
            Payloads.subscription("3", purchased: t0, expires: t0.addingTimeInterval(Clock.day), environment: .xcode))
        // Not accepted at all while the store does not accept Xcode.
        #expect(try f.importer().importJWS(token, source: "t").map(\.status) == [.rejected])
        try f.sql("UPDATE meta SET value = 'Production,Sandbox,Xcode' WHERE key = 'environments'")
        #expect(try f.importer().importJWS(token, source: "t").map(\.status) == [.imported])
        #expect(try f.report(at: t0).access == .testing(environment: "Xcode"))
        // An unsigned token that says Production is refused outright.
        let production = try unsignedToken(
            Payloads.subscription("4", purchased: t0, expires: t0.addingTimeInterval(Clock.day)))
        #expect(try f.importer().importJWS(production, source: "t").map(\.status) == [.rejected])
    }

    @Test("Sandbox and TestFlight purchases are test entitlements")
    func sandbox() throws {
        let f = try SignedStoreFixture("policy-sandbox")
        try f.add(
            Payloads.subscription("5", purchased: t0, expires: t0.addingTimeInterval(Clock.day), environment: .sandbox))
        #expect(try f.report(at: t0).access == .testing(environment: "Sandbox"))
    }

    @Test("the store's bundle id is a record: another app's payloads are refused whatever it says")
    func bundleIdInStore() throws {
        let f = try SignedStoreFixture("policy-bundle")
        try f.sql("UPDATE meta SET value = 'com.other.app' WHERE key = 'bundleId'")
        var other = Payloads.subscription("6", purchased: t0, expires: t0.addingTimeInterval(Clock.day))
        other.bundleId = "com.other.app"
        #expect(try f.importSigned(other).map(\.status) == [.rejected])
        try f.add(Payloads.subscription("7", purchased: t0, expires: t0.addingTimeInterval(Clock.day)))
        #expect(try f.report(at: t0).access == .production)
    }

    @Test("a purchase of a product the policy does not sell as Pro is not Pro, whatever the catalog")
    func proSetFromPolicy() throws {
        let f = try SignedStoreFixture("policy-pro-set")
        try f.add(
            Payloads.subscription(
                "8", product: "com.example.premium.month", purchased: t0, expires: t0.addingTimeInterval(Clock.day)))
        let other = try StoreKitCatalog.load(CatalogFixtures.monthlyAndYearly(monthly: "2.99", yearly: "19.99"))
        #expect(try f.gate(at: t0, catalog: other).report().access == nil)
    }

    @Test(
        "the local test CA signs LocalTesting only: a Production transaction it signed is refused, even stored by hand")
    func localCAIsConfined() throws {
        let f = try SignedStoreFixture("policy-local-ca")
        let session = StoreKitTestSession(store: f.store, catalog: f.catalog, policy: f.policy, clock: { t0 })
        try session.enable()
        let local = try LocalSigningAuthority(
            serialized: try #require(try f.store.value(forKey: EntitlementStore.localTestingAuthorityKey)))
        // Even a policy that named the local root as a root of purchases would not get one: the
        // verifier refuses anything but LocalTesting under it.
        let naive = GatePolicy(
            bundleId: f.policy.bundleId, proProductIDs: f.policy.proProductIDs,
            productionRootFingerprints: f.policy.productionRootFingerprints.union([
                Certificates.sha256Fingerprint(local.rootDER)
            ]))
        let payload = Payloads.subscription("9", purchased: t0, expires: t0.addingTimeInterval(Clock.day))
        let jws = try local.sign(payload)
        let results = try EntitlementImporter(store: f.store, policy: naive).importJWS(jws, source: "t")
        #expect(results.map(\.status) == [.rejected])
        #expect(results.first?.reason?.contains("LocalTesting") == true, "\(results)")
        // Put in by hand, it is ignored by the check.
        try f.sql(
            "INSERT INTO transactions (signer, transaction_id, product_id, purchase_date, signed_date, environment, jws, ownership_type) VALUES ((SELECT fingerprint FROM trusted_roots WHERE label = 'test root'), '9', ?, ?, ?, 'Production', ?, 'PURCHASED')",
            [.text(Products.monthly), .real(Clock.ms(t0)), .real(Clock.ms(t0)), .text(jws)])
        let report = try ProGate(
            storeDirectory: f.directory, catalog: f.catalog, policy: naive, clock: GateClock(system: { t0 })
        ).report()
        #expect(report.access == nil)
        #expect(report.ignored.count == 1)
    }

    @Test("storekit-test disable removes the local CA, its key and every LocalTesting transaction")
    func disable() throws {
        let f = try SignedStoreFixture("policy-disable", environments: [.production])
        let session = StoreKitTestSession(store: f.store, catalog: f.catalog, policy: f.policy, clock: { t0 })
        try session.enable()
        _ = try session.purchase(productId: Products.annual)
        try f.add(
            Payloads.subscription(
                "10", purchased: t0.addingTimeInterval(-Clock.day), expires: t0.addingTimeInterval(-Clock.hour)))
        #expect(try f.report(at: t0).access == .testing(environment: "LocalTesting"))
        #expect(try session.disable() == 1)
        #expect(try f.store.value(forKey: EntitlementStore.localTestingAuthorityKey) == nil)
        #expect(try f.store.trustedRoots().map(\.label) == ["test root"])
        #expect(try f.store.configuration()?.environments == [.production])
        #expect(try f.store.transactionCount() == 1)  // the (expired) purchase stays
        #expect(try f.report(at: t0).access == nil)
        #expect(throws: StoreKitTestError.self) { try session.purchase(productId: Products.annual) }
    }

    @Test("a test purchase signed years ahead never moves a purchase's clock")
    func testPurchaseFromTheFuture() throws {
        let f = try SignedStoreFixture("policy-future-test", environments: [.production])
        try f.add(
            Payloads.subscription(
                "11", product: Products.annual, purchased: t0.addingTimeInterval(-Clock.day),
                expires: t0.addingTimeInterval(300 * Clock.day)))
        let future = t0.addingTimeInterval(2 * 365 * Clock.day)
        let session = StoreKitTestSession(store: f.store, catalog: f.catalog, policy: f.policy, clock: { future })
        try session.enable()
        _ = try session.purchase(productId: Products.monthly)
        let report = try f.report(at: t0)
        #expect(report.access == .production)
        #expect(report.evaluatedAt == t0)
        #expect(report.entitlements.first { $0.productId == Products.annual }?.state == .subscribed)
        // The test purchase is judged on its own clock, which its signature moved.
        #expect(report.entitlements.first { $0.productId == Products.monthly }?.state == .subscribed)
    }

    @Test("the test clock (EXPORT_ITINERARY_NOW) moves test entitlements only: a lapsed purchase stays lapsed")
    func testClockNeverRevivesAPurchase() throws {
        let f = try SignedStoreFixture("policy-now")
        try f.add(
            Payloads.subscription(
                "12", purchased: t0.addingTimeInterval(-30 * Clock.day), expires: t0.addingTimeInterval(-Clock.day)))
        #expect(try f.gate(at: t0, testing: Date(timeIntervalSince1970: 0)).report().access == nil)
        #expect(try f.gate(at: t0, testing: t0.addingTimeInterval(-2 * Clock.day)).report().access == nil)
        // The same subscription in Sandbox (a test entitlement) does follow the test clock.
        let g = try SignedStoreFixture("policy-now-sandbox")
        try g.add(
            Payloads.subscription(
                "13", purchased: t0.addingTimeInterval(-30 * Clock.day), expires: t0.addingTimeInterval(-Clock.day),
                environment: .sandbox))
        #expect(try g.gate(at: t0).report().access == nil)
        #expect(
            try g.gate(at: t0, testing: t0.addingTimeInterval(-2 * Clock.day)).report().access
                == .testing(environment: "Sandbox"))
    }

    @Test("a clock turned back after a check judges no earlier than that check (written about hourly)")
    func evaluationFloor() throws {
        let f = try SignedStoreFixture("policy-floor")
        try f.add(Payloads.subscription("14", purchased: t0, expires: t0.addingTimeInterval(5 * Clock.day)))
        // lapsed, and the store remembers when it was asked
        #expect(try f.report(at: t0.addingTimeInterval(10 * Clock.day)).access == nil)
        let rolledBack = try f.report(at: t0.addingTimeInterval(Clock.day))
        #expect(rolledBack.access == nil)
        #expect(rolledBack.evaluatedAt == t0.addingTimeInterval(10 * Clock.day))
        // Within the hour nothing is written: a store only read stays unwritten.
        let floor = try f.store.evaluationFloor()
        _ = try f.report(at: t0.addingTimeInterval(10 * Clock.day + 1800))
        #expect(try f.store.evaluationFloor() == floor)
        _ = try f.report(at: t0.addingTimeInterval(10 * Clock.day + 7200))
        #expect(try f.store.evaluationFloor() == Clock.ms(t0.addingTimeInterval(10 * Clock.day + 7200)))
    }

    @Test("renewal info under a root the user trusts never extends a purchase with a grace period")
    func renewalGradeMustMatch() throws {
        let f = try SignedStoreFixture("policy-renewal")
        try f.add(
            Payloads.subscription(
                "15", purchased: t0.addingTimeInterval(-30 * Clock.day), expires: t0.addingTimeInterval(-Clock.hour)))
        let own = try SignedStoreFixture.makeAuthority(prefix: "Mine")
        try f.store.addTrustedRoot(
            der: own.rootDER, fingerprint: Certificates.sha256Fingerprint(own.rootDER), label: "mine")
        let grace = Payloads.renewal(
            original: "15", grace: t0.addingTimeInterval(10 * Clock.day), signed: t0.addingTimeInterval(-Clock.hour))
        #expect(try f.importSigned(grace, by: own).map(\.status) == [.imported])
        let report = try f.report(at: t0)
        #expect(report.access == nil)
        #expect(report.entitlements.first?.state == .expired)
        // The same renewal info signed under the root of purchases does.
        try f.add(Payloads.renewal(original: "15", grace: t0.addingTimeInterval(10 * Clock.day), signed: t0))
        #expect(try f.report(at: t0).entitlements.first?.state == .inGracePeriod)
    }

    @Test(
        "purchased and family-shared copies are separate statuses: a revoked shared copy never hides an active purchase"
    )
    func ownershipApart() throws {
        let f = try SignedStoreFixture("policy-family")
        try f.add(
            Payloads.subscription(
                "16", product: Products.annual, purchased: t0.addingTimeInterval(-Clock.day),
                expires: t0.addingTimeInterval(300 * Clock.day)))
        let shared = Payloads.subscription(
            "17", product: Products.annual, purchased: t0.addingTimeInterval(-Clock.hour),
            expires: t0.addingTimeInterval(300 * Clock.day), ownership: "FAMILY_SHARED")
        try f.add(shared, Payloads.refunded(shared, at: t0))
        let report = try f.report(at: t0)
        #expect(report.access == .production)
        #expect(
            report.entitlements.map { "\($0.ownershipType ?? "-") \($0.state)" } == [
                "FAMILY_SHARED revoked", "PURCHASED subscribed",
            ])
        // And an expired shared copy, newer than the purchase, neither.
        let g = try SignedStoreFixture("policy-family-expired")
        try g.add(
            Payloads.subscription(
                "18", product: Products.monthly, purchased: t0.addingTimeInterval(-10 * Clock.day),
                expires: t0.addingTimeInterval(20 * Clock.day)),
            Payloads.subscription(
                "19", product: Products.monthly, purchased: t0.addingTimeInterval(-Clock.day),
                expires: t0.addingTimeInterval(-Clock.hour), ownership: "FAMILY_SHARED"))
        #expect(try g.report(at: t0).access == .production)
    }

    @Test("a stored row whose ownership or environment column was edited is ignored, not regrouped")
    func editedGroupColumns() throws {
        let f = try SignedStoreFixture("policy-edited-columns")
        try f.add(
            Payloads.subscription("20", purchased: t0, expires: t0.addingTimeInterval(Clock.day), environment: .sandbox)
        )
        try f.sql("UPDATE transactions SET environment = 'Production'")
        let report = try f.report(at: t0)
        #expect(report.access == nil)
        #expect(report.ignored == ["transaction 20: stored columns do not match its signed payload"])
    }
}

@Suite("Gate policy: the mark's words")
struct GatePolicyMarkWordsTests {
    @Test(
        "a test entitlement names an App Store environment, or unknown: a payload's own spelling never reaches the page"
    )
    func environmentNames() {
        let policy = GatePolicy(bundleId: "b", proProductIDs: [], productionRootFingerprints: ["AA"])
        #expect(
            policy.grade(environment: "Sandbox", rootFingerprint: "BB").notice
                == "Test entitlement (Sandbox) — not a purchase")
        for odd in ["Production\u{200B}", String(repeating: "x", count: 2000), "LocalTesting\u{202E}", "sandbox"] {
            #expect(policy.grade(environment: odd, rootFingerprint: "AA") == .testing(environment: "unknown"))
        }
        #expect(policy.grade(environment: nil, rootFingerprint: nil) == .testing(environment: "unknown"))
        #expect(policy.grade(environment: "Production", rootFingerprint: "aa") == .production)
    }
}
