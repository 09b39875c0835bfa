/// A strict RFC 8259 JSON parser that keeps what `JSONSerialization` throws away:
/// the position of an error, object keys in document order, and duplicate keys.

import Foundation

/// Parses one JSON document.
///
/// Strict RFC 8259: no comments, trailing commas, leading zeros, single quotes,
/// raw control characters in strings, lone surrogate escapes or invalid UTF-8;
/// nothing but whitespace may follow the value. A UTF-8 byte order mark at the very
/// start is skipped. Containers may nest at most `maximumDepth` deep, so hostile
/// input cannot exhaust the stack of this recursive-descent parser.
public struct JSONParser {
    /// How many arrays and objects may be open at once.
    public static let maximumDepth = 64

    /// Parses `data` as one JSON value.
    public static func parse(_ data: Data) throws(JSONSyntaxError) -> JSONValue {
        try parse(Array(data))
    }

    /// Parses `bytes` (UTF-8) as one JSON value.
    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        do {
            return try parser.parseDocument()
        } catch {
            let (line, column) = TextPosition.lineAndColumn(in: bytes, start: parser.start, offset: error.offset)
            throw JSONSyntaxError(line: line, column: column, reason: error.reason)
        }
    }

    /// An error before it is given a line and column, which costs a scan from the start.
    struct Failure: Error {
        var offset: Int
        var reason: String
    }

    let bytes: [UInt8]
    /// The first byte after any byte order mark.
    let start: Int
    var position: Int
    private var depth = 0

    private init(bytes: [UInt8]) {
        self.bytes = bytes
        let hasBOM = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        self.start = hasBOM ? 3 : 0
        self.position = start
    }

    private mutating func parseDocument() throws(Failure) -> JSONValue {
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        guard position == bytes.count else {
            if let comment = commentFailure() { throw comment }
            throw Failure(
                offset: position, reason: "unexpected \(describeByte(at: position)) after the end of the JSON value")
        }
        return value
    }

    private mutating func parseValue() throws(Failure) -> JSONValue {
        guard position < bytes.count else { throw unexpected(expected: "a value") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        case UInt8(ascii: "t"): try parseLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try parseLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try parseLiteral("null"); return .null
        default: throw unexpected(expected: "a value")
        }
    }

    private mutating func parseLiteral(_ word: StaticString) throws(Failure) {
        let literal = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard position + literal.count <= bytes.count,
            bytes[position..<(position + literal.count)].elementsEqual(literal)
        else { throw Failure(offset: position, reason: "invalid literal; expected \(word)") }
        position += literal.count
    }

    private mutating func enterContainer() throws(Failure) {
        depth += 1
        guard depth <= Self.maximumDepth else {
            throw Failure(offset: position, reason: "arrays and objects nest deeper than \(Self.maximumDepth) levels")
        }
    }

    private mutating func parseArray() throws(Failure) -> JSONValue {
        try enterContainer()
        position += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if peek(is: "]") {
            position += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            if peek(is: "]"), !elements.isEmpty {
                throw Failure(offset: position, reason: "trailing comma before ']'")
            }
            elements.append(try parseValue())
            skipWhitespace()
            if peek(is: ",") {
                position += 1
            } else if peek(is: "]") {
                position += 1
                depth -= 1
                return .array(elements)
            } else {
                throw unexpected(expected: "',' or ']'")
            }
        }
    }

    private mutating func parseObject() throws(Failure) -> JSONValue {
        try enterContainer()
        position += 1
        var members: [JSONMember] = []
        skipWhitespace()
        if peek(is: "}") {
            position += 1
            depth -= 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            if peek(is: "}"), !members.isEmpty {
                throw Failure(offset: position, reason: "trailing comma before '}'")
            }
            guard peek(is: "\"") else { throw unexpected(expected: "an object key in double quotes") }
            let key = try parseString()
            skipWhitespace()
            guard peek(is: ":") else { throw unexpected(expected: "':' after the object key") }
            position += 1
            skipWhitespace()
            members.append(JSONMember(key: key, value: try parseValue()))
            skipWhitespace()
            if peek(is: ",") {
                position += 1
            } else if peek(is: "}") {
                position += 1
                depth -= 1
                return .object(members)
            } else {
                throw unexpected(expected: "',' or '}'")
            }
        }
    }

    private mutating func parseNumber() throws(Failure) -> JSONValue {
        let numberStart = position
        if peek(is: "-") { position += 1 }
        guard isDigit(at: position) else { throw unexpected(expected: "a digit after '-'") }
        if peek(is: "0") {
            position += 1
            if isDigit(at: position) {
                throw Failure(offset: numberStart, reason: "leading zeros are not allowed in numbers")
            }
        } else {
            skipDigits()
        }
        var isInteger = true
        if peek(is: ".") {
            position += 1
            guard isDigit(at: position) else { throw unexpected(expected: "a digit after the decimal point") }
            skipDigits()
            isInteger = false
        }
        if peek(is: "e") || peek(is: "E") {
            position += 1
            if peek(is: "+") || peek(is: "-") { position += 1 }
            guard isDigit(at: position) else { throw unexpected(expected: "a digit in the exponent") }
            skipDigits()
            isInteger = false
        }
        let text = String(decoding: bytes[numberStart..<position], as: UTF8.self)
        // Out-of-range literals such as 1e400 become infinite; validation rejects them,
        // with a path, rather than the parser without one.
        let negative = bytes[numberStart] == UInt8(ascii: "-")
        let value = Double(text) ?? (negative ? -Double.infinity : Double.infinity)
        return .number(value, isInteger: isInteger)
    }

    // MARK: Small helpers

    func peek(is character: Unicode.Scalar) -> Bool {
        position < bytes.count && bytes[position] == UInt8(ascii: character)
    }

    private func isDigit(at index: Int) -> Bool {
        index < bytes.count && bytes[index] >= UInt8(ascii: "0") && bytes[index] <= UInt8(ascii: "9")
    }

    private mutating func skipDigits() {
        while isDigit(at: position) { position += 1 }
    }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    /// The error for finding something other than `expected` at the current position.
    func unexpected(expected: String) -> Failure {
        guard position < bytes.count else {
            return Failure(offset: position, reason: "unexpected end of input; expected \(expected)")
        }
        if let comment = commentFailure() { return comment }
        if bytes[position] == UInt8(ascii: "'") {
            return Failure(offset: position, reason: "strings must be in double quotes, not single quotes")
        }
        return Failure(offset: position, reason: "expected \(expected), got \(describeByte(at: position))")
    }

    /// A clearer error than "unexpected '/'" for the most common non-JSON habit.
    private func commentFailure() -> Failure? {
        guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "/"),
            bytes[position + 1] == UInt8(ascii: "/") || bytes[position + 1] == UInt8(ascii: "*")
        else { return nil }
        return Failure(offset: position, reason: "comments are not allowed in JSON")
    }

    /// Names the character at `index` for a message: `character 'x'`, `character U+00A0`,
    /// or `invalid UTF-8 byte 0xFF`.
    func describeByte(at index: Int) -> String {
        let b = bytes[index]
        if b >= 0x21 && b < 0x7F { return "character '\(Character(Unicode.Scalar(b)))'" }
        if b < 0x80 { return "character \(Self.scalarName(UInt32(b)))" }
        if let (scalar, _) = decodeScalar(at: index) { return "character \(Self.scalarName(scalar.value))" }
        return "invalid UTF-8 byte \(Self.hexByte(b))"
    }

    static func scalarName(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    static func hexByte(_ b: UInt8) -> String {
        let hex = String(b, radix: 16, uppercase: true)
        return "0x" + (hex.count == 1 ? "0" : "") + hex
    }
}
