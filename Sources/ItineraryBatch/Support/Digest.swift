/// Hashes the batch uses: SHA-256 for fingerprints and plan identity, FNV-1a for shards.
import COpenSSL
import Foundation

enum Digest {
    /// SHA-256 of `bytes` as 64 lower-case hex digits.
    static func sha256Hex<Bytes: ContiguousBytes>(_ bytes: Bytes) -> String {
        var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
        bytes.withUnsafeBytes { raw in
            _ = SHA256(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, &digest)
        }
        return hex(digest)
    }

    static func sha256Hex(_ text: String) -> String { sha256Hex(Array(text.utf8)) }

    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// 64-bit FNV-1a of the UTF-8 bytes: small, fixed by its definition, the same everywhere.
    static func fnv1a64(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }
}
