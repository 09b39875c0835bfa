/// Local purchases signed by the store's own test CA, through the real verification and import.
import Foundation
import Testing
import TestSupport
@testable import Entitlements
@testable import LocalStoreKit

private let t0 = Clock.t0

/// A clock the test moves by hand.
private final class ManualClock: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Date
    init(_ start: Date) { value = start }
    var now: Date { lock.withLock { value } }
    func set(_ date: Date) { lock.withLock { value = date } }
}

private struct Session {
    let directory: String
    let store: EntitlementStore
    let session: StoreKitTestSession
    let clock: ManualClock
    let catalog: StoreKitCatalog

    init(_ name: String, catalog: StoreKitCatalog? = nil, environments: [StoreEnvironment] = [.production]) throws {
        directory = TestPaths.scratch("skt-\(name)").path
        store = try EntitlementStore.openOrCreate(directory: directory)
        try store.initialize(bundleId: Payloads.bundleId, environments: environments)
        let clock = ManualClock(t0)
        self.clock = clock
        self.catalog = try catalog ?? TestStores.catalog()
        session = StoreKitTestSession(
            store: store, catalog: self.catalog, policy: TestStores.productionPolicy, clock: { clock.now })
        #expect(try session.enable())
    }

    func report(catalog: StoreKitCatalog? = nil) throws -> EntitlementReport {
        let clock = self.clock
        return try ProGate(
            storeDirectory: directory, catalog: catalog ?? self.catalog, policy: TestStores.productionPolicy,
            clock: GateClock(system: { clock.now }, testing: { clock.now })
        ).report()
    }
}

@Suite("StoreKit testing session")
struct StoreKitTestSessionTests {
    @Test("enable trusts the local root and accepts LocalTesting, once")
    func enable() throws {
        let s = try Session("enable")
        #expect(try s.store.configuration()?.environments == [.production, .localTesting])
        #expect(try s.store.trustedRoots().map(\.label) == ["export-itinerary StoreKit Testing (local)"])
        #expect(try !s.session.enable())  // already enabled: same authority, nothing added
        #expect(try s.store.trustedRoots().count == 1)
    }

    @Test(
        "a transaction counter someone set by hand to the largest number, or to no number, is the store's error, not a crash or a reused ID"
    )
    func counterSetByHand() throws {
        let s = try Session("counter")
        let first = try s.session.purchase(productId: Products.monthly)
        for value in ["9223372036854775807", "abc", "-5", ""] {
            try s.store.setValue(value, forKey: StoreKitTestSession.nextIdKey)
            let error = #expect(throws: StoreKitTestError.self, "\(value)") {
                _ = try s.session.purchase(productId: Products.annual)
            }
            #expect(
                error.map { "\($0)" }?.contains("holds an invalid value: \(StoreKitTestSession.nextIdKey)") == true,
                "\(String(describing: error))")
        }
        // Set back to a count, purchases go on from it.
        try s.store.setValue("2000000000000100", forKey: StoreKitTestSession.nextIdKey)
        let next = try s.session.purchase(productId: Products.annual)
        #expect(next.transactionId == "2000000000000100" && first.transactionId != next.transactionId)
    }

    @Test("purchase → Pro; refund → revoked; clear → empty")
    func purchaseRefundClear() throws {
        let s = try Session("refund")
        let t = try s.session.purchase(productId: Products.monthly)
        #expect(t.environment == "LocalTesting")
        #expect(t.type == ProductType.autoRenewable.rawValue)
        #expect(t.expiresDate == Clock.ms(Calendar(identifier: .gregorian).date(byAdding: .month, value: 1, to: t0)!))
        #expect(try s.report().isPro)

        s.clock.set(t0.addingTimeInterval(Clock.day))
        let refunded = try s.session.refund(transactionId: try #require(t.transactionId))
        #expect(refunded.revocationDate == Clock.ms(s.clock.now))
        let report = try s.report()
        #expect(!report.isPro)
        #expect(report.entitlements.first?.state == .revoked)
        #expect(try s.store.transactionCount() == 1)

        #expect(try s.session.clear() == 1)
        #expect(try s.report().entitlements.isEmpty)
        #expect(try s.store.transactionCount() == 0)
    }

    @Test("expire ends a subscription now")
    func expire() throws {
        let s = try Session("expire")
        let t = try s.session.purchase(productId: Products.annual)
        s.clock.set(t0.addingTimeInterval(10 * Clock.day))
        #expect(try s.report().isPro)
        _ = try s.session.expire(transactionId: t.transactionId!)
        let report = try s.report()
        #expect(!report.isPro)
        #expect(report.entitlements.first?.state == .expired)
        // Setting the clock back to before the expiry does not revive it: the expiry was signed at t0+10d.
        s.clock.set(t0.addingTimeInterval(Clock.day))
        #expect(try !s.report().isPro)
        #expect(try s.report().evaluatedAt == t0.addingTimeInterval(10 * Clock.day))
    }

    @Test("refund and expire at the same moment as the purchase still take effect, and a replay does not undo them")
    func sameMomentActions() throws {
        let s = try Session("same-moment")
        let a = try s.session.purchase(productId: Products.monthly)
        let purchaseJWS = try #require(try s.store.transactions(id: a.transactionId!).first).jws
        _ = try s.session.refund(transactionId: a.transactionId!)
        #expect(try s.report().entitlements.first?.state == .revoked)

        let b = try s.session.purchase(productId: Products.annual)
        _ = try s.session.expire(transactionId: b.transactionId!)
        #expect(try s.report().entitlements.first { $0.productId == Products.annual }?.state == .expired)
        #expect(try !s.report().isPro)

        // The purchase as first signed, imported again: the refund stands.
        _ = try EntitlementImporter(store: s.store, policy: TestStores.productionPolicy).importJWS(
            purchaseJWS, source: "replay")
        #expect(try s.report().entitlements.first { $0.productId == Products.monthly }?.state == .revoked)
        #expect(try !s.report().isPro)
    }

    @Test("family-shared purchases are Pro and say so")
    func familyShared() throws {
        let s = try Session("family")
        let t = try s.session.purchase(productId: Products.annual, familyShared: true)
        #expect(t.inAppOwnershipType == "FAMILY_SHARED")
        let report = try s.report()
        #expect(report.isPro)
        #expect(report.entitlements.first?.ownershipType == "FAMILY_SHARED")
    }

    @Test("expiresIn: -1h is expired, 0 is active exactly now and expired a millisecond later")
    func expiresIn() throws {
        let s = try Session("expires-in")
        _ = try s.session.purchase(productId: Products.monthly, expiresIn: -Clock.hour)
        #expect(try !s.report().isPro)
        #expect(try s.report().entitlements.first?.state == .expired)
        _ = try s.session.purchase(productId: Products.annual, expiresIn: 0)
        #expect(try s.report().isPro)
        s.clock.set(t0.addingTimeInterval(0.001))
        #expect(try !s.report().isPro)
    }

    @Test("another catalog changes what can be bought, never what is Pro (the policy decides)")
    func otherCatalog() throws {
        let other = try StoreKitCatalog.load(CatalogFixtures.monthlyAndYearly(monthly: "2.99", yearly: "19.99"))
        let s = try Session("other-catalog", catalog: other)
        #expect(throws: StoreKitTestError.self) { try s.session.purchase(productId: Products.monthly) }
        _ = try s.session.purchase(productId: "com.example.premium.year")
        #expect(try !s.report().isPro)
        #expect(try !s.report(catalog: try TestStores.catalog()).isPro)
        #expect(try s.report().entitlements.map(\.productId) == ["com.example.premium.year"])
    }

    @Test("errors: not enabled, unknown product, unknown transaction, not a local transaction")
    func errors() throws {
        let dir = TestPaths.scratch("skt-errors").path
        let store = try EntitlementStore.openOrCreate(directory: dir)
        let catalog = try TestStores.catalog()
        let notInitialized = StoreKitTestSession(
            store: store, catalog: catalog, policy: TestStores.productionPolicy, clock: { t0 })
        #expect(throws: StoreKitTestError.self) { try notInitialized.enable() }
        try store.initialize(bundleId: Payloads.bundleId, environments: [.production])
        let session = StoreKitTestSession(
            store: store, catalog: catalog, policy: TestStores.productionPolicy, clock: { t0 })
        do {
            _ = try session.purchase(productId: Products.monthly)
            Issue.record("purchase without enable")
        } catch {
            guard case .notEnabled = error else { Issue.record("\(error)"); return }
        }
        try session.enable()
        do {
            _ = try session.purchase(productId: "com.nope")
            Issue.record("unknown product bought")
        } catch {
            guard case let .unknownProduct(id, known) = error else { Issue.record("\(error)"); return }
            #expect(id == "com.nope")
            #expect(known == [Products.monthly, Products.annual])
        }
        #expect(throws: StoreKitTestError.self) { try session.refund(transactionId: "123") }

        // A Production transaction cannot be refunded locally.
        let f = try SignedStoreFixture("skt-not-local")
        try f.add(Payloads.subscription("77", purchased: t0, expires: t0.addingTimeInterval(Clock.day)))
        let prodSession = StoreKitTestSession(
            store: f.store, catalog: catalog, policy: TestStores.productionPolicy, clock: { t0 })
        try prodSession.enable()
        do {
            _ = try prodSession.refund(transactionId: "77")
            Issue.record("refunded a Production transaction")
        } catch {
            guard case .notLocal = error else { Issue.record("\(error)"); return }
        }
        #expect(try f.report(at: t0).isPro)
        #expect(try prodSession.clear() == 0)  // clear leaves Production alone
        #expect(try f.store.transactionCount() == 1)
    }

    @Test("transaction ids are unique across sessions on separate connections")
    func concurrentPurchasesInProcess() async throws {
        let s = try Session("concurrent")
        let directory = s.directory
        let catalog = s.catalog
        let ids = try await withThrowingTaskGroup(of: String.self) { group in
            for i in 0..<8 {
                group.addTask {
                    let store = try EntitlementStore.openOrCreate(directory: directory)
                    let session = StoreKitTestSession(
                        store: store, catalog: catalog, policy: TestStores.productionPolicy,
                        clock: { t0.addingTimeInterval(Double(i)) })
                    return try session.purchase(productId: i % 2 == 0 ? Products.monthly : Products.annual)
                        .transactionId!
                }
            }
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(Set(ids).count == 8, "\(ids.sorted())")
        #expect(try s.store.transactionCount() == 8)
        #expect(try s.report().isPro)
    }
}
