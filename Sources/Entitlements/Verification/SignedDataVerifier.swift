/// Offline verification of App Store signed data, after Apple's App Store Server Library
/// (`SignedDataVerifier` with online checks off).
import Foundation

/// A payload that verified, and the trusted root its chain ended at (nil for an Xcode payload,
/// accepted without a chain).
public struct Verified<Payload: Sendable>: Sendable {
    public let payload: Payload
    public let rootFingerprint: String?
}

/// Verifies App Store compact JWS (transactions, renewal info, notifications, app transactions)
/// and decodes their payloads.
///
/// Steps, as Apple's library: parse the three base64url segments and the header (`alg` ES256,
/// `x5c`); decode the payload; check `x5c` = [leaf, intermediate, root] chains through the
/// intermediate to a configured trusted root at the payload's `signedDate` (or now, when it has none),
/// with the App Store OIDs on leaf and intermediate; check the ES256 signature with the leaf key;
/// then check bundle id and environment.
///
/// Xcode: StoreKit Testing in Xcode signs with one self-signed certificate. When `environments`
/// contains `.xcode` and the payload says "Xcode", the payload is decoded without chain or signature
/// checks, exactly like Apple's library; anyone can forge such a payload, so accept `.xcode` only in
/// development builds. In any other configuration those payloads fail (`invalidChainLength`).
///
/// Pure: no network, and no clock except for payloads without a signing date.
///
/// Thread safety: a verifier is `Sendable`; one instance may verify from many threads at once.
/// The trusted roots are parsed once, in `init`, into a shared read-only `X509_STORE`; chains that
/// verified are remembered (under a lock) with their validity window, so a gate check over thousands
/// of tokens from one store builds each chain once. Keep one verifier and reuse it.
public struct SignedDataVerifier: Sendable {
    /// The bundle identifier payloads must carry.
    public let bundleId: String
    /// The environments accepted.
    public let environments: Set<StoreEnvironment>
    /// Roots that may sign for one environment only (the local test CA: LocalTesting), by fingerprint.
    public let confinedRoots: [String: StoreEnvironment]
    private let chain: ChainVerifier

    /// - Parameters:
    ///   - trustedRoots: DER root certificates (see `Certificates.parse` for PEM). Ones that do not
    ///     parse are ignored, so a verifier with none usable rejects everything as `invalidChain`.
    ///   - bundleId: the app's bundle identifier.
    ///   - environments: the environments accepted, e.g. `[.production]` or `[.sandbox, .production]`.
    ///   - confinedRoots: roots (by SHA-256 fingerprint) whose chains are accepted for one
    ///     environment only: the local test CA signs LocalTesting payloads and nothing else.
    public init(
        trustedRoots: [Data], bundleId: String, environments: Set<StoreEnvironment>,
        confinedRoots: [String: StoreEnvironment] = [:]
    ) {
        self.init(
            chain: ChainVerifier(roots: TrustedRootStore(roots: trustedRoots)), bundleId: bundleId,
            environments: environments, confinedRoots: confinedRoots)
    }

    /// With a chain verifier a gate keeps between its checks (`VerificationCaches`).
    init(
        chain: ChainVerifier, bundleId: String, environments: Set<StoreEnvironment>,
        confinedRoots: [String: StoreEnvironment]
    ) {
        self.bundleId = bundleId
        self.environments = environments
        self.confinedRoots = confinedRoots
        self.chain = chain
    }

    /// How many of the trusted roots given to `init` parsed and are in use.
    public var trustedRootCount: Int { chain.roots.fingerprints.count }

    /// The SHA-256 fingerprints of the trusted roots in use.
    public var rootFingerprints: [String] { chain.roots.fingerprints }

    /// Verifies a signed transaction (`signedTransactionInfo`) and returns its payload.
    public func verifyTransaction(_ jws: String) throws(VerificationFailure) -> JWSTransactionDecodedPayload {
        try verify(jws, as: JWSTransactionDecodedPayload.self).payload
    }

    /// Verifies a signed transaction and says which root vouched for it (what `GatePolicy.grade` needs).
    public func verifiedTransaction(_ jws: String) throws(VerificationFailure) -> Verified<JWSTransactionDecodedPayload>
    {
        try verify(jws, as: JWSTransactionDecodedPayload.self)
    }

    /// Verifies signed renewal info (`signedRenewalInfo`). It has no bundle id; only its environment is checked.
    public func verifyRenewalInfo(_ jws: String) throws(VerificationFailure) -> JWSRenewalInfoDecodedPayload {
        try verify(jws, as: JWSRenewalInfoDecodedPayload.self).payload
    }

    /// Verifies signed renewal info and says which root vouched for it.
    public func verifiedRenewalInfo(_ jws: String) throws(VerificationFailure) -> Verified<JWSRenewalInfoDecodedPayload>
    {
        try verify(jws, as: JWSRenewalInfoDecodedPayload.self)
    }

    /// Verifies an App Store Server Notification V2 `signedPayload`; checks `data.bundleId` and
    /// `data.environment` where present (a TEST notification may carry neither).
    public func verifyNotification(_ jws: String) throws(VerificationFailure) -> ResponseBodyV2DecodedPayload {
        try verify(jws, as: ResponseBodyV2DecodedPayload.self).payload
    }

    /// Verifies a signed app transaction; its environment is `receiptType`, its signing date `receiptCreationDate`.
    public func verifyAppTransaction(_ jws: String) throws(VerificationFailure) -> AppTransactionDecodedPayload {
        try verify(jws, as: AppTransactionDecodedPayload.self).payload
    }

    /// The one routine behind every public `verify…`.
    func verify<Payload: AppStoreSignedPayload>(
        _ text: String, as type: Payload.Type
    ) throws(VerificationFailure) -> Verified<Payload> {
        let jws = try CompactJWS(text)
        let payload: Payload
        do {
            payload = try Payload.read(from: jws.payload)
        } catch {
            throw .invalidFormat("payload does not read as \(Payload.self): \(error)")
        }

        if environments.contains(.xcode), payload.environmentClaim == .check(StoreEnvironment.xcode.rawValue) {
            // Xcode's StoreKit Testing does not sign with an App Store chain; Apple's library skips
            // verification for it, and so do we, when (and only when) configured for Xcode.
            try checkClaims(payload)
            return Verified(payload: payload, rootFingerprint: nil)
        }

        let effectiveDate = try Self.effectiveDate(payload.signingDateMilliseconds)
        let chain = try chain.verify(x5c: jws.header.x5c ?? [], effectiveDate: effectiveDate)
        guard
            jws.signingInputs.contains(where: {
                ES256.verify(rawSignature: jws.signature, message: $0, publicKey: chain.leafKey.pointer)
            })
        else {
            throw .badSignature
        }
        try checkClaims(payload)
        if let only = confinedRoots[chain.rootFingerprint], case .check(let got) = payload.environmentClaim,
            got != only.rawValue
        {
            throw .wrongEnvironment(expected: [only.rawValue], got: got)
        }
        return Verified(payload: payload, rootFingerprint: chain.rootFingerprint)
    }

    private func checkClaims<Payload: AppStoreSignedPayload>(_ payload: Payload) throws(VerificationFailure) {
        if case .check(let got) = payload.bundleIdClaim, got != bundleId {
            throw .wrongApp(expected: bundleId, got: got)
        }
        if case .check(let got) = payload.environmentClaim {
            guard let got, let environment = StoreEnvironment(rawValue: got), environments.contains(environment) else {
                throw .wrongEnvironment(expected: environments.map(\.rawValue).sorted(), got: got)
            }
        }
    }

    /// The moment the chain is checked at: the signing date (ms → s), or now without one,
    /// so an old transaction stays verifiable offline after its certificates expire.
    static func effectiveDate(_ milliseconds: Double?) throws(VerificationFailure) -> Date {
        guard let milliseconds else { return Date() }
        // Far outside any certificate's life and beyond what time_t arithmetic should see.
        guard milliseconds.isFinite, abs(milliseconds) < 1e16 else {
            throw .invalidFormat("signedDate out of range")
        }
        return Date(timeIntervalSince1970: milliseconds / 1000)
    }
}
