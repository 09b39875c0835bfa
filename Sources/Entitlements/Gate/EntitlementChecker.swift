/// Answering "which entitlements are current?" from the store, re-verifying what the answer rests on.
import Foundation

/// The store's answer at one moment.
public struct EntitlementReport: Sendable, Equatable {
    /// What the user may export: a purchase (`.production`, the unmarked PDF), a test entitlement
    /// (`.testing`, the marked PDF), or nil (not Pro). A purchase outranks any test entitlement.
    public var access: EntitlementGrade?
    /// True when some current entitlement, of either grade, is for a Pro product.
    public var isPro: Bool { access != nil }
    /// Every group's standing (active or not): by product id, then ownership, then environment.
    public var entitlements: [Entitlement]
    /// The moment purchases were judged at: the system clock, never earlier than anything of
    /// theirs ever signed nor than the latest moment the store was checked at.
    public var evaluatedAt: Date
    /// Stored items that failed re-verification and were ignored, one line each.
    public var ignored: [String]
    /// Test environments whose entitlements were judged later than their clock said, because
    /// something of theirs was signed later (a purchase made with `EXPORT_ITINERARY_NOW` years
    /// ahead): the moment each was judged at. Empty when every clock was taken as it was.
    public var heldTestClocks: [EntitlementGrade: Date] = [:]
}

/// The two clocks of a check. Purchases are judged by the system clock only; a test entitlement
/// may be judged at another moment (`EXPORT_ITINERARY_NOW`, for demos and tests), which can never
/// touch a purchase.
public struct GateClock: Sendable {
    public var system: @Sendable () -> Date
    /// The clock test entitlements are judged by; nil: the system clock.
    public var testing: (@Sendable () -> Date)?

    public init(system: @escaping @Sendable () -> Date = { Date() }, testing: (@Sendable () -> Date)? = nil) {
        self.system = system
        self.testing = testing
    }
}

/// Computes current entitlements the way StoreKit 2 does, from the raw signed data in a store.
///
/// Transactions are grouped as StoreKit keeps statuses: per product, per ownership (purchased or
/// family shared) and per environment. For each group it walks the stored transactions newest
/// first and re-verifies them until one verifies: that is the group's latest verified transaction,
/// and only it (and its renewal info, when the subscription has lapsed) decides the state. A store
/// edited by hand therefore cannot grant anything: every payload used was verified in this check,
/// and whether it is a purchase comes from the policy compiled into the program.
public struct EntitlementChecker {
    let store: EntitlementStore
    let verifier: SignedDataVerifier
    let configurationKey: String
    let caches: VerificationCaches
    public let policy: GatePolicy

    /// - Parameter caches: what earlier checks verified (a gate passes its own; a new one
    ///   remembers nothing).
    public init(
        store: EntitlementStore, policy: GatePolicy, caches: VerificationCaches = VerificationCaches()
    ) throws(StoreError) {
        self.store = store
        self.policy = policy
        self.caches = caches
        self.verifier = try store.verifier(policy: policy, caches: caches)
        configurationKey =
            policy.bundleId + "|" + verifier.environments.map(\.rawValue).sorted().joined(separator: ",")
            + "|" + verifier.confinedRoots.keys.sorted().joined(separator: ",") + "|"
            + verifier.rootFingerprints.joined(separator: ",")
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

    /// The group's deciding transaction: the newest that verifies and whose stored columns agree
    /// with it; among several bought at the same moment (the same purchaseDate), the one that runs
    /// longest (a refund or an expiry of one never hides another that is still active).
    private func decide(
        _ group: TransactionGroup, ignored: inout [String]
    ) throws(StoreError) -> Verified<JWSTransactionDecodedPayload>? {
        var chosen: Verified<JWSTransactionDecodedPayload>?
        var offset = 0
        search: while true {
            let page = try store.transactions(in: group, offset: offset, limit: 16)
            if page.isEmpty { break }
            for row in page {
                if let chosen, row.purchaseDate != chosen.payload.purchaseDate ?? 0 { break search }
                do {
                    let verified = try caches.transaction(configurationKey + "|" + row.jws) {
                        () throws(VerificationFailure) in
                        try verifier.verifiedTransaction(row.jws)
                    }
                    let payload = verified.payload
                    // The index columns must say what the verified payload says; if someone
                    // edited them, this row is not to be trusted for grouping or ordering.
                    guard payload.transactionId == row.transactionId, payload.productId == row.productId,
                        (payload.purchaseDate ?? 0) == row.purchaseDate, payload.environment == row.environment,
                        payload.inAppOwnershipType == row.ownershipType, (verified.rootFingerprint ?? "") == row.signer
                    else {
                        ignored.append(
                            "transaction \(row.transactionId): stored columns do not match its signed payload")
                        continue
                    }
                    if let current = chosen, !Self.outlasts(payload, current.payload) { continue }
                    chosen = verified
                } catch {
                    ignored.append("transaction \(row.transactionId): \(error)")
                }
            }
            offset += page.count
        }
        return chosen
    }

    /// Judges every group: purchases at the system clock, test entitlements at `clock.testing`
    /// when set; each grade never earlier than the newest signature of its own it has seen, and
    /// purchases never earlier than the latest moment the store was checked at (clock rollback).
    public func evaluate(clock: GateClock) throws(StoreError) -> EntitlementReport {
        var ignored: [String] = []
        var decided:
            [(group: TransactionGroup, verified: Verified<JWSTransactionDecodedPayload>, grade: EntitlementGrade)] = []
        var newestSigned: [EntitlementGrade: Double] = [:]
        for group in try store.transactionGroups() {
            guard let verified = try decide(group, ignored: &ignored) else { continue }
            let grade = policy.grade(
                environment: verified.payload.environment, rootFingerprint: verified.rootFingerprint)
            newestSigned[grade] = max(newestSigned[grade] ?? 0, verified.payload.signedDate ?? 0)
            decided.append((group, verified, grade))
        }
        let systemNow = clock.system()
        let testingNow = clock.testing?() ?? systemNow
        let floor = try store.evaluationFloor()
        var moments: [EntitlementGrade: Date] = [:]
        func moment(_ grade: EntitlementGrade) throws(StoreError) -> Date {
            if let known = moments[grade] { return known }
            var ms = max(newestSigned[grade] ?? 0, try store.highWaterMark(grade))
            let base: Date
            switch grade {
            case .production:
                base = systemNow
                ms = max(ms, floor)
            case .testing:
                base = testingNow
            }
            let at = max(base, Date(appStoreMilliseconds: ms))
            moments[grade] = at
            return at
        }
        let productionNow = try moment(.production)
        var entitlements: [Entitlement] = []
        for (group, verified, grade) in decided {
            let payload = verified.payload
            let now = try moment(grade)
            guard var entitlement = CurrentEntitlements.entitlement(payload, renewals: [:], now: now) else { continue }
            // Renewal info matters only once a subscription has lapsed (grace period, billing retry).
            if entitlement.state == .expired, let original = entitlement.originalTransactionId ?? payload.transactionId,
                let jws = try store.renewalJWS(
                    originalTransactionId: original, environment: payload.environment, signer: group.signer)
            {
                do {
                    // Only renewal info of the transaction's own grade may extend it: a grace
                    // period signed under a root the user trusted never prolongs a purchase.
                    let renewal = try verifier.verifiedRenewalInfo(jws)
                    if policy.grade(environment: renewal.payload.environment, rootFingerprint: renewal.rootFingerprint)
                        == grade,
                        let e = CurrentEntitlements.entitlement(
                            payload, renewals: [original: renewal.payload], now: now)
                    {
                        entitlement = e
                    }
                } catch {
                    ignored.append("renewal info of \(original): \(error)")
                }
            }
            entitlement.grade = grade
            entitlements.append(entitlement)
        }
        entitlements.sort {
            ($0.productId, $0.ownershipType ?? "", $0.environment ?? "") < (
                $1.productId, $1.ownershipType ?? "", $1.environment ?? ""
            )
        }
        // Remember (about hourly) the moment purchases were judged at, so a clock set back later
        // judges no earlier than this.
        store.advanceEvaluationFloor(to: (systemNow.timeIntervalSince1970 * 1000).rounded(.down), known: floor)
        let active = entitlements.filter { $0.state.isActive && policy.proProductIDs.contains($0.productId) }
        let access: EntitlementGrade? =
            active.contains { $0.grade == .production }
            ? .production
            : active.map(\.grade).min { $0.description < $1.description }
        var held: [EntitlementGrade: Date] = [:]
        for (grade, at) in moments where grade.isTesting && at > testingNow { held[grade] = at }
        return EntitlementReport(
            access: access, entitlements: entitlements, evaluatedAt: productionNow, ignored: ignored,
            heldTestClocks: held)
    }
}
