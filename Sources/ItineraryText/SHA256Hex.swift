/// SHA-256 as lower-case hex, through OpenSSL: the one digest helper of the rendering side
/// (the font lock, the mark's compiled-in face) and of the batch (`Digest`).
import COpenSSL
import Foundation

public enum SHA256Hex {
    /// The digest of `bytes`.
    public static func of<Bytes: ContiguousBytes>(_ bytes: Bytes) -> String {
        var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
        bytes.withUnsafeBytes { raw in
            _ = SHA256(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, &digest)
        }
        return hex(digest)
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

    /// Bytes as lower-case hex digits.
    public static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
