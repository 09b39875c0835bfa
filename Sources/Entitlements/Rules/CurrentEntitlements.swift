/// StoreKit 2's `Transaction.currentEntitlements`, computed from verified payloads.
import Foundation

/// The rules that turn verified transactions into entitlements, as StoreKit 2 does locally:
/// - a refund or revocation arrives as the same transactionId with a `revocationDate`: the copy
///   signed last replaces earlier ones (at the same signing moment, the revoked copy);
/// - per product, only the latest transaction (by purchase date) counts;
/// - consumables never entitle; an upgraded transaction (`isUpgraded`) never does;
/// - a non-consumable (or non-renewing subscription) entitles unless revoked;
/// - an auto-renewable subscription entitles while `expiresDate >= now` (an expiry exactly now is
///   still active), or while its renewal info shows a grace period that has not ended;
/// - family-shared transactions count like purchased ones.
public enum CurrentEntitlements {
    /// Every product's standing, sorted by product id. `renewals` are keyed by originalTransactionId.
    public static func evaluate(
        _ transactions: [JWSTransactionDecodedPayload],
        renewals: [String: JWSRenewalInfoDecodedPayload], now: Date
    ) -> [Entitlement] {
        // Latest signed copy of each transaction id (a refund replaces the purchase); at the same
        // signing moment a revoked copy wins, whatever the input order.
        var byId: [String: JWSTransactionDecodedPayload] = [:]
        for t in transactions {
            guard let id = t.transactionId else { continue }
            if let existing = byId[id] {
                let (kept, candidate) = (existing.signedDate ?? 0, t.signedDate ?? 0)
                if kept > candidate { continue }
                if kept == candidate, existing.revocationDate != nil, t.revocationDate == nil { continue }
            }
            byId[id] = t
        }
        // Latest transaction per product.
        var latest: [String: JWSTransactionDecodedPayload] = [:]
        for t in byId.values {
            guard let product = t.productId else { continue }
            if let current = latest[product], !isLater(t, than: current) { continue }
            latest[product] = t
        }
        return latest.keys.sorted().compactMap { product in
            entitlement(latest[product]!, renewals: renewals, now: now)
        }
    }

    /// Purchase date decides; equal dates fall back to signing date, then transaction id, so the
    /// choice never depends on input order.
    static func isLater(_ a: JWSTransactionDecodedPayload, than b: JWSTransactionDecodedPayload) -> Bool {
        let ka = (a.purchaseDate ?? 0, a.signedDate ?? 0, a.transactionId ?? "")
        let kb = (b.purchaseDate ?? 0, b.signedDate ?? 0, b.transactionId ?? "")
        return ka > kb
    }

    /// The entitlement a product's latest transaction gives, or nil for kinds StoreKit never
    /// lists (consumables, upgraded transactions).
    public static func entitlement(
        _ t: JWSTransactionDecodedPayload, renewals: [String: JWSRenewalInfoDecodedPayload],
        now: Date
    ) -> Entitlement? {
        guard let product = t.productId, let id = t.transactionId else { return nil }
        if t.type == ProductType.consumable.rawValue || t.isUpgraded == true { return nil }
        let renewal = renewals[t.originalTransactionId ?? id]
        let expires = t.expiresDate.map(Date.init(appStoreMilliseconds:))
        let grace = renewal?.gracePeriodExpiresDate.map(Date.init(appStoreMilliseconds:))
        let state: EntitlementState
        if t.revocationDate != nil {
            state = .revoked
        } else if t.type == ProductType.autoRenewable.rawValue || (t.type == nil && expires != nil) {
            if let expires, expires >= now {
                state = .subscribed
            } else if let grace, grace >= now {
                state = .inGracePeriod
            } else if renewal?.isInBillingRetryPeriod == true {
                state = .inBillingRetryPeriod
            } else {
                state = .expired
            }
        } else {
            state = .subscribed
        }
        return Entitlement(
            productId: product, transactionId: id, originalTransactionId: t.originalTransactionId,
            state: state, productType: t.type, expiresDate: expires, gracePeriodExpiresDate: grace,
            ownershipType: t.inAppOwnershipType, environment: t.environment)
    }
}
