/// The parsed form of a JSON document, as `JSONParser` produces it.

/// One JSON value. Objects keep their members in document order and keep
/// duplicate keys, so that validation can report them instead of one silently winning.
public enum JSONValue: Sendable, Equatable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// The number's value, and whether it was written as an integer literal
    /// (no fraction and no exponent), so `1` and `1.0` can be told apart.
    case number(Double, isInteger: Bool)
    /// A string with its escapes decoded.
    case string(String)
    /// Elements in document order.
    case array([JSONValue])
    /// Members in document order, duplicates included.
    case object([JSONMember])

    /// How the kind of this value reads in a message: "a string", "an array", "null".
    public var kindDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// One `"key": value` pair of a JSON object.
public struct JSONMember: Sendable, Equatable {
    /// The key with its escapes decoded.
    public var key: String
    public var value: JSONValue

    /// A member with `key` and `value`.
    public init(key: String, value: JSONValue) {
        self.key = key
        self.value = value
    }
}
