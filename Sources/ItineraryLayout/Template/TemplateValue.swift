/// One value of a template's JSON with the path that leads to it, read without `Codable`.
import StrictJSON

/// A value of a template and where it is, so that every error names its key.
///
/// Templates are read by hand rather than through `Decodable`: the runtime's first-time set-up
/// of the generic keyed containers that `Codable` uses cost about 36 million instructions per
/// run of the command, most of loading a template.
struct TemplateValue {
    /// The parsed value.
    let json: JSONValue
    /// The reading this value belongs to, which collects the style and colour names used.
    let reading: TemplateReading
    /// The path of the object or array holding the value, and the value's key or `[i]` in it:
    /// the whole path is built only when asked for (an error, a nested object, a style name),
    /// not for each of the thousand values a template has.
    private let parent: [String]
    private let member: String?

    /// The document's value, or one at `path`.
    init(json: JSONValue, path: [String], reading: TemplateReading) {
        self.json = json
        self.reading = reading
        parent = path
        member = nil
    }

    /// The value at `member` (a key, or `[i]`) of the object or array at `parent`.
    init(json: JSONValue, in parent: [String], at member: String, reading: TemplateReading) {
        self.json = json
        self.reading = reading
        self.parent = parent
        self.member = member
    }

    /// Keys from the document down to the value; an array element's index is written `[i]`.
    var path: [String] { member.map { parent + [$0] } ?? parent }

    /// The path of the value, as errors name it, in the notation trips use (`styles.body.size`,
    /// `sections[0]`, `labels["pt-BR"]`).
    var key: String { Self.text(path) }

    /// `path` (keys, and `[i]` for an array element) written as a `JSONPath`.
    static func text(_ path: [String]) -> String { jsonPath(path).text }

    /// `path` (keys, and `[i]` for an array element) as a `JSONPath`.
    static func jsonPath(_ path: [String]) -> JSONPath {
        path.reduce(JSONPath.root) { result, element in
            if element.hasPrefix("["), element.hasSuffix("]"), let index = Int(element.dropFirst().dropLast()) {
                return result.index(index)
            }
            return result.key(element)
        }
    }

    /// Whether the value is JSON `null`.
    var isNull: Bool {
        if case .null = json { return true }
        return false
    }

    /// An error about this value.
    func error(_ message: String) -> TemplateError { TemplateError(key: key, message: message) }

    /// The error for a value of the wrong kind, in the shared wording.
    func mismatch(_ expected: String) -> TemplateError {
        TemplateError(.mismatch(at: Self.jsonPath(path), expected: expected, got: json))
    }

    /// The largest magnitude any template number may have. Lengths are points (a paper's
    /// side is at most 14,400, the PDF limit), kilometres on a scale bar at most a few
    /// thousand: a bound every key meets, so that no setting can overflow the native libraries'
    /// 32-bit units (text tracking in Pango units was 1e7 × 1024) or ask for a page of 1e19 points.
    static let maximumMagnitude = 100_000.0
    /// The longest string any template value may be (a label, a name, a description).
    static let maximumStringLength = 2_000

    /// The value as a string, at most `maximumStringLength` characters.
    func string() throws(TemplateError) -> String {
        guard case let .string(s) = json else { throw mismatch("a string") }
        guard s.unicodeScalars.count <= Self.maximumStringLength else {
            throw error("is \(s.unicodeScalars.count) characters long; at most \(Self.maximumStringLength)")
        }
        return s
    }

    /// The value as the name of a text style, recorded for the loader's check that it exists.
    func styleName() throws(TemplateError) -> String {
        let name = try string()
        reading.style(name, at: path)
        return name
    }

    /// The value as the name of a colour token, recorded for the loader's check that it exists.
    func colorName() throws(TemplateError) -> String {
        let name = try string()
        reading.color(name, at: path)
        return name
    }

    /// The value as `true` or `false`.
    func bool() throws(TemplateError) -> Bool {
        guard case let .bool(b) = json else { throw mismatch("true or false") }
        return b
    }

    /// The value as a number, within ±`maximumMagnitude`.
    func double() throws(TemplateError) -> Double {
        guard case let .number(n, _) = json else { throw mismatch("a number") }
        guard n.isFinite, abs(n) <= Self.maximumMagnitude else {
            throw error("must be between -\(Int(Self.maximumMagnitude)) and \(Int(Self.maximumMagnitude))")
        }
        return n
    }

    /// The value as a whole number (`1.0` counts: templates are edited by hand), within
    /// ±`maximumMagnitude`.
    func int() throws(TemplateError) -> Int {
        let n = try double()
        guard let v = Int(exactly: n) else { throw error("\(n) is not a whole number") }
        return v
    }

    /// The value as an object of `schema`'s keys (any keys when nil, for a map).
    func object(_ schema: TemplateSchema?) throws(TemplateError) -> TemplateObject {
        try TemplateObject(self, schema: schema)
    }

    /// The value as an array; each element carries its own path.
    func array() throws(TemplateError) -> [TemplateValue] {
        guard case let .array(elements) = json else { throw mismatch("an array") }
        var values: [TemplateValue] = []
        values.reserveCapacity(elements.count)
        let path = path
        for (i, element) in elements.enumerated() {
            values.append(TemplateValue(json: element, in: path, at: "[\(i)]", reading: reading))
        }
        return values
    }
}

/// A part of a template read from one JSON value.
protocol TemplateReadable {
    /// What the value looks like, for the key that holds it.
    static var kind: TemplateKind { get }
    init(_ value: TemplateValue) throws(TemplateError)
}

/// A part of a template written as a JSON object with declared keys and read by hand: the
/// labels of one language, whose groups are read as words by key rather than into properties.
/// Every other object is a `TemplateSpec`, built from its schema.
protocol TemplateObjectReadable: TemplateReadable {
    /// Every key the object may have: any other is refused, so a misspelt key in a template is
    /// an error rather than a silently ignored setting.
    static var schema: TemplateSchema { get }
    init(_ object: TemplateObject) throws(TemplateError)
}

extension TemplateObjectReadable {
    static var kind: TemplateKind { .object(schema) }

    init(_ value: TemplateValue) throws(TemplateError) {
        let object = try value.object(Self.schema)
        try self.init(object)
        // A declared key that the reading never asks for would be a setting silently ignored.
        assert(object.unread.isEmpty, "\(Self.self) declares \(object.unread) but does not read them")
    }
}
