/// What a product's latest transaction means right now, in StoreKit's words.
import Foundation

/// StoreKit's renewal states, used for every product kind: an active non-consumable is
/// `subscribed` (entitled), a refunded one `revoked`.
public enum EntitlementState: String, Sendable, Codable, CaseIterable {
    case subscribed
    case expired
    case inBillingRetryPeriod
    case inGracePeriod
    case revoked

    /// Whether this state grants the product (StoreKit's `currentEntitlements` membership).
    public var isActive: Bool { self == .subscribed || self == .inGracePeriod }
}

/// One product's standing, from its latest verified transaction.
public struct Entitlement: Sendable, Equatable {
    public var productId: String
    public var transactionId: String
    public var originalTransactionId: String?
    public var state: EntitlementState
    public var productType: String?
    /// Subscription expiry (nil for non-consumables).
    public var expiresDate: Date?
    /// The end of a grace period that keeps a lapsed subscription active.
    public var gracePeriodExpiresDate: Date?
    /// "PURCHASED" or "FAMILY_SHARED".
    public var ownershipType: String?
    public var environment: String?
    /// A purchase, or a test entitlement (set by the gate from its policy; `.testing` until then).
    public var grade: EntitlementGrade

    public init(
        productId: String, transactionId: String, originalTransactionId: String?, state: EntitlementState,
        productType: String?, expiresDate: Date?, gracePeriodExpiresDate: Date?, ownershipType: String?,
        environment: String?,
        grade: EntitlementGrade? = nil
    ) {
        self.productId = productId
        self.transactionId = transactionId
        self.originalTransactionId = originalTransactionId
        self.state = state
        self.productType = productType
        self.expiresDate = expiresDate
        self.gracePeriodExpiresDate = gracePeriodExpiresDate
        self.ownershipType = ownershipType
        self.environment = environment
        self.grade = grade ?? .testing(named: environment)
    }
}

extension Date {
    /// App Store dates are milliseconds since 1970, possibly fractional.
    init(appStoreMilliseconds ms: Double) { self.init(timeIntervalSince1970: ms / 1000) }
}
