/// String literals: escapes, surrogate pairs and UTF-8 validation.

extension JSONParser {
    /// Parses the string literal whose opening quote is at `position`.
    mutating func parseString() throws(Failure) -> String {
        position += 1
        var decoded: [UInt8] = []
        // Unescaped runs are copied in one go; most strings have no escapes at all.
        var runStart = position
        while true {
            guard position < bytes.count else {
                throw Failure(offset: position, reason: "unexpected end of input inside a string")
            }
            let b = bytes[position]
            if b == UInt8(ascii: "\"") {
                decoded.append(contentsOf: bytes[runStart..<position])
                position += 1
                return String(decoding: decoded, as: UTF8.self)
            } else if b == UInt8(ascii: "\\") {
                decoded.append(contentsOf: bytes[runStart..<position])
                try parseEscape(into: &decoded)
                runStart = position
            } else if b < 0x20 {
                throw Failure(
                    offset: position,
                    reason:
                        "control character \(Self.scalarName(UInt32(b))) in a string; write it as an escape such as \\n"
                )
            } else if b < 0x80 {
                position += 1
            } else if let (_, length) = decodeScalar(at: position) {
                position += length
            } else {
                throw Failure(offset: position, reason: invalidUTF8Reason(at: position))
            }
        }
    }

    /// Parses the escape whose backslash is at `position`, appending its UTF-8.
    private mutating func parseEscape(into decoded: inout [UInt8]) throws(Failure) {
        let backslash = position
        guard position + 1 < bytes.count else {
            throw Failure(offset: position + 1, reason: "unexpected end of input inside a string")
        }
        let simple: UInt8?
        switch bytes[position + 1] {
        case UInt8(ascii: "\""): simple = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): simple = UInt8(ascii: "\\")
        case UInt8(ascii: "/"): simple = UInt8(ascii: "/")
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "u"): simple = nil
        default:
            throw Failure(offset: backslash, reason: "invalid escape \\\(describeEscaped(at: position + 1))")
        }
        if let simple {
            decoded.append(simple)
            position += 2
            return
        }
        let first = try hexQuad(at: position + 2, escapeAt: backslash)
        position += 6
        var scalarValue = UInt32(first)
        switch first {
        case 0xD800...0xDBFF:
            // A high surrogate means nothing alone: it must pair with a \u low surrogate.
            guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
                bytes[position + 1] == UInt8(ascii: "u")
            else {
                throw Failure(
                    offset: backslash,
                    reason: "lone surrogate \\u\(Self.hex4(first)); a high surrogate must be followed by a low one")
            }
            let second = try hexQuad(at: position + 2, escapeAt: position)
            guard (0xDC00...0xDFFF).contains(second) else {
                throw Failure(
                    offset: backslash,
                    reason: "lone surrogate \\u\(Self.hex4(first)); a high surrogate must be followed by a low one")
            }
            position += 6
            scalarValue = 0x10000 + (UInt32(first - 0xD800) << 10) + UInt32(second - 0xDC00)
        case 0xDC00...0xDFFF:
            throw Failure(
                offset: backslash,
                reason: "lone surrogate \\u\(Self.hex4(first)); a low surrogate must follow a high one")
        default:
            break
        }
        // Every value left is a valid scalar: surrogates were paired or rejected above.
        let scalar = Unicode.Scalar(scalarValue) ?? "\u{FFFD}"
        UTF8.encode(scalar) { decoded.append($0) }
    }

    /// Reads four hex digits starting at `index`.
    private func hexQuad(at index: Int, escapeAt escape: Int) throws(Failure) -> UInt16 {
        var value: UInt16 = 0
        for i in index..<(index + 4) {
            guard i < bytes.count, let digit = Self.hexValue(bytes[i]) else {
                throw Failure(offset: escape, reason: "expected four hex digits after \\u")
            }
            value = value << 4 | UInt16(digit)
        }
        return value
    }

    private static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return b - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return b - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return b - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    private static func hex4(_ v: UInt16) -> String {
        let hex = String(v, radix: 16, uppercase: true)
        return String(repeating: "0", count: 4 - hex.count) + hex
    }

    /// The character after a backslash, printable or as U+XXXX.
    private func describeEscaped(at index: Int) -> String {
        let b = bytes[index]
        if b >= 0x21 && b < 0x7F { return String(Character(Unicode.Scalar(b))) }
        if b < 0x80 { return "followed by \(Self.scalarName(UInt32(b)))" }
        if let (scalar, _) = decodeScalar(at: index) { return String(Character(scalar)) }
        return "followed by invalid UTF-8 byte \(Self.hexByte(b))"
    }

    /// Decodes one well-formed UTF-8 scalar at `index` (Unicode Table 3-7: no overlong
    /// forms, no encoded surrogates, nothing above U+10FFFF).
    func decodeScalar(at index: Int) -> (Unicode.Scalar, Int)? {
        let lead = bytes[index]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        var value: UInt32
        switch lead {
        case 0x00...0x7F: return (Unicode.Scalar(lead), 1)
        case 0xC2...0xDF: length = 2; value = UInt32(lead & 0x1F)
        case 0xE0: length = 3; value = 0; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3; value = UInt32(lead & 0x0F)
        case 0xED: length = 3; value = 0x0D; high = 0x9F
        case 0xF0: length = 4; value = 0; low = 0x90
        case 0xF1...0xF3: length = 4; value = UInt32(lead & 0x07)
        case 0xF4: length = 4; value = 4; high = 0x8F
        default: return nil
        }
        guard index + length <= bytes.count else { return nil }
        for offset in 1..<length {
            let b = bytes[index + offset]
            // Only the second byte has a narrowed range; the rest are plain continuations.
            let (lo, hi) = offset == 1 ? (low, high) : (UInt8(0x80), UInt8(0xBF))
            guard b >= lo && b <= hi else { return nil }
            value = value << 6 | UInt32(b & 0x3F)
        }
        guard let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }

    private func invalidUTF8Reason(at index: Int) -> String {
        let b = bytes[index]
        if b < 0xC2 || b > 0xF4 { return "invalid UTF-8 byte \(Self.hexByte(b))" }
        return "invalid UTF-8 sequence starting with byte \(Self.hexByte(b))"
    }
}
