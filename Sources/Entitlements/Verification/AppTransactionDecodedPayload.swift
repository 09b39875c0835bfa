/// The payload of a signed app transaction (`AppTransaction` / `JWSAppTransactionDecodedPayload`).
/// Lives here, not in WireModels, because only verification needs it so far.

/// The app's own purchase record. Every field optional, as in Apple's model.
/// Dates are milliseconds since 1970 (Xcode writes fractional ones).
/// Read with `init(json:)`; `Encodable` only so that tests can sign one.
public struct AppTransactionDecodedPayload: Encodable, Sendable, Equatable {
    /// The environment: "Production", "Sandbox", "Xcode", "LocalTesting".
    public var receiptType: String?
    public var appAppleId: Int?
    public var bundleId: String?
    public var applicationVersion: String?
    public var versionExternalIdentifier: Int?
    /// When the App Store created this record; it doubles as the signing date.
    public var receiptCreationDate: Double?
    public var originalPurchaseDate: Double?
    public var originalApplicationVersion: String?
    public var deviceVerification: String?
    public var deviceVerificationNonce: String?
    public var preorderDate: Double?
    public var appTransactionId: String?
    public var originalPlatform: String?
}

extension AppTransactionDecodedPayload: PayloadReadable {
    init(json: PayloadReader) throws(PayloadFormatError) {
        receiptType = try json.string("receiptType")
        appAppleId = try json.int("appAppleId")
        bundleId = try json.string("bundleId")
        applicationVersion = try json.string("applicationVersion")
        versionExternalIdentifier = try json.int("versionExternalIdentifier")
        receiptCreationDate = try json.date("receiptCreationDate")
        originalPurchaseDate = try json.date("originalPurchaseDate")
        originalApplicationVersion = try json.string("originalApplicationVersion")
        deviceVerification = try json.string("deviceVerification")
        deviceVerificationNonce = try json.string("deviceVerificationNonce")
        preorderDate = try json.date("preorderDate")
        appTransactionId = try json.string("appTransactionId")
        originalPlatform = try json.string("originalPlatform")
    }
}
