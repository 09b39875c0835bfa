/// A path compared as the file system compares it: by its bytes.
///
/// Swift's `String` equality is Unicode canonical equivalence: `café.pdf` written in NFC and in
/// NFD are equal Strings, but two files to Linux. Every set or dictionary of paths in a batch
/// (outputs, resolved targets, directories, ledger entries) is keyed by this instead.
public struct PathKey: Hashable, Sendable, CustomStringConvertible {
    public let bytes: [UInt8]
    public init(_ path: String) { bytes = Array(path.utf8) }
    /// The path as text.
    public var description: String { String(decoding: bytes, as: UTF8.self) }
}
