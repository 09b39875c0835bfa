/// Verifying and storing what a user imports, with a verdict per item.
import Foundation

/// The verdict on one imported item.
public struct ImportResult: Sendable, Equatable, Codable {
    /// `updated`: a newer copy replaced a stored one; `unchanged`: the store already held it (or
    /// a newer copy); `verified`: genuine, but with nothing to store (a TEST notification).
    public enum Status: String, Sendable, Codable { case imported, updated, unchanged, verified, rejected }
    /// Where it came from: `file:3` (third line) or `file: signedTransactions[2]`.
    public var source: String
    public var status: Status
    /// Why it was rejected (a verification failure), or what changed.
    public var reason: String?
    /// What would let a rejected item in (trusting Apple's root, accepting its environment).
    public var remedy: EntitlementRemedy? = nil
}

/// Imports signed transactions and renewal info into a store. Nothing unverified is stored.
public struct EntitlementImporter {
    let store: EntitlementStore
    let verifier: SignedDataVerifier
    /// Grades what is imported, so a test purchase's signing date only raises its own clock mark.
    let policy: GatePolicy

    /// Imports with the store's own verifier (`EntitlementStore.verifier(policy:)`).
    public init(store: EntitlementStore, policy: GatePolicy) throws(StoreError) {
        self.init(store: store, verifier: try store.verifier(policy: policy), policy: policy)
    }

    public init(store: EntitlementStore, verifier: SignedDataVerifier, policy: GatePolicy) {
        self.store = store
        self.verifier = verifier
        self.policy = policy
    }

    /// Imports every signed item of a file; an unreadable file, or one past the limits
    /// (`ImportSource.maximumBytes`, `maximumItems`), is a single rejected item.
    public func importFile(_ path: String) throws(StoreError) -> [ImportResult] {
        let items: [SignedItem]
        switch ImportSource.read(path).flatMap({ ImportSource.items(in: $0, name: path) }) {
        case let .success(found): items = found
        case let .failure(refusal): return [ImportResult(source: path, status: .rejected, reason: refusal.reason)]
        }
        if items.isEmpty {
            return [ImportResult(source: path, status: .rejected, reason: "no signed transactions found")]
        }
        var results: [ImportResult] = []
        for item in items { results += try importItem(item) }
        return results
    }

    /// The compact JWS an import would read from `data` (JWS lines, an App Store Server API
    /// response, a notification), not yet verified.
    public static func signedItems(in data: Data) -> [String] {
        ((try? ImportSource.items(in: data, name: "input").get()) ?? []).map(\.jws)
    }

    /// Imports one compact JWS of any kind.
    public func importJWS(_ jws: String, source: String) throws(StoreError) -> [ImportResult] {
        try importItem(SignedItem(source: source, jws: jws, kind: ImportSource.guessKind(jws)))
    }

    func importItem(_ item: SignedItem) throws(StoreError) -> [ImportResult] {
        do {
            switch item.kind {
            case .transaction, .unknown:
                let verified = try verifier.verifiedTransaction(item.jws)
                let payload = verified.payload
                // Genuine but unusable (Apple's own test vector has no transactionId): this
                // item is rejected with the reason; the store is not at fault.
                for (key, value) in [("transactionId", payload.transactionId), ("productId", payload.productId)]
                where (value ?? "").isEmpty {
                    return [
                        ImportResult(
                            source: item.source, status: .rejected,
                            reason: "the signed transaction has no \(key): nothing to store")
                    ]
                }
                if let rejected = Self.nulRejection(
                    item.source,
                    [
                        ("transactionId", payload.transactionId), ("productId", payload.productId),
                        ("originalTransactionId", payload.originalTransactionId),
                        ("environment", payload.environment), ("inAppOwnershipType", payload.inAppOwnershipType),
                    ])
                {
                    return [rejected]
                }
                let grade = policy.grade(environment: payload.environment, rootFingerprint: verified.rootFingerprint)
                return [
                    result(
                        item.source,
                        try store.upsertTransaction(
                            jws: item.jws, payload: payload, rootFingerprint: verified.rootFingerprint,
                            grade: grade), signed: payload.signedDate, grade: grade)
                ]
            case .renewal:
                let verified = try verifier.verifiedRenewalInfo(item.jws)
                if let rejected = Self.nulRejection(
                    item.source,
                    [
                        ("originalTransactionId", verified.payload.originalTransactionId),
                        ("environment", verified.payload.environment),
                    ])
                {
                    return [rejected]
                }
                let grade = policy.grade(
                    environment: verified.payload.environment, rootFingerprint: verified.rootFingerprint)
                return [
                    result(
                        item.source,
                        try store.upsertRenewal(
                            jws: item.jws, payload: verified.payload,
                            rootFingerprint: verified.rootFingerprint, grade: grade),
                        signed: verified.payload.signedDate)
                ]
            case .notification:
                let verified = try verifier.verify(item.jws, as: ResponseBodyV2DecodedPayload.self)
                let notification = verified.payload
                // The notification's data carries the transaction (a REFUND or REVOKE re-signs it
                // with a revocation date) and the renewal info; each is verified on its own.
                var results: [ImportResult] = []
                if let t = notification.data?.signedTransactionInfo {
                    results += try importItem(
                        SignedItem(
                            source: item.source
                                + " (\(notification.notificationType ?? "notification")) signedTransactionInfo",
                            jws: t, kind: .transaction))
                }
                if let r = notification.data?.signedRenewalInfo {
                    results += try importItem(
                        SignedItem(
                            source: item.source
                                + " (\(notification.notificationType ?? "notification")) signedRenewalInfo",
                            jws: r, kind: .renewal))
                }
                if results.isEmpty {
                    // A TEST notification (or any without data) is genuine and says nothing
                    // about purchases: verified, with nothing to store.
                    results.append(
                        ImportResult(
                            source: item.source, status: .verified,
                            reason:
                                "a \(notification.notificationType ?? "notification") notification: \(signer(verified.rootFingerprint)), carrying no transaction to store"
                        ))
                }
                return results
            }
        } catch let failure as VerificationFailure {
            return [
                ImportResult(
                    source: item.source, status: .rejected, reason: failure.description, remedy: failure.remedy)
            ]
        } catch let error as StoreError {
            throw error
        } catch {
            return [ImportResult(source: item.source, status: .rejected, reason: "\(error)")]
        }
    }

    /// Who vouched for a verified item: the App Store (a root the build names), a root the user
    /// trusted (named by its fingerprint), or nobody (Xcode's unsigned tokens).
    private func signer(_ rootFingerprint: String?) -> String {
        guard let root = rootFingerprint?.uppercased() else { return "accepted without a signature chain (Xcode)" }
        if policy.productionRootFingerprints.contains(root) { return "signed by the App Store" }
        return "signed under a root trusted in this store (SHA-256 \(root.prefix(16))…), not the App Store's"
    }

    /// An item whose identifying text holds a NUL character: SQLite would store it cut short,
    /// as another transaction's id. Refused, never truncated.
    private static func nulRejection(_ source: String, _ fields: [(String, String?)]) -> ImportResult? {
        guard let (name, _) = fields.first(where: { $0.1?.utf8.contains(0) == true }) else { return nil }
        return ImportResult(source: source, status: .rejected, reason: "its \(name) contains a NUL character")
    }

    /// `grade`: a transaction's, so that a test entitlement is named as one when it comes in;
    /// `signed`: the item's signing date (ms), to say which copy the store kept and why.
    private func result(
        _ source: String, _ outcome: UpsertOutcome, signed: Double?, grade: EntitlementGrade = .production
    ) -> ImportResult {
        let test = grade.isTesting ? "a test entitlement (\(grade)): the PDFs it allows are marked" : nil
        switch outcome {
        case .imported: return ImportResult(source: source, status: .imported, reason: test)
        case .updated:
            return ImportResult(
                source: source, status: .updated,
                reason: ["replaced an earlier copy of the same transaction", test].compactMap { $0 }.joined(
                    separator: "; "))
        case .unchanged: return ImportResult(source: source, status: .unchanged, reason: "already in the store")
        // The store is unchanged, but this copy is not what it holds: say which one it kept.
        case let .keptNewer(stored):
            return ImportResult(
                source: source, status: .unchanged,
                reason:
                    "kept the newer copy already in the store (signed \(Self.date(stored))); this copy, signed \(Self.date(signed)), is older"
            )
        case .keptRevoked:
            return ImportResult(
                source: source, status: .unchanged,
                reason:
                    "kept the revoked copy already in the store, signed at the same moment (\(Self.date(signed))): a copy without the revocation never undoes a refund"
            )
        }
    }

    /// A signing date (ms since 1970) in UTC, to the second; "no date" when there is none or it
    /// is past what a calendar holds.
    static func date(_ milliseconds: Double?) -> String {
        guard let milliseconds, milliseconds.isFinite, abs(milliseconds) < 1e15 else { return "no date" }
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: Date(timeIntervalSince1970: milliseconds / 1000))
    }
}
