/// The location of a value inside a JSON document, as problems report it: one notation for trips,
/// templates and manifests.

/// A path such as `days[3].items[0].homeTeam`; the empty path is the document itself.
public struct JSONPath: Sendable, Equatable, CustomStringConvertible {
    public let text: String

    public init(text: String) { self.text = text }

    public static let root = JSONPath(text: "")

    /// The member `key` of the object at this path. Keys that are not plain
    /// identifiers (an unknown key "my key", say) are written `["my key"]` so the
    /// path stays unambiguous, and so are identifiers longer than `MessageText.quotedLimit`,
    /// which are cut there like any quoted value (a megabyte-long unknown key is not a
    /// megabyte-long message).
    public func key(_ key: String) -> JSONPath {
        if key.utf8.count <= MessageText.quotedLimit, Self.isIdentifier(key) {
            return JSONPath(text: text.isEmpty ? key : text + "." + key)
        }
        return JSONPath(text: text + "[" + MessageText.quoted(key) + "]")
    }

    /// The element `index` (0-based) of the array at this path.
    public func index(_ index: Int) -> JSONPath {
        JSONPath(text: text + "[\(index)]")
    }

    public var description: String { text }

    private static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { return false }
        return key.utf8.allSatisfy { b in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(b) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(b)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b) || b == UInt8(ascii: "_")
        }
    }
}
