/// Finding the marked-content operators of a content stream (ISO 32000-1 §14.6) without
/// reading the rest of it as objects.

/// `/Tag << … >> BDC`: a marked-content sequence opened with an inline property list.
public struct MarkedContentOperator: Equatable, Sendable {
    public var tag: PDFName
    public var properties: PDFDictionary
    /// From the tag's slash to the end of `BDC`.
    public var range: Range<Int>
}

/// What `ContentStream.marks(in:filledRectangle:)` finds in a content stream.
public enum ContentMark: Equatable, Sendable {
    case markedContent(MarkedContentOperator)
    /// A rectangle filled by `x y w h re f` with the operands asked for, from the first operand
    /// to the `f`; `marked` when it lies inside a marked-content sequence (`BDC` or `BMC` …
    /// `EMC`).
    case filledRectangle(Range<Int>, marked: Bool)
    /// A text-showing operator (`Tj`, `TJ`, `'`, `"`) outside every marked-content sequence that
    /// is an artifact (`/Artifact`) or has an MCID: text that is neither in the structure tree
    /// nor an artifact. At the operator's first byte.
    case unmarkedText(Int)
}

/// The rectangle `ContentStream.marks(in:filledRectangle:)` looks for: `x y width height re f`
/// whose operands are these numbers, each within `tolerance`. Compared as numbers, never as
/// the digits one writer prints (`0.012`, `0.0117188` and `.01172` are the same operand).
public struct RectangleOperands: Sendable, Equatable {
    public var x: Double, y: Double, width: Double, height: Double
    public var tolerance: Double

    public init(x: Double, y: Double, width: Double, height: Double, tolerance: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.tolerance = tolerance
    }

    var values: [Double] { [x, y, width, height] }
}

/// Reading a page's content stream for what the accessibility update needs: its marked-content
/// operators, not its drawing.
public enum ContentStream {
    /// Every `/Tag << … >> BDC` in `content`; with `rectangle`, every rectangle filled by
    /// `x y w h re f` with those operands, and whether it is marked content; with `unmarkedText`,
    /// every text-showing operator outside marked content: all in order. A page's
    /// content is mostly numbers and operators this never needs; it skips them byte by byte
    /// and reads whole tokens only where one could hide or fake an operator: strings (`(…)`,
    /// `<…>`) and comments are passed over, so text that reads like the operator is never taken
    /// for one, and an inline image's data (`ID` … `EI`) is passed over as bytes.
    public static func marks(
        in content: [UInt8], filledRectangle rectangle: RectangleOperands? = nil, unmarkedText: Bool = false
    ) throws -> [ContentMark] {
        var found: [ContentMark] = []
        try content.withUnsafeBufferPointer { p in
            let n = p.count
            var i = 0
            // Only these bytes start anything this reads: skip the rest in a tight loop.
            let interesting = UnsafeMutablePointer<Bool>.allocate(capacity: 256)
            defer { interesting.deallocate() }
            interesting.initialize(repeating: false, count: 256)
            for byte in "(</%I".utf8 { interesting[Int(byte)] = true }
            // How deep in marked-content sequences (`BDC`, `BMC` … `EMC`): only asked with a
            // rectangle or for unmarked text.
            var depth = 0
            // For each open sequence, whether it puts its text in the structure tree or among
            // the artifacts: `/Artifact`, or a property list with an MCID. A `/Span BMC`, an
            // optional-content `/OC /oc1 BDC` or a named property list (whose MCID is in the
            // resources, not read here) covers nothing.
            var covering: [Bool] = []
            var covered: Bool { covering.contains(true) }
            if rectangle != nil || unmarkedText {
                for byte in "rBE".utf8 { interesting[Int(byte)] = true }
            }
            if unmarkedText {
                for byte in "T'\"".utf8 { interesting[Int(byte)] = true }
            }
            // Where the last comment ended (its line break).
            var commentEnd = 0
            // Where the last name began and ended: a dictionary right after it is its operand.
            var lastName: (start: Int, end: Int)?
            // The name before that one: the tag of `/Tag /Name BDC`.
            var nameBefore: (start: Int, end: Int)?
            func isArtifact(_ name: (start: Int, end: Int)?) -> Bool {
                guard let name else { return false }
                return name.end - name.start == 9
                    && zip(p[name.start..<name.end], "/Artifact".utf8).allSatisfy { $0 == $1 }
            }
            func tokenStart(_ k: Int) -> Bool { k == 0 || !ByteClass.isRegular(p[k - 1]) }
            /// Whether the operator `name` (three bytes) stands at `k` as a whole token.
            func isOperator(_ name: StaticString, at k: Int) -> Bool {
                guard tokenStart(k), k + 3 <= n, k + 3 == n || !ByteClass.isRegular(p[k + 3]) else { return false }
                let bytes = name.utf8Start
                return p[k] == bytes[0] && p[k + 1] == bytes[1] && p[k + 2] == bytes[2]
            }
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
                    commentEnd = i
                case UInt8(ascii: "/"):
                    let start = i
                    i += 1
                    while i < n && ByteClass.isRegular(p[i]) { i += 1 }
                    nameBefore = lastName
                    lastName = (start, i)
                case UInt8(ascii: "<") where i + 1 < n && p[i + 1] == UInt8(ascii: "<"):
                    var parser = ObjectParser(p, at: i)
                    let properties = try parser.dictionary()
                    let start = i
                    // Past the dictionary, and past `BDC` when that follows.
                    i = parser.position
                    guard let tag = lastName, (tag.end..<start).allSatisfy({ ByteClass.isSpace(p[$0]) }) else {
                        break
                    }
                    if parser.take("BDC") {
                        var nameParser = ObjectParser(p, at: tag.start)
                        let name = try nameParser.name()
                        found.append(
                            .markedContent(
                                MarkedContentOperator(
                                    tag: name, properties: properties, range: tag.start..<parser.position)))
                        depth += 1
                        covering.append(isArtifact(tag) || properties["MCID"]?.integer != nil)
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
                case UInt8(ascii: "r"):
                    // (Operands read backwards from `re` must not reach into a comment.)
                    if let rectangle, tokenStart(i), let range = filledRectangle(p, re: i, operands: rectangle),
                        range.lowerBound >= commentEnd
                    {
                        found.append(.filledRectangle(range, marked: depth > 0))
                        i = range.upperBound
                    } else {
                        i += 1
                    }
                case UInt8(ascii: "B"):
                    // (`/Tag << … >> BDC` is read whole above; this is `/Tag BMC` or `/Tag /Name BDC`.)
                    if isOperator("BMC", at: i) {
                        depth += 1
                        covering.append(isArtifact(lastName))
                    } else if isOperator("BDC", at: i) {
                        depth += 1
                        covering.append(isArtifact(nameBefore))
                    }
                    i += 1
                case UInt8(ascii: "E"):
                    if isOperator("EMC", at: i) {
                        depth = max(0, depth - 1)
                        _ = covering.popLast()
                    }
                    i += 1
                case UInt8(ascii: "T"):
                    // `Tj` or `TJ` as a whole token.
                    if unmarkedText, !covered, tokenStart(i), i + 1 < n,
                        p[i + 1] == UInt8(ascii: "j") || p[i + 1] == UInt8(ascii: "J"),
                        i + 2 == n || !ByteClass.isRegular(p[i + 2])
                    {
                        found.append(.unmarkedText(i))
                    }
                    i += 1
                case UInt8(ascii: "'"), UInt8(ascii: "\""):
                    if unmarkedText, !covered, tokenStart(i), i + 1 == n || !ByteClass.isRegular(p[i + 1]) {
                        found.append(.unmarkedText(i))
                    }
                    i += 1
                default:
                    i += 1
                }
            }
        }
        return found
    }

    /// The range of `x y w h re f` when the `re` operator is at `re` (a token start) with
    /// operands that are `operands`' numbers before it, each a whole token, and `f` after it;
    /// nil otherwise.
    private static func filledRectangle(
        _ p: UnsafeBufferPointer<UInt8>, re: Int, operands: RectangleOperands
    )
        -> Range<Int>?
    {
        let n = p.count
        guard re + 2 <= n, p[re + 1] == UInt8(ascii: "e"), re + 2 == n || !ByteClass.isRegular(p[re + 2]) else {
            return nil
        }
        var start = re
        for expected in operands.values.reversed() {
            var end = start
            while end > 0 && ByteClass.isSpace(p[end - 1]) { end -= 1 }
            guard end < start else { return nil }
            var begin = end
            while begin > 0 && ByteClass.isRegular(p[begin - 1]) { begin -= 1 }
            guard let value = number(p[begin..<end]), abs(value - expected) <= operands.tolerance else { return nil }
            start = begin
        }
        var f = re + 2
        while f < n && ByteClass.isSpace(p[f]) { f += 1 }
        guard f > re + 2, f < n, p[f] == UInt8(ascii: "f"), f + 1 == n || !ByteClass.isRegular(p[f + 1]) else {
            return nil
        }
        return start..<(f + 1)
    }

    /// A PDF number (§7.3.3: an optional sign, digits with at most one period), nil for any
    /// other token. Long tokens are not numbers worth reading here.
    static func number(_ token: Slice<UnsafeBufferPointer<UInt8>>) -> Double? {
        guard !token.isEmpty, token.count <= 32 else { return nil }
        var digits = 0, periods = 0
        for (offset, byte) in token.enumerated() {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits += 1
            case UInt8(ascii: "."): periods += 1
            case UInt8(ascii: "+"),
                UInt8(ascii: "-") where offset == 0:
                break
            default: return nil
            }
        }
        guard digits > 0, periods <= 1 else { return nil }
        return Double(String(decoding: token, as: UTF8.self))
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

    /// Where a marked-content sequence whose opening operator ends at `start` ends (after its
    /// `EMC`) when nothing but white space comes between: an empty sequence. Else nil.
    public static func endOfEmptySequence(from start: Int, in content: [UInt8]) -> Int? {
        var i = start
        while i < content.count, ByteClass.isSpace(content[i]) { i += 1 }
        guard i + 3 <= content.count, content[i] == 0x45, content[i + 1] == 0x4D, content[i + 2] == 0x43,
            i + 3 == content.count || !ByteClass.isRegular(content[i + 3])
        else { return nil }
        return i + 3
    }
}
