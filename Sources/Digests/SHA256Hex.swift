/// SHA-256 as hex, through OpenSSL: the one digest helper of the rendering side (the font lock,
/// the mark's compiled-in face), of the batch (plans, fingerprints, shards) and of the entitlements (certificate
/// fingerprints). A module of its own so that both sides, which know nothing of each other, share it.
import COpenSSL
import Foundation

/// SHA-256 of bytes, text or a file, as hex or as the 32 bytes.
public enum SHA256Hex {
    /// The digest of `bytes`, as lower-case hex (upper-case when asked: certificate fingerprints
    /// are written so).
    public static func of<Bytes: ContiguousBytes>(_ bytes: Bytes, uppercase: Bool = false) -> String {
        hex(digest(bytes), uppercase: uppercase)
    }

    /// The digest of `text`'s UTF-8 bytes, as lower-case hex.
    public static func of(text: String) -> String { of(Array(text.utf8)) }

    /// The 32 bytes of the digest of `bytes`.
    public static func digest<Bytes: ContiguousBytes>(_ bytes: Bytes) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
        bytes.withUnsafeBytes { raw in
            _ = SHA256(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, &digest)
        }
        return digest
    }

    /// The digest of a file's bytes, read in blocks of 1 MiB; nil when it cannot be read.
    public static func of(file path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard let context = EVP_MD_CTX_new() else { return nil }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestInit_ex(context, EVP_sha256(), nil) == 1 else { return nil }
        let block = 1 << 20
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: block, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let n = read(fd, buffer, block)
            if n < 0 { if errno == EINTR { continue }; return nil }
            if n == 0 { break }
            guard EVP_DigestUpdate(context, buffer, n) == 1 else { return nil }
        }
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        guard EVP_DigestFinal_ex(context, &digest, &length) == 1 else { return nil }
        return hex(Array(digest.prefix(Int(length))))
    }

    /// Bytes as hex digits, lower-case unless asked.
    public static func hex(_ bytes: [UInt8], uppercase: Bool = false) -> String {
        let digits = Array((uppercase ? "0123456789ABCDEF" : "0123456789abcdef").utf8)
        var out = [UInt8]()
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
