/// A typed view of the .storekit JSON that remembers where each value came from,
/// so that every parse error can name its key path.
import Foundation
import StrictJSON

/// A JSON value together with its key path (`subscriptionGroups[0].subscriptions[1]`).
struct CatalogNode: Sendable {
    /// The key path, written as trips and templates write theirs; empty for the top level.
    let path: JSONPath
    let value: JSONValue

    /// The top-level value of `data`, read by the strict parser trips and templates use.
    static func root(of data: Data) throws(CatalogError) -> CatalogNode {
        do {
            return CatalogNode(path: .root, value: try JSONParser.parse(data))
        } catch {
            throw CatalogError(
                keyPath: "", message: "not a StoreKit configuration file: the data is not valid JSON (\(error))")
        }
    }

    /// An error about this value.
    func error(_ message: String) -> CatalogError {
        CatalogError(keyPath: path.text, message: message)
    }

    /// An error saying this value is not of the `expected` kind.
    func mismatch(_ expected: String) -> CatalogError {
        CatalogError(.mismatch(at: path, expected: expected, got: value))
    }

    /// This value as an object. A key written twice is an error (which one would count?); keys
    /// the reader does not ask for are Xcode's to add, and pass.
    func object() throws(CatalogError) -> JSONObject {
        do {
            return try JSONObject.strict(value, at: path, keys: .any)
        } catch {
            throw CatalogError(error)
        }
    }

    /// The value at `key`, or nil when the key is absent or null.
    func optional(_ key: String) throws(CatalogError) -> CatalogNode? {
        guard let child = try object().optional(key) else { return nil }
        return CatalogNode(path: path.key(key), value: child)
    }

    /// The value at `key`; a missing key is an error, and so is null, named as the wrong kind of
    /// value where `expected` belongs.
    func required(_ key: String, expected: String) throws(CatalogError) -> CatalogNode {
        let object = try object()
        guard let child = object[key] else { throw CatalogError(.missingKey(at: path.key(key))) }
        if child == .null { throw CatalogError(.mismatch(at: path.key(key), expected: expected, got: child)) }
        return CatalogNode(path: path.key(key), value: child)
    }

    /// This value as a string.
    func string(expected: String = "a string") throws(CatalogError) -> String {
        guard case .string(let text) = value else { throw mismatch(expected) }
        return text
    }

    /// This value as a non-empty string.
    func nonEmptyString(expected: String) throws(CatalogError) -> String {
        let text = try string(expected: expected)
        guard !text.isCatalogBlank else {
            throw CatalogError(.mismatch(at: path, expected: expected, shown: "an empty string"))
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
        return items.enumerated().map { CatalogNode(path: path.index($0.offset), value: $0.element) }
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
