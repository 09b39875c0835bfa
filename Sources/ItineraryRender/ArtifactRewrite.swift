/// Furniture out of the structure tree: cairo's `Private` elements become artifacts.

/// cairo 1.16 cannot mark content as an artifact (it refuses content inside an `Artifact`
/// tag), so the layout tags furniture (page headers and footers, the test-purchase notice, the
/// cover's brand line) as `Private` structure elements, and this rewrites them into what a
/// tagged PDF needs: each one's marked content becomes `/Artifact BMC … EMC` in the page's
/// content stream, its entries in the parent tree become `null`, and its parent no longer
/// lists it, so assistive technology never reads a page number in the middle of a day.
///
/// It reads only what cairo writes: one Flate content stream per page, `/Private << /MCID n >>
/// BDC` operators, a parent tree that is a single `/Nums` array, and `Private` elements that
/// hold marked content on one page. Anything else is an error, never a half-rewritten file.
struct ArtifactRewrite {
    struct Element {
        var number: Int
        var parent: Int
        var page: Int
        var markedContent: [Int]
    }

    var elements: [Element] = []

    /// The furniture elements, which the rewritten file leaves out.
    var removed: Set<Int> { Set(elements.map(\.number)) }

    /// Records the `Private` element `object` (number `number`).
    mutating func add(_ number: Int, _ object: ArraySlice<UInt8>) throws {
        guard let parent = PDFBytes.reference("/P", in: object), let page = PDFBytes.reference("/Pg", in: object),
              let kids = PDFBytes.value(of: "/K", in: object) else {
            throw RenderError(message: "a furniture element (object \(number)) is not one cairo writes")
        }
        // `/K 3` or `/K [ 3 4 ]`: marked content on its page only.
        let ids = PDFBytes.tokens(kids).map(PDFBytes.integer)
        guard !ids.isEmpty, ids.allSatisfy({ $0 != nil }) else {
            throw RenderError(message: "a furniture element (object \(number)) holds more than marked content on one page")
        }
        elements.append(Element(number: number, parent: parent, page: page, markedContent: ids.compactMap { $0 }))
    }

    /// Maximum size of an inflated content stream: far above any page this layout draws.
    static let contentLimit = 64 << 20
    /// Maximum size of the parent tree and of an element holding furniture (a document's
    /// root holds a section per part and the furniture of every page).
    static let objectLimit = 64 << 20

    /// The new versions of the objects that change, by number.
    func objects(in bytes: [UInt8], table: CrossReference, catalog: ArraySlice<UInt8>) throws -> [(number: Int, body: [UInt8])] {
        guard !elements.isEmpty else { return [] }
        func read(_ number: Int, limit: Int = 4096) throws -> ArraySlice<UInt8> {
            guard number > 0, number < table.offsets.count, let offset = table.offsets[number],
                  let object = table.body(number, at: offset, in: bytes, limit: limit) else {
                throw RenderError(message: "the PDF's object \(number) could not be read for its artifacts (not where its cross-reference table says, or longer than \(limit) bytes)")
            }
            return object
        }
        guard let treeRoot = PDFBytes.reference("/StructTreeRoot", in: catalog),
              let parentTree = PDFBytes.reference("/ParentTree", in: try read(treeRoot)) else {
            throw RenderError(message: "the PDF has no parent tree for its artifacts")
        }
        let keys = try Self.numbers(try read(parentTree, limit: Self.objectLimit))
        var changed: [(Int, [UInt8])] = []

        let pages = Dictionary(grouping: elements, by: \.page)
        for page in pages.keys.sorted() {
            let ids = Set(pages[page]!.flatMap(\.markedContent))
            // A page lists every link annotation on it: a page of many links runs long.
            let pageObject = try read(page, limit: Self.objectLimit)
            guard let contents = PDFBytes.reference("/Contents", in: pageObject),
                  let key = PDFBytes.value(of: "/StructParents", in: pageObject).flatMap(PDFBytes.integer), let array = keys[key] else {
                throw RenderError(message: "page object \(page) has no single content stream or parent-tree entry")
            }
            changed.append((contents, try rewriteContent(contents, ids: ids, in: bytes, table: table)))
            changed.append((array, try Self.nulling(ids, in: try read(array, limit: Self.objectLimit))))
        }
        let parents = Set(elements.map(\.parent))
        for parent in parents.sorted() {
            changed.append((parent, try Self.removing(removed, from: try read(parent, limit: Self.objectLimit))))
        }
        return changed
    }

    /// The content stream `number` with the marked content `ids` as artifacts, as a whole object body.
    func rewriteContent(_ number: Int, ids: Set<Int>, in bytes: [UInt8], table: CrossReference) throws -> [UInt8] {
        guard let offset = table.offsets[number], let stream = table.stream(number, at: offset, in: bytes),
              let data = table.streamData(stream, in: bytes) else {
            throw RenderError(message: "the PDF's content stream \(number) is not one cairo writes")
        }
        // Plain (cairo asked for uncompressed streams, `PDFRenderer`) or deflated.
        let content: [UInt8]
        if PDFBytes.find("/Filter", in: stream.dictionary) == nil {
            guard data.count <= Self.contentLimit else { throw RenderError(message: "the PDF's content stream \(number) is too large") }
            content = Array(data)
        } else if PDFBytes.find("/Filter /FlateDecode", in: stream.dictionary) != nil,
                  let inflated = Flate.inflate(data, limit: Self.contentLimit) {
            content = inflated
        } else {
            throw RenderError(message: "the PDF's content stream \(number) could not be inflated")
        }
        let (out, found) = try Self.markingArtifacts(content, ids: ids, stream: number)
        guard found == ids else {
            throw RenderError(message: "the PDF's content stream \(number) lacks furniture its structure names")
        }
        let packed = Flate.deflate(out)
        return Array("<< /Length \(packed.count)\n   /Filter /FlateDecode\n>>\nstream\n".utf8) + packed + Array("\nendstream".utf8)
    }

    /// `content` with each `/Private << /MCID n >> BDC` operator (n among `ids`) replaced by
    /// `/Artifact BMC`, and the n replaced. Literal `( … )` and hex `< … >` strings are skipped,
    /// so a trip whose text reads like the operator is drawn as written, never rewritten.
    static func markingArtifacts(_ content: [UInt8], ids: Set<Int>, stream: Int) throws -> (content: [UInt8], found: Set<Int>) {
        let marker = Array("/Private << /MCID ".utf8), close = Array(" >> BDC".utf8), artifact = Array("/Artifact BMC".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(content.count)
        var found = Set<Int>()
        var copied = 0
        let n = content.count
        // The whole stream is walked byte by byte; through a raw buffer, not the array's checked
        // subscript, which costs three times as much here.
        try content.withUnsafeBufferPointer { p in
            var i = 0
            func matches(_ bytes: [UInt8], at k: Int) -> Bool {
                guard k + bytes.count <= n else { return false }
                for m in 0..<bytes.count where p[k + m] != bytes[m] { return false }
                return true
            }
            // Only `(`, `<` and `/` start anything this looks at: skip the rest in a tight loop.
            var interesting = [Bool](repeating: false, count: 256)
            for byte in "(</".utf8 { interesting[Int(byte)] = true }
            while i < n {
                while i < n && !interesting[Int(p[i])] { i += 1 }
                guard i < n else { break }
                switch p[i] {
                case UInt8(ascii: "("):
                    // To the matching `)`: strings nest by balanced brackets; `\` escapes one byte.
                    var depth = 1
                    i += 1
                    while i < n && depth > 0 {
                        switch p[i] {
                        case UInt8(ascii: "\\"): i += 1
                        case UInt8(ascii: "("): depth += 1
                        case UInt8(ascii: ")"): depth -= 1
                        default: break
                        }
                        i += 1
                    }
                case UInt8(ascii: "<") where i + 1 < n && p[i + 1] != UInt8(ascii: "<"):
                    while i < n && p[i] != UInt8(ascii: ">") { i += 1 }
                    i += 1
                case UInt8(ascii: "<"):
                    i += 2
                case UInt8(ascii: "/") where matches(marker, at: i):
                    var j = i + marker.count, id = 0
                    while j < n, p[j] >= 0x30, p[j] <= 0x39, id < 1 << 40 { id = id * 10 + Int(p[j] - 0x30); j += 1 }
                    guard matches(close, at: j), ids.contains(id) else {
                        throw RenderError(message: "the PDF's content stream \(stream) marks furniture its structure does not name")
                    }
                    out += UnsafeBufferPointer(rebasing: p[copied..<i])
                    out += artifact
                    found.insert(id)
                    i = j + close.count
                    copied = i
                default:
                    i += 1
                }
            }
        }
        out += content[min(copied, n)...]
        return (out, found)
    }

    /// The `/Nums` array of a parent tree: key → object number.
    static func numbers(_ tree: ArraySlice<UInt8>) throws -> [Int: Int] {
        guard let array = PDFBytes.value(of: "/Nums", in: tree), array.first == UInt8(ascii: "[") else {
            throw RenderError(message: "the PDF's parent tree is not a single number array")
        }
        let tokens = PDFBytes.tokens(array)
        guard tokens.count % 4 == 0 else { throw RenderError(message: "the PDF's parent tree is not a single number array") }
        var out: [Int: Int] = [:]
        out.reserveCapacity(tokens.count / 4)
        for k in stride(from: 0, to: tokens.count, by: 4) {
            guard let key = PDFBytes.integer(tokens[k]), let value = PDFBytes.integer(tokens[k + 1]), PDFBytes.isGenerationZero(tokens[k + 2]),
                  PDFBytes.isR(tokens[k + 3]) else {
                throw RenderError(message: "the PDF's parent tree is not a single number array")
            }
            out[key] = value
        }
        return out
    }

    /// A page's parent-tree array with the entries at `indices` replaced by `null`.
    static func nulling(_ indices: Set<Int>, in array: ArraySlice<UInt8>) throws -> [UInt8] {
        guard array.first == UInt8(ascii: "["), array.last == UInt8(ascii: "]") else {
            throw RenderError(message: "a parent-tree entry is not an array")
        }
        let tokens = PDFBytes.tokens(array)
        var entries: [ArraySlice<UInt8>] = []
        entries.reserveCapacity(tokens.count / 3 + 1)
        let null = Array("null".utf8)
        var k = 0
        while k < tokens.count {
            if tokens[k].elementsEqual(null) {
                entries.append(tokens[k])
                k += 1
            } else if k + 2 < tokens.count, PDFBytes.integer(tokens[k]) != nil, PDFBytes.isGenerationZero(tokens[k + 1]), PDFBytes.isR(tokens[k + 2]) {
                entries.append(array[tokens[k].startIndex..<tokens[k + 2].endIndex])
                k += 3
            } else {
                throw RenderError(message: "a parent-tree entry is not an array of references")
            }
        }
        guard indices.allSatisfy({ $0 < entries.count }) else { throw RenderError(message: "a parent-tree entry is shorter than its page's marked content") }
        for index in indices { entries[index] = null[...] }
        var out = Array("[".utf8)
        out.reserveCapacity(array.count)
        for entry in entries { out += Array("\n  ".utf8); out += entry }
        out += Array("\n]".utf8)
        return out
    }

    /// A structure element with the references to `kids` taken out of its `/K`.
    static func removing(_ kids: Set<Int>, from object: ArraySlice<UInt8>) throws -> [UInt8] {
        guard let value = PDFBytes.value(of: "/K", in: object) else {
            throw RenderError(message: "a structure element that holds furniture has no kids")
        }
        let tokens = PDFBytes.tokens(value)
        var kept: [ArraySlice<UInt8>] = []
        var k = 0
        while k < tokens.count {
            // A reference to a removed element, not one inside a `/Obj` or `/Pg` entry of a
            // marked-content or object reference dictionary.
            if k + 2 < tokens.count, let n = PDFBytes.integer(tokens[k]), kids.contains(n), PDFBytes.isGenerationZero(tokens[k + 1]),
               PDFBytes.isR(tokens[k + 2]), k == 0 || tokens[k - 1].first != UInt8(ascii: "/") {
                k += 3
            } else {
                kept.append(tokens[k])
                k += 1
            }
        }
        var out = Array(object[..<value.startIndex])
        out += Array("[ ".utf8)
        for token in kept { out += token; out.append(0x20) }
        out += Array("]".utf8)
        out += object[value.endIndex...]
        return out
    }
}

/// Reading the few shapes of PDF syntax cairo writes, on bytes (String searches cost ten
/// times as much here, in Foundation's and Unicode's machinery).
enum PDFBytes {
    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }

    /// Where `needle` first starts in `bytes`.
    static func find(_ needle: String, in bytes: ArraySlice<UInt8>) -> Int? {
        CrossReference.find(Array(needle.utf8), in: bytes, from: bytes.startIndex, to: bytes.endIndex)
    }

    /// The value after the dictionary key `key` (a name followed by a space): up to the
    /// matching `]` for an array, else up to the next key, `>>` or end of line.
    static func value(of key: String, in bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        var from = bytes.startIndex
        // `/P ` must not match `/Pg`, nor `/K` a longer name: the key ends in a space.
        while let at = CrossReference.find(Array((key + " ").utf8), in: bytes, from: from, to: bytes.endIndex) {
            from = at + 1
            guard at == bytes.startIndex || isSpace(bytes[at - 1]) || bytes[at - 1] == UInt8(ascii: "<") else { continue }
            var i = at + key.utf8.count
            while i < bytes.endIndex, isSpace(bytes[i]) { i += 1 }
            let start = i
            if i < bytes.endIndex, bytes[i] == UInt8(ascii: "[") {
                // cairo writes no arrays inside these arrays.
                while i < bytes.endIndex, bytes[i] != UInt8(ascii: "]") { i += 1 }
                return i < bytes.endIndex ? bytes[start...i] : nil
            }
            // A name (`/Private`) is one token; anything else runs to the next key.
            if i < bytes.endIndex, bytes[i] == UInt8(ascii: "/") { i += 1 }
            while i < bytes.endIndex, bytes[i] != 0x0A, bytes[i] != UInt8(ascii: "/"), bytes[i] != UInt8(ascii: ">") { i += 1 }
            while i > start, isSpace(bytes[i - 1]) { i -= 1 }
            return bytes[start..<i]
        }
        return nil
    }

    /// The object number of the reference `n 0 R` after `key`.
    static func reference(_ key: String, in bytes: ArraySlice<UInt8>) -> Int? {
        guard let value = value(of: key, in: bytes) else { return nil }
        let tokens = tokens(value)
        guard tokens.count == 3, isGenerationZero(tokens[1]), isR(tokens[2]) else { return nil }
        return integer(tokens[0])
    }

    /// The whitespace-separated tokens of `bytes`, an array's brackets dropped.
    static func tokens(_ bytes: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        var out: [ArraySlice<UInt8>] = []
        var i = bytes.startIndex
        while i < bytes.endIndex {
            while i < bytes.endIndex, isSpace(bytes[i]) || bytes[i] == UInt8(ascii: "[") || bytes[i] == UInt8(ascii: "]") { i += 1 }
            let start = i
            while i < bytes.endIndex, !isSpace(bytes[i]), bytes[i] != UInt8(ascii: "["), bytes[i] != UInt8(ascii: "]") { i += 1 }
            if i > start { out.append(bytes[start..<i]) }
        }
        return out
    }

    /// A non-negative decimal integer token.
    static func integer(_ token: ArraySlice<UInt8>) -> Int? {
        var trimmed = token
        while let first = trimmed.first, isSpace(first) { trimmed = trimmed.dropFirst() }
        while let last = trimmed.last, isSpace(last) { trimmed = trimmed.dropLast() }
        guard !trimmed.isEmpty, trimmed.count <= 18 else { return nil }
        var value = 0
        for byte in trimmed {
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }

    static func isGenerationZero(_ token: ArraySlice<UInt8>) -> Bool { token.count == 1 && token.first == UInt8(ascii: "0") }
    static func isR(_ token: ArraySlice<UInt8>) -> Bool { token.count == 1 && token.first == UInt8(ascii: "R") }
}
