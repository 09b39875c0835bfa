/// What cairo 1.16's tagging cannot write, added to its finished PDF as an incremental update.
import Foundation
import ItineraryText

/// The accessibility entries cairo 1.16 has no API for (checked: none of these strings is in the
/// library): the document's `/Lang`, `/ViewerPreferences << /DisplayDocTitle true >>`,
/// `/PageMode /UseOutlines` and an XMP `/Metadata` stream (title, author, language) on the
/// catalog, `/Alt` on each `Figure` element and `/Contents` on each link annotation.
///
/// They are appended as an incremental update (new versions of the objects they change, a cross
/// reference section for those objects and a trailer whose `/Prev` points at cairo's), so
/// cairo's bytes stay as they are and the result is as deterministic as they are. The update
/// reads only what cairo writes: a classic cross-reference table and each object as
/// `n 0 obj << … >> endobj` with its dictionary in plain text (only content streams are
/// compressed). Anything else is an error, never a silently unchanged file.
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
        let bytes = [UInt8](pdf)
        let table = try CrossReference(bytes)
        var changed: [(number: Int, body: String)] = []

        var figures = figureAlternates[...]
        for number in 1..<table.offsets.count {
            // Only structure elements and annotations are read whole: a document has thousands
            // of other objects (fonts, content streams) this update never changes.
            guard let offset = table.offsets[number], table.begins(number, at: offset, in: bytes, with: ["/Type /StructElem", "/Type /Annot"]),
                  let object = table.object(number, at: offset, in: bytes) else { continue }
            if object.utf8.contains(subsequence: "/S /Figure"), let alternate = figures.popFirst() {
                changed.append((number, try Self.adding(["/Alt " + Self.textString(alternate)], to: object)))
            } else if object.utf8.contains(subsequence: "/Subtype /Link"), let target = Self.linkTarget(object), let text = linkDescriptions[target] {
                changed.append((number, try Self.adding(["/Contents " + Self.textString(text)], to: object)))
            }
        }
        guard let catalog = table.offsets[table.root].flatMap({ table.object(table.root, at: $0, in: bytes) }) else {
            throw RenderError(message: "the PDF's catalog could not be read for its accessibility entries")
        }
        // The XMP packet is a new object, after cairo's last.
        let metadata = table.offsets.count
        var entries = ["/ViewerPreferences << /DisplayDocTitle true >>", "/PageMode /UseOutlines", "/Metadata \(metadata) 0 R"]
        if let language { entries.insert("/Lang " + Self.textString(language), at: 0) }
        changed.append((table.root, try Self.adding(entries, to: catalog)))
        changed.sort { $0.number < $1.number }

        var out = bytes
        out += Array("\n".utf8)
        var offsets: [(Int, Int)] = []
        for (number, body) in changed {
            offsets.append((number, out.count))
            out += Array("\(number) 0 obj\n\(body)\nendobj\n".utf8)
        }
        let xmp = Array(xmpPacket().utf8)
        offsets.append((metadata, out.count))
        out += Array("\(metadata) 0 obj\n<< /Type /Metadata\n   /Subtype /XML\n   /Length \(xmp.count)\n>>\nstream\n".utf8)
        out += xmp
        out += Array("\nendstream\nendobj\n".utf8)
        let xref = out.count
        var section = "xref\n"
        var i = 0
        while i < offsets.count {
            var j = i
            while j + 1 < offsets.count && offsets[j + 1].0 == offsets[j].0 + 1 { j += 1 }
            section += "\(offsets[i].0) \(j - i + 1)\n"
            for k in i...j {
                let digits = String(offsets[k].1)
                section += String(repeating: "0", count: max(0, 10 - digits.count)) + digits + " 00000 n \n"
            }
            i = j + 1
        }
        section += "trailer\n<< /Size \(metadata + 1)\n   /Root \(table.root) 0 R\n"
        if let info = table.info { section += "   /Info \(info) 0 R\n" }
        section += "   /Prev \(table.start)\n>>\nstartxref\n\(xref)\n%%EOF\n"
        out += Array(section.utf8)
        return Data(out)
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
    static func linkTarget(_ object: String) -> String? {
        if let uri = literal(after: "/URI ", in: object) { return uri }
        if let name = literal(after: "/Dest ", in: object) ?? literal(after: "/D ", in: object) { return "#" + name }
        return nil
    }

    /// The PDF literal string `( … )` right after `key`, unescaped (cairo writes ASCII here).
    static func literal(after key: String, in object: String) -> String? {
        guard let start = object.range(of: key + "(") else { return nil }
        var out = "", depth = 1, escaped = false
        for c in object[start.upperBound...] {
            if escaped { out.append(c); escaped = false; continue }
            switch c {
            case "\\": escaped = true
            case "(": depth += 1; out.append(c)
            case ")":
                depth -= 1
                if depth == 0 { return out }
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

extension String.UTF8View {
    /// Whether these bytes hold `needle`'s.
    func contains(subsequence needle: String) -> Bool {
        let bytes = Array(self)
        return CrossReference.find(Array(needle.utf8), in: bytes, from: 0, to: bytes.count) != nil
    }
}

/// cairo's cross-reference table and trailer: where each object starts, the catalog, the info.
struct CrossReference {
    /// Byte offset of each object by number (nil for free entries).
    var offsets: [Int?] = []
    var root = 0
    var info: Int?
    /// Where the table starts (the new trailer's `/Prev`).
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
        let trailer = String(decoding: bytes[(i + 20 * count)...].prefix(512), as: UTF8.self)
        guard let root = Self.reference("/Root", in: trailer), root < offsets.count else {
            throw RenderError(message: "the PDF's trailer names no catalog in its table")
        }
        self.root = root
        info = Self.reference("/Info", in: trailer)
    }

    static func reference(_ key: String, in text: String) -> Int? {
        guard let r = text.range(of: key + " ") else { return nil }
        return Int(text[r.upperBound...].prefix { $0.isNumber })
    }

    /// Whether the object at `offset` opens with a dictionary whose first entry is one of `types`.
    func begins(_ number: Int, at offset: Int, in bytes: [UInt8], with types: [String]) -> Bool {
        let header = Array("\(number) 0 obj".utf8)
        guard offset + header.count < bytes.count, bytes[offset...].starts(with: header) else { return false }
        var i = offset + header.count
        while i < bytes.count, bytes[i] == 0x0A || bytes[i] == 0x20 || bytes[i] == 0x0D { i += 1 }
        guard bytes[i...].starts(with: Array("<<".utf8)) else { return false }
        i += 2
        while i < bytes.count, bytes[i] == 0x20 { i += 1 }
        return types.contains { bytes[i...].starts(with: Array($0.utf8)) }
    }

    /// The text between `n 0 obj` and `endobj` of the object at `offset`, trimmed; nil for a
    /// stream (whose dictionary this update never changes).
    func object(_ number: Int, at offset: Int, in bytes: [UInt8]) -> String? {
        guard offset < bytes.count else { return nil }
        let header = Array("\(number) 0 obj".utf8)
        guard bytes[offset...].starts(with: header) else { return nil }
        // The objects this update changes (the catalog, structure elements, link annotations)
        // are a few hundred bytes; one that does not end within 4 KB is not one of them.
        var lo = offset + header.count
        let end = min(bytes.count, lo + 4096)
        // cairo puts `endobj` on a line of its own; a string in the dictionary may hold the word.
        guard let close = Self.find(Array("\nendobj".utf8), in: bytes, from: lo, to: end) else { return nil }
        var hi = close
        while lo < hi, [0x20, 0x0A, 0x0D].contains(bytes[lo]) { lo += 1 }
        while hi > lo, [0x20, 0x0A, 0x0D].contains(bytes[hi - 1]) { hi -= 1 }
        // A stream's object ends in `endstream`, a dictionary's in `>>`.
        guard bytes[lo..<hi].starts(with: Array("<<".utf8)), bytes[lo..<hi].reversed().starts(with: Array(">>".utf8)) else { return nil }
        return String(decoding: bytes[lo..<hi], as: UTF8.self)
    }

    /// Where `needle` first starts in `bytes[from..<to]`. (A plain loop: the generic searches of
    /// the standard library and Foundation cost some fifty times more here.)
    static func find(_ needle: [UInt8], in bytes: [UInt8], from: Int, to: Int) -> Int? {
        guard let first = needle.first, to - from >= needle.count else { return nil }
        var i = from
        while i + needle.count <= to {
            if bytes[i] == first {
                var k = 1
                while k < needle.count && bytes[i + k] == needle[k] { k += 1 }
                if k == needle.count { return i }
            }
            i += 1
        }
        return nil
    }

}
