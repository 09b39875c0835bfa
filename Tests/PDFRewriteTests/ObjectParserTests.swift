/// PDF object syntax read and written again: every kind of object, the escapes, the limits.
@testable import PDFRewrite
import Testing

/// Parses `text` as one object.
func parse(_ text: String) throws -> PDFObject {
    let bytes = Array(text.utf8)
    return try bytes.withUnsafeBufferPointer { buffer in
        var parser = ObjectParser(buffer)
        return try parser.object()
    }
}

@Suite("Object parser")
struct ObjectParserTests {
    @Test("each kind of object, and references told apart from two integers")
    func kinds() throws {
        #expect(try parse("null") == .null)
        #expect(try parse(" true ") == .boolean(true))
        #expect(try parse("-42") == .integer(-42))
        #expect(try parse("+7") == .integer(7))
        #expect(try parse("-.50") == .real("-.50"))
        #expect(try parse("12 0 R") == .reference(PDFReference(12)))
        #expect(try parse("[ 1 2 ]") == .array([.integer(1), .integer(2)]))
        #expect(try parse("[1 2 0 R 3]") == .array([.integer(1), .reference(PDFReference(2)), .integer(3)]))
        #expect(try parse("[1 2 3 R]") == .array([.integer(1), .reference(PDFReference(2, 3))]))
        // A comment may sit between a reference's numbers.
        #expect(try parse("[ 2 %c\n0 R ]") == .array([.reference(PDFReference(2))]))
        // A dictionary of many keys is read in linear time, and a repeated key still found.
        let many = "<<" + (0..<5000).map { " /K\($0) \($0)" }.joined() + " >>"
        #expect(try parse(many).dictionary?.entries.count == 5000)
        #expect(throws: PDFError.self) { try parse("<<" + (0..<100).map { " /K\($0) 1" }.joined() + " /K7 2 >>") }
        let dictionary = try parse("<</Type/Annot/Rect[0 0 1.5 2]/A<</S/URI/URI(http://x)>>/Empty null>>")
        #expect(dictionary["Type"] == .name("Annot"))
        #expect(dictionary["Rect"] == .array([.integer(0), .integer(0), .real("1.5"), .integer(2)]))
        #expect(dictionary["A"]?["URI"] == .string(Array("http://x".utf8)))
        // A null value is no entry.
        #expect(dictionary.dictionary?.entries.count == 3)
        // Comments are white space.
        #expect(try parse("% a comment\n[ 1 % another\n 2 ]") == .array([.integer(1), .integer(2)]))
    }

    @Test("strings: nested brackets, every escape, line ends; hex with white space and an odd digit")
    func strings() throws {
        #expect(try parse("(a (b) c)") == .string(Array("a (b) c".utf8)))
        #expect(
            try parse(#"(\n\r\t\b\f\(\)\\\101\7x)"#)
                == .string([0x0A, 0x0D, 0x09, 0x08, 0x0C, 0x28, 0x29, 0x5C, 0x41, 0x07, 0x78]))
        #expect(try parse("(one\\\ntwo)") == .string(Array("onetwo".utf8)))
        #expect(try parse("(cr\rlf\r\nend)") == .string(Array("cr\nlf\nend".utf8)))
        #expect(try parse("<FE FF 00 41>") == .string([0xFE, 0xFF, 0x00, 0x41]))
        #expect(try parse("<4>") == .string([0x40]))
    }

    @Test("names: #xx escapes decoded, long names kept whole, written back escaped")
    func names() throws {
        #expect(try parse("/A#20B") == .name(PDFName(bytes: Array("A B".utf8))))
        let long = "/" + String(repeating: "Long", count: 10)
        #expect(try parse(long).name?.bytes == Array(long.utf8.dropFirst()))
        #expect(ObjectWriter.bytes(.name(PDFName(bytes: Array("A B#".utf8)))) == Array("/A#20B#23".utf8))
        #expect(PDFName(bytes: Array("Type".utf8)) == "Type")
        #expect(PDFName(bytes: Array("Type".utf8)) != "Typ")
        #expect(PDFName(bytes: Array("SixteenBytesLong".utf8)) != PDFName(bytes: Array("SixteenBytesLong!".utf8)))
    }

    @Test("what is read and written again reads the same")
    func roundTrip() throws {
        let source =
            "<< /Type /StructElem /S /Figure /Alt <FEFF00E9> /K [ 0 << /Type /MCR /MCID 1 >> 5 0 R ] /T (a\\)b) /N -1.25 /B true >>"
        let object = try parse(source)
        let written = String(decoding: ObjectWriter.bytes(object), as: UTF8.self)
        #expect(try parse(written) == object)
        #expect(written.hasPrefix("<< /Type /StructElem\n   /S /Figure\n"), "\(written)")
        #expect(
            ObjectWriter.textString("Café") == .string([0xFE, 0xFF, 0x00, 0x43, 0x00, 0x61, 0x00, 0x66, 0x00, 0xE9]))
        #expect(ObjectWriter.textString("plain") == .string(Array("plain".utf8)))
    }

    @Test("damage is an error, never a guess: unclosed, repeated keys, stray bytes, nesting past the limit")
    func errors() throws {
        for bad in [
            "(open", "<41", "[ 1 2", "<< /A 1", "<< /A 1 /A 2 >>", "<< 1 2 >>", ")", "/A#4", "1.2.3", "endobj", "<4G>",
            "[1 R]", "[1 2 3 Rx]",
        ] {
            #expect(throws: PDFError.self, "\(bad)") { try parse(bad) }
        }
        #expect(throws: PDFError.self) { try parse(String(repeating: "[", count: 100)) }
        #expect(try parse(String(repeating: "[", count: 60) + String(repeating: "]", count: 60)) != .null)
    }

    @Test("skipping an object finds where it ends, as reading it does")
    func skipping() throws {
        for text in [
            "<< /A [ (x\\)) <41> << /B 1 0 R >> ] >> tail", "[ 1 2 ] tail", "/Name tail", "(a (b)) tail", "12 0 R tail",
        ] {
            let bytes = Array(text.utf8)
            let (read, skipped): (Int, Int) = try bytes.withUnsafeBufferPointer { buffer in
                var a = ObjectParser(buffer), b = ObjectParser(buffer)
                _ = try a.object()
                _ = try b.skipObject()
                return (a.position, b.position)
            }
            #expect(read == skipped, "\(text)")
        }
    }
}
