/// A PDF's objects written as one revision with object streams and a cross-reference stream.

/// Writes the small objects (structure elements, annotations, pages, font dictionaries: every
/// dictionary or array that is not a stream) into compressed object streams, and the rest
/// (content, font and metadata streams, bare numbers) as they are, followed by a
/// cross-reference stream (PDF 1.5, the version cairo writes). cairo 1.16 writes every object
/// plainly; a tagged itinerary has a structure element per line of text, and packed they take
/// a fraction of the room.
public struct CompactWriter {
    /// One object of the file to write: its body, for the writer to pack into an object stream, or its
    /// whole `obj … endobj` text, written as it is (streams must be).
    public enum Object {
        /// The text between `n 0 obj` and `endobj`: packed into an object stream.
        case packed(ArraySlice<UInt8>)
        /// `n g obj … endobj` as written: kept as it is.
        case whole([UInt8], generation: Int = 0)
    }

    /// Objects per object stream: readers unpack a whole stream to reach one object in it.
    public static let perStream = 200

    /// The file: `header`, then `objects` (numbers below `size`), then object streams and the
    /// cross-reference stream numbered from `size` on. Numbers below `size` that are not among
    /// `objects` are free.
    /// `id` is the trailer's `/ID`, carried over from the file read.
    public static func write(
        header: ArraySlice<UInt8>, objects: [(number: Int, object: Object)], size: Int, root: PDFReference,
        info: PDFReference?,
        id: PDFObject? = nil
    ) -> [UInt8] {
        var out = Array(header)
        // Cross-reference entries: type (0 free, 1 at an offset, 2 in an object stream) and two fields.
        var entries = [(type: UInt8, field2: Int, field3: Int)?](repeating: nil, count: size)
        var packed: [(number: Int, body: ArraySlice<UInt8>)] = []
        for (number, object) in objects {
            switch object {
            case let .whole(bytes, generation):
                entries[number] = (1, out.count, generation)
                out += bytes
            case let .packed(body):
                packed.append((number, body))
            }
        }
        // The object streams' indexes and bodies, deflated side by side (`Flate.deflate(each:)`).
        var streams: [(count: Int, index: [UInt8], data: [UInt8])] = []
        var streamNumber = size
        var start = 0
        while start < packed.count {
            let chunk = packed[start..<min(start + perStream, packed.count)]
            var index: [UInt8] = [], data: [UInt8] = []
            for (i, object) in chunk.enumerated() {
                index += Array("\(object.number) \(data.count) ".utf8)
                data += object.body
                data.append(0x0A)
                entries[object.number] = (2, size + streams.count, i)
            }
            streams.append((chunk.count, index, data))
            start += perStream
        }
        for (stream, content) in zip(streams, Flate.deflate(each: streams.map { $0.index + $0.data })) {
            entries.append((1, out.count, 0))
            out += Array(
                "\(streamNumber) 0 obj\n<< /Type /ObjStm\n   /N \(stream.count)\n   /First \(stream.index.count)\n   /Filter /FlateDecode\n   /Length \(content.count)\n>>\nstream\n"
                    .utf8)
            out += content
            out += Array("\nendstream\nendobj\n".utf8)
            streamNumber += 1
        }

        // The cross-reference stream is the last object; free numbers form a list from entry 0,
        // a freed object's next generation being 1.
        let xrefNumber = streamNumber
        let xrefOffset = out.count
        entries.append((1, xrefOffset, 0))
        let free = (1..<entries.count).filter { entries[$0] == nil }
        entries[0] = (0, free.first ?? 0, 65535)
        for (k, number) in free.enumerated() { entries[number] = (0, k + 1 < free.count ? free[k + 1] : 0, 1) }
        var rows: [UInt8] = []
        rows.reserveCapacity(entries.count * 7)
        for entry in entries {
            // `/W [ 1 4 2 ]`: big-endian fields of 1, 4 and 2 bytes.
            let e = entry!
            rows.append(e.type)
            for shift in stride(from: 24, through: 0, by: -8) {
                rows.append(UInt8(truncatingIfNeeded: e.field2 >> shift))
            }
            rows.append(UInt8(truncatingIfNeeded: e.field3 >> 8))
            rows.append(UInt8(truncatingIfNeeded: e.field3))
        }
        let table = Flate.deflate(rows)
        var dictionary =
            "\(xrefNumber) 0 obj\n<< /Type /XRef\n   /Size \(entries.count)\n   /W [ 1 4 2 ]\n   /Root \(root)\n"
        if let info { dictionary += "   /Info \(info)\n" }
        if let id { dictionary += "   /ID " + String(decoding: ObjectWriter.bytes(id), as: UTF8.self) + "\n" }
        dictionary += "   /Filter /FlateDecode\n   /Length \(table.count)\n>>\nstream\n"
        out += Array(dictionary.utf8)
        out += table
        out += Array("\nendstream\nendobj\nstartxref\n\(xrefOffset)\n%%EOF\n".utf8)
        return out
    }
}
