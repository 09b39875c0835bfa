/// ES256 (ECDSA P-256 with SHA-256) as JWS uses it: signatures are raw r‖s, 32 + 32 bytes,
/// while OpenSSL speaks DER `ECDSA-Sig-Value`; this file converts between the two.
import COpenSSL
import Foundation

package enum ES256 {
    /// Bytes in each of r and s for P-256.
    package static let coordinateSize = 32

    /// Whether `key` is an EC key on P-256, the only curve ES256 allows.
    package static func isP256(_ key: OpaquePointer) -> Bool {
        guard EVP_PKEY_get_base_id(key) == EVP_PKEY_EC else { return false }
        var name = [CChar](repeating: 0, count: 64)
        var length = 0
        guard EVP_PKEY_get_group_name(key, &name, name.count, &length) == 1 else {
            OpenSSLErrors.drain()
            return false
        }
        let group = CText.string(name)
        return group == "prime256v1" || group == "P-256"
    }

    /// Raw r‖s → DER, or nil when the signature is not 64 bytes.
    package static func derSignature(fromRaw raw: Data) -> Data? {
        guard raw.count == 2 * coordinateSize, let sig = ECDSA_SIG_new() else { return nil }
        defer { ECDSA_SIG_free(sig) }
        let (r, s): (OpaquePointer?, OpaquePointer?) = raw.withUnsafeBytes { bytes in
            let base = bytes.bindMemory(to: UInt8.self).baseAddress!
            return (
                BN_bin2bn(base, Int32(coordinateSize), nil),
                BN_bin2bn(base + coordinateSize, Int32(coordinateSize), nil)
            )
        }
        // ECDSA_SIG_set0 takes ownership of both numbers only when it succeeds.
        guard let r, let s, ECDSA_SIG_set0(sig, r, s) == 1 else {
            BN_free(r)
            BN_free(s)
            OpenSSLErrors.drain()
            return nil
        }
        let length = i2d_ECDSA_SIG(sig, nil)
        guard length > 0 else { return nil }
        var der = Data(count: Int(length))
        der.withUnsafeMutableBytes { out in
            var cursor = out.bindMemory(to: UInt8.self).baseAddress
            _ = i2d_ECDSA_SIG(sig, &cursor)
        }
        return der
    }

    /// DER → raw r‖s with both halves left-padded to 32 bytes.
    package static func rawSignature(fromDER der: Data) -> Data? {
        let parsed: OpaquePointer? = der.withUnsafeBytes { bytes in
            var cursor = bytes.bindMemory(to: UInt8.self).baseAddress.map { UnsafePointer($0) }
            return d2i_ECDSA_SIG(nil, &cursor, bytes.count)
        }
        guard let sig = parsed else {
            OpenSSLErrors.drain()
            return nil
        }
        defer { ECDSA_SIG_free(sig) }
        guard let r = ECDSA_SIG_get0_r(sig), let s = ECDSA_SIG_get0_s(sig) else { return nil }
        var raw = [UInt8](repeating: 0, count: 2 * coordinateSize)
        let ok = raw.withUnsafeMutableBufferPointer { out -> Bool in
            BN_bn2binpad(r, out.baseAddress, Int32(coordinateSize)) == Int32(coordinateSize)
                && BN_bn2binpad(s, out.baseAddress! + coordinateSize, Int32(coordinateSize)) == Int32(coordinateSize)
        }
        return ok ? Data(raw) : nil
    }

    /// Whether `rawSignature` (r‖s) is a valid ES256 signature of `message` by `publicKey`.
    package static func verify(rawSignature: Data, message: Data, publicKey: OpaquePointer) -> Bool {
        guard isP256(publicKey), let der = derSignature(fromRaw: rawSignature),
            let md = EVP_MD_CTX_new()
        else { return false }
        defer {
            EVP_MD_CTX_free(md)
            // A failed verification leaves entries on the queue; they are not errors of ours.
            OpenSSLErrors.drain()
        }
        guard EVP_DigestVerifyInit(md, nil, EVP_sha256(), nil, publicKey) == 1 else { return false }
        let result = der.withUnsafeBytes { sigBytes in
            message.withUnsafeBytes { msgBytes in
                EVP_DigestVerify(
                    md,
                    sigBytes.bindMemory(to: UInt8.self).baseAddress, sigBytes.count,
                    msgBytes.bindMemory(to: UInt8.self).baseAddress, msgBytes.count)
            }
        }
        return result == 1
    }
}
