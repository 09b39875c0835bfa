/// The payload of an App Store signed transaction (`JWSTransactionDecodedPayload`).

/// A transaction as the App Store signs it. Every field is optional, as in Apple's model:
/// a verified payload without a field nobody needs is still a valid transaction.
/// Dates are milliseconds since 1970 (Xcode writes fractional ones).
public struct JWSTransactionDecodedPayload: Codable, Sendable, Equatable {
    public var originalTransactionId: String?
    public var transactionId: String?
    public var webOrderLineItemId: String?
    public var bundleId: String?
    public var productId: String?
    public var subscriptionGroupIdentifier: String?
    public var purchaseDate: Double?
    public var originalPurchaseDate: Double?
    public var expiresDate: Double?
    public var quantity: Int?
    /// "Auto-Renewable Subscription", "Non-Consumable", "Consumable", "Non-Renewing Subscription".
    public var type: String?
    public var appAccountToken: String?
    /// "PURCHASED" or "FAMILY_SHARED".
    public var inAppOwnershipType: String?
    public var signedDate: Double?
    public var revocationReason: Int?
    public var revocationDate: Double?
    public var isUpgraded: Bool?
    public var offerType: Int?
    public var offerIdentifier: String?
    /// "Production", "Sandbox", "Xcode", "LocalTesting".
    public var environment: String?
    public var storefront: String?
    public var storefrontId: String?
    public var transactionReason: String?
    public var currency: String?
    public var price: Int?

    public init(originalTransactionId: String? = nil, transactionId: String? = nil, bundleId: String? = nil,
                productId: String? = nil, purchaseDate: Double? = nil, originalPurchaseDate: Double? = nil,
                expiresDate: Double? = nil, type: String? = nil, inAppOwnershipType: String? = nil,
                signedDate: Double? = nil, revocationReason: Int? = nil, revocationDate: Double? = nil,
                isUpgraded: Bool? = nil, environment: String? = nil) {
        self.originalTransactionId = originalTransactionId
        self.transactionId = transactionId
        self.bundleId = bundleId
        self.productId = productId
        self.purchaseDate = purchaseDate
        self.originalPurchaseDate = originalPurchaseDate
        self.expiresDate = expiresDate
        self.type = type
        self.inAppOwnershipType = inAppOwnershipType
        self.signedDate = signedDate
        self.revocationReason = revocationReason
        self.revocationDate = revocationDate
        self.isUpgraded = isUpgraded
        self.environment = environment
    }
}

/// The kinds of in-app product, as the App Store names them in `type`.
public enum ProductType: String, Sendable, CaseIterable {
    case autoRenewable = "Auto-Renewable Subscription"
    case nonConsumable = "Non-Consumable"
    case consumable = "Consumable"
    case nonRenewing = "Non-Renewing Subscription"
}

/// The environments a signed payload can come from.
public enum StoreEnvironment: String, Sendable, CaseIterable, Codable {
    case production = "Production"
    case sandbox = "Sandbox"
    case xcode = "Xcode"
    case localTesting = "LocalTesting"
}
