/// Reading trusted-root files and describing certificates, for configuration and messages.
import Digests
import COpenSSL
import Foundation

/// Helpers for the certificates a verifier is configured with.
public enum Certificates {
    /// The SHA-256 fingerprint of Apple Root CA - G3, the root of production App Store signatures.
    public static let appleRootCAG3Fingerprint = "63343ABFB89A6A03EBB57E9B3F5FA7BE7C4F5C756F3017B3A8C488C3653E9179"

    /// The App Store marker on the signing (leaf) certificate.
    public static let leafMarkerOID = "1.2.840.113635.100.6.11.1"
    /// The App Store marker on the intermediate (WWDR) certificate.
    public static let intermediateMarkerOID = "1.2.840.113635.100.6.2.1"

    /// The largest file `entitlements trust-root` reads: a root is about 1 KiB of DER, and the
    /// whole of a system's CA bundle (about 200 KiB of PEM) fits.
    public static let maximumFileBytes = 1 << 20

    /// Accepts DER, or PEM with one or more CERTIFICATE blocks; returns the DER of each.
    /// Throws `invalidCertificate` for anything else, including a PEM block that does not parse.
    public static func parse(_ data: Data) throws(VerificationFailure) -> [Data] {
        let pemMarker = Data("-----BEGIN".utf8)
        if data.range(of: pemMarker) != nil {
            return try parsePEM(String(decoding: data, as: UTF8.self))
        }
        guard OwnedX509(der: data) != nil else {
            throw .invalidCertificate("neither a DER certificate nor PEM")
        }
        return [data]
    }

    private static func parsePEM(_ text: String) throws(VerificationFailure) -> [Data] {
        let begin = "-----BEGIN CERTIFICATE-----", end = "-----END CERTIFICATE-----"
        var result: [Data] = []
        var rest = Substring(text)
        while let start = rest.range(of: begin) {
            guard let stop = rest.range(of: end, range: start.upperBound..<rest.endIndex) else {
                throw .invalidCertificate("PEM block \(result.count + 1) has no END line")
            }
            // PEM wraps base64 across lines; the line breaks are not part of the data.
            let body = rest[start.upperBound..<stop.lowerBound].filter { !$0.isWhitespace }
            guard let der = JWSBase64.decode(body, alphabet: .standard), OwnedX509(der: der) != nil else {
                throw .invalidCertificate("PEM block \(result.count + 1) is not a certificate")
            }
            result.append(der)
            rest = rest[stop.upperBound...]
        }
        guard !result.isEmpty else { throw .invalidCertificate("no CERTIFICATE block in PEM") }
        return result
    }

    /// The SHA-256 of `der`, as upper-case hex without separators.
    public static func sha256Fingerprint(_ der: Data) -> String {
        SHA256Hex.of(der, uppercase: true)
    }

    /// Whether `der` is Apple Root CA - G3 (by fingerprint).
    public static func isAppleRootCAG3(_ der: Data) -> Bool {
        sha256Fingerprint(der) == appleRootCAG3Fingerprint
    }

    /// The subject's common name (or the whole subject when it has none), for messages.
    public static func subjectSummary(_ der: Data) -> String {
        OwnedX509(der: der)?.subjectSummary ?? "(unparsable certificate)"
    }
}
