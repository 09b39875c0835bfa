/// StoreKit 2's current-entitlement rules on payload structs, without signatures or a store.
import Foundation
import Testing
import TestSupport
@testable import Entitlements

private let t0 = Clock.t0

private func evaluate(
    _ transactions: [JWSTransactionDecodedPayload], renewals: [JWSRenewalInfoDecodedPayload] = [],
    now: Date = t0
) -> [Entitlement] {
    var byOriginal: [String: JWSRenewalInfoDecodedPayload] = [:]
    for r in renewals { byOriginal[r.originalTransactionId!] = r }
    return CurrentEntitlements.evaluate(transactions, renewals: byOriginal, now: now)
}

private func state(_ product: String, _ entitlements: [Entitlement]) -> EntitlementState? {
    entitlements.first { $0.productId == product }?.state
}

/// Pro as the checker decides it: some active entitlement for a product of the catalog's Pro set.
private func isPro(_ entitlements: [Entitlement], proSet: Set<String>) -> Bool {
    entitlements.contains { $0.state.isActive && proSet.contains($0.productId) }
}

@Suite("Rules: current entitlements (payloads)")
struct CurrentEntitlementsRulesTests {
    let proSet: Set<String>
    init() throws { proSet = try TestStores.catalog().proProductIDs }

    // Rule 1
    @Test("Pro needs an active entitlement for a product of the catalog's Pro set")
    func proNeedsProProduct() {
        #expect(proSet == [Products.monthly, Products.annual])
        let coffee = Payloads.oneTime("1", product: Products.coffee, purchased: t0.addingTimeInterval(-60))
        let active = evaluate([coffee])
        #expect(state(Products.coffee, active) == .subscribed)
        #expect(!isPro(active, proSet: proSet))

        let monthly = Payloads.subscription(
            "2", purchased: t0.addingTimeInterval(-60), expires: t0.addingTimeInterval(3_600))
        #expect(isPro(evaluate([coffee, monthly]), proSet: proSet))
        #expect(!isPro(evaluate([]), proSet: proSet))
    }

    // Rule 2
    @Test("the latest transaction per product decides: an older active one does not count after a newer expired one")
    func latestPerProductDecides() {
        let old = Payloads.subscription(
            "10", purchased: t0.addingTimeInterval(-20 * Clock.day), expires: t0.addingTimeInterval(30 * Clock.day))
        let newer = Payloads.subscription(
            "11", purchased: t0.addingTimeInterval(-2 * Clock.day), expires: t0.addingTimeInterval(-Clock.day))
        for order in [[old, newer], [newer, old]] {
            let result = evaluate(order)
            #expect(result.count == 1)
            #expect(result.first?.transactionId == "11")
            #expect(state(Products.monthly, result) == .expired)
            #expect(!isPro(result, proSet: proSet))
        }
        // Each product has its own latest: an expired annual does not hide an active monthly.
        let annual = Payloads.subscription(
            "12", product: Products.annual, purchased: t0.addingTimeInterval(-Clock.day),
            expires: t0.addingTimeInterval(-Clock.hour))
        #expect(isPro(evaluate([annual, old]), proSet: proSet))
    }

    // Rule 3
    @Test("non-consumables count unless revoked; consumables never; upgraded transactions never")
    func productKinds() {
        let lifetime = Payloads.oneTime(
            "20", product: Products.annual, purchased: t0.addingTimeInterval(-400 * Clock.day))
        #expect(state(Products.annual, evaluate([lifetime])) == .subscribed)
        let refunded = Payloads.refunded(lifetime, at: t0.addingTimeInterval(-Clock.day))
        #expect(state(Products.annual, evaluate([lifetime, refunded])) == .revoked)
        #expect(!isPro(evaluate([lifetime, refunded]), proSet: proSet))

        let consumable = Payloads.oneTime(
            "21", product: Products.monthly, type: .consumable, purchased: t0.addingTimeInterval(-60))
        #expect(evaluate([consumable]).isEmpty)

        var upgraded = Payloads.subscription(
            "22", purchased: t0.addingTimeInterval(-60), expires: t0.addingTimeInterval(Clock.day))
        upgraded.isUpgraded = true
        #expect(evaluate([upgraded]).isEmpty)
        #expect(!isPro(evaluate([upgraded]), proSet: proSet))
        upgraded.isUpgraded = false
        #expect(state(Products.monthly, evaluate([upgraded])) == .subscribed)
    }

    // Rule 4
    @Test("a subscription expiring exactly now is active; one millisecond later it has expired")
    func expiryBoundary() {
        let expiresMs = Clock.ms(t0)
        let sub = Payloads.subscription("30", purchased: t0.addingTimeInterval(-Clock.day), expires: t0)
        #expect(sub.expiresDate == expiresMs)
        let exactly = Date(timeIntervalSince1970: expiresMs / 1000)
        #expect(state(Products.monthly, evaluate([sub], now: exactly)) == .subscribed)
        #expect(
            state(Products.monthly, evaluate([sub], now: Date(timeIntervalSince1970: (expiresMs + 1) / 1000)))
                == .expired)
        #expect(
            state(Products.monthly, evaluate([sub], now: Date(timeIntervalSince1970: (expiresMs - 1) / 1000)))
                == .subscribed)
    }

    // Rule 5
    @Test("grace period keeps a lapsed subscription active; billing retry alone does not")
    func gracePeriodAndBillingRetry() {
        let sub = Payloads.subscription(
            "40", purchased: t0.addingTimeInterval(-31 * Clock.day), expires: t0.addingTimeInterval(-Clock.day))
        let inGrace = Payloads.renewal(
            original: "40", grace: t0.addingTimeInterval(5 * Clock.day), billingRetry: true, signed: t0)
        let graceState = evaluate([sub], renewals: [inGrace])
        #expect(state(Products.monthly, graceState) == .inGracePeriod)
        #expect(isPro(graceState, proSet: proSet))
        #expect(graceState.first?.gracePeriodExpiresDate == t0.addingTimeInterval(5 * Clock.day))

        // After the grace period: expired (billing retry when the renewal info says so).
        let after = t0.addingTimeInterval(6 * Clock.day)
        let noRetry = Payloads.renewal(original: "40", grace: t0.addingTimeInterval(5 * Clock.day), signed: t0)
        #expect(state(Products.monthly, evaluate([sub], renewals: [noRetry], now: after)) == .expired)
        #expect(state(Products.monthly, evaluate([sub], renewals: [inGrace], now: after)) == .inBillingRetryPeriod)

        let retryOnly = Payloads.renewal(original: "40", billingRetry: true, signed: t0)
        let retry = evaluate([sub], renewals: [retryOnly])
        #expect(state(Products.monthly, retry) == .inBillingRetryPeriod)
        #expect(!isPro(retry, proSet: proSet))

        // Renewal info of another subscription does not apply.
        let other = Payloads.renewal(original: "999", grace: t0.addingTimeInterval(5 * Clock.day), signed: t0)
        #expect(state(Products.monthly, evaluate([sub], renewals: [other])) == .expired)
        // An active subscription stays `subscribed` whatever its renewal info says.
        let active = Payloads.subscription("41", purchased: t0, expires: t0.addingTimeInterval(Clock.day))
        let retrying = Payloads.renewal(original: "41", billingRetry: true, signed: t0)
        #expect(state(Products.monthly, evaluate([active], renewals: [retrying])) == .subscribed)
    }

    // Rule 6
    @Test("a refund re-signed later replaces the purchase, whatever the input order")
    func refundReplacesPurchase() {
        let purchase = Payloads.subscription(
            "50", purchased: t0.addingTimeInterval(-Clock.day), expires: t0.addingTimeInterval(30 * Clock.day))
        let refund = Payloads.refunded(purchase, at: t0.addingTimeInterval(-Clock.hour))
        for order in [[purchase, refund], [refund, purchase], [purchase, refund, purchase]] {
            let result = evaluate(order)
            #expect(result.count == 1)
            #expect(state(Products.monthly, result) == .revoked)
            #expect(!isPro(result, proSet: proSet))
        }
    }

    @Test("a refund signed in the same millisecond as the purchase still wins, whatever the input order")
    func refundTieDoesNotDependOnOrder() {
        let purchase = Payloads.subscription(
            "51", purchased: t0.addingTimeInterval(-Clock.day), expires: t0.addingTimeInterval(30 * Clock.day),
            signed: t0.addingTimeInterval(-Clock.hour))
        let refund = Payloads.refunded(purchase, at: t0.addingTimeInterval(-Clock.hour))
        #expect(refund.signedDate == purchase.signedDate)
        #expect(state(Products.monthly, evaluate([purchase, refund])) == .revoked)
        #expect(state(Products.monthly, evaluate([refund, purchase])) == .revoked)
    }

    // Rule 7
    @Test("family-shared transactions count like purchased ones")
    func familyShared() {
        let shared = Payloads.subscription(
            "60", purchased: t0.addingTimeInterval(-Clock.day), expires: t0.addingTimeInterval(Clock.day),
            ownership: "FAMILY_SHARED")
        let result = evaluate([shared])
        #expect(state(Products.monthly, result) == .subscribed)
        #expect(result.first?.ownershipType == "FAMILY_SHARED")
        #expect(isPro(result, proSet: proSet))
    }

    @Test("a payload without a type but with an expiry is judged as a subscription")
    func untypedWithExpiry() {
        var p = Payloads.subscription(
            "70", purchased: t0.addingTimeInterval(-2 * Clock.day), expires: t0.addingTimeInterval(-Clock.day))
        p.type = nil
        #expect(state(Products.monthly, evaluate([p])) == .expired)
    }
}
