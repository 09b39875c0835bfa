/// A local stand-in for the App Store's signing: a test CA chain and an ES256 JWS signer.
import Entitlements
import COpenSSL
import Foundation

/// A local certificate authority in the spirit of Xcode's StoreKit Testing: root → intermediate
/// (OID 1.2.840.113635.100.6.2.1) → leaf (OID 1.2.840.113635.100.6.11.1), EC P-256, and an ES256
/// JWS signer with x5c = [leaf, intermediate, root].
///
/// A `SignedDataVerifier` that trusts `rootDER` accepts what it signs, so tests and the
/// `storekit-test` command exercise the real verification path, not a bypass.
/// Keys and serial numbers are random: two authorities never trust each other.
///
/// Thread safety: immutable and `Sendable`; `sign` may be called from several threads at once.
public struct LocalSigningAuthority: Sendable {
    /// The root certificate (DER): give it to `SignedDataVerifier(trustedRoots:)`.
    public let rootDER: Data
    /// The intermediate certificate (DER).
    public let intermediateDER: Data
    /// The leaf (signing) certificate (DER).
    public let leafDER: Data
    /// The certificates put in `x5c`, in order. Normally [leaf, intermediate, root]; test variants change it.
    let x5c: [Data]
    let leafKey: OwnedKey

    init(rootDER: Data, intermediateDER: Data, leafDER: Data, x5c: [Data], leafKey: OwnedKey) {
        self.rootDER = rootDER
        self.intermediateDER = intermediateDER
        self.leafDER = leafDER
        self.x5c = x5c
        self.leafKey = leafKey
    }

    /// Creates a new chain. All three certificates are valid from `validFrom` for `validFor` seconds;
    /// a JWS verifies while its `signedDate` falls in that window.
    /// - Parameter commonNamePrefix: the start of each certificate's CN ("… Root", "… Intermediate", "… Leaf").
    public static func generate(
        commonNamePrefix: String = "export-itinerary StoreKit Testing",
        validFrom: Date, validFor: TimeInterval
    ) throws -> LocalSigningAuthority {
        let notAfter = validFrom.addingTimeInterval(validFor)
        let rootKey = try ECKeyGenerator.generateP256()
        let intermediateKey = try ECKeyGenerator.generateP256()
        let leafKey = try ECKeyGenerator.generateP256()
        let root = try CertificateBuilder.build(
            CertificateSpec(
                commonName: "\(commonNamePrefix) Root", notBefore: validFrom, notAfter: notAfter, isCA: true),
            subjectKey: rootKey, issuer: nil)
        let intermediate = try CertificateBuilder.build(
            CertificateSpec(
                commonName: "\(commonNamePrefix) Intermediate", notBefore: validFrom, notAfter: notAfter,
                isCA: true, pathLength: 0, markerOID: Certificates.intermediateMarkerOID),
            subjectKey: intermediateKey, issuer: (root, rootKey))
        let leaf = try CertificateBuilder.build(
            CertificateSpec(
                commonName: "\(commonNamePrefix) Leaf", notBefore: validFrom, notAfter: notAfter,
                isCA: false, markerOID: Certificates.leafMarkerOID),
            subjectKey: leafKey, issuer: (intermediate, intermediateKey))
        return LocalSigningAuthority(
            rootDER: root.der, intermediateDER: intermediate.der, leafDER: leaf.der,
            x5c: [leaf.der, intermediate.der, root.der], leafKey: leafKey)
    }

    // MARK: Persisting

    /// PEM of the three certificates (leaf, intermediate, root, in that order) followed by the leaf's
    /// PKCS#8 private key, to keep in a store; `init(serialized:)` reads it back.
    /// The text holds a private key: store it only where a test key may live.
    public func serialized() -> String {
        var text = ""
        for der in [leafDER, intermediateDER, rootDER] {
            text += PEM.encode(der, label: "CERTIFICATE")
        }
        text += PEM.privateKey(leafKey)
        return text
    }

    /// Reads what `serialized()` wrote. Throws `LocalSigningError.invalidSerialization` unless it holds
    /// three certificates and the private key of the first one.
    public init(serialized: String) throws {
        let certs: [Data]
        do {
            certs = try Certificates.parse(Data(serialized.utf8))
        } catch {
            throw LocalSigningError.invalidSerialization(error.description)
        }
        guard certs.count == 3 else {
            throw LocalSigningError.invalidSerialization("expected 3 certificates, found \(certs.count)")
        }
        guard let key = PEM.readPrivateKey(serialized) else {
            throw LocalSigningError.invalidSerialization("no readable private key")
        }
        guard ES256.isP256(key.pointer) else {
            throw LocalSigningError.invalidSerialization("private key is not EC P-256")
        }
        guard let leaf = OwnedX509(der: certs[0]), X509_check_private_key(leaf.pointer, key.pointer) == 1 else {
            OpenSSLErrors.drain()
            throw LocalSigningError.invalidSerialization("private key does not match the leaf certificate")
        }
        self.init(rootDER: certs[2], intermediateDER: certs[1], leafDER: certs[0], x5c: certs, leafKey: key)
    }

    // MARK: Signing

    /// Signs raw JSON bytes as a compact JWS: header `{"alg":"ES256","x5c":[…]}`, base64url without padding.
    /// The bytes are signed as given; they are not checked to be JSON.
    public func sign(payload: Data) throws -> String {
        try signRaw(headerJSON: headerJSON(), payload: payload)
    }

    /// Same as `sign(payload:)`. Without it, `sign(someData)` would pick the Encodable overload and
    /// sign a JSON string of base64 instead of the JSON the bytes hold.
    public func sign(_ json: Data) throws -> String {
        try sign(payload: json)
    }

    /// Encodes `value` as JSON (sorted keys, unescaped slashes, unless `encoder` says otherwise) and signs it.
    /// Dates in App Store payloads are milliseconds since 1970: encode them as numbers.
    public func sign<Payload: Encodable>(_ value: Payload, encoder: JSONEncoder? = nil) throws -> String {
        let json: JSONEncoder
        if let encoder {
            json = encoder
        } else {
            json = JSONEncoder()
            json.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        }
        return try sign(payload: json.encode(value))
    }

    /// The header this authority writes. Built by hand: base64 needs no JSON escaping, and the
    /// field order stays fixed whatever the JSON encoder does.
    func headerJSON() -> String {
        let certs = x5c.map { "\"\(JWSBase64.encode($0, alphabet: .standard))\"" }.joined(separator: ",")
        return "{\"alg\":\"ES256\",\"x5c\":[\(certs)]}"
    }

    /// Signs `payload` under `headerJSON`: base64url segments without padding.
    func signRaw(headerJSON: String, payload: Data) throws -> String {
        let signingInput =
            JWSBase64.encode(Data(headerJSON.utf8), alphabet: .url) + "." + JWSBase64.encode(payload, alphabet: .url)
        let signature = try ES256.sign(message: Data(signingInput.utf8), privateKey: leafKey.pointer)
        return signingInput + "." + JWSBase64.encode(signature, alphabet: .url)
    }
}

/// PEM text in and out.
enum PEM {
    /// `der` as a PEM block with 64-character lines.
    static func encode(_ der: Data, label: String) -> String {
        let base64 = JWSBase64.encode(der, alphabet: .standard)
        var lines: [Substring] = []
        var rest = Substring(base64)
        while !rest.isEmpty {
            lines.append(rest.prefix(64))
            rest = rest.dropFirst(64)
        }
        return "-----BEGIN \(label)-----\n" + lines.joined(separator: "\n") + "\n-----END \(label)-----\n"
    }

    /// The key as unencrypted PKCS#8 PEM ("PRIVATE KEY").
    static func privateKey(_ key: OwnedKey) -> String {
        guard let bio = BIO_new(BIO_s_mem()) else { return "" }
        defer { BIO_free(bio) }
        guard PEM_write_bio_PrivateKey(bio, key.pointer, nil, nil, 0, nil, nil) == 1 else {
            OpenSSLErrors.drain()
            return ""
        }
        return String(decoding: OpenSSLBIO.readAll(bio), as: UTF8.self)
    }

    /// The first private key in `text` (PKCS#8 or traditional EC PEM); other blocks are skipped.
    static func readPrivateKey(_ text: String) -> OwnedKey? {
        let bytes = Array(text.utf8)
        let key: OpaquePointer? = bytes.withUnsafeBytes { raw in
            guard let bio = BIO_new_mem_buf(raw.baseAddress, Int32(raw.count)) else { return nil }
            defer { BIO_free(bio) }
            return PEM_read_bio_PrivateKey(bio, nil, nil, nil)
        }
        guard let key else {
            OpenSSLErrors.drain()
            return nil
        }
        return OwnedKey(taking: key)
    }
}
