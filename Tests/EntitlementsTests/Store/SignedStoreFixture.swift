/// Shared by the rules, store, gate, import and StoreKit-test suites: a scratch store that trusts
/// one local signing authority, payload builders with fixed dates, and raw SQL on the store file.
import Foundation
import Testing
import TestSupport
@testable import Entitlements
@testable import LocalStoreKit

/// Fixed moments: nothing here reads the system clock.
enum Clock {
    /// 2025-10-09T… UTC: "now" for most tests.
    static let t0 = Date(timeIntervalSince1970: 1_760_000_000)
    static let hour: TimeInterval = 3_600
    static let day: TimeInterval = 86_400

    static func at(_ offset: TimeInterval) -> Date { t0.addingTimeInterval(offset) }
    /// Milliseconds since 1970, as App Store payloads write dates.
    static func ms(_ date: Date) -> Double { (date.timeIntervalSince1970 * 1000).rounded() }
}

/// The product ids the tests use: the default catalog's Pro subscriptions, and products it does not sell as Pro.
enum Products {
    static let monthly = "com.sportstime.pro.monthly"
    static let annual = "com.sportstime.pro.annual"
    /// Not in the default catalog at all.
    static let coffee = "com.sportstime.tip.coffee"
    static let stickers = "com.sportstime.stickers.pack"
}

/// Builders of payloads with the fields a StoreKit 2 transaction has.
enum Payloads {
    static let bundleId = "com.sportstime.app"

    static func subscription(
        _ id: String, product: String = Products.monthly, purchased: Date, expires: Date,
        signed: Date? = nil, original: String? = nil, ownership: String = "PURCHASED",
        environment: StoreEnvironment = .production
    ) -> JWSTransactionDecodedPayload {
        var p = JWSTransactionDecodedPayload(
            originalTransactionId: original ?? id, transactionId: id, bundleId: bundleId, productId: product,
            purchaseDate: Clock.ms(purchased), originalPurchaseDate: Clock.ms(purchased),
            expiresDate: Clock.ms(expires),
            type: ProductType.autoRenewable.rawValue, inAppOwnershipType: ownership,
            signedDate: Clock.ms(signed ?? purchased), environment: environment.rawValue)
        p.quantity = 1
        p.webOrderLineItemId = "9\(id)"
        p.subscriptionGroupIdentifier = "21482937"
        p.storefront = "USA"
        p.storefrontId = "143441"
        p.currency = "USD"
        p.price = 4990
        p.transactionReason = "PURCHASE"
        return p
    }

    static func oneTime(
        _ id: String, product: String, type: ProductType = .nonConsumable, purchased: Date,
        signed: Date? = nil, ownership: String = "PURCHASED",
        environment: StoreEnvironment = .production
    ) -> JWSTransactionDecodedPayload {
        var p = JWSTransactionDecodedPayload(
            originalTransactionId: id, transactionId: id, bundleId: bundleId, productId: product,
            purchaseDate: Clock.ms(purchased), originalPurchaseDate: Clock.ms(purchased), type: type.rawValue,
            inAppOwnershipType: ownership, signedDate: Clock.ms(signed ?? purchased), environment: environment.rawValue)
        p.quantity = 1
        return p
    }

    /// The same transaction re-signed at `at` with a revocation date (a refund).
    static func refunded(_ p: JWSTransactionDecodedPayload, at: Date) -> JWSTransactionDecodedPayload {
        var r = p
        r.revocationDate = Clock.ms(at)
        r.revocationReason = 0
        r.signedDate = Clock.ms(at)
        return r
    }

    static func renewal(
        original: String, product: String = Products.monthly, grace: Date? = nil,
        billingRetry: Bool? = nil, autoRenew: Int = 1, signed: Date,
        environment: StoreEnvironment = .production
    ) -> JWSRenewalInfoDecodedPayload {
        var r = JWSRenewalInfoDecodedPayload(
            originalTransactionId: original, productId: product, autoRenewStatus: autoRenew,
            isInBillingRetryPeriod: billingRetry, gracePeriodExpiresDate: grace.map(Clock.ms),
            signedDate: Clock.ms(signed), environment: environment.rawValue)
        r.autoRenewProductId = product
        return r
    }
}

/// A store in its own scratch directory, set up for `Payloads.bundleId` in Production and Sandbox,
/// trusting one freshly generated local authority (valid from a year before `Clock.t0` for 20 years).
final class SignedStoreFixture {
    let directory: String
    let store: EntitlementStore
    let authority: LocalSigningAuthority
    let catalog: StoreKitCatalog
    /// The default catalog's Pro products, with this fixture's authority as the root of purchases
    /// (tests cannot sign as Apple): its Production transactions are purchases, others test entitlements.
    let policy: GatePolicy

    var databasePath: String { directory + "/entitlements.sqlite" }
    /// The fixture authority's root fingerprint: the signer the store records for what it signs.
    var rootFingerprint: String { Certificates.sha256Fingerprint(authority.rootDER) }

    init(_ name: String, environments: [StoreEnvironment] = [.production, .sandbox]) throws {
        directory = TestPaths.scratch("ent-\(name)").appendingPathComponent("store").path
        store = try EntitlementStore.openOrCreate(directory: directory)
        try store.initialize(bundleId: Payloads.bundleId, environments: environments)
        authority = try Self.makeAuthority()
        let root = authority.rootDER
        try store.addTrustedRoot(der: root, fingerprint: Certificates.sha256Fingerprint(root), label: "test root")
        catalog = try TestStores.catalog()
        policy = GatePolicy(
            bundleId: Payloads.bundleId, proProductIDs: catalog.proProductIDs,
            productionRootFingerprints: [Certificates.sha256Fingerprint(root)])
    }

    static func makeAuthority(prefix: String = "Gate Tests") throws -> LocalSigningAuthority {
        try LocalSigningAuthority.generate(
            commonNamePrefix: prefix, validFrom: Clock.t0.addingTimeInterval(-365 * Clock.day),
            validFor: 20 * 365 * Clock.day)
    }

    func verifier() throws -> SignedDataVerifier { try store.verifier(policy: policy) }

    func importer() throws -> EntitlementImporter { try EntitlementImporter(store: store, policy: policy) }

    func sign<P: Encodable>(_ payload: P, by signer: LocalSigningAuthority? = nil) throws -> String {
        try (signer ?? authority).sign(payload)
    }

    /// Signs and imports through the real importer; returns the per-item verdicts.
    @discardableResult
    func importSigned<P: Encodable>(_ payload: P, by signer: LocalSigningAuthority? = nil) throws -> [ImportResult] {
        try importer().importJWS(try sign(payload, by: signer), source: "test")
    }

    /// Imports and requires every item to be accepted.
    func add<P: Encodable>(_ payloads: P..., sourceLocation: SourceLocation = #_sourceLocation) throws {
        for p in payloads {
            let results = try importSigned(p)
            #expect(results.allSatisfy { $0.status != .rejected }, "\(results)", sourceLocation: sourceLocation)
        }
    }

    /// A gate over this store and the default catalog with a fixed system clock (and, when
    /// given, another moment for test entitlements).
    func gate(at now: Date, testing: Date? = nil, catalog: StoreKitCatalog? = nil) -> ProGate {
        var clock = GateClock(system: { now })
        if let testing { clock.testing = { testing } }
        return ProGate(storeDirectory: directory, catalog: catalog ?? self.catalog, policy: policy, clock: clock)
    }

    func report(at now: Date) throws -> EntitlementReport { try gate(at: now).report() }

    func entitlement(_ product: String, at now: Date) throws -> Entitlement? {
        try report(at: now).entitlements.first { $0.productId == product }
    }

    /// Runs SQL on the store file through a connection of its own, as someone editing it by hand would.
    func sql(_ statement: String, _ bindings: [SQLiteValue] = []) throws {
        let db = try SQLiteDatabase(path: databasePath, create: false)
        try db.query(statement, bindings)
    }

    func rows(_ statement: String) throws -> [[SQLiteValue]] {
        try SQLiteDatabase(path: databasePath, create: false).query(statement)
    }
}

/// A raw JWS, read without verifying anything.
enum RawJWS {
    static func payload(_ jws: String) -> [String: Any] {
        let parts = jws.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let data = JWSBase64.decode(parts[1], alphabet: .url),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return [:] }
        return object
    }

    /// The same header and signature around a different payload: a forgery.
    static func replacingPayload(of jws: String, with object: [String: Any]) throws -> String {
        var parts = jws.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        parts[1] = JWSBase64.encode(data, alphabet: .url)
        return parts.joined(separator: ".")
    }
}
