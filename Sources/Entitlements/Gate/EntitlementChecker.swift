/// Answering "which entitlements are current?" from the store, re-verifying what the answer rests on.
import Foundation

/// The store's answer at one moment.
public struct EntitlementReport: Sendable, Equatable {
    /// True when some current entitlement is for a Pro product.
    public var isPro: Bool
    /// Every product's standing (active or not), sorted by product id.
    public var entitlements: [Entitlement]
    /// The moment the rules were evaluated (never earlier than anything ever signed).
    public var evaluatedAt: Date
    /// Stored items that failed re-verification and were ignored, one line each.
    public var ignored: [String]
}

/// Verified payloads by raw JWS, shared by every check in the process: a batch run re-checks the
/// gate per document without paying for ECDSA and chain verification each time. Keyed by the
/// verifier's configuration too, so a change of trusted roots or bundle id is never served stale.
final class VerificationCache: @unchecked Sendable {
    static let shared = VerificationCache()
    private let lock = NSLock()
    private var transactions: [String: JWSTransactionDecodedPayload] = [:]

    func transaction(_ key: String, verify: () throws(VerificationFailure) -> JWSTransactionDecodedPayload) throws(VerificationFailure) -> JWSTransactionDecodedPayload {
        lock.lock()
        let cached = transactions[key]
        lock.unlock()
        if let cached { return cached }
        let payload = try verify()
        lock.lock()
        if transactions.count > 100_000 { transactions.removeAll() }
        transactions[key] = payload
        lock.unlock()
        return payload
    }
}

/// Computes current entitlements the way StoreKit 2 does, from the raw signed data in a store.
///
/// For each product it walks the stored transactions newest first and re-verifies them until
/// one verifies: that is the product's latest verified transaction, and only it (and its
/// renewal info, when the subscription has lapsed) decides the state. A store edited by hand
/// therefore cannot grant anything: every payload used was verified in this check.
public struct EntitlementChecker {
    let store: EntitlementStore
    let verifier: SignedDataVerifier
    let configurationKey: String
    public let proProductIDs: Set<String>

    public init(store: EntitlementStore, configuration: StoreConfiguration, trustedRoots: [TrustedRoot], proProductIDs: Set<String>) {
        self.store = store
        self.verifier = SignedDataVerifier(trustedRoots: trustedRoots.map(\.der), bundleId: configuration.bundleId,
                                           environments: Set(configuration.environments))
        configurationKey = configuration.bundleId + "|" + configuration.environments.map(\.rawValue).joined(separator: ",")
            + "|" + trustedRoots.map(\.fingerprint).joined(separator: ",")
        self.proProductIDs = proProductIDs
    }

    /// Of two transactions bought at the same moment, whether `a` should decide over `b`: an
    /// unrevoked one over a revoked one, then the later expiry (none, a non-consumable, is
    /// latest), then the larger transaction id, so the choice never depends on storage order.
    static func outlasts(_ a: JWSTransactionDecodedPayload, _ b: JWSTransactionDecodedPayload) -> Bool {
        if (a.revocationDate == nil) != (b.revocationDate == nil) { return a.revocationDate == nil }
        let ea = a.expiresDate ?? .infinity, eb = b.expiresDate ?? .infinity
        if ea != eb { return ea > eb }
        return (a.transactionId ?? "") > (b.transactionId ?? "")
    }

    /// Evaluates at `clock`, or later when the store has seen a later signature (clock rollback).
    public func evaluate(clock: Date) throws(StoreError) -> EntitlementReport {
        var ignored: [String] = []
        var latest: [JWSTransactionDecodedPayload] = []
        var newestSigned = try store.highWaterMark()
        for product in try store.productIds() {
            // The newest verified transaction decides; among several bought at the same moment
            // (the same purchaseDate), the one that runs longest (a refund or an expiry of one
            // never hides another that is still active), whatever order they were stored in.
            var chosen: JWSTransactionDecodedPayload?
            var offset = 0
            search: while true {
                let page = try store.transactions(productId: product, offset: offset, limit: 16)
                if page.isEmpty { break }
                for row in page {
                    if let chosen, row.purchaseDate != chosen.purchaseDate ?? 0 { break search }
                    do {
                        let payload = try VerificationCache.shared.transaction(configurationKey + "|" + row.jws) { () throws(VerificationFailure) in
                            try verifier.verifyTransaction(row.jws)
                        }
                        // The index columns must say what the verified payload says; if someone
                        // edited them, this row is not to be trusted for ordering.
                        guard payload.transactionId == row.transactionId, payload.productId == row.productId,
                              (payload.purchaseDate ?? 0) == row.purchaseDate else {
                            ignored.append("transaction \(row.transactionId): stored columns do not match its signed payload")
                            continue
                        }
                        newestSigned = max(newestSigned, payload.signedDate ?? 0)
                        if let current = chosen, !Self.outlasts(payload, current) { continue }
                        chosen = payload
                    } catch {
                        ignored.append("transaction \(row.transactionId): \(error)")
                    }
                }
                offset += page.count
            }
            if let chosen { latest.append(chosen) }
        }
        let now = max(clock, Date(appStoreMilliseconds: newestSigned))
        var entitlements: [Entitlement] = []
        for payload in latest {
            guard var entitlement = CurrentEntitlements.entitlement(payload, renewals: [:], now: now) else { continue }
            // Renewal info matters only once a subscription has lapsed (grace period, billing retry).
            if entitlement.state == .expired, let original = entitlement.originalTransactionId ?? payload.transactionId,
               let jws = try store.renewalJWS(originalTransactionId: original) {
                do {
                    let renewal = try verifier.verifyRenewalInfo(jws)
                    if let e = CurrentEntitlements.entitlement(payload, renewals: [original: renewal], now: now) { entitlement = e }
                } catch {
                    ignored.append("renewal info of \(original): \(error)")
                }
            }
            entitlements.append(entitlement)
        }
        entitlements.sort { $0.productId < $1.productId }
        let isPro = entitlements.contains { $0.state.isActive && proProductIDs.contains($0.productId) }
        return EntitlementReport(isPro: isPro, entitlements: entitlements, evaluatedAt: now, ignored: ignored)
    }
}
