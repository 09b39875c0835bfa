/// Where each object of a PDF is (ISO 32000-1 §7.5.4, §7.5.8): classic tables, cross-reference
/// streams, both in one file (hybrid), and the older sections an incremental update points back to.

/// One object's entry: free, at a byte offset, or the `index`th object of an object stream.
public enum CrossReferenceEntry: Equatable, Sendable {
    case free
    case offset(Int, generation: Int)
    case compressed(stream: Int, index: Int)
}

/// Every section of a file's cross-reference, newest first, merged: an object's newest entry wins.
struct CrossReference {
    /// By object number; nil where no section names it.
    var entries: [CrossReferenceEntry?] = []
    /// The newest trailer (a cross-reference stream's dictionary is its trailer).
    var trailer = PDFDictionary()
    /// The cross-reference streams read, by number and offset: objects of the old file's
    /// bookkeeping, unless a newer section gave the number to another object.
    var streams: [(number: Int, offset: Int)] = []
    /// The most objects this file may number: a bound on what a crafted `/Size` or subsection
    /// makes the reader allocate (a few bytes of file per object, and never more than `objectLimit`).
    var limit = CrossReference.objectLimit
    /// The offsets of the sections and streams read, each once (a `/Prev` loop is damage).
    private var seen: Set<Int> = []

    /// More objects than any itinerary (a few thousand) by far, and a bound on what a crafted
    /// `/Size` or subsection can make this allocate.
    static let objectLimit = 4_000_000

    /// Reads the sections from the `startxref` offset back along `/Prev`.
    init(_ file: PDFFile) throws {
        let bytes = file.bytes
        limit = min(Self.objectLimit, max(100_000, bytes.count))
        // `startxref`, its offset and `%%EOF` end the file; some writers add a few bytes after.
        let tail = max(0, bytes.count - 1024)
        let marker = Array("startxref".utf8)
        var found: Int?
        var i = bytes.count - marker.count
        while i >= tail, found == nil {
            if bytes[i] == marker[0], bytes[i..<(i + marker.count)].elementsEqual(marker) { found = i }
            i -= 1
        }
        guard let at = found else { throw PDFError("the PDF has no startxref (is it cut short?)") }
        var offset = try bytes.withUnsafeBufferPointer { buffer -> Int in
            var parser = ObjectParser(buffer, at: at + marker.count)
            guard let value = parser.unsignedInteger() else { throw PDFError("the PDF's startxref names no offset") }
            return value
        }
        var newest = true
        while true {
            guard offset < bytes.count, seen.insert(offset).inserted else {
                throw PDFError(
                    "the PDF's cross-reference points outside the file, or back to itself (offset \(offset))")
            }
            let section = try readSection(at: offset, file: file)
            if newest { trailer = section }
            newest = false
            guard let previous = section["Prev"] else { break }
            guard let value = previous.integer, value >= 0 else { throw PDFError("the PDF's /Prev is not an offset") }
            offset = value
        }
        if trailer["Encrypt"] != nil { throw PDFError("the PDF is encrypted") }
        guard trailer["Root"]?.reference != nil else { throw PDFError("the PDF's trailer names no catalog (/Root)") }
    }

    /// Sets `number`'s entry unless a newer section has.
    mutating func record(_ number: Int, _ entry: CrossReferenceEntry) throws {
        guard number >= 0, number < limit else {
            throw PDFError(
                "the PDF numbers an object \(number): more than this file of \(limit) bytes or objects can hold")
        }
        if number >= entries.count {
            entries += [CrossReferenceEntry?](repeating: nil, count: number + 1 - entries.count)
        }
        if entries[number] == nil { entries[number] = entry }
    }

    /// One section (a table and its trailer, or a cross-reference stream) at `offset`: its
    /// entries recorded, its trailer returned.
    mutating func readSection(at offset: Int, file: PDFFile) throws -> PDFDictionary {
        let classic = try file.bytes.withUnsafeBufferPointer {
            buffer -> (rows: [(Int, CrossReferenceEntry)], trailer: PDFDictionary)? in
            var parser = ObjectParser(buffer, at: offset)
            guard parser.take("xref") else { return nil }
            var rows: [(Int, CrossReferenceEntry)] = []
            while !parser.take("trailer") {
                guard let first = parser.unsignedInteger(), let count = parser.unsignedInteger() else {
                    throw parser.error("the PDF's cross-reference table is malformed")
                }
                // Each entry takes 20 bytes: a count the rest of the file cannot hold is damage.
                guard count <= (buffer.count - parser.position) / 18, first + count <= limit else {
                    throw parser.error("the PDF's cross-reference table is cut short")
                }
                for number in first..<(first + count) {
                    guard let field1 = parser.unsignedInteger(), let generation = parser.unsignedInteger() else {
                        throw parser.error("the PDF's cross-reference table is malformed")
                    }
                    if parser.take("n") {
                        rows.append((number, .offset(field1, generation: generation)))
                    } else if parser.take("f") {
                        rows.append((number, .free))
                    } else {
                        throw parser.error("the PDF's cross-reference entry is neither n nor f")
                    }
                }
            }
            parser.skipSpace()
            guard parser.position + 1 < buffer.count, buffer[parser.position] == UInt8(ascii: "<") else {
                throw parser.error("the PDF's trailer is not a dictionary")
            }
            return (rows, try parser.dictionary())
        }
        guard let classic else { return try readStream(at: offset, file: file) }
        // In use first, then a hybrid file's stream (which holds what the table marks free for
        // older readers), then the free entries.
        for (number, entry) in classic.rows where entry != .free { try record(number, entry) }
        if let stream = classic.trailer["XRefStm"] {
            guard let at = stream.integer, at >= 0, at < file.bytes.count else {
                throw PDFError("the PDF's /XRefStm is not an offset")
            }
            // Each stream once: sections that all name one large stream would read it again and again.
            guard seen.insert(at).inserted else {
                throw PDFError("the PDF's cross-reference names the stream at \(at) twice")
            }
            _ = try readStream(at: at, file: file)
        }
        for (number, entry) in classic.rows where entry == .free { try record(number, entry) }
        return classic.trailer
    }

    /// A cross-reference stream (§7.5.8): `/W` field widths, `/Index` subsections.
    mutating func readStream(at offset: Int, file: PDFFile) throws -> PDFDictionary {
        let object = try file.readObject(at: offset, number: nil).object
        guard let stream = object.stream, object.value.dictionary?["Type"] == .name("XRef") else {
            throw PDFError(
                "the PDF's startxref or /Prev points to neither a table nor a cross-reference stream (offset \(offset))"
            )
        }
        streams.append((object.number, offset))
        let dictionary = stream.dictionary
        guard let widths = dictionary["W"]?.array?.compactMap(\.integer), widths.count == 3,
            widths.allSatisfy({ (0...8).contains($0) }),
            let size = dictionary["Size"]?.integer, size >= 0
        else {
            throw PDFError("the PDF's cross-reference stream has no valid /W or /Size")
        }
        var subsections: [(first: Int, count: Int)] = []
        if let index = dictionary["Index"] {
            let numbers = index.array?.compactMap(\.integer) ?? []
            guard numbers.count == index.array?.count, numbers.count % 2 == 0, numbers.allSatisfy({ $0 >= 0 }) else {
                throw PDFError("the PDF's cross-reference stream has a malformed /Index")
            }
            for k in stride(from: 0, to: numbers.count, by: 2) { subsections.append((numbers[k], numbers[k + 1])) }
        } else {
            subsections = [(0, size)]
        }
        let data = try file.decodedData(stream, limit: 64 << 20)
        let rowBytes = widths.reduce(0, +)
        guard rowBytes > 0 else { throw PDFError("the PDF's cross-reference stream has rows of no bytes") }
        var at = 0
        func field(_ width: Int) -> Int {
            var value = 0
            for _ in 0..<width { value = value << 8 | Int(data[at]); at += 1 }
            return value
        }
        for (first, count) in subsections {
            guard count <= (data.count - at) / rowBytes, first + count <= limit else {
                throw PDFError("the PDF's cross-reference stream is shorter than its /Index")
            }
            for number in first..<(first + count) {
                // A type field of no bytes means type 1.
                let type = widths[0] == 0 ? 1 : field(widths[0])
                let field2 = field(widths[1]), field3 = field(widths[2])
                // Fields of up to eight bytes may read as any Int: offsets, numbers and indexes
                // out of range are damage.
                guard field2 >= 0, field3 >= 0, type != 2 || (field2 < limit && field3 < limit) else {
                    throw PDFError("the PDF's cross-reference stream has an entry out of range for object \(number)")
                }
                switch type {
                case 0: try record(number, .free)
                case 1: try record(number, .offset(field2, generation: field3))
                case 2: try record(number, .compressed(stream: field2, index: field3))
                default: break  // Reserved types are, by the standard, references to null.
                }
            }
        }
        return dictionary
    }
}
