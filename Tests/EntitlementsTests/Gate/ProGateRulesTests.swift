/// The same rules end to end: transactions signed by a trusted local authority, imported through
/// the real importer into a real store, judged by `ProGate` with an injected clock.
import Foundation
import Testing
import TestSupport
@testable import Entitlements

private let t0 = Clock.t0

@Suite("Gate: StoreKit rules through the store")
struct ProGateRulesTests {
    // Rule 1
    @Test("a non-Pro product does not make Pro; a Pro one does")
    func proSet() throws {
        let f = try SignedStoreFixture("gate-proset")
        #expect(try !f.report(at: t0).isPro)  // empty store
        try f.add(
            Payloads.oneTime("1", product: Products.coffee, purchased: t0.addingTimeInterval(-60)),
            Payloads.subscription(
                "2", product: Products.stickers, purchased: t0.addingTimeInterval(-60),
                expires: t0.addingTimeInterval(Clock.day)))
        let free = try f.report(at: t0)
        #expect(!free.isPro)
        #expect(free.entitlements.map(\.productId) == [Products.stickers, Products.coffee].sorted())
        #expect(free.entitlements.allSatisfy { $0.state == .subscribed })
        #expect(throws: GateError.self) { try f.gate(at: t0).requirePro() }

        try f.add(
            Payloads.subscription(
                "3", product: Products.annual, purchased: t0.addingTimeInterval(-60),
                expires: t0.addingTimeInterval(365 * Clock.day)))
        #expect(try f.report(at: t0).isPro)
        try f.gate(at: t0).requirePro()
    }

    @Test("requirePro throws proRequired carrying the catalog, whose plans the host shows; the gate names no command")
    func requireProCarriesPaywall() throws {
        let f = try SignedStoreFixture("gate-paywall")
        do {
            try f.gate(at: t0).requirePro()
            Issue.record("expected proRequired")
        } catch {
            guard case let .proRequired(catalog) = error else { Issue.record("got \(error)"); return }
            #expect(catalog.plans.map(\.productID) == [Products.monthly, Products.annual])
            #expect(error.remedy == .restorePurchases)
            #expect(error.description == "PDF export is a Pro feature")
        }
    }

    // Rule 2
    @Test("the latest verified transaction per product decides")
    func latestDecides() throws {
        let f = try SignedStoreFixture("gate-latest")
        try f.add(
            Payloads.subscription(
                "10", purchased: t0.addingTimeInterval(-20 * Clock.day), expires: t0.addingTimeInterval(30 * Clock.day))
        )
        #expect(try f.report(at: t0).isPro)
        try f.add(
            Payloads.subscription(
                "11", purchased: t0.addingTimeInterval(-2 * Clock.day), expires: t0.addingTimeInterval(-Clock.day)))
        let report = try f.report(at: t0)
        #expect(!report.isPro)
        #expect(report.entitlements.map(\.transactionId) == ["11"])
        #expect(report.entitlements.first?.state == .expired)
    }

    // Rule 3
    @Test("non-consumable counts until revoked; consumable and upgraded never")
    func kinds() throws {
        let f = try SignedStoreFixture("gate-kinds")
        let consumable = Payloads.oneTime(
            "20", product: Products.monthly, type: .consumable, purchased: t0.addingTimeInterval(-60))
        var upgraded = Payloads.subscription(
            "21", product: Products.annual, purchased: t0.addingTimeInterval(-60),
            expires: t0.addingTimeInterval(Clock.day))
        upgraded.isUpgraded = true
        try f.add(consumable, upgraded)
        let none = try f.report(at: t0)
        #expect(!none.isPro)
        #expect(none.entitlements.isEmpty)

        let lifetime = Payloads.oneTime("22", product: Products.annual, purchased: t0.addingTimeInterval(-30))
        try f.add(lifetime)
        #expect(try f.report(at: t0.addingTimeInterval(10 * 365 * Clock.day)).isPro)  // never expires
        try f.add(Payloads.refunded(lifetime, at: t0.addingTimeInterval(60)))
        let refunded = try f.report(at: t0.addingTimeInterval(120))
        #expect(!refunded.isPro)
        #expect(refunded.entitlements.first { $0.productId == Products.annual }?.state == .revoked)
    }

    // Rule 4
    @Test("expiry exactly at the gate's clock is active; a millisecond later it is not")
    func expiryBoundary() throws {
        let f = try SignedStoreFixture("gate-boundary")
        let expires = t0.addingTimeInterval(Clock.hour)
        try f.add(Payloads.subscription("30", purchased: t0, expires: expires))
        let ms = Clock.ms(expires)
        let exactly = try f.report(at: Date(timeIntervalSince1970: ms / 1000))
        #expect(exactly.isPro)
        #expect(exactly.entitlements.first?.state == .subscribed)
        let after = try f.report(at: Date(timeIntervalSince1970: (ms + 1) / 1000))
        #expect(!after.isPro)
        #expect(after.entitlements.first?.state == .expired)
    }

    // Rule 5
    @Test("grace period from signed renewal info is Pro; after it, expired; billing retry alone is not Pro")
    func grace() throws {
        let f = try SignedStoreFixture("gate-grace")
        try f.add(
            Payloads.subscription(
                "40", purchased: t0.addingTimeInterval(-31 * Clock.day), expires: t0.addingTimeInterval(-Clock.day)))
        #expect(try f.entitlement(Products.monthly, at: t0)?.state == .expired)

        try f.add(
            Payloads.renewal(
                original: "40", grace: t0.addingTimeInterval(5 * Clock.day), signed: t0.addingTimeInterval(-Clock.hour))
        )
        let inGrace = try f.report(at: t0)
        #expect(inGrace.isPro)
        #expect(inGrace.entitlements.first?.state == .inGracePeriod)
        #expect(inGrace.entitlements.first?.gracePeriodExpiresDate == t0.addingTimeInterval(5 * Clock.day))

        let after = try f.report(at: t0.addingTimeInterval(5 * Clock.day + 1))
        #expect(!after.isPro)
        #expect(after.entitlements.first?.state == .expired)

        // A newer renewal info replaces the older one: billing retry, no grace.
        try f.add(Payloads.renewal(original: "40", billingRetry: true, signed: t0.addingTimeInterval(-Clock.hour + 1)))
        let retry = try f.report(at: t0)
        #expect(!retry.isPro)
        #expect(retry.entitlements.first?.state == .inBillingRetryPeriod)
    }

    // Rule 6
    @Test("a refund replaces the purchase in the store; re-importing the purchase does not bring Pro back")
    func refund() throws {
        let f = try SignedStoreFixture("gate-refund")
        let purchase = Payloads.subscription(
            "50", product: Products.annual, purchased: t0.addingTimeInterval(-Clock.day),
            expires: t0.addingTimeInterval(364 * Clock.day))
        let purchaseJWS = try f.sign(purchase)
        #expect(try f.importer().importJWS(purchaseJWS, source: "p").map(\.status) == [.imported])
        #expect(try f.report(at: t0).isPro)

        let refund = try f.importSigned(Payloads.refunded(purchase, at: t0.addingTimeInterval(-Clock.hour)))
        #expect(refund.map(\.status) == [.updated])
        #expect(refund.first?.reason == "replaced an earlier copy of the same transaction")
        #expect(try f.store.transactionCount() == 1)
        let revoked = try f.report(at: t0)
        #expect(!revoked.isPro)
        #expect(revoked.entitlements.first?.state == .revoked)

        // The older copy is not what the store holds: the verdict says which copy it kept.
        let again = try f.importer().importJWS(purchaseJWS, source: "p")
        #expect(again.map(\.status) == [.unchanged])
        #expect(
            again.first?.reason
                == "kept the newer copy already in the store (signed 2025-10-09T07:53:20Z); this copy, signed 2025-10-08T08:53:20Z, is older"
        )
        #expect(try !f.report(at: t0).isPro)
        #expect(try f.entitlement(Products.annual, at: t0)?.state == .revoked)
    }

    @Test("a refund signed in the same millisecond as the purchase is not undone by re-importing the purchase")
    func refundTieInStore() throws {
        let f = try SignedStoreFixture("gate-refund-tie")
        let signed = t0.addingTimeInterval(-Clock.hour)
        let purchase = Payloads.subscription(
            "51", purchased: t0.addingTimeInterval(-Clock.day), expires: t0.addingTimeInterval(29 * Clock.day),
            signed: signed)
        let purchaseJWS = try f.sign(purchase)
        try f.add(purchase)
        try f.add(Payloads.refunded(purchase, at: signed))
        #expect(try f.entitlement(Products.monthly, at: t0)?.state == .revoked)
        _ = try f.importer().importJWS(purchaseJWS, source: "replay")
        #expect(try f.entitlement(Products.monthly, at: t0)?.state == .revoked)
        #expect(try !f.report(at: t0).isPro)
    }

    @Test(
        "of two transactions bought at the same moment, the one still active decides, in either storage order",
        arguments: [false, true])
    func samePurchaseDate(revokedFirst: Bool) throws {
        let f = try SignedStoreFixture("gate-same-moment-\(revokedFirst)")
        let bought = t0.addingTimeInterval(-Clock.day)
        // "92" sorts first (larger id, later signature) and has ended; "91" runs a month more.
        let ended = Payloads.refunded(
            Payloads.subscription(
                "92", purchased: bought, expires: t0.addingTimeInterval(29 * Clock.day),
                signed: t0.addingTimeInterval(-Clock.hour)), at: t0.addingTimeInterval(-Clock.hour))
        let active = Payloads.subscription(
            "91", purchased: bought, expires: t0.addingTimeInterval(29 * Clock.day),
            signed: t0.addingTimeInterval(-2 * Clock.hour))
        for payload in revokedFirst ? [ended, active] : [active, ended] { try f.add(payload) }
        let report = try f.report(at: t0)
        #expect(report.isPro)
        #expect(try f.entitlement(Products.monthly, at: t0)?.state == .subscribed)
    }

    // Rule 7
    @Test("a family-shared subscription is Pro")
    func familyShared() throws {
        let f = try SignedStoreFixture("gate-family")
        try f.add(
            Payloads.subscription(
                "60", purchased: t0.addingTimeInterval(-60), expires: t0.addingTimeInterval(Clock.day),
                ownership: "FAMILY_SHARED"))
        let report = try f.report(at: t0)
        #expect(report.isPro)
        #expect(report.entitlements.first?.ownershipType == "FAMILY_SHARED")
    }

    // Rule 8
    @Test("turning the clock back before the newest signature evaluates at that signature")
    func clockRollback() throws {
        let f = try SignedStoreFixture("gate-rollback")
        // Bought a month ago, expired an hour ago; renewal info signed now says no grace.
        try f.add(
            Payloads.subscription(
                "70", purchased: t0.addingTimeInterval(-30 * Clock.day), expires: t0.addingTimeInterval(-Clock.hour)))
        // Without anything signed after expiry, the clock is all there is.
        #expect(try f.report(at: t0.addingTimeInterval(-2 * Clock.hour)).isPro)

        try f.add(Payloads.renewal(original: "70", autoRenew: 0, signed: t0))
        #expect(try f.store.highWaterMark(.production) == Clock.ms(t0))
        for rollback in [
            t0.addingTimeInterval(-2 * Clock.hour), t0.addingTimeInterval(-20 * Clock.day),
            Date(timeIntervalSince1970: 0),
        ] {
            let report = try f.report(at: rollback)
            #expect(!report.isPro, "clock at \(rollback)")
            #expect(report.evaluatedAt == t0)
            #expect(report.entitlements.first?.state == .expired)
        }
        // A clock after the newest signature is used as it is.
        let later = t0.addingTimeInterval(Clock.day)
        #expect(try f.report(at: later).evaluatedAt == later)
    }

    @Test(
        "the newest signature of a verified transaction also holds the clock, even if the mark in the store is lowered")
    func clockRollbackWithLoweredMark() throws {
        let f = try SignedStoreFixture("gate-rollback-mark")
        let purchase = Payloads.subscription(
            "71", purchased: t0.addingTimeInterval(-30 * Clock.day), expires: t0.addingTimeInterval(Clock.day))
        try f.add(purchase)
        // Re-signed now with an expiry an hour ago (e.g. a cancellation took effect).
        var ended = purchase
        ended.expiresDate = Clock.ms(t0.addingTimeInterval(-Clock.hour))
        ended.signedDate = Clock.ms(t0)
        try f.add(ended)
        try f.sql("UPDATE meta SET value = '0' WHERE key = 'highWater.production'")
        let report = try f.report(at: t0.addingTimeInterval(-2 * Clock.hour))
        #expect(!report.isPro)
        #expect(report.evaluatedAt == t0)
    }

    @Test("a missing store is not Pro and not an error; a store without configuration neither")
    func missingStore() throws {
        let dir = TestPaths.scratch("ent-gate-missing").appendingPathComponent("nowhere").path
        let report = try ProGate(
            storeDirectory: dir, catalog: try TestStores.catalog(), policy: TestStores.productionPolicy,
            clock: GateClock(system: { t0 })
        ).report()
        #expect(!report.isPro)
        #expect(report.entitlements.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: dir))  // asking does not create it

        let bare = TestPaths.scratch("ent-gate-bare").path
        _ = try EntitlementStore.openOrCreate(directory: bare)
        #expect(
            try !ProGate(
                storeDirectory: bare, catalog: try TestStores.catalog(), policy: TestStores.productionPolicy,
                clock: GateClock(system: { t0 })
            ).report().isPro)
    }

    @Test(
        "a catalog never decides what is Pro: a product another catalog sells as Pro stays not Pro; the paywall follows the catalog"
    )
    func otherCatalog() throws {
        let f = try SignedStoreFixture("gate-other-catalog")
        try f.add(
            Payloads.subscription(
                "80", product: "com.example.premium.month", purchased: t0, expires: t0.addingTimeInterval(Clock.day)))
        let other = try StoreKitCatalog.load(CatalogFixtures.monthlyAndYearly(monthly: "2.99", yearly: "19.99"))
        #expect(other.proProductIDs.contains("com.example.premium.month"))
        #expect(try !f.gate(at: t0, catalog: other).report().isPro)
        do {
            try f.gate(at: t0, catalog: other).requirePro()
            Issue.record("expected proRequired")
        } catch {
            guard case let .proRequired(catalog) = error else { Issue.record("got \(error)"); return }
            #expect(catalog.plans.map(\.productID).contains("com.example.premium.month"))
        }
    }
}
