/// What the gate accepts as a purchase: fixed when the program is built, never read at run time.
import Foundation

/// The gate's policy: the app, its Pro products and the roots a real purchase chains to.
///
/// The release build's policy is `GatePolicy.build` (module `ProPolicy`), generated at build time
/// from `Config/gate-policy.json` and the bundled StoreKit catalog. The store, `--catalog` and the
/// environment hold data only; none of them can widen this.
public struct GatePolicy: Sendable, Equatable {
    /// The bundle identifier every payload must carry.
    public let bundleId: String
    /// The products that make a user Pro.
    public let proProductIDs: Set<String>
    /// SHA-256 fingerprints (upper-case hex) of the roots a Production entitlement may chain to.
    /// A trusted root not named here still verifies, but what chains to it is a test entitlement.
    public let productionRootFingerprints: Set<String>

    public init(bundleId: String, proProductIDs: Set<String>, productionRootFingerprints: Set<String>) {
        self.bundleId = bundleId
        self.proProductIDs = proProductIDs
        self.productionRootFingerprints = Set(productionRootFingerprints.map { $0.uppercased() })
    }

    /// How much a verified transaction is worth: a purchase only when it says Production and its
    /// chain ends at a root this policy names; anything else (Sandbox, Xcode, LocalTesting, or a
    /// Production payload under a root the user trusted) is a test entitlement of its environment.
    /// `rootFingerprint` is nil for a payload accepted without a chain (Xcode).
    public func grade(environment: String?, rootFingerprint: String?) -> EntitlementGrade {
        // Only the environments App Store payloads name reach the mark's words: a payload signed
        // under a root the user trusted may say anything ("Production\u{200B}", 2,000 letters).
        guard environment == StoreEnvironment.production.rawValue else { return .testing(named: environment) }
        if let root = rootFingerprint, productionRootFingerprints.contains(root.uppercased()) { return .production }
        // Says Production, but vouched for by a root the user trusted, not Apple's.
        return .testing(environment: Self.untrustedProduction)
    }

    /// The test environment of a Production payload under a root this build does not name.
    public static let untrustedProduction = "Production, test root"
}

/// A purchase, or a test entitlement (which gives the marked PDF).
public enum EntitlementGrade: Sendable, Equatable, Hashable, CustomStringConvertible {
    case production
    /// Sandbox, Xcode, LocalTesting, or Production under a root the build does not name.
    case testing(environment: String)

    /// A test entitlement of the environment a payload names: one of the App Store's, or
    /// `unknown` for anything else (a payload's own spelling never reaches the mark).
    public static func testing(named environment: String?) -> EntitlementGrade {
        .testing(environment: environment.flatMap(StoreEnvironment.init(rawValue:))?.rawValue ?? "unknown")
    }

    public var isTesting: Bool { self != .production }

    /// The line every page of a PDF exported on a test entitlement carries (and its metadata):
    /// nil for a purchase. Fixed English words, whatever the trip's language, so anyone can
    /// recognise such a PDF.
    public var notice: String? {
        switch self {
        case .production: return nil
        case let .testing(environment): return "Test entitlement (\(environment)) — not a purchase"
        }
    }

    /// "Production", or the environment of a test entitlement.
    public var description: String {
        switch self {
        case .production: return "Production"
        case let .testing(environment): return environment
        }
    }
}
