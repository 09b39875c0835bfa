/// What each kind of signed payload claims about its signing time, app and environment,
/// so one verification routine serves transactions, renewals, notifications and app transactions.

/// Whether a claim takes part in the checks, and with which value.
enum ClaimCheck: Equatable {
    /// Compare this value (nil means the payload lacks the field, which is a mismatch).
    case check(String?)
    /// The payload kind has no such claim, or it is absent where Apple's library tolerates that.
    case skip
}

/// A payload the verifier reads (`PayloadReadable`) and then checks by these claims.
protocol AppStoreSignedPayload: PayloadReadable, Sendable {
    /// Milliseconds since 1970 at which the App Store signed it; the chain is checked at that moment.
    var signingDateMilliseconds: Double? { get }
    var bundleIdClaim: ClaimCheck { get }
    var environmentClaim: ClaimCheck { get }
}

extension JWSTransactionDecodedPayload: AppStoreSignedPayload {
    var signingDateMilliseconds: Double? { signedDate }
    var bundleIdClaim: ClaimCheck { .check(bundleId) }
    var environmentClaim: ClaimCheck { .check(environment) }
}

extension JWSRenewalInfoDecodedPayload: AppStoreSignedPayload {
    var signingDateMilliseconds: Double? { signedDate }
    /// Renewal info carries no bundle id; Apple's library checks only its environment.
    var bundleIdClaim: ClaimCheck { .skip }
    var environmentClaim: ClaimCheck { .check(environment) }
}

extension ResponseBodyV2DecodedPayload: AppStoreSignedPayload {
    var signingDateMilliseconds: Double? { signedDate }
    /// A TEST or summary notification may lack `data` or parts of it: check what is there.
    var bundleIdClaim: ClaimCheck { data?.bundleId.map { .check($0) } ?? .skip }
    var environmentClaim: ClaimCheck { data?.environment.map { .check($0) } ?? .skip }
}

extension AppTransactionDecodedPayload: AppStoreSignedPayload {
    /// Apple's library uses the receipt's creation date as the app transaction's signing date.
    var signingDateMilliseconds: Double? { receiptCreationDate }
    var bundleIdClaim: ClaimCheck { .check(bundleId) }
    var environmentClaim: ClaimCheck { .check(receiptType) }
}
