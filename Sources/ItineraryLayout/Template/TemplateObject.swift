/// One JSON object of a template, read key by key.
import StrictJSON
import StrictJSON

/// An object of a template: its members and its path. Creating one checks, before any value is
/// read, that no key is written twice and that every key is allowed, so those errors come first.
struct TemplateObject {
    /// Keys from the document down to the object.
    let path: [String]
    private let members: [String: JSONValue]

    /// Reads `value` as an object whose keys must all be in `allowed` (any keys when nil, for a
    /// map such as `colors`).
    init(_ value: TemplateValue, allowing allowed: [String]?) throws(TemplateError) {
        guard case let .object(list) = value.json else { throw value.mismatch("an object") }
        path = value.path
        var members: [String: JSONValue] = [:]
        members.reserveCapacity(list.count)
        for member in list where members.updateValue(member.value, forKey: member.key) != nil {
            // The JSON parser keeps both; which one a reader would use is not for it to guess.
            throw TemplateError(key: TemplateValue.text(path + [member.key]), message: "the key is written twice")
        }
        self.members = members
        guard let allowed else { return }
        for key in members.keys.sorted() where !allowed.contains(key) {
            let retired = RetiredTemplateKeys.contains(path + [key])
            throw TemplateError(key: TemplateValue.text(path + [key]),
                                message: retired ? "no longer used (the layout takes it from the section settings): delete it" : "unknown key")
        }
    }

    /// The keys, sorted (so that a map's errors come in a stable order).
    var keys: [String] { members.keys.sorted() }

    /// An error about the value at `key`.
    func error(_ key: String, _ message: String) -> TemplateError {
        TemplateError(key: TemplateValue.text(path + [key]), message: message)
    }

    /// Whether the object has `key`, even with the value null.
    func contains(_ key: String) -> Bool { members[key] != nil }

    /// The value at `key`, which must be there (null counts as there, and is named as null).
    func value(_ key: String) throws(TemplateError) -> TemplateValue {
        guard let json = members[key] else { throw error(key, "required key is missing") }
        return TemplateValue(json: json, path: path + [key])
    }

    /// The value at `key`, or nil when it is left out or null (an optional setting).
    func optionalValue(_ key: String) -> TemplateValue? {
        guard let json = members[key] else { return nil }
        if case .null = json { return nil }
        return TemplateValue(json: json, path: path + [key])
    }

    // The scalar at `key`: required, or (`optional…`, `default:`) left out or null for nil or the default.
    func string(_ key: String) throws(TemplateError) -> String { try value(key).string() }
    func optionalString(_ key: String) throws(TemplateError) -> String? { try optionalValue(key)?.string() }
    func bool(_ key: String) throws(TemplateError) -> Bool { try value(key).bool() }
    func bool(_ key: String, default fallback: Bool) throws(TemplateError) -> Bool { try optionalValue(key)?.bool() ?? fallback }
    func double(_ key: String) throws(TemplateError) -> Double { try value(key).double() }
    func double(_ key: String, default fallback: Double) throws(TemplateError) -> Double { try optionalValue(key)?.double() ?? fallback }
    func int(_ key: String) throws(TemplateError) -> Int { try value(key).int() }
    func optionalInt(_ key: String) throws(TemplateError) -> Int? { try optionalValue(key)?.int() }

    /// The object at `key`, its keys limited to `allowed`.
    func object(_ key: String, allowing allowed: [String]?) throws(TemplateError) -> TemplateObject {
        try value(key).object(allowing: allowed)
    }

    /// A part read from the value at `key`.
    func read<T: TemplateReadable>(_ key: String) throws(TemplateError) -> T { try T(value(key)) }

    /// A part read from the value at `key`, or nil when it is left out or null.
    func readIfPresent<T: TemplateReadable>(_ key: String) throws(TemplateError) -> T? {
        guard let value = optionalValue(key) else { return nil }
        return try T(value)
    }

    /// An object of any keys at `key`, each value a part.
    func readMap<T: TemplateReadable>(_ key: String) throws(TemplateError) -> [String: T] {
        let map = try object(key, allowing: nil)
        var parts: [String: T] = [:]
        for name in map.keys { parts[name] = try T(map.value(name)) }
        return parts
    }

    /// An array at `key`, each element a part.
    func readList<T: TemplateReadable>(_ key: String) throws(TemplateError) -> [T] {
        var parts: [T] = []
        for element in try value(key).array() { parts.append(try T(element)) }
        return parts
    }

    /// An object of any keys at `key`, each value a string.
    func stringMap(_ key: String) throws(TemplateError) -> [String: String] { try Self.strings(of: value(key)) }

    /// Like `stringMap`, or nil when the key is left out or null.
    func optionalStringMap(_ key: String) throws(TemplateError) -> [String: String]? {
        guard let value = optionalValue(key) else { return nil }
        return try Self.strings(of: value)
    }

    /// An array of strings at `key`.
    func strings(_ key: String) throws(TemplateError) -> [String] {
        var strings: [String] = []
        for element in try value(key).array() { strings.append(try element.string()) }
        return strings
    }

    /// An array of numbers at `key`.
    func doubles(_ key: String) throws(TemplateError) -> [Double] {
        var numbers: [Double] = []
        for element in try value(key).array() { numbers.append(try element.double()) }
        return numbers
    }

    private static func strings(of value: TemplateValue) throws(TemplateError) -> [String: String] {
        let map = try value.object(allowing: nil)
        var strings: [String: String] = [:]
        for name in map.keys { strings[name] = try map.string(name) }
        return strings
    }
}
