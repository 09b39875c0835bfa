/// The payload of an App Store Server Notification V2 (`ResponseBodyV2DecodedPayload`).

public struct ResponseBodyV2DecodedPayload: Decodable, Sendable, Equatable {
    /// e.g. "SUBSCRIBED", "DID_RENEW", "REFUND", "REVOKE", "EXPIRED", "TEST".
    public var notificationType: String?
    public var subtype: String?
    public var notificationUUID: String?
    public var data: NotificationData?
    public var version: String?
    public var signedDate: Double?
}

/// The app-specific part of a notification: the signed transaction and renewal info it carries.
public struct NotificationData: Decodable, Sendable, Equatable {
    public var environment: String?
    public var appAppleId: Int?
    public var bundleId: String?
    public var bundleVersion: String?
    public var signedTransactionInfo: String?
    public var signedRenewalInfo: String?
    public var status: Int?
}
