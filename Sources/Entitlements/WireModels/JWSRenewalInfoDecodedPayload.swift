/// The payload of App Store signed renewal info (`JWSRenewalInfoDecodedPayload`).

/// The renewal state of one subscription. Every field optional, as in Apple's model.
/// Read with `init(json:)`; `Encodable` only so that local signing can write one.
public struct JWSRenewalInfoDecodedPayload: Encodable, Sendable, Equatable {
    public var expirationIntent: Int?
    public var originalTransactionId: String?
    public var autoRenewProductId: String?
    public var productId: String?
    /// 1 on, 0 off.
    public var autoRenewStatus: Int?
    public var isInBillingRetryPeriod: Bool?
    public var priceIncreaseStatus: Int?
    /// Milliseconds since 1970: while in the future, a lapsed subscription stays active.
    public var gracePeriodExpiresDate: Double?
    public var offerType: Int?
    public var offerIdentifier: String?
    public var signedDate: Double?
    public var environment: String?
    public var recentSubscriptionStartDate: Double?
    public var renewalDate: Double?

    public init(
        originalTransactionId: String? = nil, productId: String? = nil, autoRenewStatus: Int? = nil,
        isInBillingRetryPeriod: Bool? = nil, gracePeriodExpiresDate: Double? = nil,
        signedDate: Double? = nil, environment: String? = nil
    ) {
        self.originalTransactionId = originalTransactionId
        self.productId = productId
        self.autoRenewStatus = autoRenewStatus
        self.isInBillingRetryPeriod = isInBillingRetryPeriod
        self.gracePeriodExpiresDate = gracePeriodExpiresDate
        self.signedDate = signedDate
        self.environment = environment
    }
}

extension JWSRenewalInfoDecodedPayload: PayloadReadable {
    init(json: PayloadReader) throws(PayloadFormatError) {
        expirationIntent = try json.int("expirationIntent")
        originalTransactionId = try json.string("originalTransactionId")
        autoRenewProductId = try json.string("autoRenewProductId")
        productId = try json.string("productId")
        autoRenewStatus = try json.int("autoRenewStatus")
        isInBillingRetryPeriod = try json.bool("isInBillingRetryPeriod")
        priceIncreaseStatus = try json.int("priceIncreaseStatus")
        gracePeriodExpiresDate = try json.date("gracePeriodExpiresDate")
        offerType = try json.int("offerType")
        offerIdentifier = try json.string("offerIdentifier")
        signedDate = try json.date("signedDate")
        environment = try json.string("environment")
        recentSubscriptionStartDate = try json.date("recentSubscriptionStartDate")
        renewalDate = try json.date("renewalDate")
    }
}
