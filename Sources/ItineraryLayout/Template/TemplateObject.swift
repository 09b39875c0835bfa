/// One JSON object of a template, read key by key as its schema declares them.
import ItineraryText
import StrictJSON

/// An object of a template: its members, its path and the schema that declares its keys.
/// Creating one checks, before any value is read, that no key is written twice and that every
/// key is declared (and not retired), so those errors come first. Each read takes the rule,
/// the default and the "required when" of its key from the schema: the reading code names a key
/// and the Swift type it wants, nothing more.
final class TemplateObject {
    /// Keys from the document down to the object.
    let path: [String]
    /// The declared keys; nil for a map, whose keys the template chooses.
    private let schema: TemplateSchema?
    /// The members, read by the one object reader.
    private let members: JSONObject
    private let reading: TemplateReading
    #if DEBUG
    /// The declared keys the reading has asked for (checked in debug builds only: the check is
    /// for the specs' code, which tests exercise, not for templates).
    private var consulted: Set<String> = []
    #endif

    init(_ value: TemplateValue, schema: TemplateSchema?) throws(TemplateError) {
        path = value.path
        reading = value.reading
        self.schema = schema
        let keys =
            schema.map { schema in
                JSONKeys(declared: schema.current.map(\.name)) { key in
                    switch schema.key(key)?.presence {
                    case let .retired(message)?: .refused(message)
                    case nil where !schema.matchesPattern(key): .unknown
                    default: .known
                    }
                }
            } ?? .any
        do {
            // Read at the root, so that no path is built for the many objects that have no problem.
            members = try JSONObject(value.json, at: .root, keys: keys)
        } catch {
            throw value.mismatch("an object")
        }
        // The JSON parser keeps a repeated key; which value a reader would use is not for it to guess.
        if let (index, problem) = members.keyProblems.first {
            throw error(members.members[index].key, problem.message)
        }
    }

    /// The keys written, sorted (so that a map's errors come in a stable order).
    var keys: [String] { members.keys.sorted() }

    /// Declared keys that the reading never asked for (a bug in a spec, caught in tests; always
    /// empty in a release build, which does not track them).
    var unread: [String] {
        #if DEBUG
        return schema?.current.map(\.name).filter { !consulted.contains($0) } ?? []
        #else
        return []
        #endif
    }

    /// An error about the value at `key`.
    func error(_ key: String, _ message: String) -> TemplateError {
        TemplateError(key: TemplateValue.text(path + [key]), message: message)
    }

    /// What a key matching one of the schema's patterns is: optional text.
    private static let patternKey = TemplateKey(name: "", kind: .text, presence: .optional(.none), doc: "")

    /// The declaration of `key` (nil in a map), marked as read. A key the schema does not
    /// declare is a bug in the spec that reads it, not in a template.
    private func declared(_ key: String) -> TemplateKey? {
        guard let schema else { return nil }
        #if DEBUG
        consulted.insert(key)
        #endif
        if let declaration = schema.key(key) { return declaration }
        if schema.matchesPattern(key) { return Self.patternKey }
        preconditionFailure("\(TemplateValue.text(path)) reads \"\(key)\", which its schema does not declare")
    }

    private func wrap(_ key: String, _ json: JSONValue) -> TemplateValue {
        TemplateValue(json: json, in: path, at: key, reading: reading)
    }

    /// Whether the object has `key`, even with the value null.
    func contains(_ key: String) -> Bool {
        _ = declared(key)
        return members.contains(key)
    }

    /// The value at `key`, which must be there (null counts as there, and is named as null).
    func value(_ key: String) throws(TemplateError) -> TemplateValue {
        let declaration = declared(key)
        guard let json = members[key] else {
            throw error(key, "required key is missing" + Self.hint(declaration?.kind))
        }
        return wrap(key, json)
    }

    /// The value at `key`, or nil when it is left out or null.
    func optionalValue(_ key: String) -> TemplateValue? {
        _ = declared(key)
        guard let json = members[key] else { return nil }
        if case .null = json { return nil }
        return wrap(key, json)
    }

    /// What a missing style or colour role wants, since a role's name does not say it.
    private static func hint(_ kind: TemplateKind?) -> String {
        switch kind {
        case .style?: return " (a style name from `styles`)"
        case .color?: return " (a colour token from `colors`)"
        case let .object(schema)?:
            // An object's own doc line says what it holds (`a style name for every text role`).
            let doc = schema.doc.hasSuffix(".") ? String(schema.doc.dropLast()) : schema.doc
            return " (" + doc.prefix(1).lowercased() + doc.dropFirst() + ")"
        default: return ""
        }
    }

    /// The value at `key` when written, with its declaration; when not written, the declared
    /// default (through `fallback`), nil for a key required only `when` something else (not
    /// `needed`), or the error for a missing key. A null stands for "left out" only where the key
    /// has a default. One lookup of the declaration per value read.
    private func written(
        _ key: String, needed: Bool
    ) throws(TemplateError) -> (value: TemplateValue?, fallback: TemplateDefault?, kind: TemplateKind?) {
        let declaration = declared(key)
        let json = members[key]
        switch declaration?.presence ?? .required {
        case let .optional(fallback):
            guard let json else { return (nil, fallback, declaration?.kind) }
            if case .null = json { return (nil, fallback, declaration?.kind) }
            return (wrap(key, json), fallback, declaration?.kind)
        case let .requiredWhen(condition):
            // Written as null, the key is left out: refused when needed, else nothing.
            guard let json, json != .null else {
                if needed { throw error(key, "required when \(condition)") }
                return (nil, nil, declaration?.kind)
            }
            return (wrap(key, json), nil, declaration?.kind)
        case .required, .retired:
            guard let json else { throw error(key, "required key is missing" + Self.hint(declaration?.kind)) }
            return (wrap(key, json), nil, declaration?.kind)
        }
    }

    // MARK: Values, by the type the layout wants

    /// A number meeting its key's rule; a key required only `when` another setting asks for it
    /// is 0 when left out (pass `needed` for that condition).
    func number(_ key: String, needed: Bool = true) throws(TemplateError) -> Double {
        let (value, fallback, kind) = try written(key, needed: needed)
        guard let value else {
            if case let .number(n)? = fallback { return n }
            return 0
        }
        switch kind {
        case let .number(rule)?, let .numberOrWord(rule, _)?:
            // The rule's words, which name the bound every number has, for any value out of it.
            guard case let .number(n, _) = value.json else { return try value.double() }
            guard rule.admits(n), abs(n) <= TemplateValue.maximumMagnitude else { throw error(key, rule.message) }
            return n
        default:
            // A number read under a key declared as something else is a bug in the spec.
            preconditionFailure("\(TemplateValue.text(path + [key])) is read as a number but not declared as one")
        }
    }

    /// A whole number in its key's range, or its default.
    func whole(_ key: String) throws(TemplateError) -> Int {
        guard let n = try optionalWhole(key) else {
            preconditionFailure("\(key): an optional whole number needs a default")
        }
        return n
    }

    /// A whole number in its key's range, its default, or nil when left out without one.
    func optionalWhole(_ key: String) throws(TemplateError) -> Int? {
        let (value, fallback, kind) = try written(key, needed: true)
        guard let value else {
            if case let .whole(n)? = fallback { return n }
            return nil
        }
        let n = try value.int()
        if case let .whole(range)? = kind, !range.contains(n) {
            throw error(
                key,
                range.upperBound == Int.max
                    ? "must be a whole number of \(range.lowerBound) or more"
                    : "must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return n
    }

    /// `true` or `false`, or the key's default.
    func flag(_ key: String) throws(TemplateError) -> Bool {
        let (value, fallback, _) = try written(key, needed: true)
        guard let value else {
            guard case let .flag(b)? = fallback else { preconditionFailure("\(key): an optional flag needs a default") }
            return b
        }
        return try value.bool()
    }

    /// Text (a name, a label, a pattern with placeholders), or the key's default word.
    func text(_ key: String) throws(TemplateError) -> String {
        guard let text = try optionalText(key) else { throw error(key, "required key is missing") }
        return text
    }

    /// Text, or nil when left out and the key has no default.
    func optionalText(_ key: String) throws(TemplateError) -> String? {
        let (value, fallback, kind) = try written(key, needed: true)
        guard let value else {
            if case let .word(word)? = fallback { return word }
            return nil
        }
        let text = try value.string()
        if case let .label(allowed)? = kind {
            // A placeholder the layout does not fill would be printed as written ("Seite 2 von {total}").
            for name in Self.placeholders(in: text) where !allowed.contains(name) {
                let may =
                    allowed.isEmpty
                    ? "it takes none" : "it may use " + allowed.map { "{\($0)}" }.joined(separator: ", ")
                throw error(key, "unknown placeholder {\(name)} (\(may))")
            }
        }
        return text
    }

    /// The names written `{name}` in `text`. Read as UTF-8 bytes: most labels have no brace,
    /// and walking Characters for 450 labels cost 2.4 M instructions a run.
    static func placeholders(in text: String) -> [String] {
        var names: [String] = []
        var utf8 = text.utf8[...]
        while let open = utf8.firstIndex(of: UInt8(ascii: "{")) {
            let after = utf8[utf8.index(after: open)...]
            guard let close = after.firstIndex(of: UInt8(ascii: "}")) else { break }
            let name = after[..<close]
            if !name.isEmpty,
                name.allSatisfy({ byte in
                    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                        || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                        || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
                })
            {
                names.append(String(decoding: name, as: UTF8.self))
            }
            utf8 = after[after.index(after: close)...]
        }
        return names
    }

    /// The name of a text style, recorded for the loader's check that it exists.
    func style(_ key: String) throws(TemplateError) -> String { try value(key).styleName() }

    /// The name of a colour token, recorded for the loader's check that it exists.
    func color(_ key: String) throws(TemplateError) -> String {
        guard let name = try optionalColor(key) else {
            throw error(key, "required key is missing" + Self.hint(declared(key)?.kind))
        }
        return name
    }

    /// A colour token, or nil when left out (pass `needed` for a key required only `when`
    /// another setting asks for it).
    func optionalColor(_ key: String, needed: Bool = true) throws(TemplateError) -> String? {
        try written(key, needed: needed).value?.colorName()
    }

    /// One of `T`'s raw values, or the key's default.
    func choice<T: RawRepresentable & CaseIterable>(_ key: String, _ type: T.Type) throws(TemplateError) -> T
    where T.RawValue == String {
        let (value, fallback, _) = try written(key, needed: true)
        guard let value else {
            guard case let .word(word)? = fallback, let choice = T(rawValue: word) else {
                preconditionFailure("\(key): an optional choice needs a default")
            }
            return choice
        }
        let word = try value.string()
        guard let choice = T(rawValue: word) else {
            throw error(key, "must be one of \(T.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))")
        }
        return choice
    }

    /// A list of lengths meeting its key's rule.
    func lengths(_ key: String) throws(TemplateError) -> [Double] {
        let (value, _, kind) = try written(key, needed: true)
        var numbers: [Double] = []
        for element in try value?.array() ?? [] { numbers.append(try element.double()) }
        if case let .lengths(rule)? = kind, !rule.admits(numbers) { throw error(key, rule.message) }
        return numbers
    }

    /// A list of words.
    func words(_ key: String) throws(TemplateError) -> [String] {
        var words: [String] = []
        for element in try value(key).array() { words.append(try element.string()) }
        return words
    }

    // MARK: Parts

    /// A part read from the value at `key`.
    func read<T: TemplateReadable>(_ key: String) throws(TemplateError) -> T { try T(value(key)) }

    /// A part read from the value at `key`, or nil when it is left out or null (pass `needed`
    /// for a part required only `when` another setting asks for it).
    func readIfPresent<T: TemplateReadable>(_ key: String, needed: Bool = true) throws(TemplateError) -> T? {
        let (value, _, _) = try written(key, needed: needed)
        guard let value, !value.isNull else { return nil }
        return try T(value)
    }

    /// An object of named parts at `key` (nil when an optional map is left out).
    func readMap<T: TemplateReadable>(_ key: String) throws(TemplateError) -> [String: T] {
        guard let value = try written(key, needed: true).value else { return [:] }
        let map = try value.object(nil)
        var parts: [String: T] = [:]
        for name in map.keys { parts[name] = try T(map.value(name)) }
        return parts
    }

    /// An object of named texts at `key`.
    func textMap(_ key: String) throws(TemplateError) -> [String: String] {
        let map = try value(key).object(nil)
        var texts: [String: String] = [:]
        for name in map.keys { texts[name] = try map.text(name) }
        return texts
    }

    /// An object of named `#RRGGBB` colours at `key`.
    func hexColors(_ key: String) throws(TemplateError) -> [String: Color] {
        let map = try value(key).object(nil)
        var colors: [String: Color] = [:]
        for name in map.keys {
            let hex = try map.text(name)
            guard let color = Color(hex: hex) else { throw map.error(name, "expected \"#RRGGBB\", got \"\(hex)\"") }
            colors[name] = color
        }
        return colors
    }

    /// A list of parts at `key`.
    func readList<T: TemplateReadable>(_ key: String) throws(TemplateError) -> [T] {
        var parts: [T] = []
        for element in try value(key).array() { parts.append(try T(element)) }
        return parts
    }
}
