/// What cairo 1.16's tagging cannot write, added to its finished PDF as an incremental update.
import Foundation

/// The accessibility entries cairo 1.16 has no API for (checked: none of these strings is in the
/// library): the document's `/Lang`, `/ViewerPreferences << /DisplayDocTitle true >>` and
/// `/PageMode /UseOutlines` on the catalog, `/Alt` on each `Figure` element and `/Contents` on
/// each link annotation.
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
            if object.contains("/Type /StructElem"), object.contains("/S /Figure"), let alternate = figures.popFirst() {
                changed.append((number, try Self.adding(["/Alt " + Self.textString(alternate)], to: object)))
            } else if object.contains("/Subtype /Link"), let target = Self.linkTarget(object), let text = linkDescriptions[target] {
                changed.append((number, try Self.adding(["/Contents " + Self.textString(text)], to: object)))
            }
        }
        guard let catalog = table.offsets[table.root].flatMap({ table.object(table.root, at: $0, in: bytes) }) else {
            throw RenderError(message: "the PDF's catalog could not be read for its accessibility entries")
        }
        var entries = ["/ViewerPreferences << /DisplayDocTitle true >>", "/PageMode /UseOutlines"]
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
        let xref = out.count
        var section = "xref\n"
        var i = 0
        while i < offsets.count {
            var j = i
            while j + 1 < offsets.count && offsets[j + 1].0 == offsets[j].0 + 1 { j += 1 }
            section += "\(offsets[i].0) \(j - i + 1)\n"
            for k in i...j { section += String(format: "%010d 00000 n \n", offsets[k].1) }
            i = j + 1
        }
        section += "trailer\n<< /Size \(table.offsets.count)\n   /Root \(table.root) 0 R\n"
        if let info = table.info { section += "   /Info \(info) 0 R\n" }
        section += "   /Prev \(table.start)\n>>\nstartxref\n\(xref)\n%%EOF\n"
        out += Array(section.utf8)
        return Data(out)
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
        return "<FEFF" + text.utf16.map { String(format: "%04X", $0) }.joined() + ">"
    }
}

/// cairo's cross-reference table and trailer: where each object starts, the catalog, the info.
private struct CrossReference {
    /// Byte offset of each object by number (nil for free entries).
    var offsets: [Int?] = []
    var root = 0
    var info: Int?
    /// Where the table starts (the new trailer's `/Prev`).
    var start = 0

    init(_ bytes: [UInt8]) throws {
        let tail = String(decoding: bytes.suffix(1024), as: UTF8.self)
        guard let marker = tail.range(of: "startxref", options: .backwards),
              let start = Int(tail[marker.upperBound...].split(whereSeparator: \.isWhitespace).first ?? ""),
              start >= 0, start < bytes.count else {
            throw RenderError(message: "the PDF has no cross-reference table to update")
        }
        self.start = start
        let text = String(decoding: bytes[start...], as: UTF8.self)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true)[...]
        guard lines.popFirst() == "xref" else { throw RenderError(message: "the PDF's cross references are not a table") }
        while let line = lines.first, !line.hasPrefix("trailer") {
            lines.removeFirst()
            let head = line.split(separator: " ")
            guard head.count == 2, let first = Int(head[0]), let count = Int(head[1]), first == offsets.count else {
                throw RenderError(message: "the PDF's cross-reference table is not one cairo writes")
            }
            for _ in 0..<count {
                guard let entry = lines.popFirst() else { throw RenderError(message: "the PDF's cross-reference table is cut short") }
                let fields = entry.split(separator: " ")
                offsets.append(fields.count >= 3 && fields[2] == "n" ? Int(fields[0]) : nil)
            }
        }
        let trailer = lines.joined(separator: "\n")
        guard let root = Self.reference("/Root", in: trailer) else { throw RenderError(message: "the PDF's trailer names no catalog") }
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
        let end = min(bytes.count, offset + 4096)
        let window = bytes[(offset + header.count)..<end]
        let text = String(decoding: window, as: UTF8.self)
        guard let close = text.range(of: "endobj") else { return nil }
        let body = text[..<close.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
        guard body.hasPrefix("<<"), !body.contains("stream\n") else { return nil }
        return body
    }
}
