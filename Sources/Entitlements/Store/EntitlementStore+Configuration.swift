/// The store's own settings: bundle id, accepted environments, and a verifier built from them.
import Foundation

extension EntitlementStore {
    /// The configuration, or nil before `initialize`.
    public func configuration() throws(StoreError) -> StoreConfiguration? {
        try run {
            guard let bundle = try meta("bundleId") else { return nil }
            let names = (try meta("environments") ?? "").split(separator: ",").map(String.init)
            var environments: [StoreEnvironment] = []
            for name in names {
                guard let env = StoreEnvironment(rawValue: name) else {
                    throw StoreError.invalidContent(path: path, reason: "unknown environment \"\(name)\"")
                }
                environments.append(env)
            }
            return StoreConfiguration(bundleId: bundle, environments: environments)
        }
    }

    /// Sets the bundle id and accepted environments (replacing earlier ones).
    public func initialize(bundleId: String, environments: [StoreEnvironment]) throws(StoreError) {
        try run {
            try db.transaction {
                try setMeta("bundleId", bundleId)
                try setMeta("environments", environments.map(\.rawValue).joined(separator: ","))
            }
        }
    }

    /// Adds an environment to the accepted ones (no-op when present).
    public func accept(_ environment: StoreEnvironment) throws(StoreError) {
        guard let config = try configuration() else { throw .notInitialized(path: path) }
        guard !config.environments.contains(environment) else { return }
        try initialize(bundleId: config.bundleId, environments: config.environments + [environment])
    }

    /// A verifier for `policy`'s app, over the environments this store accepts and the roots it
    /// trusts; the local test CA's root (`storekit-test enable`) vouches for LocalTesting only.
    /// The store's own bundle id is a record of `init`, never what payloads are checked against.
    /// - Parameter caches: a gate's own chain verifiers, reused across its checks; nil: a new one.
    public func verifier(policy: GatePolicy, caches: VerificationCaches? = nil) throws(StoreError) -> SignedDataVerifier
    {
        try verifier(bundleId: policy.bundleId, caches: caches)
    }

    /// The verifier an upgrade finds each stored row's signer with: the store's own bundle id,
    /// environments and roots (no policy is at hand when a store is opened).
    func upgradeVerifier() throws(StoreError) -> SignedDataVerifier {
        guard let config = try configuration() else { throw .notInitialized(path: path) }
        return try verifier(bundleId: config.bundleId, caches: nil)
    }

    private func verifier(bundleId: String, caches: VerificationCaches?) throws(StoreError) -> SignedDataVerifier {
        guard let config = try configuration() else { throw .notInitialized(path: path) }
        let roots = try trustedRoots()
        var confined: [String: StoreEnvironment] = [:]
        for root in roots where root.label == Self.localTestingRootLabel { confined[root.fingerprint] = .localTesting }
        if let local = try value(forKey: Self.localTestingRootKey) { confined[local] = .localTesting }
        let ders = roots.map(\.der)
        return SignedDataVerifier(
            chain: caches?.chainVerifier(roots: ders) ?? ChainVerifier(roots: TrustedRootStore(roots: ders)),
            bundleId: bundleId, environments: Set(config.environments), confinedRoots: confined)
    }

    /// The label and meta key that name the local test CA's root (set by `storekit-test enable`).
    package static let localTestingRootLabel = "export-itinerary StoreKit Testing (local)"
    package static let localTestingRootKey = "localTesting.rootFingerprint"
    /// Where StoreKit testing keeps its signing authority (`LocalStoreKit`), removed with it.
    package static let localTestingAuthorityKey = "localTesting.authority"
}
