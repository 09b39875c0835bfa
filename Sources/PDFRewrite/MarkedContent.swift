/// Finding the marked-content operators of a content stream (ISO 32000-1 §14.6) without
/// reading the rest of it as objects.

/// `/Tag << … >> BDC`: a marked-content sequence opened with an inline property list.
public struct MarkedContentOperator: Equatable, Sendable {
    public var tag: PDFName
    public var properties: PDFDictionary
    /// From the tag's slash to the end of `BDC`.
    public var range: Range<Int>
}

/// Reading a page's content stream for what the accessibility update needs: its marked-content
/// operators, not its drawing.
public enum ContentStream {
    /// Every `/Tag << … >> BDC` in `content`, in order. A page's content is mostly numbers and
    /// operators this never needs; it skips them byte by byte and reads whole tokens only where
    /// one could hide or fake the operator: strings (`(…)`, `<…>`) and comments are passed
    /// over, so text that reads like the operator is never taken for one, and an inline image's
    /// data (`ID` … `EI`) is passed over as bytes.
    public static func markedContent(in content: [UInt8]) throws -> [MarkedContentOperator] {
        var found: [MarkedContentOperator] = []
        try content.withUnsafeBufferPointer { p in
            let n = p.count
            var i = 0
            // Only these bytes start anything this reads: skip the rest in a tight loop.
            let interesting = UnsafeMutablePointer<Bool>.allocate(capacity: 256)
            defer { interesting.deallocate() }
            interesting.initialize(repeating: false, count: 256)
            for byte in "(</%I".utf8 { interesting[Int(byte)] = true }
            // Where the last name began and ended: a dictionary right after it is its operand.
            var lastName: (start: Int, end: Int)?
            func tokenStart(_ k: Int) -> Bool { k == 0 || !ByteClass.isRegular(p[k - 1]) }
            while i < n {
                while i < n && !interesting[Int(p[i])] { i += 1 }
                guard i < n else { break }
                switch p[i] {
                case UInt8(ascii: "("):
                    var parser = ObjectParser(p, at: i)
                    try parser.skipLiteralString()
                    i = parser.position
                case UInt8(ascii: "%"):
                    while i < n && p[i] != 0x0A && p[i] != 0x0D { i += 1 }
                case UInt8(ascii: "/"):
                    let start = i
                    i += 1
                    while i < n && ByteClass.isRegular(p[i]) { i += 1 }
                    lastName = (start, i)
                case UInt8(ascii: "<") where i + 1 < n && p[i + 1] == UInt8(ascii: "<"):
                    var parser = ObjectParser(p, at: i)
                    let properties = try parser.dictionary()
                    let end = parser.position
                    defer { i = end }
                    guard let tag = lastName, (tag.end..<i).allSatisfy({ ByteClass.isSpace(p[$0]) }) else { break }
                    if parser.take("BDC") {
                        var nameParser = ObjectParser(p, at: tag.start)
                        let name = try nameParser.name()
                        found.append(
                            MarkedContentOperator(tag: name, properties: properties, range: tag.start..<parser.position)
                        )
                        i = parser.position
                    }
                case UInt8(ascii: "<"):
                    var parser = ObjectParser(p, at: i)
                    try parser.skipHexString()
                    i = parser.position
                case UInt8(ascii: "I")
                where tokenStart(i) && i + 2 < n && p[i + 1] == UInt8(ascii: "D") && ByteClass.isSpace(p[i + 2]):
                    // Inline image data runs to `EI` between white space (§8.9.7).
                    i += 3
                    while i + 2 <= n {
                        if p[i] == UInt8(ascii: "E"), p[i + 1] == UInt8(ascii: "I"), ByteClass.isSpace(p[i - 1]),
                            i + 2 == n || ByteClass.isSpace(p[i + 2])
                        {
                            break
                        }
                        i += 1
                    }
                    guard i + 2 <= n else { throw PDFError("an inline image's data does not end in EI") }
                    i += 2
                default:
                    i += 1
                }
            }
        }
        return found
    }

    /// `content` with each range replaced by its bytes (ranges in order, not overlapping).
    public static func replacing(_ replacements: [(range: Range<Int>, bytes: [UInt8])], in content: [UInt8]) -> [UInt8]
    {
        var out: [UInt8] = []
        out.reserveCapacity(content.count)
        var copied = 0
        for (range, bytes) in replacements {
            precondition(range.lowerBound >= copied, "marked-content replacements out of order")
            out += content[copied..<range.lowerBound]
            out += bytes
            copied = range.upperBound
        }
        out += content[copied...]
        return out
    }
}
