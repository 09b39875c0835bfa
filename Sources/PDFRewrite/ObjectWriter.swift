/// PDF objects written as bytes, in the layout cairo uses (so a changed object reads like its
/// neighbours): a top-level dictionary one entry a line, anything nested on one line.

/// Serialises `PDFObject`s for the rewritten file.
public enum ObjectWriter {
    /// `object`'s bytes.
    public static func bytes(_ object: PDFObject) -> [UInt8] {
        var out: [UInt8] = []
        write(object, into: &out, topLevel: true)
        return out
    }

    /// Appends `object` to `out`. A top-level dictionary is `<< /Key value\n   /Key value\n>>`.
    public static func write(_ object: PDFObject, into out: inout [UInt8], topLevel: Bool = false) {
        switch object {
        case .null: out.append(contentsOf: "null".utf8)
        case let .boolean(value): out.append(contentsOf: (value ? "true" : "false").utf8)
        case let .integer(value): integer(value, into: &out)
        case let .real(text): out.append(contentsOf: text.utf8)
        case let .string(bytes): string(bytes, into: &out)
        case let .name(name): self.name(name, into: &out)
        case let .reference(reference):
            integer(reference.number, into: &out)
            out.append(0x20)
            integer(reference.generation, into: &out)
            out.append(contentsOf: " R".utf8)
        case let .array(items):
            out.append(UInt8(ascii: "["))
            for item in items {
                out.append(0x20)
                write(item, into: &out)
            }
            out.append(contentsOf: " ]".utf8)
        case let .dictionary(dictionary):
            out.append(contentsOf: "<<".utf8)
            for (index, entry) in dictionary.entries.enumerated() {
                if topLevel && index > 0 { out.append(contentsOf: "\n   ".utf8) } else { out.append(0x20) }
                name(entry.key, into: &out)
                out.append(0x20)
                write(entry.value, into: &out)
            }
            out.append(contentsOf: (topLevel && !dictionary.entries.isEmpty ? "\n>>" : " >>").utf8)
        }
    }

    /// Decimal digits, without a `String` in between.
    static func integer(_ value: Int, into out: inout [UInt8]) {
        if value < 0 { out.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var power: UInt = 1
        while magnitude / power >= 10 { power *= 10 }
        while power > 0 {
            out.append(UInt8(0x30 + magnitude / power))
            magnitude %= power
            power /= 10
        }
    }

    /// `( … )` when every byte is printable ASCII, escaping `\`, `(` and `)`; else `< … >` in
    /// upper-case hex (a UTF-16 text string, say).
    static func string(_ bytes: [UInt8], into out: inout [UInt8]) {
        if bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            out.append(UInt8(ascii: "("))
            for c in bytes {
                if c == UInt8(ascii: "\\") || c == UInt8(ascii: "(") || c == UInt8(ascii: ")") {
                    out.append(UInt8(ascii: "\\"))
                }
                out.append(c)
            }
            out.append(UInt8(ascii: ")"))
        } else {
            out.append(UInt8(ascii: "<"))
            for c in bytes {
                out.append(hex[Int(c >> 4)])
                out.append(hex[Int(c & 0xF)])
            }
            out.append(UInt8(ascii: ">"))
        }
    }

    /// `/Name`, with `#xx` for a byte that is not a regular printable one (and for `#`).
    static func name(_ name: PDFName, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "/"))
        for c in name.bytes {
            if c > 0x20, c < 0x7F, c != UInt8(ascii: "#"), ByteClass.isRegular(c) {
                out.append(c)
            } else {
                out.append(UInt8(ascii: "#"))
                out.append(hex[Int(c >> 4)])
                out.append(hex[Int(c & 0xF)])
            }
        }
    }

    private static let hex = Array("0123456789ABCDEF".utf8)

    /// A text string (§7.9.2.2): the bytes of printable ASCII as they are, anything else as
    /// UTF-16BE after its byte order mark.
    public static func textString(_ text: String) -> PDFObject {
        if text.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value < 0x7F }) { return .string(Array(text.utf8)) }
        var bytes: [UInt8] = [0xFE, 0xFF]
        for unit in text.utf16 { bytes += [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
        return .string(bytes)
    }

    /// The text of a text string (§7.9.2.2): UTF-16BE after its byte order mark, else
    /// PDFDocEncoding read as Latin-1 (the two agree on every character but a few punctuation
    /// marks in 0x80–0x9F and 0xAD).
    public static func decodedTextString(_ bytes: [UInt8]) -> String {
        guard bytes.count >= 2, bytes[0] == 0xFE, bytes[1] == 0xFF else {
            return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
        }
        let units = stride(from: 2, to: bytes.count - 1, by: 2).map { UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]) }
        return String(decoding: units, as: UTF16.self)
    }
}
