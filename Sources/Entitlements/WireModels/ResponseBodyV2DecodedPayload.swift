/// The payload of an App Store Server Notification V2 (`ResponseBodyV2DecodedPayload`).

/// A notification as the App Store signs it. Every field optional, as in Apple's model.
/// Read with `init(json:)`; `Encodable` only so that tests can sign one.
public struct ResponseBodyV2DecodedPayload: Encodable, Sendable, Equatable {
    /// e.g. "SUBSCRIBED", "DID_RENEW", "REFUND", "REVOKE", "EXPIRED", "TEST".
    public var notificationType: String?
    public var subtype: String?
    public var notificationUUID: String?
    public var data: NotificationData?
    public var version: String?
    public var signedDate: Double?
}

extension ResponseBodyV2DecodedPayload: PayloadReadable {
    init(json: PayloadReader) throws(PayloadFormatError) {
        notificationType = try json.string("notificationType")
        subtype = try json.string("subtype")
        notificationUUID = try json.string("notificationUUID")
        data = try json.object("data", as: NotificationData.self)
        version = try json.string("version")
        signedDate = try json.date("signedDate")
    }
}
