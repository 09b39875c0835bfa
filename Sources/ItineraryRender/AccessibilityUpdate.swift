/// What cairo 1.16's tagging cannot write, added to its finished PDF in a new revision of the file.
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import ItineraryText

/// The accessibility entries cairo 1.16 has no API for (checked: none of these strings is in the
/// library): the document's `/Lang`, `/ViewerPreferences << /DisplayDocTitle true >>`,
/// `/PageMode /UseOutlines` and an XMP `/Metadata` stream (title, author, language) on the
/// catalog, `/Alt` on each `Figure` element and `/Contents` on each link annotation, and
/// artifacts for the furniture the layout tagged `Private` (see `ArtifactRewrite`).
///
/// The result is one revision of cairo's file: its objects in its order, byte for byte except
/// those this changes, then a new cross-reference table, so it is as deterministic as cairo's
/// output. The update
/// reads only what cairo writes: a classic cross-reference table and each object as
/// `n 0 obj << … >> endobj` with its dictionary in plain text (only streams are compressed). Anything else is an error, never a silently unchanged file.
struct AccessibilityUpdate {
    /// BCP 47 (`en-US`); nil: no `/Lang`.
    var language: String?
    /// The alternate text of each `Figure` element, in the order the elements were opened.
    var figureAlternates: [String]
    /// By URI, and by `#` and the destination's name.
    var linkDescriptions: [String: String]
    /// For the XMP metadata, as in the information dictionary.
    var title: String
    var author: String?

    func apply(to pdf: Data) throws -> Data {
        // Copied whole (converting element by element costs some 20 instructions a byte).
        try apply(to: [UInt8](unsafeUninitializedCapacity: pdf.count) { buffer, count in count = pdf.copyBytes(to: buffer) })
    }

    func apply(to bytes: [UInt8]) throws -> Data {
        let table = try CrossReference(bytes)
        var changed: [(number: Int, body: [UInt8])] = []
        var artifacts = ArtifactRewrite()

        var figures = figureAlternates[...]
        let structElem = Array("/StructElem".utf8)[...], annot = Array("/Annot".utf8)[...]
        let privateRole = Array("/Private".utf8), figureRole = Array("/Figure".utf8)
        for number in 1..<table.offsets.count {
            // Only structure elements and annotations are read whole: a document has thousands
            // of other objects (fonts, content streams) this update never changes.
            guard let offset = table.offsets[number], let type = table.type(number, at: offset, in: bytes),
                  type.elementsEqual(structElem) || type.elementsEqual(annot),
                  let body = table.body(number, at: offset, in: bytes, dictionaryOnly: true) else { continue }
            let role = type.elementsEqual(structElem) ? PDFBytes.value(of: "/S", in: body) : nil
            if let role, role.elementsEqual(privateRole) {
                try artifacts.add(number, body)
            } else if let role, role.elementsEqual(figureRole), let alternate = figures.popFirst() {
                let object = String(decoding: body, as: UTF8.self)
                changed.append((number, Array(try Self.adding(["/Alt " + Self.textString(alternate)], to: object).utf8)))
            } else if type.elementsEqual(annot), PDFBytes.find("/Subtype /Link", in: body) != nil,
                      let target = Self.linkTarget(body), let text = linkDescriptions[target] {
                let object = String(decoding: body, as: UTF8.self)
                changed.append((number, Array(try Self.adding(["/Contents " + Self.textString(text)], to: object).utf8)))
            }
        }
        guard let catalogBody = table.offsets[table.root].flatMap({ table.body(table.root, at: $0, in: bytes, dictionaryOnly: true) }) else {
            throw RenderError(message: "the PDF's catalog could not be read for its accessibility entries")
        }
        let catalog = String(decoding: catalogBody, as: UTF8.self)
        changed += try artifacts.objects(in: bytes, table: table, catalog: catalogBody)
        // The XMP packet is a new object, after cairo's last.
        let metadata = table.offsets.count
        var entries = ["/ViewerPreferences << /DisplayDocTitle true >>", "/PageMode /UseOutlines", "/Metadata \(metadata) 0 R"]
        if let language { entries.insert("/Lang " + Self.textString(language), at: 0) }
        changed.append((table.root, Array(try Self.adding(entries, to: catalog).utf8)))
        changed.sort { $0.number < $1.number }
        for k in changed.indices.dropFirst() where changed[k].number == changed[k - 1].number {
            throw RenderError(message: "the accessibility update would write object \(changed[k].number) twice (a bug)")
        }

        // One revision, not an incremental update: the content streams change, and appending
        // new copies would leave the old ones in the file. Every object cairo wrote, in its
        // order, with the changed ones in their place and the furniture elements left out; the
        // dictionaries and arrays packed into object streams (`CompactWriter`).
        let replaced = Dictionary(uniqueKeysWithValues: changed.map { ($0.number, $0.body) })
        let removed = artifacts.removed
        let order = (1..<table.offsets.count).compactMap { n in table.offsets[n].map { (number: n, offset: $0) } }.sorted { $0.offset < $1.offset }
        guard let head = order.first?.offset, head > 0, order.allSatisfy({ $0.offset < table.start }),
              replaced.keys.allSatisfy({ table.offsets[$0] != nil }) else {
            throw RenderError(message: "the PDF's objects are not laid out as cairo writes them")
        }
        let endstream = Array("maertsdne".utf8)
        func packable(_ body: ArraySlice<UInt8>) -> Bool {
            (body.first == UInt8(ascii: "<") || body.first == UInt8(ascii: "[")) && !body.reversed().starts(with: endstream)
        }
        var objects: [(number: Int, object: CompactWriter.Object)] = []
        objects.reserveCapacity(order.count + 1)
        for (k, object) in order.enumerated() where !removed.contains(object.number) {
            // cairo writes objects one after another, so each ends where the next begins.
            let end = k + 1 < order.count ? order[k + 1].offset : table.start
            if let body = replaced[object.number] {
                objects.append((object.number, packable(body[...]) ? .packed(body[...])
                                : .whole(Array("\(object.number) 0 obj\n".utf8) + body + Array("\nendobj\n".utf8))))
            } else if object.number != table.info,
                      let body = table.body(object.number, at: object.offset, in: bytes, limit: end - object.offset), packable(body) {
                // (The information dictionary stays plain text, where simple tools look for the
                // title and dates.)
                objects.append((object.number, .packed(body)))
            } else if bytes[object.offset..<end].reversed().starts(with: Self.streamEnd.reversed()), let stream = table.stream(object.number, at: object.offset, in: bytes),
                      stream.data < end, PDFBytes.find("/Filter", in: stream.dictionary) == nil,
                      let data = table.streamData(stream, in: bytes), data.endIndex <= end {
                // A stream cairo left plain (every one: `PDFRenderer` asks for them so), deflated
                // here, once.
                objects.append((object.number, .whole(Self.deflated(object.number, dictionary: stream.dictionary, data: data))))
            } else {
                objects.append((object.number, .whole(Array(bytes[object.offset..<end]))))
            }
        }
        let xmp = Array(xmpPacket().utf8)
        objects.append((metadata, .whole(Array("\(metadata) 0 obj\n<< /Type /Metadata\n   /Subtype /XML\n   /Length \(xmp.count)\n>>\nstream\n".utf8)
                                        + xmp + Array("\nendstream\nendobj\n".utf8))))
        let out = CompactWriter.write(header: bytes[..<head], objects: objects, size: metadata + 1, root: table.root, info: table.info)
        return out.withUnsafeBufferPointer { Data(buffer: $0) }
    }

    /// How a stream object ends, as cairo writes it.
    static let streamEnd = Array("endstream\nendobj\n".utf8)

    /// The stream object `number` with `data` deflated: its dictionary without its `/Length`,
    /// then `/Filter /FlateDecode` and the new length.
    static func deflated(_ number: Int, dictionary: ArraySlice<UInt8>, data: ArraySlice<UInt8>) -> [UInt8] {
        let packed = Flate.deflate(Array(data))
        var trimmed = dictionary
        while let first = trimmed.first, PDFBytes.isSpace(first) { trimmed = trimmed.dropFirst() }
        var entries = Array(trimmed.dropFirst(2).dropLast(2))
        if let at = PDFBytes.find("/Length ", in: entries[...]) {
            // The key, its number, and ` 0 R` when the number is a reference.
            var end = at + 8
            while end < entries.count, entries[end] >= 0x30, entries[end] <= 0x39 { end += 1 }
            let reference = Array(" 0 R".utf8)
            if end + reference.count <= entries.count, entries[end..<(end + reference.count)].elementsEqual(reference) { end += reference.count }
            var start = at
            while start > 0, entries[start - 1] == 0x20 { start -= 1 }
            entries.removeSubrange(start..<end)
        }
        while let last = entries.last, PDFBytes.isSpace(last) { entries.removeLast() }
        return Array("\(number) 0 obj\n<<".utf8) + entries + Array("\n   /Filter /FlateDecode\n   /Length \(packed.count)\n>>\nstream\n".utf8)
            + packed + Array("\nendstream\nendobj\n".utf8)
    }

    /// The document's XMP metadata: Dublin Core title, creator and language (no dates: those
    /// are in the information dictionary, and a packet without them is the same every run).
    func xmpPacket() -> String {
        let xml = XMLText.escaped
        var dc = "<dc:title><rdf:Alt><rdf:li xml:lang=\"x-default\">\(xml(title))</rdf:li></rdf:Alt></dc:title>\n"
        if let author { dc += "<dc:creator><rdf:Seq><rdf:li>\(xml(author))</rdf:li></rdf:Seq></dc:creator>\n" }
        if let language { dc += "<dc:language><rdf:Bag><rdf:li>\(xml(language))</rdf:li></rdf:Bag></dc:language>\n" }
        return "<?xpacket begin=\"\u{FEFF}\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>\n"
            + "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\">\n<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">\n"
            + "<rdf:Description rdf:about=\"\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\">\n" + dc
            + "</rdf:Description>\n</rdf:RDF>\n</x:xmpmeta>\n<?xpacket end=\"r\"?>"
    }

    /// The dictionary `object` with `entries` added before its closing `>>`.
    static func adding(_ entries: [String], to object: String) throws -> String {
        guard object.hasSuffix(">>") else { throw RenderError(message: "a PDF object is not a dictionary where one was expected") }
        return String(object.dropLast(2)) + "\n   " + entries.joined(separator: "\n   ") + "\n>>"
    }

    /// `uri` for a link to a URI, `#name` for one to a named destination.
    static func linkTarget(_ object: ArraySlice<UInt8>) -> String? {
        if let uri = literal(after: "/URI ", in: object) { return uri }
        if let name = literal(after: "/Dest ", in: object) ?? literal(after: "/D ", in: object) { return "#" + name }
        return nil
    }

    /// The PDF literal string `( … )` right after `key`, unescaped (cairo writes ASCII here).
    static func literal(after key: String, in object: ArraySlice<UInt8>) -> String? {
        guard let start = PDFBytes.find(key + "(", in: object) else { return nil }
        var out: [UInt8] = [], depth = 1, escaped = false
        for c in object[(start + key.utf8.count + 1)...] {
            if escaped { out.append(c); escaped = false; continue }
            switch c {
            case UInt8(ascii: "\\"): escaped = true
            case UInt8(ascii: "("): depth += 1; out.append(c)
            case UInt8(ascii: ")"):
                depth -= 1
                if depth == 0 { return String(decoding: out, as: UTF8.self) }
                out.append(c)
            default: out.append(c)
            }
        }
        return nil
    }

    /// A PDF text string: `( … )` for printable ASCII, else UTF-16BE with its byte order mark, in hex.
    static func textString(_ text: String) -> String {
        if text.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value < 0x7F }) {
            return "(" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "(", with: "\\(")
                .replacingOccurrences(of: ")", with: "\\)") + ")"
        }
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = Array("<FEFF".utf8)
        for unit in text.utf16 {
            for shift in stride(from: 12, through: 0, by: -4) { out.append(hex[Int(unit >> UInt16(shift)) & 0xF]) }
        }
        out.append(UInt8(ascii: ">"))
        return String(decoding: out, as: UTF8.self)
    }
}

/// cairo's cross-reference table and trailer: where each object starts, the catalog, the info.
struct CrossReference {
    /// Byte offset of each object by number (nil for free entries).
    var offsets: [Int?] = []
    var root = 0
    var info: Int?
    /// Where the table starts (where cairo's objects end).
    var start = 0

    init(_ bytes: [UInt8]) throws {
        let tail = String(decoding: bytes.suffix(64), as: UTF8.self)
        guard let marker = tail.range(of: "startxref", options: .backwards),
              let start = Int(tail[marker.upperBound...].split(whereSeparator: \.isWhitespace).first ?? ""),
              start >= 0, start < bytes.count, bytes[start...].starts(with: Array("xref\n".utf8)) else {
            throw RenderError(message: "the PDF has no cross-reference table to update")
        }
        self.start = start
        // `xref`, one subsection `0 n`, then n entries of exactly 20 bytes (`oooooooooo ggggg n\r\n`
        // or with a space before the newline), then the trailer.
        var i = start + 5
        func number() -> Int? {
            var value = 0, digits = 0
            while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 {
                value = value * 10 + Int(bytes[i] - 0x30)
                digits += 1
                i += 1
            }
            return digits > 0 ? value : nil
        }
        guard number() == 0, i < bytes.count, bytes[i] == 0x20 else { throw RenderError(message: "the PDF's cross-reference table is not one cairo writes") }
        i += 1
        guard let count = number(), count > 0, i < bytes.count, bytes[i] == 0x0A else {
            throw RenderError(message: "the PDF's cross-reference table is not one cairo writes")
        }
        i += 1
        guard i + 20 * count <= bytes.count else { throw RenderError(message: "the PDF's cross-reference table is cut short") }
        offsets.reserveCapacity(count)
        for entry in 0..<count {
            let at = i + 20 * entry
            var value = 0
            for k in 0..<10 { value = value * 10 + Int(bytes[at + k] &- 0x30) }
            offsets.append(bytes[at + 17] == UInt8(ascii: "n") ? value : nil)
        }
        let trailer = bytes[(i + 20 * count)...].prefix(512)
        guard let root = PDFBytes.reference("/Root", in: trailer), root < offsets.count else {
            throw RenderError(message: "the PDF's trailer names no catalog in its table")
        }
        self.root = root
        info = PDFBytes.reference("/Info", in: trailer)
    }

    /// The value of `/Type` when it is the first entry of the object at `offset` (as cairo
    /// writes structure elements and annotations), without reading the rest.
    func type(_ number: Int, at offset: Int, in bytes: [UInt8]) -> ArraySlice<UInt8>? {
        guard var i = Self.afterHeader(number, at: offset, in: bytes) else { return nil }
        while i < bytes.count, PDFBytes.isSpace(bytes[i]) { i += 1 }
        guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "<"), bytes[i + 1] == UInt8(ascii: "<") else { return nil }
        i += 2
        while i < bytes.count, bytes[i] == 0x20 { i += 1 }
        for byte in "/Type ".utf8 {
            guard i < bytes.count, bytes[i] == byte else { return nil }
            i += 1
        }
        let start = i
        while i < bytes.count, !PDFBytes.isSpace(bytes[i]), bytes[i] != UInt8(ascii: ">") { i += 1 }
        return bytes[start..<i]
    }

    /// The bytes between `n 0 obj` and `endobj` of the object at `offset`, trimmed; nil for a
    /// stream (whose dictionary this update never changes) and, if `dictionaryOnly`, for
    /// anything but a dictionary or an array.
    ///
    /// The objects this update changes (the catalog, structure elements, link annotations) are
    /// a few hundred bytes; one that does not end within `limit` bytes is not one of them.
    /// (The parent tree and the elements that hold a page's furniture can be longer: their
    /// callers say so.)
    func body(_ number: Int, at offset: Int, in bytes: [UInt8], limit: Int = 4096, dictionaryOnly: Bool = false) -> ArraySlice<UInt8>? {
        guard var lo = Self.afterHeader(number, at: offset, in: bytes) else { return nil }
        let end = min(bytes.count, lo + limit)
        // cairo puts `endobj` on a line of its own; a string in the dictionary may hold the word.
        guard let close = Self.find(Self.endobj, in: bytes, from: lo, to: end) else { return nil }
        var hi = close
        while lo < hi, PDFBytes.isSpace(bytes[lo]) { lo += 1 }
        while hi > lo, PDFBytes.isSpace(bytes[hi - 1]) { hi -= 1 }
        let body = bytes[lo..<hi]
        // A stream's object ends in `endstream`, a dictionary's in `>>`, an array's in `]`.
        if body.count >= 9, body[(hi - 9)...].elementsEqual(Self.endstream) { return nil }
        if dictionaryOnly {
            let dictionary = body.count >= 4 && body[lo] == UInt8(ascii: "<") && body[lo + 1] == UInt8(ascii: "<")
                && body[hi - 1] == UInt8(ascii: ">") && body[hi - 2] == UInt8(ascii: ">")
            let array = body.first == UInt8(ascii: "[") && body.last == UInt8(ascii: "]")
            guard dictionary || array else { return nil }
        }
        return body
    }

    private static let endobj = Array("\nendobj".utf8), endstream = Array("endstream".utf8)

    /// Where the object at `offset` begins after its `n 0 obj` (compared digit by digit: a
    /// formatted string per object cost more than the rest of reading it); nil if it is not there.
    static func afterHeader(_ number: Int, at offset: Int, in bytes: [UInt8]) -> Int? {
        var digits = 1, power = 1
        while number / power >= 10 { power *= 10; digits += 1 }
        var i = offset
        guard i + digits + 6 <= bytes.count else { return nil }
        var n = number
        while power > 0 {
            guard bytes[i] == UInt8(0x30 + n / power) else { return nil }
            n %= power
            power /= 10
            i += 1
        }
        for byte in " 0 obj".utf8 {
            guard bytes[i] == byte else { return nil }
            i += 1
        }
        return i
    }

    /// The data of `stream` (from `stream(_:at:in:)`), its `/Length` written in its dictionary
    /// or in the object it refers to; nil when that is not a length that fits the file.
    func streamData(_ stream: (dictionary: ArraySlice<UInt8>, data: Int), in bytes: [UInt8]) -> ArraySlice<UInt8>? {
        guard let value = PDFBytes.value(of: "/Length", in: stream.dictionary) else { return nil }
        var length: Int?
        let tokens = PDFBytes.tokens(value)
        if tokens.count == 1 {
            length = PDFBytes.integer(tokens[0])
        } else if tokens.count == 3, let reference = PDFBytes.integer(tokens[0]), reference < offsets.count,
                  let offset = offsets[reference], let body = body(reference, at: offset, in: bytes, limit: 64) {
            length = PDFBytes.integer(body)
        }
        guard let length, length >= 0, stream.data + length <= bytes.count else { return nil }
        return bytes[stream.data..<(stream.data + length)]
    }

    /// The dictionary of the stream object at `offset` and where its data starts (after
    /// `stream` and its end of line).
    func stream(_ number: Int, at offset: Int, in bytes: [UInt8]) -> (dictionary: ArraySlice<UInt8>, data: Int)? {
        guard let start = Self.afterHeader(number, at: offset, in: bytes),
              let keyword = Self.find(Array(">>\nstream".utf8), in: bytes, from: start, to: min(bytes.count, offset + 4096)) else { return nil }
        var data = keyword + 9
        if data < bytes.count, bytes[data] == 0x0D { data += 1 }
        guard data < bytes.count, bytes[data] == 0x0A else { return nil }
        return (bytes[start..<(keyword + 2)], data + 1)
    }

    /// Where `needle` first starts in `bytes[from..<to]`. (`memchr` finds each candidate first
    /// byte: the generic searches of the standard library and Foundation cost some fifty times
    /// more here, and a plain loop ten instructions a byte.)
    static func find(_ needle: [UInt8], in bytes: [UInt8], from: Int, to: Int) -> Int? {
        find(needle, in: bytes[...], from: from, to: to)
    }

    static func find(_ needle: [UInt8], in bytes: ArraySlice<UInt8>, from: Int, to: Int) -> Int? {
        guard let first = needle.first, from >= bytes.startIndex, to <= bytes.endIndex, to - from >= needle.count else { return nil }
        return bytes.withUnsafeBufferPointer { buffer -> Int? in
            guard let base = buffer.baseAddress else { return nil }
            // Positions relative to the slice's start.
            var i = from - bytes.startIndex
            let last = to - bytes.startIndex - needle.count
            while i <= last {
                guard let hit = memchr(base + i, Int32(first), last - i + 1) else { return nil }
                i = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                var k = 1
                while k < needle.count && base[i + k] == needle[k] { k += 1 }
                if k == needle.count { return i + bytes.startIndex }
                i += 1
            }
            return nil
        }
    }

}
