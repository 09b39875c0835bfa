/// ES256 signing for the local signing authority (verification lives in Verification/ES256.swift).
import Entitlements
import COpenSSL
import Foundation

extension ES256 {
    /// Signs `message` with a P-256 private key and returns raw r‖s.
    static func sign(message: Data, privateKey: OpaquePointer) throws -> Data {
        guard let md = EVP_MD_CTX_new() else { throw LocalSigningError.openSSL("EVP_MD_CTX_new failed") }
        defer { EVP_MD_CTX_free(md) }
        guard EVP_DigestSignInit(md, nil, EVP_sha256(), nil, privateKey) == 1 else {
            throw LocalSigningError.openSSL(OpenSSLErrors.drain() ?? "EVP_DigestSignInit failed")
        }
        var der = [UInt8](repeating: 0, count: 128)
        var length = der.count
        let ok = message.withUnsafeBytes { msgBytes in
            EVP_DigestSign(md, &der, &length, msgBytes.bindMemory(to: UInt8.self).baseAddress, msgBytes.count)
        }
        guard ok == 1, let raw = rawSignature(fromDER: Data(der[0..<length])) else {
            throw LocalSigningError.openSSL(OpenSSLErrors.drain() ?? "EVP_DigestSign failed")
        }
        return raw
    }
}
