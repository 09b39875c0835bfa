/// Small owned wrappers over OpenSSL objects shared by verification and the local signing authority.
import COpenSSL
import Foundation

/// OpenSSL's error queue is per thread; whoever leaves entries behind confuses the next caller,
/// so every failure path drains it and keeps the first message for the error's detail.
package enum OpenSSLErrors {
    /// Empties this thread's OpenSSL error queue and returns its first message, if any.
    @discardableResult
    package static func drain() -> String? {
        var first: String?
        while true {
            let code = ERR_get_error()
            if code == 0 { break }
            if first == nil {
                var buffer = [CChar](repeating: 0, count: 256)
                ERR_error_string_n(code, &buffer, buffer.count)
                first = CText.string(buffer)
            }
        }
        return first
    }
}

enum CText {
    /// The text of a NUL-terminated C buffer filled by OpenSSL.
    package static func string(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// An `X509 *` this Swift object owns: freed when the object goes away.
/// Not Sendable: OpenSSL caches state inside an X509 on first use (extensions), so one
/// thread at a time; DER `Data` is what crosses threads.
package final class OwnedX509 {
    package let pointer: OpaquePointer

    /// Takes ownership of a pointer returned by OpenSSL (one reference).
    package init(taking pointer: OpaquePointer) {
        self.pointer = pointer
    }

    /// Parses one DER certificate; nil unless the bytes are exactly one certificate.
    package convenience init?(der: Data) {
        let parsed: OpaquePointer? = der.withUnsafeBytes { raw in
            guard let base = raw.bindMemory(to: UInt8.self).baseAddress, raw.count > 0 else { return nil }
            var cursor: UnsafePointer<UInt8>? = base
            guard let cert = d2i_X509(nil, &cursor, raw.count) else { return nil }
            // Trailing bytes mean this was not (only) a certificate.
            if let cursor, cursor - base != raw.count {
                X509_free(cert)
                return nil
            }
            return cert
        }
        guard let parsed else {
            OpenSSLErrors.drain()
            return nil
        }
        self.init(taking: parsed)
    }

    deinit { X509_free(pointer) }

    /// The certificate's DER encoding.
    package var der: Data {
        let length = i2d_X509(pointer, nil)
        guard length > 0 else { return Data() }
        var out = Data(count: Int(length))
        out.withUnsafeMutableBytes { raw in
            var cursor = raw.bindMemory(to: UInt8.self).baseAddress
            _ = i2d_X509(pointer, &cursor)
        }
        return out
    }

    /// Whether the certificate carries an extension with this dotted OID (critical or not).
    package func hasExtension(oid: String) -> Bool {
        guard let object = OBJ_txt2obj(oid, 1) else {
            OpenSSLErrors.drain()
            return false
        }
        defer { ASN1_OBJECT_free(object) }
        return X509_get_ext_by_OBJ(pointer, object, -1) >= 0
    }

    /// The validity period in seconds since 1970: valid while `notBefore <= t < notAfter`
    /// (OpenSSL counts the notAfter second itself as expired).
    package var validity: (notBefore: Int, notAfter: Int)? {
        guard let from = Self.seconds(X509_get0_notBefore(pointer)),
            let until = Self.seconds(X509_get0_notAfter(pointer))
        else { return nil }
        return (from, until)
    }

    private static func seconds(_ time: UnsafePointer<ASN1_TIME>?) -> Int? {
        var parts = tm()
        guard let time, ASN1_TIME_to_tm(time, &parts) == 1 else {
            OpenSSLErrors.drain()
            return nil
        }
        return Int(timegm(&parts))
    }

    /// The subject's common name, or the whole one-line subject when it has no CN.
    package var subjectSummary: String {
        guard let name = X509_get_subject_name(pointer) else { return "(no subject)" }
        let index = X509_NAME_get_index_by_NID(name, NID_commonName, -1)
        if index >= 0, let entry = X509_NAME_get_entry(name, index), let data = X509_NAME_ENTRY_get_data(entry) {
            var utf8: UnsafeMutablePointer<UInt8>?
            let length = ASN1_STRING_to_UTF8(&utf8, data)
            if length >= 0, let utf8 {
                defer { CRYPTO_free(utf8, #fileID, #line) }
                return String(decoding: UnsafeBufferPointer(start: utf8, count: Int(length)), as: UTF8.self)
            }
            OpenSSLErrors.drain()
        }
        guard let line = X509_NAME_oneline(name, nil, 0) else { return "(no subject)" }
        defer { CRYPTO_free(line, #fileID, #line) }
        return String(cString: line)
    }
}

/// An `EVP_PKEY *` (public or private) this Swift object owns.
/// Sendable because, once built, a key is only read: OpenSSL 3 allows one key to be used
/// by several threads at once as long as each operation has its own `EVP_PKEY_CTX`/`EVP_MD_CTX`.
package final class OwnedKey: @unchecked Sendable {
    package let pointer: OpaquePointer

    package init(taking pointer: OpaquePointer) {
        self.pointer = pointer
    }

    /// Takes a new reference to a key someone else owns (e.g. `X509_get0_pubkey`).
    package convenience init(retaining pointer: OpaquePointer) {
        EVP_PKEY_up_ref(pointer)
        self.init(taking: pointer)
    }

    deinit { EVP_PKEY_free(pointer) }
}

package enum OpenSSLBIO {
    /// Reads everything a memory BIO holds.
    package static func readAll(_ bio: OpaquePointer) -> Data {
        var out = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = BIO_read(bio, &buffer, Int32(buffer.count))
            if count <= 0 { break }
            out.append(contentsOf: buffer[0..<Int(count)])
        }
        return out
    }
}
