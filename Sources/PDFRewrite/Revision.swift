/// A file read by `PDFFile` written again as one revision, with some objects changed, some
/// removed and some added.

/// The changes to a file, and the new file they make: every object the file holds, in the
/// file's order, each changed one in its place; the small ones packed into object streams
/// (`CompactWriter`); streams left plain deflated; the old cross-reference and object streams
/// replaced by new ones.
///
/// One revision, not an incremental update: appending new copies of changed content streams
/// would leave the old ones in the file.
public struct Revision {
    /// A changed object: a new value, or a new stream (its dictionary and its encoded data;
    /// `/Length` is written from the data).
    public enum Change {
        case value(PDFObject)
        case stream(PDFDictionary, data: [UInt8])
    }

    public let file: PDFFile
    public private(set) var changes: [Int: Change] = [:]
    public private(set) var removed: Set<Int> = []
    private var added: [(number: Int, change: Change)] = []
    /// The number the next added object gets: after every number the file uses.
    public private(set) var nextNumber: Int

    public init(_ file: PDFFile) {
        self.file = file
        // After the highest number the cross-reference names (a larger `/Size` only adds free
        // numbers, and a crafted one would make the writer's table as large as it says).
        nextNumber = file.entries.count
    }

    /// Replaces object `number`. Changing an object twice is a bug in the caller.
    public mutating func change(_ number: Int, to change: Change) throws {
        guard changes[number] == nil else { throw PDFError("object \(number) would be changed twice (a bug)") }
        changes[number] = change
    }

    /// Leaves object `number` out of the new file.
    public mutating func remove(_ number: Int) { removed.insert(number) }

    /// A new object; its reference.
    public mutating func add(_ change: Change) -> PDFReference {
        defer { nextNumber += 1 }
        added.append((nextNumber, change))
        return PDFReference(nextNumber)
    }

    /// The new file. The information dictionary stays plain text, where simple tools look for
    /// the title and dates.
    public func write() throws -> [UInt8] {
        let infoReference = file.trailer["Info"]?.reference
        let info = infoReference?.number
        // The trailer's references must name objects the file holds: one beyond its table would
        // name the first object this revision adds.
        for (key, reference) in [("Root", Optional(file.root)), ("Info", infoReference)] {
            guard let number = reference?.number else { continue }
            guard number < file.entries.count, let entry = file.entries[number], entry != .free,
                !removed.contains(number)
            else {
                throw PDFError("the PDF's trailer names /\(key) \(number), an object the file does not hold")
            }
            // The old cross-reference and object streams are not written again: a trailer naming
            // one would name nothing in the new file.
            guard !file.bookkeeping.contains(number) else {
                throw PDFError("the PDF's trailer names /\(key) \(number), its own cross-reference or object stream")
            }
        }
        // The file's objects in the order they lie in it (an object in an object stream where
        // that stream lies), without its bookkeeping.
        var order: [(number: Int, position: Int, index: Int)] = []
        order.reserveCapacity(file.entries.count)
        for (number, entry) in file.entries.enumerated()
        where !file.bookkeeping.contains(number) && !removed.contains(number) {
            switch entry {
            case let .offset(offset, _)?: order.append((number, offset, 0))
            case let .compressed(stream, index)?:
                guard case let .offset(offset, _)? = stream < file.entries.count ? file.entries[stream] : nil else {
                    throw PDFError("object stream \(stream) is not in the file")
                }
                order.append((number, offset, index + 1))
            default: break
            }
        }
        order.sort { ($0.position, $0.index) < ($1.position, $1.index) }
        guard changes.keys.allSatisfy({ $0 < file.entries.count && !removed.contains($0) }) else {
            throw PDFError("a change names an object the file does not hold, or one removed (a bug)")
        }

        var objects: [(number: Int, object: CompactWriter.Object)] = []
        objects.reserveCapacity(order.count + added.count)
        // Streams written plain, deflated together once all are found (`Flate.deflate(each:)`,
        // on every core): each leaves a place in `objects` to fill.
        var plain: [(slot: Int, generation: Int, dictionary: PDFDictionary, data: [UInt8])] = []
        for (number, _, _) in order {
            if let change = changes[number] {
                objects.append(
                    (number, Self.written(number, change, plain: number == info, generation: generation(number))))
                continue
            }
            let (object, packable) = try file.bytesOf(number)
            if let stream = object.stream {
                // (An XMP packet stays plain, where PDF/A and simple tools look for it.)
                if stream.dictionary["Filter"] == nil, stream.dictionary["Type"] != .name("Metadata") {
                    // A stream written plain (cairo's, when asked: `PDFRenderer`), deflated here, once.
                    var dictionary = stream.dictionary
                    dictionary["Filter"] = .name("FlateDecode")
                    plain.append((objects.count, object.generation, dictionary, Array(stream.data)))
                    objects.append((number, .whole([])))
                } else if let extent = object.extent {
                    objects.append((number, .whole(Self.kept(file.bytes[extent]), generation: object.generation)))
                }
            } else if object.generation == 0, number != info, packable || object.extent == nil {
                objects.append((number, .packed(object.body)))
            } else if let extent = object.extent {
                objects.append((number, .whole(Self.kept(file.bytes[extent]), generation: object.generation)))
            } else {
                objects.append(
                    (number, .whole(Array("\(number) 0 obj\n".utf8) + object.body + Array("\nendobj\n".utf8))))
            }
        }
        for (stream, data) in zip(plain, Flate.deflate(each: plain.map(\.data))) {
            let number = objects[stream.slot].number
            objects[stream.slot].object = Self.whole(number, stream.generation, stream.dictionary, data: data)
        }
        for (number, change) in added {
            objects.append((number, Self.written(number, change, plain: false, generation: 0)))
        }

        // PDF 1.5 at least: object and cross-reference streams are 1.5's.
        let parts = file.version.split(separator: ".").map { Int($0) ?? 0 }
        let version = parts.count == 2 && (parts[0], parts[1]) >= (1, 5) ? file.version : "1.5"
        let header = Array("%PDF-\(version)\n%".utf8) + [0xB5, 0xED, 0xAE, 0xFB, 0x0A]
        return CompactWriter.write(
            header: header[...], objects: objects, size: nextNumber, root: file.root, info: infoReference,
            id: file.trailer["ID"])
    }

    /// The generation the file gives object `number` (0 in an object stream).
    private func generation(_ number: Int) -> Int {
        if case let .offset(_, generation)? = file.entries[number] { return generation }
        return 0
    }

    /// A changed object keeps its number and generation (references to it name both); only
    /// generation 0 can be packed.
    private static func written(_ number: Int, _ change: Change, plain: Bool, generation: Int) -> CompactWriter.Object {
        switch change {
        case let .value(value):
            let bytes = ObjectWriter.bytes(value)
            if !plain, generation == 0, value.dictionary != nil || value.array != nil { return .packed(bytes[...]) }
            return .whole(
                Array("\(number) \(generation) obj\n".utf8) + bytes + Array("\nendobj\n".utf8), generation: generation)
        case let .stream(dictionary, data):
            return whole(number, generation, dictionary, data: data)
        }
    }

    /// An object's `n g obj … endobj` as the file has it, ending with an end of line: in the
    /// file the next object may have followed after another white-space character (a form feed),
    /// which the extent leaves out, and written against the next object's number `endobj` would
    /// no longer be a keyword (found by fuzz-pdf).
    static func kept(_ extent: ArraySlice<UInt8>) -> [UInt8] {
        var bytes = Array(extent)
        if let last = bytes.last, last != 0x0A, last != 0x0D { bytes.append(0x0A) }
        return bytes
    }

    /// `n g obj`, the dictionary with the data's `/Length` last, the data, `endobj`.
    private static func whole(
        _ number: Int, _ generation: Int, _ dictionary: PDFDictionary, data: [UInt8]
    ) -> CompactWriter.Object {
        var dictionary = dictionary
        dictionary["Length"] = nil
        dictionary["Length"] = .integer(data.count)
        return .whole(
            Array("\(number) \(generation) obj\n".utf8) + ObjectWriter.bytes(.dictionary(dictionary))
                + Array("\nstream\n".utf8)
                + data + Array("\nendstream\nendobj\n".utf8), generation: generation)
    }
}
