/// PDF object syntax (ISO 32000-1 §7.3) read from bytes: the one reader of objects, whether they
/// sit in the file, in an object stream or among a content stream's operands.

/// Reads objects and keywords from `bytes`, from `position` on.
///
/// Works on a raw buffer (the caller keeps the bytes alive): the rewrite reads thousands of
/// small dictionaries, and a checked array subscript per byte cost several times as much.
struct ObjectParser {
    let bytes: UnsafeBufferPointer<UInt8>
    var position: Int
    /// Bytes before this offset are not the parser's (an object stream's header, say): only
    /// for the offsets in error messages.
    var origin = 0

    /// How deeply arrays and dictionaries may nest: far beyond any real file, and a bound on
    /// the recursion a crafted one could ask for.
    static let depthLimit = 64

    init(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int = 0) {
        self.bytes = bytes
        self.position = position
    }

    var atEnd: Bool { position >= bytes.count }

    func error(_ what: String) -> PDFError {
        PDFError("\(what) at byte \(origin + position)")
    }

    /// Past white space and comments.
    mutating func skipSpace() {
        while position < bytes.count {
            let c = bytes[position]
            if ByteClass.isSpace(c) {
                position += 1
            } else if c == UInt8(ascii: "%") {
                while position < bytes.count, bytes[position] != 0x0A, bytes[position] != 0x0D { position += 1 }
            } else {
                return
            }
        }
    }

    /// The next run of regular bytes (a keyword such as `obj`, `stream`, `R`), after white
    /// space; empty when a delimiter or the end comes first. Does not move past a non-keyword.
    mutating func keyword() -> ArraySlice<UInt8> {
        skipSpace()
        let start = position
        while position < bytes.count, ByteClass.isRegular(bytes[position]) { position += 1 }
        return Array(bytes[start..<position])[...]
    }

    /// Whether the next keyword is `word`; moves past it only if so.
    mutating func take(_ word: StaticString) -> Bool {
        skipSpace()
        let count = word.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        let text = UnsafeBufferPointer(start: word.utf8Start, count: count)
        for k in 0..<count where bytes[position + k] != text[k] { return false }
        // A keyword ends at white space, a delimiter or the end: `stream` is not `streamer`.
        if position + count < bytes.count, ByteClass.isRegular(bytes[position + count]) { return false }
        position += count
        return true
    }

    /// A non-negative integer written as plain digits (object numbers, offsets), after white space.
    mutating func unsignedInteger() -> Int? {
        skipSpace()
        var value = 0, digits = 0
        while position < bytes.count, ByteClass.isDigit(bytes[position]), digits < 18 {
            value = value * 10 + Int(bytes[position] - 0x30)
            position += 1
            digits += 1
        }
        guard digits > 0, position >= bytes.count || !ByteClass.isRegular(bytes[position]) else { return nil }
        return value
    }

    /// The next object. A keyword other than `true`, `false` and `null` is an error here:
    /// callers that expect one (`obj`, `stream`, `BDC`) read it with `take(_:)`.
    mutating func object(depth: Int = 0) throws -> PDFObject {
        guard depth < Self.depthLimit else {
            throw error("arrays and dictionaries nest more than \(Self.depthLimit) deep")
        }
        skipSpace()
        guard position < bytes.count else { throw error("the data ends where an object was expected") }
        switch bytes[position] {
        case UInt8(ascii: "/"):
            return .name(try name())
        case UInt8(ascii: "("):
            return .string(try literalString())
        case UInt8(ascii: "<"):
            if position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "<") {
                return .dictionary(try dictionary(depth: depth))
            }
            return .string(try hexString())
        case UInt8(ascii: "["):
            position += 1
            var items: [PDFObject] = []
            while true {
                skipSpace()
                guard position < bytes.count else { throw error("an array is not closed") }
                if bytes[position] == UInt8(ascii: "]") {
                    position += 1
                    return .array(items)
                }
                items.append(try object(depth: depth + 1))
            }
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
            return try number()
        default:
            let start = position
            let word = keyword()
            switch String(decoding: word, as: UTF8.self) {
            case "true": return .boolean(true)
            case "false": return .boolean(false)
            case "null": return .null
            case "": throw error("unexpected '\(Character(Unicode.Scalar(bytes[start])))'")
            default:
                position = start
                throw error("unexpected keyword \"\(String(decoding: word.prefix(32), as: UTF8.self))\"")
            }
        }
    }

    /// `<< /Key value … >>`, the `<<` next.
    mutating func dictionary(depth: Int = 0) throws -> PDFDictionary {
        position += 2
        var entries: [(key: PDFName, value: PDFObject)] = []
        entries.reserveCapacity(8)
        var seen: Set<PDFName> = []
        while true {
            skipSpace()
            guard position + 1 < bytes.count else { throw error("a dictionary is not closed") }
            if bytes[position] == UInt8(ascii: ">"), bytes[position + 1] == UInt8(ascii: ">") {
                position += 2
                break
            }
            guard bytes[position] == UInt8(ascii: "/") else { throw error("a dictionary key is not a name") }
            let key = try name()
            let value = try object(depth: depth + 1)
            // Names are few per dictionary: a linear check beats hashing them, up to a point
            // (a crafted dictionary may have hundreds of thousands).
            if entries.count < 32 {
                if entries.contains(where: { $0.key == key }) { throw error("a dictionary names \(key) twice") }
            } else {
                if seen.isEmpty { seen = Set(entries.map(\.key)) }
                if !seen.insert(key).inserted { throw error("a dictionary names \(key) twice") }
            }
            // A null value is, by the standard, the same as no entry.
            if value != .null { entries.append((key, value)) }
        }
        return PDFDictionary(unique: entries)
    }

    /// `/Name`, its `#xx` escapes decoded; the slash next.
    mutating func name() throws -> PDFName {
        position += 1
        let start = position
        var escaped = false
        while position < bytes.count, ByteClass.isRegular(bytes[position]) {
            if bytes[position] == UInt8(ascii: "#") { escaped = true }
            position += 1
        }
        guard escaped else { return PDFName(bytes: UnsafeBufferPointer(rebasing: bytes[start..<position])) }
        var out: [UInt8] = []
        var k = start
        while k < position {
            if bytes[k] == UInt8(ascii: "#") {
                guard k + 2 < position, let high = ByteClass.hexValue(bytes[k + 1]),
                    let low = ByteClass.hexValue(bytes[k + 2])
                else {
                    throw error("a name has a '#' without two hex digits")
                }
                out.append(high << 4 | low)
                k += 3
            } else {
                out.append(bytes[k])
                k += 1
            }
        }
        return PDFName(bytes: out)
    }

    /// Moves past the next object without building it (the writer copies most objects as they
    /// are, and needs only where each ends); true when it is a dictionary or an array.
    mutating func skipObject(depth: Int = 0) throws -> Bool {
        guard depth < Self.depthLimit else {
            throw error("arrays and dictionaries nest more than \(Self.depthLimit) deep")
        }
        skipSpace()
        guard position < bytes.count else { throw error("the data ends where an object was expected") }
        switch bytes[position] {
        case UInt8(ascii: "/"):
            position += 1
            while position < bytes.count, ByteClass.isRegular(bytes[position]) { position += 1 }
            return false
        case UInt8(ascii: "("):
            try skipLiteralString()
            return false
        case UInt8(ascii: "<"):
            guard position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "<") else {
                try skipHexString()
                return false
            }
            position += 2
            while true {
                skipSpace()
                guard position + 1 < bytes.count else { throw error("a dictionary is not closed") }
                if bytes[position] == UInt8(ascii: ">"), bytes[position + 1] == UInt8(ascii: ">") {
                    position += 2
                    return true
                }
                _ = try skipObject(depth: depth + 1)
            }
        case UInt8(ascii: "["):
            position += 1
            while true {
                skipSpace()
                guard position < bytes.count else { throw error("an array is not closed") }
                if bytes[position] == UInt8(ascii: "]") {
                    position += 1
                    return true
                }
                _ = try skipObject(depth: depth + 1)
            }
        default:
            _ = try object(depth: depth)
            return false
        }
    }

    /// Past `( … )` without decoding it.
    mutating func skipLiteralString() throws {
        position += 1
        var depth = 1
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "\\"): position += 1
            case UInt8(ascii: "("): depth += 1
            case UInt8(ascii: ")"):
                depth -= 1
                if depth == 0 {
                    position += 1
                    return
                }
            default: break
            }
            position += 1
        }
        throw error("a string is not closed")
    }

    /// Past `< … >` without decoding it.
    mutating func skipHexString() throws {
        position += 1
        while position < bytes.count, bytes[position] != UInt8(ascii: ">") { position += 1 }
        guard position < bytes.count else { throw error("a hex string is not closed") }
        position += 1
    }

    /// `( … )`: balanced parentheses, backslash escapes, and an unescaped end of line read as
    /// a line feed (§7.3.4.2).
    mutating func literalString() throws -> [UInt8] {
        position += 1
        var out: [UInt8] = [], depth = 1
        while position < bytes.count {
            let c = bytes[position]
            position += 1
            switch c {
            case UInt8(ascii: "("):
                depth += 1
                out.append(c)
            case UInt8(ascii: ")"):
                depth -= 1
                if depth == 0 { return out }
                out.append(c)
            case 0x0D:
                // CR or CR LF: one line feed.
                if position < bytes.count, bytes[position] == 0x0A { position += 1 }
                out.append(0x0A)
            case UInt8(ascii: "\\"):
                guard position < bytes.count else { break }
                let e = bytes[position]
                position += 1
                switch e {
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case 0x0D:
                    // A backslash before an end of line continues the string on the next line.
                    if position < bytes.count, bytes[position] == 0x0A { position += 1 }
                case 0x0A:
                    break
                case UInt8(ascii: "0")...UInt8(ascii: "7"):
                    var value = Int(e - 0x30), digits = 1
                    while digits < 3, position < bytes.count, bytes[position] >= 0x30, bytes[position] <= 0x37 {
                        value = value * 8 + Int(bytes[position] - 0x30)
                        position += 1
                        digits += 1
                    }
                    out.append(UInt8(truncatingIfNeeded: value))
                default:
                    // `\(`, `\)`, `\\`, and (by the standard) any other escaped byte as itself.
                    out.append(e)
                }
            default:
                out.append(c)
            }
        }
        throw error("a string is not closed")
    }

    /// `< … >`: hex digits, white space ignored, a missing last digit read as 0.
    mutating func hexString() throws -> [UInt8] {
        position += 1
        var out: [UInt8] = [], high: UInt8?
        while position < bytes.count {
            let c = bytes[position]
            position += 1
            if c == UInt8(ascii: ">") {
                if let high { out.append(high << 4) }
                return out
            }
            if ByteClass.isSpace(c) { continue }
            guard let value = ByteClass.hexValue(c) else {
                throw error("a hex string holds a byte that is not a hex digit")
            }
            if let h = high {
                out.append(h << 4 | value)
                high = nil
            } else {
                high = value
            }
        }
        throw error("a hex string is not closed")
    }

    /// An integer, a real, or an indirect reference (`12 0 R`: two integers and `R`).
    mutating func number() throws -> PDFObject {
        let start = position
        let sign = bytes[position]
        if sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { position += 1 }
        var digits = 0, dot = false, value = 0
        while position < bytes.count {
            let c = bytes[position]
            if ByteClass.isDigit(c) {
                // Up to 18 digits fit; a longer integer is kept as written, like a real.
                if digits < 18 { value = value &* 10 &+ Int(c &- 0x30) }
                digits += 1
            } else if c == UInt8(ascii: "."), !dot {
                dot = true
            } else {
                break
            }
            position += 1
        }
        guard digits > 0, position >= bytes.count || !ByteClass.isRegular(bytes[position]) else {
            throw error("a number is malformed")
        }
        guard !dot, digits <= 18 else { return .real(String(decoding: bytes[start..<position], as: UTF8.self)) }
        if sign == UInt8(ascii: "-") { return .integer(-value) }
        guard sign != UInt8(ascii: "+") else { return .integer(value) }
        // `n g R`? Only if a digit comes next (most integers are followed by a name or `>>`).
        let after = position
        skipSpace()
        guard position < bytes.count, ByteClass.isDigit(bytes[position]) else {
            position = after
            return .integer(value)
        }
        if let generation = unsignedInteger(), take("R") { return .reference(PDFReference(value, generation)) }
        position = after
        return .integer(value)
    }
}
