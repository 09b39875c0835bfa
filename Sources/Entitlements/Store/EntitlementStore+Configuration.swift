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

    /// A verifier for this store's bundle id, environments and trusted roots.
    public func verifier() throws(StoreError) -> SignedDataVerifier {
        guard let config = try configuration() else { throw .notInitialized(path: path) }
        return SignedDataVerifier(trustedRoots: try trustedRoots().map(\.der), bundleId: config.bundleId,
                                  environments: Set(config.environments))
    }
}
