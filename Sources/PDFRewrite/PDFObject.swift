/// A PDF object as the file spells it (ISO 32000-1 §7.3), read by `ObjectParser` and written
/// by `ObjectWriter`.

/// One PDF object. Real numbers keep the digits they were written with, so an object read and
/// written again says the same thing (a `Double` would turn `0.1` into `0.10000000000000001`).
public enum PDFObject: Equatable, Sendable {
    case null
    case boolean(Bool)
    case integer(Int)
    /// The number as written (`-.5`, `12.250`).
    case real(String)
    /// The string's bytes, escapes and hex decoded.
    case string([UInt8])
    case name(PDFName)
    case array([PDFObject])
    case dictionary(PDFDictionary)
    case reference(PDFReference)

    /// The value of `key` when this is a dictionary.
    public subscript(key: PDFName) -> PDFObject? { dictionary?[key] }

    public var dictionary: PDFDictionary? {
        if case let .dictionary(d) = self { return d }
        return nil
    }

    public var array: [PDFObject]? {
        if case let .array(a) = self { return a }
        return nil
    }

    public var integer: Int? {
        if case let .integer(i) = self { return i }
        return nil
    }

    public var name: PDFName? {
        if case let .name(n) = self { return n }
        return nil
    }

    public var reference: PDFReference? {
        if case let .reference(r) = self { return r }
        return nil
    }

    public var string: [UInt8]? {
        if case let .string(s) = self { return s }
        return nil
    }
}

/// `n g R`: an indirect object's number and generation.
public struct PDFReference: Hashable, Sendable, CustomStringConvertible {
    public var number: Int
    public var generation: Int

    public init(_ number: Int, _ generation: Int = 0) {
        self.number = number
        self.generation = generation
    }

    public var description: String { "\(number) \(generation) R" }
}

/// A name (`/Type`), without its slash and with its `#xx` escapes decoded.
///
/// Up to 16 bytes are held in two words, without an allocation: a rewrite reads tens of
/// thousands of names, nearly all short, and compares them by the word.
public struct PDFName: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    private var head: (UInt64, UInt64) = (0, 0)
    private var count: Int
    /// The whole name when it is longer than 16 bytes.
    private var long: [UInt8]?

    public init(bytes: UnsafeBufferPointer<UInt8>) {
        count = bytes.count
        if count > 16 {
            long = Array(bytes)
        } else {
            for (k, byte) in bytes.enumerated() {
                if k < 8 { head.0 |= UInt64(byte) << (8 * k) } else { head.1 |= UInt64(byte) << (8 * (k - 8)) }
            }
        }
    }

    public init(bytes: [UInt8]) {
        self = bytes.withUnsafeBufferPointer { PDFName(bytes: $0) }
    }

    public init(stringLiteral value: StaticString) {
        self = value.withUTF8Buffer { PDFName(bytes: $0) }
    }

    /// The name's bytes, as the file holds them once `#xx` escapes are decoded.
    public var bytes: [UInt8] {
        if let long { return long }
        return (0..<count).map { k in UInt8(truncatingIfNeeded: k < 8 ? head.0 >> (8 * k) : head.1 >> (8 * (k - 8))) }
    }

    /// The name as text (UTF-8 decoded).
    public var string: String { String(decoding: bytes, as: UTF8.self) }

    public var description: String { "/" + string }

    public static func == (a: PDFName, b: PDFName) -> Bool {
        a.count == b.count && a.head == b.head && a.long == b.long
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        hasher.combine(head.0)
        hasher.combine(head.1)
        hasher.combine(long)
    }
}

/// A dictionary, in the order its entries were written (which the writer keeps: a file read
/// and written again differs only where it was changed).
public struct PDFDictionary: Equatable, Sendable {
    public private(set) var entries: [(key: PDFName, value: PDFObject)]

    public init(_ entries: [(key: PDFName, value: PDFObject)] = []) {
        self.entries = []
        for (key, value) in entries { self[key] = value }
    }

    /// Entries already known to name each key once (the parser checks as it reads).
    init(unique entries: [(key: PDFName, value: PDFObject)]) {
        self.entries = entries
    }

    /// The value of `key`; setting `nil` removes the entry, setting a new key appends it, an
    /// existing key keeps its place. (A `null` value is, by the standard, an absent entry.)
    public subscript(key: PDFName) -> PDFObject? {
        get {
            for entry in entries where entry.key == key { return entry.value }
            return nil
        }
        set {
            let index = entries.firstIndex { $0.key == key }
            switch (index, newValue) {
            case let (index?, value?): entries[index].value = value
            case let (index?, nil): entries.remove(at: index)
            case let (nil, value?): entries.append((key, value))
            case (nil, nil): break
            }
        }
    }

    public static func == (a: PDFDictionary, b: PDFDictionary) -> Bool {
        a.entries.count == b.entries.count
            && zip(a.entries, b.entries).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }
}
