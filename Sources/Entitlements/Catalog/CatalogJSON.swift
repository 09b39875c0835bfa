/// A typed view of the .storekit JSON that remembers where each value came from,
/// so that every parse error can name its key path.
import Foundation

/// Any JSON value, with booleans and numbers kept apart (unlike `JSONSerialization`).
enum CatalogJSONValue: Sendable, Decodable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([CatalogJSONValue])
    case object([String: CatalogJSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([CatalogJSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: CatalogJSONValue].self))
        }
    }

    /// "a string", "an object", … for error messages.
    var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// A JSON value together with its key path (`subscriptionGroups[0].subscriptions[1]`).
struct CatalogNode: Sendable {
    /// The key path; empty for the top level.
    let path: String
    let value: CatalogJSONValue

    /// The top-level value of `data`.
    static func root(of data: Data) throws(CatalogError) -> CatalogNode {
        do {
            return CatalogNode(path: "", value: try JSONDecoder().decode(CatalogJSONValue.self, from: data))
        } catch {
            throw CatalogError(keyPath: "", message: "not a StoreKit configuration file: the data is not valid JSON")
        }
    }

    /// The path of `key` inside this object.
    func path(of key: String) -> String {
        path.isEmpty ? key : "\(path).\(key)"
    }

    /// An error about this value.
    func error(_ message: String) -> CatalogError {
        CatalogError(keyPath: path, message: message)
    }

    /// An error saying this value is not of the `expected` kind.
    func mismatch(_ expected: String) -> CatalogError {
        error("expected \(expected), found \(value.kindDescription)")
    }

    /// The members of this object.
    func members() throws(CatalogError) -> [String: CatalogJSONValue] {
        guard case .object(let members) = value else { throw mismatch("an object") }
        return members
    }

    /// The value at `key`, or nil when the key is absent or null.
    func optional(_ key: String) throws(CatalogError) -> CatalogNode? {
        guard let child = try members()[key] else { return nil }
        if case .null = child { return nil }
        return CatalogNode(path: path(of: key), value: child)
    }

    /// The value at `key`; a missing or null key is an error that says what was `expected`.
    func required(_ key: String, expected: String) throws(CatalogError) -> CatalogNode {
        guard let child = try optional(key) else {
            throw CatalogError(keyPath: path(of: key), message: "missing; expected \(expected)")
        }
        return child
    }

    /// This value as a string.
    func string(expected: String = "a string") throws(CatalogError) -> String {
        guard case .string(let text) = value else { throw mismatch(expected) }
        return text
    }

    /// This value as a non-empty string.
    func nonEmptyString(expected: String) throws(CatalogError) -> String {
        let text = try string(expected: expected)
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw error("expected \(expected), found an empty string")
        }
        return text
    }

    /// This value as a boolean.
    func bool() throws(CatalogError) -> Bool {
        guard case .bool(let flag) = value else { throw mismatch("true or false") }
        return flag
    }

    /// The elements of this array, each with its indexed key path.
    func elements() throws(CatalogError) -> [CatalogNode] {
        guard case .array(let items) = value else { throw mismatch("an array") }
        return items.enumerated().map { CatalogNode(path: "\(path)[\($0.offset)]", value: $0.element) }
    }

    /// The elements of the array at `key`; an absent or null key is an empty array.
    func optionalElements(_ key: String) throws(CatalogError) -> [CatalogNode] {
        try optional(key)?.elements() ?? []
    }

    /// The string at `key`, or nil when absent or null.
    func optionalString(_ key: String) throws(CatalogError) -> String? {
        try optional(key)?.string()
    }
}
