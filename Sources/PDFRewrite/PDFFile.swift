/// A PDF file opened for reading: its cross-reference and trailer, and any object by number.
///
/// The module, `PDFRewrite`, reads a finished PDF as objects and writes it again as one
/// revision: `PDFFile` (with `CrossReference`, `ObjectStream`, `StreamFilters`) reads,
/// `ObjectParser` is the one reader of object syntax, `ObjectWriter` and `CompactWriter` write,
/// `Revision` says what changes, and `StructureTree`, `PageTree`, `NumberTree` and
/// `ContentStream` read the parts a tagged PDF's update needs. It knows nothing of itineraries
/// or of cairo.
///
/// Written here rather than on libqpdf (Debian's `libqpdf-dev`) because the output must be
/// reproducible to the byte: qpdf renumbers and reorders objects as it writes, so the file would
/// depend on its version too, while this reader reads only what the update needs, once, and
/// copies every object it does not change as the file holds it. (No fair in-process comparison
/// of their cost has been measured.)

/// An unencrypted PDF in the forms the tests read (`Tests/PDFRewriteTests`, and `fuzz-pdf` on
/// any bytes): cairo 1.16's and 1.18's output and fpdf2's, each also as qpdf rewrites it (classic
/// cross-reference tables or streams, objects written directly or packed into object streams,
/// compressed or not, QDF), incremental updates followed back, hybrid files, and the crafted files
/// of `Tests/Fixtures/pdf/crafted/`: those of valid shapes read, the damaged ones refused with an
/// error. Objects are read when asked for, once.
public final class PDFFile {
    public let bytes: [UInt8]
    /// The header's version, `1.5` for `%PDF-1.5`.
    public private(set) var version = ""
    /// The newest trailer: `/Root`, `/Info`, `/ID`, `/Size`.
    public private(set) var trailer = PDFDictionary()
    /// By object number; nil where the file names no such object.
    public private(set) var entries: [CrossReferenceEntry?] = []
    /// The old file's bookkeeping (its cross-reference and object streams), which a rewrite
    /// writing its own leaves out.
    public private(set) var bookkeeping: Set<Int> = []

    private var cache: [IndirectObject?] = []
    /// The objects being read: one asked for again while it is read (an object stream said to
    /// lie in itself, two streams whose lengths name each other) is a loop, not a recursion.
    private var reading: [Bool] = []
    private var objectStreams: [Int: ObjectStream] = [:]

    /// The most an object stream or any stream this reads may inflate to.
    public static let streamLimit = 64 << 20

    public init(_ bytes: [UInt8]) throws {
        self.bytes = bytes
        let header = Array("%PDF-".utf8)
        // The header may follow a few bytes of something else (§7.5.2 allows 1024).
        guard
            let start = (0...max(0, min(1024, bytes.count - header.count))).first(where: {
                bytes[$0...].starts(with: header)
            })
        else {
            throw PDFError("the data is not a PDF (no %PDF- header)")
        }
        version = String(
            decoding: bytes[(start + header.count)...].prefix(while: {
                $0 == UInt8(ascii: ".") || ByteClass.isDigit($0)
            }),
            as: UTF8.self)
        let table = try CrossReference(self)
        entries = table.entries
        trailer = table.trailer
        // A cross-reference stream's number is bookkeeping while it still names that stream.
        // (A stream may give itself a number beyond the table's: then it names no entry.)
        for (number, offset) in table.streams where entries.indices.contains(number) {
            if case let .offset(at, _)? = entries[number], at == offset { bookkeeping.insert(number) }
        }
        for entry in entries {
            if case let .compressed(stream, _)? = entry { bookkeeping.insert(stream) }
        }
        cache = [IndirectObject?](repeating: nil, count: entries.count)
        reading = [Bool](repeating: false, count: entries.count)
    }

    /// The catalog's reference, from the trailer.
    public var root: PDFReference { trailer["Root"]!.reference! }

    /// The object `number`; an error if the file does not hold it where its cross-reference says.
    public func object(_ number: Int) throws -> IndirectObject {
        guard number > 0, number < entries.count, let entry = entries[number], entry != .free else {
            throw PDFError("the PDF has no object \(number)")
        }
        if let cached = cache[number] { return cached }
        guard !reading[number] else {
            throw PDFError("the PDF's object \(number) is reached again while it is read (a loop)")
        }
        reading[number] = true
        defer { reading[number] = false }
        let object: IndirectObject
        if case let .compressed(stream, index) = entry {
            object = try objectStream(stream).object(number, at: index)
        } else {
            object = try read(number, build: true).object
        }
        cache[number] = object
        return object
    }

    /// The value `reference` names, or `object` itself when it is not a reference (one step:
    /// a reference to a reference is followed up to a few times).
    public func resolve(_ object: PDFObject?) throws -> PDFObject? {
        var value = object, steps = 0
        while case let .reference(reference)? = value {
            guard steps < 8 else { throw PDFError("the PDF's references run in a loop at object \(reference.number)") }
            guard reference.number < entries.count, let entry = entries[reference.number], entry != .free else {
                return nil
            }
            // (The value alone from the cache: copying the whole read object costs more here.)
            value = try cache[reference.number]?.value ?? self.object(reference.number).value
            steps += 1
        }
        return value
    }

    /// The stream's data with its filters undone.
    public func decodedData(_ stream: PDFStream, limit: Int = PDFFile.streamLimit) throws -> [UInt8] {
        // `/Filter` and `/DecodeParms` may be references, and so may their items and values.
        var dictionary = stream.dictionary
        for key: PDFName in ["Filter", "DecodeParms"] { dictionary[key] = try resolvedParameters(dictionary[key]) }
        return try StreamFilters.decode(stream.data, dictionary: dictionary, limit: limit)
    }

    /// A filter or parameter value with its references resolved: the value, an array's items,
    /// a dictionary's values.
    private func resolvedParameters(_ value: PDFObject?) throws -> PDFObject? {
        switch try resolve(value) {
        case var .dictionary(d)?:
            for (key, entry) in d.entries { d[key] = try resolve(entry) }
            return .dictionary(d)
        case let .array(items)?:
            return .array(try items.map { try resolvedParameters($0) ?? .null })
        case let other:
            return other
        }
    }

    private func objectStream(_ number: Int) throws -> ObjectStream {
        if let stream = objectStreams[number] { return stream }
        let object = try self.object(number)
        guard let stream = object.stream, stream.dictionary["Type"] == .name("ObjStm") else {
            throw PDFError("the PDF's object \(number) holds other objects but is not an object stream")
        }
        let decoded = try ObjectStream(number: number, dictionary: stream.dictionary, data: try decodedData(stream))
        objectStreams[number] = decoded
        return decoded
    }

    /// Object `number` as `object(_:)` reads it, except that a dictionary or array written
    /// directly in the file and not read before is only passed over: its `value` is `null`
    /// and its bytes are what the caller wants (the writer copies them unchanged).
    public func bytesOf(_ number: Int) throws -> (object: IndirectObject, container: Bool) {
        guard number > 0, number < entries.count, case let .offset(offset, generation)? = entries[number],
            cache[number] == nil
        else {
            let object = try self.object(number)
            return (object, object.value.dictionary != nil || object.value.array != nil)
        }
        let read = try read(number, build: false)
        // A stream was read whole, and is kept.
        if read.object.stream != nil { cache[number] = read.object }
        return read
    }

    /// Object `number`, written directly in the file, read where the cross-reference says, with
    /// the generation it says.
    private func read(_ number: Int, build: Bool) throws -> (object: IndirectObject, container: Bool) {
        guard case let .offset(offset, generation)? = entries[number] else {
            throw PDFError("the PDF has no object \(number) in the file")
        }
        let read = try readObject(at: offset, number: number, build: build)
        guard read.object.generation == generation else {
            throw PDFError("the PDF's object \(number) has another generation than its cross-reference says")
        }
        return read
    }

    /// `n g obj … endobj` at `offset`; `number` checked when given. Unless `build`, a value
    /// that is not a stream's dictionary is passed over and read as `null` (`container` says
    /// whether it is a dictionary or an array).
    func readObject(
        at offset: Int, number: Int?, build: Bool = true
    ) throws -> (object: IndirectObject, container: Bool) {
        guard offset >= 0, offset < bytes.count else {
            throw PDFError("the PDF's object \(number ?? 0) lies outside the file")
        }
        return try bytes.withUnsafeBufferPointer { buffer in
            var parser = ObjectParser(buffer, at: offset)
            guard let found = parser.unsignedInteger(), let generation = parser.unsignedInteger(), parser.take("obj")
            else {
                throw parser.error(
                    "the PDF's object \(number.map(String.init) ?? "") is not where its cross-reference says")
            }
            if let number, found != number {
                throw parser.error("the PDF's cross-reference points object \(number) to object \(found)")
            }
            parser.skipSpace()
            let start = parser.position
            var value = PDFObject.null
            var container = false
            if build {
                value = try parser.object()
            } else {
                container = try parser.skipObject()
                let end = parser.position
                // A stream's dictionary is read after all: its length and filters matter.
                if parser.take("stream") {
                    parser.position = start
                    value = try parser.object()
                } else {
                    parser.position = end
                }
            }
            var end = parser.position
            var stream: PDFStream?
            if parser.take("stream") {
                guard let dictionary = value.dictionary else {
                    throw parser.error("a stream's dictionary is not a dictionary")
                }
                // The data starts after `stream` and CR LF or LF.
                if parser.position < buffer.count, buffer[parser.position] == 0x0D { parser.position += 1 }
                guard parser.position < buffer.count, buffer[parser.position] == 0x0A else {
                    throw parser.error("a stream's keyword is not followed by an end of line")
                }
                let dataStart = parser.position + 1
                let length: Int?
                switch dictionary["Length"] {
                case let .integer(value)?: length = value
                case let .reference(reference)? where reference.number != found:
                    length = try self.object(reference.number).value.integer
                default: length = nil
                }
                guard let length, length >= 0, length <= buffer.count - dataStart else {
                    throw parser.error("object \(found)'s stream has no /Length that fits the file")
                }
                parser.position = dataStart + length
                guard parser.take("endstream") else {
                    throw parser.error("object \(found)'s stream does not end where its /Length says")
                }
                end = parser.position
                stream = PDFStream(dictionary: dictionary, data: bytes[dataStart..<(dataStart + length)])
            }
            guard parser.take("endobj") else { throw parser.error("object \(found) does not end in endobj") }
            var extentEnd = parser.position
            if extentEnd < buffer.count, buffer[extentEnd] == 0x0D { extentEnd += 1 }
            if extentEnd < buffer.count, buffer[extentEnd] == 0x0A { extentEnd += 1 }
            if build { container = value.dictionary != nil || value.array != nil }
            return (
                IndirectObject(
                    number: found, generation: generation, value: value, stream: stream,
                    body: bytes[start..<end], extent: offset..<extentEnd), container
            )
        }
    }
}
