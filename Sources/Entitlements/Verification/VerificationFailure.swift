/// Why a signed App Store payload was refused.

/// The reasons `SignedDataVerifier` refuses a compact JWS, in the order it checks them:
/// format, chain length, certificates, chain, signature, then the claims (app, environment).
public enum VerificationFailure: Error, Sendable, Equatable, CustomStringConvertible, RemedyCarrying {
    /// Not three base64url segments, bad JSON (a key written twice included), `alg` other than ES256,
    /// missing or malformed `x5c`, or a payload that does not read as the expected model.
    case invalidFormat(String)
    /// A certificate that does not parse, or lacks its App Store marker OID
    /// (leaf 1.2.840.113635.100.6.11.1, intermediate 1.2.840.113635.100.6.2.1).
    case invalidCertificate(String)
    /// The chain does not lead to a configured trusted root at the effective date
    /// (expired, not yet valid, unknown or wrong root, wrong shape).
    case invalidChain(String)
    /// `x5c` does not hold exactly three certificates.
    case invalidChainLength
    /// The ES256 signature does not verify with the leaf certificate's key.
    case badSignature
    /// The payload's bundle identifier is not the app's.
    case wrongApp(expected: String, got: String?)
    /// The payload's environment is not one of those accepted.
    case wrongEnvironment(expected: [String], got: String?)

    /// A short stable machine word for logs and tests, e.g. "bad signature".
    public var reason: String {
        switch self {
        case .invalidFormat: "invalid format"
        case .invalidCertificate: "invalid certificate"
        case .invalidChain: "invalid chain"
        case .invalidChainLength: "invalid chain length"
        case .badSignature: "bad signature"
        case .wrongApp: "wrong app"
        case .wrongEnvironment: "wrong environment"
        }
    }

    /// The reason with its detail, on one line, for people.
    public var description: String {
        let detail: String?
        switch self {
        case .invalidFormat(let text), .invalidCertificate(let text), .invalidChain(let text):
            detail = text
        case .invalidChainLength:
            detail = "x5c must hold exactly 3 certificates"
        case .badSignature:
            detail = nil
        case .wrongApp(let expected, let got):
            detail = "expected bundle id \(expected), got \(got ?? "none")"
        case .wrongEnvironment(let expected, let got):
            let accepted = expected.isEmpty ? "no environment configured" : expected.joined(separator: " or ")
            detail = "expected \(accepted), got \(got ?? "none")"
        }
        guard let detail, !detail.isEmpty else { return reason }
        // Keep it on one line whatever OpenSSL or a payload put in the detail.
        let flat = detail.split(whereSeparator: \.isNewline).joined(separator: " ")
        return "\(reason): \(flat)"
    }

    /// The two refusals a first real purchaser meets: a chain that ends at no root the store
    /// trusts (OpenSSL found no issuer for it: Apple's root was never given to the store), and
    /// an environment the store does not accept (a Sandbox purchase in a Production store).
    public var remedy: EntitlementRemedy? {
        switch self {
        case let .invalidChain(text):
            // OpenSSL's words for "no trusted certificate issued this one" (1.1 and 3.x spellings).
            let untrusted = [
                "unable to get local issuer certificate", "unable to get issuer certificate",
                "self-signed certificate in certificate chain", "self signed certificate in certificate chain",
            ]
            return untrusted.contains { text.hasPrefix($0) } ? .trustRoot : nil
        case let .wrongEnvironment(_, got):
            return got.flatMap(StoreEnvironment.init(rawValue:)).map { _ in .acceptEnvironment }
        default: return nil
        }
    }
}
