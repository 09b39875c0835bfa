/// Signing authorities and JWS that are wrong in exactly one way, so each verification failure
/// can be produced on purpose. Test support: the shipped module makes only good chains.
import Foundation
@testable import Entitlements
@testable import LocalStoreKit

/// The shape of a generated chain.
enum LocalChainVariant: Sendable, CaseIterable {
    /// root → intermediate (OID) → leaf (OID): what the verifier accepts.
    case good
    /// The leaf lacks 1.2.840.113635.100.6.11.1.
    case leafWithoutMarker
    /// The intermediate lacks 1.2.840.113635.100.6.2.1.
    case intermediateWithoutMarker
    /// The leaf was valid only for the first minute after `validFrom`: anything signed later fails.
    case expiredLeaf
    /// x5c = [leaf, intermediate]: no root.
    case twoCertificateChain
    /// The intermediate is signed by an impostor root with the real root's name but another key,
    /// while x5c[2] is the real root: a verifier that trusted x5c[2] by name would be fooled.
    case intermediateFromImpostorRoot
    /// The root signs the leaf directly; x5c still carries the (unrelated) intermediate.
    case leafSignedByRoot
    /// One self-signed leaf in x5c, as Xcode's StoreKit Testing signs.
    case xcodeStyleSelfSigned
}

extension LocalSigningAuthority {
    /// Generates a chain of the given variant (`.good` is the shipped generator's).
    static func generate(
        commonNamePrefix: String = "export-itinerary StoreKit Testing",
        validFrom: Date, validFor: TimeInterval,
        variant: LocalChainVariant
    ) throws -> LocalSigningAuthority {
        if variant == .good {
            return try generate(commonNamePrefix: commonNamePrefix, validFrom: validFrom, validFor: validFor)
        }
        let notAfter = validFrom.addingTimeInterval(validFor)
        let rootKey = try ECKeyGenerator.generateP256()
        let intermediateKey = try ECKeyGenerator.generateP256()
        let leafKey = try ECKeyGenerator.generateP256()

        let rootSpec = CertificateSpec(
            commonName: "\(commonNamePrefix) Root", notBefore: validFrom,
            notAfter: notAfter, isCA: true)
        let root = try CertificateBuilder.build(rootSpec, subjectKey: rootKey, issuer: nil)

        var intermediateIssuer = (certificate: root, key: rootKey)
        if variant == .intermediateFromImpostorRoot {
            let impostorKey = try ECKeyGenerator.generateP256()
            let impostor = try CertificateBuilder.build(rootSpec, subjectKey: impostorKey, issuer: nil)
            intermediateIssuer = (impostor, impostorKey)
        }
        let intermediate = try CertificateBuilder.build(
            CertificateSpec(
                commonName: "\(commonNamePrefix) Intermediate", notBefore: validFrom, notAfter: notAfter,
                isCA: true, pathLength: 0,
                markerOID: variant == .intermediateWithoutMarker ? nil : Certificates.intermediateMarkerOID),
            subjectKey: intermediateKey, issuer: intermediateIssuer)

        let leafNotAfter = variant == .expiredLeaf ? validFrom.addingTimeInterval(60) : notAfter
        let leafSpec = CertificateSpec(
            commonName: "\(commonNamePrefix) Leaf", notBefore: validFrom,
            notAfter: leafNotAfter, isCA: false,
            markerOID: variant == .leafWithoutMarker ? nil : Certificates.leafMarkerOID)
        let leafIssuer: (certificate: OwnedX509, key: OwnedKey)?
        switch variant {
        case .leafSignedByRoot: leafIssuer = (root, rootKey)
        case .xcodeStyleSelfSigned: leafIssuer = nil
        default: leafIssuer = (intermediate, intermediateKey)
        }
        let leaf = try CertificateBuilder.build(leafSpec, subjectKey: leafKey, issuer: leafIssuer)

        let x5c: [Data]
        switch variant {
        case .twoCertificateChain: x5c = [leaf.der, intermediate.der]
        case .xcodeStyleSelfSigned: x5c = [leaf.der]
        default: x5c = [leaf.der, intermediate.der, root.der]
        }
        return LocalSigningAuthority(
            rootDER: root.der, intermediateDER: intermediate.der, leafDER: leaf.der,
            x5c: x5c, leafKey: leafKey)
    }
}

/// Damage a compact JWS in one place.
enum JWSTampering {
    /// Appends a space to the payload JSON: it still decodes to the same values, but the signature
    /// no longer covers it.
    static func tamperPayload(_ jws: String) -> String {
        var parts = jws.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, let payload = JWSBase64.decode(parts[1], alphabet: .url) else { return jws }
        parts[1] = JWSBase64.encode(payload + Data(" ".utf8), alphabet: .url)
        return parts.joined(separator: ".")
    }

    /// Flips one bit of r in the signature.
    static func tamperSignature(_ jws: String) -> String {
        var parts = jws.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, var signature = JWSBase64.decode(parts[2], alphabet: .url), signature.count > 10 else {
            return jws
        }
        signature[signature.startIndex + 10] ^= 0x01
        parts[2] = JWSBase64.encode(signature, alphabet: .url)
        return parts.joined(separator: ".")
    }

    /// Adds `=` padding to every segment whose length is not a multiple of 4 (still valid base64url).
    static func padded(_ jws: String) -> String {
        jws.split(separator: ".", omittingEmptySubsequences: false).map { segment in
            String(segment) + String(repeating: "=", count: (4 - segment.count % 4) % 4)
        }.joined(separator: ".")
    }
}

extension LocalSigningAuthority {
    /// Signs `payload` under an arbitrary header (header field order, extra fields); `padded`
    /// writes (and signs) the segments with `=` padding, as a lenient producer might.
    func signRaw(headerJSON: String, payload: Data, padded: Bool) throws -> String {
        guard padded else { return try signRaw(headerJSON: headerJSON, payload: payload) }
        func segment(_ data: Data) -> String {
            let text = JWSBase64.encode(data, alphabet: .url)
            return text + String(repeating: "=", count: (4 - text.count % 4) % 4)
        }
        let signingInput = segment(Data(headerJSON.utf8)) + "." + segment(payload)
        let signature = try ES256.sign(message: Data(signingInput.utf8), privateKey: leafKey.pointer)
        return signingInput + "." + segment(signature)
    }
}
