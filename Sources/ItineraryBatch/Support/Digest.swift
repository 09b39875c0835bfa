/// Hashes the batch uses: SHA-256 for fingerprints, plan identity and shards.
import Digests
import Foundation

enum Digest {
    /// SHA-256 of `bytes` as 64 lower-case hex digits.
    static func sha256Hex<Bytes: ContiguousBytes>(_ bytes: Bytes) -> String { SHA256Hex.of(bytes) }

    static func sha256Hex(_ text: String) -> String { sha256Hex(Array(text.utf8)) }

    static func hex(_ bytes: [UInt8]) -> String { SHA256Hex.hex(bytes) }

    /// The first 8 bytes of the SHA-256 of the UTF-8 bytes, as a number: fixed by its
    /// definition, the same on every machine, and every bit of it depends on every byte (a
    /// simple hash such as FNV-1a leaves `hash % 2` to the parity of the odd bytes).
    static func sha256Prefix64(_ text: String) -> UInt64 {
        SHA256Hex.digest(Array(text.utf8)).prefix(8).reduce(0) { $0 << 8 | UInt64($1) }
    }
}
