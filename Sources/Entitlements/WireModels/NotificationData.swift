/// The `data` part of an App Store Server Notification V2 (`Data` in Apple's library).

/// The app-specific part of a notification: the signed transaction and renewal info it carries.
/// Read with `init(json:)`; `Encodable` only so that tests can sign a notification.
public struct NotificationData: Encodable, Sendable, Equatable {
    public var environment: String?
    public var appAppleId: Int?
    public var bundleId: String?
    public var bundleVersion: String?
    public var signedTransactionInfo: String?
    public var signedRenewalInfo: String?
    public var status: Int?
}

extension NotificationData: PayloadReadable {
    init(json: PayloadReader) throws(PayloadFormatError) {
        environment = try json.string("environment")
        appAppleId = try json.int("appAppleId")
        bundleId = try json.string("bundleId")
        bundleVersion = try json.string("bundleVersion")
        signedTransactionInfo = try json.string("signedTransactionInfo")
        signedRenewalInfo = try json.string("signedRenewalInfo")
        status = try json.int("status")
    }
}
