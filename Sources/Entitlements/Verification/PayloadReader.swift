/// Reading the JSON of App Store signed data (JWS headers and payloads) with the project's strict
/// parser, field by field, with the types Apple's JSON uses.
import Foundation
import StrictJSON

/// A wire model read from a JSON object by a `PayloadReader`.
protocol PayloadReadable {
    /// The model from the fields of `json`; a field of the wrong kind is an error, an absent or
    /// null one is nil, and keys the model does not know are ignored (Apple adds fields).
    init(json: PayloadReader) throws(PayloadFormatError)
}

extension PayloadReadable {
    /// The model held by `data`, a whole JSON document (see `PayloadReader.document`).
    static func read(from data: Data) throws(PayloadFormatError) -> Self {
        try Self(json: PayloadReader.document(data))
    }
}

/// One JSON object of signed data, with typed access to its fields.
///
/// Signed data is read by the verifier and, unverified, by the store's index and the importer; a key written twice
/// could let two readers see two different values under one signature, so a document with a key
/// written twice in any of its objects is refused, not read "last one wins" or "first one wins".
struct PayloadReader {
    /// The largest document read, in bytes. Apple's largest (a notification carrying a signed
    /// transaction and renewal info) is some tens of kilobytes; this leaves room and bounds the memory
    /// a hostile token can make the parser use. Depth is bounded by `JSONParser.maximumDepth`.
    static let maximumBytes = 1 << 20

    /// Where this object is in its document, for messages.
    let path: JSONPath
    private let members: [String: JSONValue]

    private init(members: [JSONMember], path: JSONPath) {
        self.path = path
        // `document` has refused repeated keys already. Uniquing, not `uniqueKeysWithValues`, so
        // that were that check ever broken the tests would fail instead of the program trapping.
        self.members = Dictionary(members.lazy.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    /// The top-level object of `data`: at most `maximumBytes`, strict JSON, an object, and no key
    /// written twice in any object of the document (read or not).
    static func document(_ data: Data) throws(PayloadFormatError) -> PayloadReader {
        guard data.count <= maximumBytes else {
            throw PayloadFormatError(path: .root, message: "\(data.count) bytes, more than the \(maximumBytes) allowed")
        }
        let value: JSONValue
        do {
            value = try JSONParser.parse(data)
        } catch {
            throw PayloadFormatError(path: .root, message: "not JSON: \(error)")
        }
        guard case .object(let members) = value else {
            throw PayloadFormatError(path: .root, message: "expected an object, found \(value.kindDescription)")
        }
        try rejectRepeatedKeys(in: value, at: { .root })
        return PayloadReader(members: members, path: .root)
    }

    /// Throws for the first object, in or under `value`, that writes a key twice. The path is a
    /// closure so that valid documents, the usual case, build no path text.
    private static func rejectRepeatedKeys(in value: JSONValue, at path: () -> JSONPath) throws(PayloadFormatError) {
        switch value {
        case .object(let members):
            var seen = Set<String>(minimumCapacity: members.count)
            for member in members {
                guard seen.insert(member.key).inserted else {
                    throw PayloadFormatError(path: path().key(member.key), message: "the key is written twice")
                }
                try rejectRepeatedKeys(in: member.value, at: { path().key(member.key) })
            }
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                try rejectRepeatedKeys(in: element, at: { path().index(index) })
            }
        case .null, .bool, .number, .string:
            return
        }
    }

    // MARK: Fields

    /// Whether the object has `key`, even with a null value (what a guess at the payload's kind needs).
    func contains(_ key: String) -> Bool {
        members[key] != nil
    }

    /// The string at `key`.
    func string(_ key: String) throws(PayloadFormatError) -> String? {
        try field(key, expected: "a string") { value in
            if case .string(let text) = value { text } else { nil }
        }
    }

    /// The boolean at `key`; JSON `true` or `false`, not 0 or 1.
    func bool(_ key: String) throws(PayloadFormatError) -> Bool? {
        try field(key, expected: "true or false") { value in
            if case .bool(let flag) = value { flag } else { nil }
        }
    }

    /// The number at `key`, such as a date in milliseconds since 1970, fraction and all.
    /// A literal too large for a Double (`1e400`) is refused, as Foundation's decoder refused it.
    func double(_ key: String) throws(PayloadFormatError) -> Double? {
        try field(key, expected: "a finite number") { value in
            if case .number(let number, _) = value, number.isFinite { number } else { nil }
        }
    }

    /// The date at `key`: milliseconds since 1970, fraction and all, within the years 0 to 9999.
    /// Anything else (−1e308, a date in year 5,838,270) is refused, so no date the store keeps or
    /// a command prints is out of the calendar. (Xcode writes an app transaction's unknown
    /// original purchase date as 0000-12-30, so the years before 1970 stay.)
    func date(_ key: String) throws(PayloadFormatError) -> Double? {
        try field(key, expected: "a date in milliseconds within the years 0 to 9999") { value in
            if case .number(let number, _) = value, number.isFinite, (Self.earliestDate...Self.latestDate).contains(number) { number } else { nil }
        }
    }

    /// 0000-01-01T00:00:00Z and 9999-12-31T23:59:59.999Z in milliseconds since 1970.
    static let earliestDate: Double = -62_167_219_200_000
    static let latestDate: Double = 253_402_300_799_999

    /// The integer at `key`. As with Foundation's decoder, any spelling of an integral value counts (`2`,
    /// `2.0`, `2e0`); a fraction does not. The value must be below 2^53 in magnitude: the parser
    /// holds numbers as Doubles, which are exact only that far, and a rounded integer is refused
    /// rather than read wrong. Apple's integer fields (statuses, quantities, prices, app ids) stay far below.
    func int(_ key: String) throws(PayloadFormatError) -> Int? {
        try field(key, expected: "an integer below 2^53 in magnitude") { value in
            guard case .number(let number, _) = value, number.rounded(.towardZero) == number,
                  abs(number) < 0x1p53 else { return nil }
            return Int(number)
        }
    }

    /// The array of strings at `key` (the header's `x5c`); a null or other element is refused.
    func strings(_ key: String) throws(PayloadFormatError) -> [String]? {
        try field(key, expected: "an array of strings") { value in
            guard case .array(let elements) = value else { return nil }
            var texts: [String] = []
            texts.reserveCapacity(elements.count)
            for element in elements {
                guard case .string(let text) = element else { return nil }
                texts.append(text)
            }
            return texts
        }
    }

    /// The object at `key`, read as `Model`.
    func object<Model: PayloadReadable>(_ key: String, as model: Model.Type) throws(PayloadFormatError) -> Model? {
        guard let value = members[key] else { return nil }
        switch value {
        case .null:
            return nil
        case .object(let nested):
            return try Model(json: PayloadReader(members: nested, path: path.key(key)))
        default:
            throw mismatch(key, expected: "an object", found: value)
        }
    }

    /// The value at `key` converted by `convert`, nil when the key is absent or null (as Foundation's
    /// `decodeIfPresent` read it), and an error when `convert` refuses the value.
    private func field<Value>(_ key: String, expected: String, _ convert: (JSONValue) -> Value?) throws(PayloadFormatError) -> Value? {
        guard let value = members[key] else { return nil }
        if case .null = value { return nil }
        guard let converted = convert(value) else { throw mismatch(key, expected: expected, found: value) }
        return converted
    }

    private func mismatch(_ key: String, expected: String, found value: JSONValue) -> PayloadFormatError {
        // A number's kind alone would not say what is wrong with `1.5` where an integer belongs.
        let found = if case .number(let number, _) = value { "the number \(number)" } else { value.kindDescription }
        return PayloadFormatError(path: path.key(key), message: "expected \(expected), found \(found)")
    }
}
