/// The payload of an App Store signed transaction (`JWSTransactionDecodedPayload`).
import Foundation
import StrictJSON

/// A transaction as the App Store signs it. Every field is optional, as in Apple's model:
/// a verified payload without a field nobody needs is still a valid transaction.
/// Dates are milliseconds since 1970 (Xcode writes fractional ones).
/// Read with `init(json:)`; `Encodable` only so that local signing can write one.
public struct JWSTransactionDecodedPayload: Encodable, Sendable, Equatable {
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

    public init(
        originalTransactionId: String? = nil, transactionId: String? = nil, bundleId: String? = nil,
        productId: String? = nil, purchaseDate: Double? = nil, originalPurchaseDate: Double? = nil,
        expiresDate: Double? = nil, type: String? = nil, inAppOwnershipType: String? = nil,
        signedDate: Double? = nil, revocationReason: Int? = nil, revocationDate: Double? = nil,
        isUpgraded: Bool? = nil, environment: String? = nil
    ) {
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

extension JWSTransactionDecodedPayload: PayloadReadable {
    init(json: PayloadReader) throws(PayloadFormatError) {
        originalTransactionId = try json.string("originalTransactionId")
        transactionId = try json.string("transactionId")
        webOrderLineItemId = try json.string("webOrderLineItemId")
        bundleId = try json.string("bundleId")
        productId = try json.string("productId")
        subscriptionGroupIdentifier = try json.string("subscriptionGroupIdentifier")
        purchaseDate = try json.date("purchaseDate")
        originalPurchaseDate = try json.date("originalPurchaseDate")
        expiresDate = try json.date("expiresDate")
        quantity = try json.int("quantity")
        type = try json.string("type")
        appAccountToken = try json.string("appAccountToken")
        inAppOwnershipType = try json.string("inAppOwnershipType")
        signedDate = try json.date("signedDate")
        revocationReason = try json.int("revocationReason")
        revocationDate = try json.date("revocationDate")
        isUpgraded = try json.bool("isUpgraded")
        offerType = try json.int("offerType")
        offerIdentifier = try json.string("offerIdentifier")
        environment = try json.string("environment")
        storefront = try json.string("storefront")
        storefrontId = try json.string("storefrontId")
        transactionReason = try json.string("transactionReason")
        currency = try json.string("currency")
        price = try json.int("price")
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

extension JWSTransactionDecodedPayload {
    /// The payload in `data`, a whole JSON document, for the targets of this package that sign
    /// their own (`LocalStoreKit`): read as every payload is, strictly.
    package static func reading(_ data: Foundation.Data) throws(JSONProblem) -> Self { try read(from: data) }
}
