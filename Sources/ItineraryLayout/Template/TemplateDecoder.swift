/// A `Decoder` over the project's own parsed JSON, for templates.
import Foundation
import ItineraryModel

/// Decodes `Decodable` types from a `JSONValue` tree.
///
/// Templates are read with the same JSON parser as trips, so a template with a syntax error
/// is reported with its line and column, and a key written twice in one object is refused
/// (Foundation's `JSONDecoder` says only "not valid JSON" and silently keeps one of the two
/// values). The `Codable` conformances are unchanged, and errors are the same
/// `DecodingError`s with the same coding paths, so `TemplateLoader` names keys as before.
///
/// Measured: not faster than `JSONDecoder`. Most of a template's load time (about 36 million
/// instructions) is the runtime instantiating the generic containers for each `CodingKeys`
/// type, each a first-time conformance lookup over every record of the statically linked
/// binary, which any `Codable` decoder pays.
struct TemplateDecoder {
    func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        try T(from: ValueDecoder(value: value, codingPath: []))
    }
}

/// A key of an object member or an array index, for coding paths.
private struct PathKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) {
        stringValue = "\(intValue)"
        self.intValue = intValue
    }
}

private struct ValueDecoder: Decoder {
    let value: JSONValue
    let codingPath: [CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case let .object(members) = value else { throw mismatch([String: Any].self, value, codingPath) }
        var fields: [String: JSONValue] = [:]
        for member in members {
            guard fields.updateValue(member.value, forKey: member.key) == nil else {
                throw DecodingError.dataCorrupted(.init(codingPath: codingPath + [PathKey(stringValue: member.key)],
                                                        debugDescription: "the key is written twice"))
            }
        }
        return KeyedDecodingContainer(ObjectContainer(fields: fields, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> UnkeyedDecodingContainer {
        guard case let .array(elements) = value else { throw mismatch([Any].self, value, codingPath) }
        return ArrayContainer(elements: elements, codingPath: codingPath)
    }

    func singleValueContainer() throws -> SingleValueDecodingContainer { ScalarContainer(value: value, codingPath: codingPath) }
}

/// The error `JSONDecoder` gives for a value of the wrong kind: `valueNotFound` for null.
private func mismatch(_ type: Any.Type, _ value: JSONValue, _ path: [CodingKey]) -> DecodingError {
    if case .null = value {
        return .valueNotFound(type, .init(codingPath: path, debugDescription: "expected a value, found null"))
    }
    return .typeMismatch(type, .init(codingPath: path, debugDescription: "found \(value.kindDescription)"))
}

/// Reads scalars out of one value; shared by all three container kinds.
private enum Scalars {
    static func string(_ value: JSONValue, _ path: [CodingKey]) throws -> String {
        guard case let .string(s) = value else { throw mismatch(String.self, value, path) }
        return s
    }

    static func bool(_ value: JSONValue, _ path: [CodingKey]) throws -> Bool {
        guard case let .bool(b) = value else { throw mismatch(Bool.self, value, path) }
        return b
    }

    static func double(_ value: JSONValue, _ path: [CodingKey]) throws -> Double {
        guard case let .number(n, _) = value else { throw mismatch(Double.self, value, path) }
        return n
    }

    /// A whole number that fits `T` (`1.0` counts, as with `JSONDecoder`).
    static func integer<T: FixedWidthInteger>(_ value: JSONValue, _ path: [CodingKey]) throws -> T {
        guard case let .number(n, _) = value else { throw mismatch(T.self, value, path) }
        guard let v = T(exactly: n) else {
            throw DecodingError.dataCorrupted(.init(codingPath: path, debugDescription: "\(n) is not a whole number that fits \(T.self)"))
        }
        return v
    }

    static func decode<T: Decodable>(_ type: T.Type, _ value: JSONValue, _ path: [CodingKey]) throws -> T {
        try T(from: ValueDecoder(value: value, codingPath: path))
    }
}

private struct ObjectContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let fields: [String: JSONValue]
    let codingPath: [CodingKey]

    var allKeys: [Key] { fields.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { fields[key.stringValue] != nil }

    private func value(_ key: Key) throws -> JSONValue {
        guard let v = fields[key.stringValue] else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "no value for \"\(key.stringValue)\""))
        }
        return v
    }

    private func path(_ key: Key) -> [CodingKey] { codingPath + [key] }

    func decodeNil(forKey key: Key) throws -> Bool {
        if case .null = try value(key) { return true }
        return false
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try Scalars.bool(value(key), path(key)) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try Scalars.string(value(key), path(key)) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try Scalars.double(value(key), path(key)) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { Float(try Scalars.double(value(key), path(key))) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try Scalars.integer(value(key), path(key)) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try Scalars.integer(value(key), path(key)) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try Scalars.integer(value(key), path(key)) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try Scalars.integer(value(key), path(key)) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try Scalars.integer(value(key), path(key)) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try Scalars.integer(value(key), path(key)) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try Scalars.integer(value(key), path(key)) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try Scalars.integer(value(key), path(key)) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try Scalars.integer(value(key), path(key)) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try Scalars.integer(value(key), path(key)) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try Scalars.decode(type, value(key), path(key)) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try ValueDecoder(value: value(key), codingPath: path(key)).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> UnkeyedDecodingContainer {
        try ValueDecoder(value: value(key), codingPath: path(key)).unkeyedContainer()
    }

    func superDecoder() throws -> Decoder {
        ValueDecoder(value: .object(fields.map { JSONMember(key: $0.key, value: $0.value) }), codingPath: codingPath)
    }

    func superDecoder(forKey key: Key) throws -> Decoder { ValueDecoder(value: try value(key), codingPath: path(key)) }
}

private struct ArrayContainer: UnkeyedDecodingContainer {
    let elements: [JSONValue]
    let codingPath: [CodingKey]
    private(set) var currentIndex = 0

    init(elements: [JSONValue], codingPath: [CodingKey]) {
        self.elements = elements
        self.codingPath = codingPath
    }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    private var path: [CodingKey] { codingPath + [PathKey(intValue: currentIndex)] }

    private mutating func next(_ type: Any.Type) throws -> (JSONValue, [CodingKey]) {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, .init(codingPath: path, debugDescription: "the array has no more elements"))
        }
        defer { currentIndex += 1 }
        return (elements[currentIndex], path)
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, case .null = elements[currentIndex] else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { let (v, p) = try next(type); return try Scalars.bool(v, p) }
    mutating func decode(_ type: String.Type) throws -> String { let (v, p) = try next(type); return try Scalars.string(v, p) }
    mutating func decode(_ type: Double.Type) throws -> Double { let (v, p) = try next(type); return try Scalars.double(v, p) }
    mutating func decode(_ type: Float.Type) throws -> Float { let (v, p) = try next(type); return Float(try Scalars.double(v, p)) }
    mutating func decode(_ type: Int.Type) throws -> Int { let (v, p) = try next(type); return try Scalars.integer(v, p) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { let (v, p) = try next(type); return try Scalars.integer(v, p) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { let (v, p) = try next(type); return try Scalars.integer(v, p) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { let (v, p) = try next(type); return try Scalars.integer(v, p) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { let (v, p) = try next(type); return try Scalars.integer(v, p) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { let (v, p) = try next(type); return try Scalars.integer(v, p) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { let (v, p) = try next(type); return try Scalars.integer(v, p) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { let (v, p) = try next(type); return try Scalars.integer(v, p) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { let (v, p) = try next(type); return try Scalars.integer(v, p) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { let (v, p) = try next(type); return try Scalars.integer(v, p) }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { let (v, p) = try next(type); return try Scalars.decode(type, v, p) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let (v, p) = try next([String: Any].self)
        return try ValueDecoder(value: v, codingPath: p).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> UnkeyedDecodingContainer {
        let (v, p) = try next([Any].self)
        return try ValueDecoder(value: v, codingPath: p).unkeyedContainer()
    }

    mutating func superDecoder() throws -> Decoder {
        let (v, p) = try next(Any.self)
        return ValueDecoder(value: v, codingPath: p)
    }
}

private struct ScalarContainer: SingleValueDecodingContainer {
    let value: JSONValue
    let codingPath: [CodingKey]

    func decodeNil() -> Bool {
        if case .null = value { return true }
        return false
    }

    func decode(_ type: Bool.Type) throws -> Bool { try Scalars.bool(value, codingPath) }
    func decode(_ type: String.Type) throws -> String { try Scalars.string(value, codingPath) }
    func decode(_ type: Double.Type) throws -> Double { try Scalars.double(value, codingPath) }
    func decode(_ type: Float.Type) throws -> Float { Float(try Scalars.double(value, codingPath)) }
    func decode(_ type: Int.Type) throws -> Int { try Scalars.integer(value, codingPath) }
    func decode(_ type: Int8.Type) throws -> Int8 { try Scalars.integer(value, codingPath) }
    func decode(_ type: Int16.Type) throws -> Int16 { try Scalars.integer(value, codingPath) }
    func decode(_ type: Int32.Type) throws -> Int32 { try Scalars.integer(value, codingPath) }
    func decode(_ type: Int64.Type) throws -> Int64 { try Scalars.integer(value, codingPath) }
    func decode(_ type: UInt.Type) throws -> UInt { try Scalars.integer(value, codingPath) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try Scalars.integer(value, codingPath) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try Scalars.integer(value, codingPath) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try Scalars.integer(value, codingPath) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try Scalars.integer(value, codingPath) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try Scalars.decode(type, value, codingPath) }
}
