/// Local purchases for demos and tests, in the spirit of Xcode's StoreKit Testing.
import Entitlements
import Foundation

/// What a local test action did.
public enum StoreKitTestError: Error, Sendable, CustomStringConvertible, RemedyCarrying {
    case notEnabled
    case unknownProduct(String, known: [String])
    case unknownTransaction(String)
    case notLocal(String)
    case signing(String)
    case rejected(String)
    case store(StoreError)
    /// A refund or expiry signed earlier than the copy the store holds (bought with
    /// `EXPORT_ITINERARY_NOW` ahead of the clock): the store keeps the later copy, so nothing
    /// changed. `action`: "refunded" or "expired"; dates in ms.
    case notChanged(String, action: String, storedSigned: Double, signed: Double)

    /// Enable testing first; or what the store's own error says.
    public var remedy: EntitlementRemedy? {
        switch self {
        case .notEnabled: .enableStoreKitTesting
        case let .store(error): error.remedy
        case .notChanged: .clearLocalTesting
        default: nil
        }
    }

    /// A date (ms since 1970) in UTC, to the second.
    static func date(_ milliseconds: Double) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: Date(timeIntervalSince1970: milliseconds / 1000))
    }

    public var description: String {
        switch self {
        case .notEnabled: return "local StoreKit testing is not enabled"
        case let .unknownProduct(id, known):
            return "no product \"\(id)\" in the catalog (it has: \(known.joined(separator: ", ")))"
        case let .unknownTransaction(id): return "no transaction \(id) in the store"
        case let .notLocal(id):
            return
                "transaction \(id) did not come from local testing: only LocalTesting transactions can be refunded or expired here"
        case let .signing(message): return "local signing failed: \(message)"
        case let .rejected(reason): return "the store rejected the locally signed transaction: \(reason)"
        case let .store(error): return error.description
        case let .notChanged(id, action, stored, signed):
            // The first second at which a re-signed copy is later than the stored one.
            // Dates here were read from verified payloads (year 0 to 9999); `exactly` all the same,
            // so that no stored value can trap.
            let after = Int64(exactly: (stored / 1000).rounded(.down)).map { String($0 + 1) } ?? "a later moment"
            let kept =
                stored > signed
                ? "the store keeps its copy signed \(Self.date(stored)), later than this one (\(Self.date(signed))), and an earlier copy never replaces a later one"
                : "the store keeps its refunded copy signed at the same moment (\(Self.date(stored))), and a refund is never undone"
            return
                "transaction \(id) was not \(action): \(kept); run it again with EXPORT_ITINERARY_NOW=\(after) or later"
        }
    }
}

/// A local certificate authority kept inside the store, whose signed transactions go through
/// the same verification and import as the App Store's. The store trusts it, and accepts the
/// LocalTesting environment, only after `enable()`.
public struct StoreKitTestSession {
    static let nextIdKey = "localTesting.nextTransactionId"

    let store: EntitlementStore
    let catalog: StoreKitCatalog
    let policy: GatePolicy
    let clock: () -> Date

    /// - Parameter policy: the build's policy (its bundle id goes into every local transaction).
    public init(
        store: EntitlementStore, catalog: StoreKitCatalog, policy: GatePolicy, clock: @escaping () -> Date = { Date() }
    ) {
        self.store = store
        self.catalog = catalog
        self.policy = policy
        self.clock = clock
    }

    /// Creates the local authority (once), trusts its root and accepts LocalTesting.
    /// Returns false when it was already enabled.
    @discardableResult
    public func enable() throws(StoreKitTestError) -> Bool {
        do {
            guard try store.configuration() != nil else {
                throw StoreKitTestError.store(.notInitialized(path: store.path))
            }
            // The authority is read or made and saved under one write lock, so concurrent
            // enables agree on one; trusting its root and accepting LocalTesting are idempotent.
            let validFrom = clock().addingTimeInterval(-86_400)
            let saved = try store.localTestingAuthority(key: EntitlementStore.localTestingAuthorityKey) {
                // Valid from a day ago for twenty years: purchases made "now" always verify.
                try LocalSigningAuthority.generate(validFrom: validFrom, validFor: 20 * 365 * 86_400).serialized()
            }
            let created = saved.created
            let authority = try LocalSigningAuthority(serialized: saved.serialized)
            let fingerprint = Certificates.sha256Fingerprint(authority.rootDER)
            try store.setValue(fingerprint, forKey: EntitlementStore.localTestingRootKey)
            try store.addTrustedRoot(
                der: authority.rootDER, fingerprint: fingerprint, label: EntitlementStore.localTestingRootLabel)
            try store.accept(.localTesting)
            return created
        } catch {
            throw Self.sessionError(error)
        }
    }

    /// Buys a product of the catalog: a signed LocalTesting transaction, imported like any other.
    public func purchase(
        productId: String, familyShared: Bool = false, expiresIn: TimeInterval? = nil
    ) throws(StoreKitTestError) -> JWSTransactionDecodedPayload {
        guard let plan = catalog.plan(for: productId) else {
            throw .unknownProduct(productId, known: catalog.plans.map(\.productID))
        }
        let now = clock()
        let id = try nextTransactionId()
        var payload = JWSTransactionDecodedPayload(
            originalTransactionId: id, transactionId: id, bundleId: try bundleId(), productId: productId,
            purchaseDate: Self.ms(now), originalPurchaseDate: Self.ms(now), type: nil,
            inAppOwnershipType: familyShared ? "FAMILY_SHARED" : "PURCHASED", signedDate: Self.ms(now),
            environment: StoreEnvironment.localTesting.rawValue)
        payload.quantity = 1
        if let period = plan.period {
            payload.type = ProductType.autoRenewable.rawValue
            let expiry = expiresIn.map { now.addingTimeInterval($0) } ?? period.adding(to: now)
            payload.expiresDate = Self.ms(expiry)
            payload.subscriptionGroupIdentifier = catalog.proGroupName
        } else {
            payload.type = ProductType.nonConsumable.rawValue
        }
        try signAndImport(payload)
        return payload
    }

    /// Refunds a local transaction: the same transaction, re-signed with a revocation date.
    public func refund(transactionId: String) throws(StoreKitTestError) -> JWSTransactionDecodedPayload {
        var payload = try localTransaction(transactionId)
        let stored = payload.signedDate ?? 0
        let now = clock()
        payload.revocationDate = Self.ms(now)
        payload.revocationReason = 0
        payload.signedDate = Self.ms(now)
        try requireChange(signAndImport(payload), transactionId, "refunded", stored: stored, signed: Self.ms(now))
        return payload
    }

    /// Ends a local subscription now: re-signed with an expiry just before this moment.
    public func expire(transactionId: String) throws(StoreKitTestError) -> JWSTransactionDecodedPayload {
        var payload = try localTransaction(transactionId)
        let stored = payload.signedDate ?? 0
        let now = clock()
        payload.expiresDate = Self.ms(now) - 1000
        payload.signedDate = Self.ms(now)
        try requireChange(signAndImport(payload), transactionId, "expired", stored: stored, signed: Self.ms(now))
        return payload
    }

    /// A refund or expiry the store did not take (it keeps a copy signed later) is an error
    /// saying why, never "Refunded" over an unchanged store.
    private func requireChange(
        _ results: [ImportResult], _ id: String, _ action: String, stored: Double, signed: Double
    ) throws(StoreKitTestError) {
        guard results.contains(where: { $0.status == .imported || $0.status == .updated }) else {
            throw .notChanged(id, action: action, storedSigned: stored, signed: signed)
        }
    }

    /// Removes every LocalTesting transaction from the store; returns how many.
    public func clear() throws(StoreKitTestError) -> Int {
        do { return try store.deleteTransactions(environment: .localTesting) } catch { throw .store(error) }
    }

    /// Undoes `enable`: removes the local CA (its root, its key) and every LocalTesting
    /// transaction, and stops accepting LocalTesting. Returns how many transactions went.
    /// Anything else the local CA ever signed no longer verifies.
    public func disable() throws(StoreKitTestError) -> Int {
        do {
            return try store.disableLocalTesting()
        } catch {
            throw .store(error)
        }
    }

    // MARK: Helpers

    /// What a session step's failure is to its caller: its own error as it is, the store's as a
    /// store error, and anything else (signing, certificates) as a signing failure.
    private static func sessionError(_ error: any Error) -> StoreKitTestError {
        switch error {
        case let error as StoreKitTestError: return error
        case let error as StoreError: return .store(error)
        default: return .signing("\(error)")
        }
    }

    private func authority() throws(StoreKitTestError) -> LocalSigningAuthority {
        let saved: String?
        do { saved = try store.value(forKey: EntitlementStore.localTestingAuthorityKey) } catch { throw .store(error) }
        guard let saved else { throw .notEnabled }
        do { return try LocalSigningAuthority(serialized: saved) } catch { throw .signing("\(error)") }
    }

    private func bundleId() throws(StoreKitTestError) -> String {
        do {
            guard try store.configuration() != nil else {
                throw StoreKitTestError.store(.notInitialized(path: store.path))
            }
        } catch {
            throw Self.sessionError(error)
        }
        return policy.bundleId
    }

    private func nextTransactionId() throws(StoreKitTestError) -> String {
        do {
            return String(try store.takeCounter(Self.nextIdKey, first: 2_000_000_000_000_001))
        } catch {
            throw .store(error)
        }
    }

    private func localTransaction(_ id: String) throws(StoreKitTestError) -> JWSTransactionDecodedPayload {
        let rows: [StoredTransaction]
        do { rows = try store.transactions(id: id) } catch { throw .store(error) }
        guard !rows.isEmpty else { throw .unknownTransaction(id) }
        // A purchase may share the id; only the LocalTesting transaction is this session's.
        guard let row = rows.first(where: { $0.environment == StoreEnvironment.localTesting.rawValue }) else {
            throw .notLocal(id)
        }
        // Decode what we stored; it is re-signed below and verified again on import.
        let parts = row.jws.split(separator: ".")
        guard parts.count == 3, let data = JWSBase64.decode(parts[1], alphabet: .url),
            let payload = try? JWSTransactionDecodedPayload.reading(data)
        else {
            throw .unknownTransaction(id)
        }
        return payload
    }

    @discardableResult
    private func signAndImport(_ payload: JWSTransactionDecodedPayload) throws(StoreKitTestError) -> [ImportResult] {
        let authority = try authority()
        let jws: String
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            jws = try authority.sign(payload: encoder.encode(payload))
        } catch {
            throw .signing("\(error)")
        }
        do {
            let results = try EntitlementImporter(store: store, policy: policy).importJWS(jws, source: "storekit-test")
            if let rejected = results.first(where: { $0.status == .rejected }) {
                throw StoreKitTestError.rejected(rejected.reason ?? "rejected")
            }
            return results
        } catch {
            throw Self.sessionError(error)
        }
    }

    static func ms(_ date: Date) -> Double { (date.timeIntervalSince1970 * 1000).rounded() }
}
