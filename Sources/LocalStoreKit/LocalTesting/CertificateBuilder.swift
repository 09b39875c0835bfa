/// EC P-256 keys and X.509 v3 certificates for the local signing authority, made with OpenSSL.
import Entitlements
import COpenSSL
import Foundation

enum ECKeyGenerator {
    /// A fresh random P-256 key pair.
    static func generateP256() throws -> OwnedKey {
        guard let ctx = EVP_PKEY_CTX_new_id(EVP_PKEY_EC, nil) else {
            throw LocalSigningError.openSSL(OpenSSLErrors.drain() ?? "EVP_PKEY_CTX_new_id failed")
        }
        defer { EVP_PKEY_CTX_free(ctx) }
        var key: OpaquePointer?
        guard EVP_PKEY_keygen_init(ctx) == 1,
            EVP_PKEY_CTX_set_ec_paramgen_curve_nid(ctx, NID_X9_62_prime256v1) == 1,
            EVP_PKEY_keygen(ctx, &key) == 1, let key
        else {
            throw LocalSigningError.openSSL(OpenSSLErrors.drain() ?? "P-256 key generation failed")
        }
        return OwnedKey(taking: key)
    }
}

/// What one certificate should say.
struct CertificateSpec {
    var commonName: String
    var notBefore: Date
    var notAfter: Date
    /// A CA may sign certificates; `pathLength` limits how many CAs may follow it.
    var isCA: Bool
    var pathLength: Int? = nil
    /// An App Store marker OID to carry as a non-critical extension (value ASN.1 NULL, as Apple's).
    var markerOID: String? = nil
}

enum CertificateBuilder {
    /// Builds and signs a certificate for `subjectKey`; self-signed when `issuer` is nil.
    static func build(
        _ spec: CertificateSpec, subjectKey: OwnedKey,
        issuer: (certificate: OwnedX509, key: OwnedKey)?
    ) throws -> OwnedX509 {
        guard let raw = X509_new() else { throw LocalSigningError.openSSL("X509_new failed") }
        let cert = OwnedX509(taking: raw)
        let x = cert.pointer
        func check(_ ok: Bool, _ what: String) throws {
            if !ok { throw LocalSigningError.openSSL(OpenSSLErrors.drain() ?? "\(what) failed") }
        }

        try check(X509_set_version(x, 2) == 1, "X509_set_version")  // 2 means v3
        try setRandomSerial(x)
        try check(ASN1_TIME_set(X509_getm_notBefore(x), try timeT(spec.notBefore)) != nil, "notBefore")
        try check(ASN1_TIME_set(X509_getm_notAfter(x), try timeT(spec.notAfter)) != nil, "notAfter")

        guard let name = X509_NAME_new() else { throw LocalSigningError.openSSL("X509_NAME_new failed") }
        defer { X509_NAME_free(name) }
        let cn = Array(spec.commonName.utf8)
        try check(X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_UTF8, cn, Int32(cn.count), -1, 0) == 1, "subject CN")
        try check(X509_set_subject_name(x, name) == 1, "X509_set_subject_name")
        let issuerName = issuer.map { X509_get_subject_name($0.certificate.pointer) } ?? name
        try check(X509_set_issuer_name(x, issuerName) == 1, "X509_set_issuer_name")
        try check(X509_set_pubkey(x, subjectKey.pointer) == 1, "X509_set_pubkey")

        var v3 = X509V3_CTX()
        X509V3_set_ctx(&v3, issuer?.certificate.pointer ?? x, x, nil, nil, 0)
        func add(_ nid: Int32, _ value: String) throws {
            guard let ext = X509V3_EXT_conf_nid(nil, &v3, nid, value) else {
                throw LocalSigningError.openSSL(OpenSSLErrors.drain() ?? "extension \(value) failed")
            }
            defer { X509_EXTENSION_free(ext) }
            try check(X509_add_ext(x, ext, -1) == 1, "X509_add_ext")
        }
        if spec.isCA {
            try add(NID_basic_constraints, "critical,CA:TRUE" + (spec.pathLength.map { ",pathlen:\($0)" } ?? ""))
            try add(NID_key_usage, "critical,keyCertSign,cRLSign")
        } else {
            try add(NID_basic_constraints, "critical,CA:FALSE")
            try add(NID_key_usage, "critical,digitalSignature")
        }
        try add(NID_subject_key_identifier, "hash")
        if issuer != nil { try add(NID_authority_key_identifier, "keyid:always") }
        if let oid = spec.markerOID { try addMarker(x, oid: oid) }

        let signingKey = issuer?.key ?? subjectKey
        try check(X509_sign(x, signingKey.pointer, EVP_sha256()) > 0, "X509_sign")
        return cert
    }

    /// Adds `oid` as a non-critical extension whose value is DER NULL (05 00), as Apple's certificates do.
    private static func addMarker(_ x: OpaquePointer, oid: String) throws {
        guard let object = OBJ_txt2obj(oid, 1) else {
            throw LocalSigningError.openSSL(OpenSSLErrors.drain() ?? "bad OID \(oid)")
        }
        defer { ASN1_OBJECT_free(object) }
        guard let value = ASN1_OCTET_STRING_new() else {
            throw LocalSigningError.openSSL("ASN1_OCTET_STRING_new failed")
        }
        defer { ASN1_OCTET_STRING_free(value) }
        let null: [UInt8] = [0x05, 0x00]
        guard ASN1_OCTET_STRING_set(value, null, Int32(null.count)) == 1,
            let ext = X509_EXTENSION_create_by_OBJ(nil, object, 0, value)
        else {
            throw LocalSigningError.openSSL(OpenSSLErrors.drain() ?? "marker extension failed")
        }
        defer { X509_EXTENSION_free(ext) }
        guard X509_add_ext(x, ext, -1) == 1 else {
            throw LocalSigningError.openSSL(OpenSSLErrors.drain() ?? "X509_add_ext failed")
        }
    }

    /// A random positive 127-bit serial: unique enough for a test CA, and RFC 5280's 20-octet limit holds.
    private static func setRandomSerial(_ x: OpaquePointer) throws {
        var bytes = [UInt8](repeating: 0, count: 16)
        guard RAND_bytes(&bytes, Int32(bytes.count)) == 1 else {
            throw LocalSigningError.openSSL(OpenSSLErrors.drain() ?? "RAND_bytes failed")
        }
        bytes[0] = (bytes[0] & 0x7F) | 0x40  // positive, and never zero
        guard let bn = BN_bin2bn(bytes, Int32(bytes.count), nil) else {
            throw LocalSigningError.openSSL("BN_bin2bn failed")
        }
        defer { BN_free(bn) }
        guard BN_to_ASN1_INTEGER(bn, X509_get_serialNumber(x)) != nil else {
            throw LocalSigningError.openSSL(OpenSSLErrors.drain() ?? "serial number failed")
        }
    }

    private static func timeT(_ date: Date) throws -> time_t {
        guard let seconds = Int(exactly: date.timeIntervalSince1970.rounded(.down)) else {
            throw LocalSigningError.openSSL("date out of range")
        }
        return time_t(seconds)
    }
}
