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

    /// The object, read by the one object reader. Keys the model does not ask for pass: Apple adds fields.
    private let object: JSONObject

    /// Where this object is in its document, for messages.
    var path: JSONPath { object.path }

    /// The top-level object of `data`: at most `maximumBytes`, strict JSON, an object, and no key
    /// written twice in any object of the document (read or not).
    static func document(_ data: Data) throws(PayloadFormatError) -> PayloadReader {
        guard data.count <= maximumBytes else {
            throw PayloadFormatError(.root, "\(data.count) bytes, more than the \(maximumBytes) allowed")
        }
        let value: JSONValue
        do {
            value = try JSONParser.parse(data)
        } catch {
            throw PayloadFormatError(.root, "not JSON: \(error)")
        }
        let object = try JSONObject(value, at: .root, keys: .any)
        if let repeated = value.firstDuplicateKey(at: .root) { throw repeated }
        return PayloadReader(object: object)
    }

    // MARK: Fields

    /// Whether the object has `key`, even with a null value (what a guess at the payload's kind needs).
    func contains(_ key: String) -> Bool { object.contains(key) }

    /// The string at `key`.
    func string(_ key: String) throws(PayloadFormatError) -> String? { try object.string(key) }

    /// The boolean at `key`; JSON `true` or `false`, not 0 or 1.
    func bool(_ key: String) throws(PayloadFormatError) -> Bool? { try object.bool(key) }

    /// The number at `key`, fraction and all. A literal too large for a Double (`1e400`) is
    /// refused, as Foundation's decoder refused it.
    func double(_ key: String) throws(PayloadFormatError) -> Double? { try object.number(key) }

    /// The date at `key`: milliseconds since 1970, fraction and all, within the years 0 to 9999.
    /// Anything else (−1e308, a date in year 5,838,270) is refused, so no date the store keeps or
    /// a command prints is out of the calendar. (Xcode writes an app transaction's unknown
    /// original purchase date as 0000-12-30, so the years before 1970 stay.)
    func date(_ key: String) throws(PayloadFormatError) -> Double? {
        guard let milliseconds = try object.number(key) else { return nil }
        guard (Self.earliestDate...Self.latestDate).contains(milliseconds) else {
            throw PayloadFormatError.mismatch(
                at: path.key(key), expected: "a date in milliseconds within the years 0 to 9999",
                shown: MessageText.number(milliseconds))
        }
        return milliseconds
    }

    /// 0000-01-01T00:00:00Z and 9999-12-31T23:59:59.999Z in milliseconds since 1970.
    static let earliestDate: Double = -62_167_219_200_000
    static let latestDate: Double = 253_402_300_799_999

    /// The integer at `key`. As with Foundation's decoder, any spelling of an integral value counts
    /// (`2`, `2.0`, `2e0`); a fraction does not. Below 2^53 in magnitude (see `JSONValue.integer`):
    /// Apple's integer fields (statuses, quantities, prices, app ids) stay far below.
    func int(_ key: String) throws(PayloadFormatError) -> Int? { try object.integer(key) }

    /// The array of strings at `key` (the header's `x5c`); a null or other element is refused.
    func strings(_ key: String) throws(PayloadFormatError) -> [String]? { try object.strings(key) }

    /// The object at `key`, read as `Model`.
    func object<Model: PayloadReadable>(_ key: String, as model: Model.Type) throws(PayloadFormatError) -> Model? {
        guard let nested = try object.object(key, keys: .any) else { return nil }
        return try Model(json: PayloadReader(object: nested))
    }
}
