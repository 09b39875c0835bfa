/// Marked-content operators found in content streams, and nothing that only looks like one.
import PDFRewrite
import Testing

@Suite("Marked content")
struct MarkedContentTests {
    /// The marked-content operators `ContentStream.marks` finds, asked for no rectangle.
    private func markedContent(_ bytes: [UInt8]) throws -> [MarkedContentOperator] {
        try ContentStream.marks(in: bytes).compactMap { mark in
            guard case let .markedContent(found) = mark else { return nil }
            return found
        }
    }

    private func found(_ text: String) throws -> [(tag: String, mcid: Int?, text: String)] {
        let bytes = Array(text.utf8)
        return try markedContent(bytes).map {
            ($0.tag.string, $0.properties["MCID"]?.integer, String(decoding: bytes[$0.range], as: UTF8.self))
        }
    }

    @Test(
        "operators with inline properties; the same words inside literal or hex strings, comments or inline images are not"
    )
    func operatorsNotLookAlikes() throws {
        let content =
            "q\n/Private << /MCID 0 >> BDC\nBT [(/Private << /MCID 1 >> BDC \\) \\( (nested))] TJ ET\nEMC\n"
            + "<2F507269766174653E> Tj\n/P<</MCID 2>>BDC\nEMC\n% /Private << /MCID 5 >> BDC\n"
            + "BI /W 2 /H 1 /BPC 8 /CS /G ID \u{1}/Private << /MCID 6 >> BDC\u{2} EI\n"
            + "/Span << /ActualText (x) >> BDC EMC /Private <</MCID 3>> BDC\nEMC\nQ\n"
        let operators = try found(content)
        #expect(operators.map(\.tag) == ["Private", "P", "Span", "Private"])
        #expect(operators.map(\.mcid) == [0, 2, nil, 3])
        #expect(operators[0].text == "/Private << /MCID 0 >> BDC")
        #expect(operators[3].text == "/Private <</MCID 3>> BDC")
        // Other operators that take a dictionary are not marked content.
        #expect(try found("/Tag << /MCID 1 >> DP\n/OC /oc1 BDC EMC").isEmpty)
    }

    @Test(
        "a filled rectangle with the asked operands (as numbers, however written) is found among marked content, in order, with any white space, knowing whether it is marked; in strings, comments or images, with other operands, `f*`, or another operator, it is not"
    )
    func filledRectangles() throws {
        let operands = RectangleOperands(x: 0, y: 0, width: 3.0 / 256, height: 4.0 / 256, tolerance: 1.0 / 1024)
        func marks(_ text: String) throws -> [String] {
            let bytes = Array(text.utf8)
            return try ContentStream.marks(in: bytes, filledRectangle: operands).map { mark in
                switch mark {
                case let .markedContent(found): "BDC " + String(decoding: bytes[found.range], as: UTF8.self)
                case let .filledRectangle(range, marked):
                    (marked ? "marked re " : "re ") + String(decoding: bytes[range], as: UTF8.self)
                case let .unmarkedText(at): "text at \(at)"
                }
            }
        }
        let content =
            "1 0 0 -1 0 792 cm\n/P << /MCID 0 >> BDC\n0 0 0 rg /a0 gs\n0 0 0.012 0.016 re f\n0.1 g\n"
            + "BT [(0 0 0.012 0.016 re f)] TJ ET <30203020302e3031322030> Tj % 0 0 0.012 0.016 re f\n"
            + "BI /W 1 /H 1 /BPC 8 /CS /G ID \u{1} 0 0 0.012 0.016 re f \u{2} EI\n"
            + "0 0 0.012 0.016 re f* 0 0 0.012 0.018 re f 10 0 0.012 0.016 re f 0 0 0.012 0.016 re S\n"
            + "0 0 0.012 0.016 ref 0 0 0.012 0.016 re fill 0x0 0 0.012 0.016 re f 0 0 0.01.2 0.016 re f\n"
            + "0 0 0.01171875 +.0156 re f 00 -0 .012 0.016 re f\n"
            + "EMC /Private<</MCID 1>>BDC\r\n0\t0  0.012\n0.016 re\nf\nEMC 0 0 0.012 0.016 re f"
        #expect(
            try marks(content) == [
                "BDC /P << /MCID 0 >> BDC", "marked re 0 0 0.012 0.016 re f",
                "marked re 0 0 0.01171875 +.0156 re f", "marked re 00 -0 .012 0.016 re f",
                "BDC /Private<</MCID 1>>BDC", "marked re 0\t0  0.012\n0.016 re\nf", "re 0 0 0.012 0.016 re f",
            ])
        // Nesting: `BMC` and a named property list open sequences, `EMC` closes them; the
        // words inside a string do neither.
        let nested =
            "/Artifact BMC /P /MC0 BDC EMC 0 0 0.012 0.016 re f EMC (EMC) Tj 0 0 0.012 0.016 re f "
            + "BMCX EMC EMC 0 0 0.012 0.016 re f /Span<</MCID 2>>BDC 0 0 0.012 0.016 re f EMC "
            + "/P << /MCID 3 >> BDC EMC 0 0 0.012 0.016 re f"
        #expect(
            try marks(nested) == [
                "marked re 0 0 0.012 0.016 re f", "re 0 0 0.012 0.016 re f", "re 0 0 0.012 0.016 re f",
                "BDC /Span<</MCID 2>>BDC", "marked re 0 0 0.012 0.016 re f", "BDC /P << /MCID 3 >> BDC",
                "re 0 0 0.012 0.016 re f",
            ])
        // Operands that begin inside a comment are not the rectangle's; after one, they are.
        #expect(try marks("%x 0\n0 0.012 0.016 re f").isEmpty)
        #expect(try marks("% a comment\n0 0 0.012 0.016 re f") == ["re 0 0 0.012 0.016 re f"])
        // Without operands asked for, only marked content.
        #expect(try ContentStream.marks(in: Array(content.utf8)).count == 2)
        #expect(try found(content).map(\.tag) == ["P", "Private"])
    }

    @Test(
        "text shown outside marked content with an MCID or /Artifact is found, by Tj, TJ, ' and \" as whole operators; inside one, in a string, a name or a longer word, it is not"
    )
    func unmarkedText() throws {
        func found(_ text: String) throws -> [Int] {
            try ContentStream.marks(in: Array(text.utf8), unmarkedText: true).compactMap {
                if case let .unmarkedText(at) = $0 { return at }
                return nil
            }
        }
        #expect(try found("BT (a) Tj ET") == [7])
        #expect(try found("BT [(a) 3 (b)]TJ ET") == [14])
        #expect(try found("BT (a) ' (b) 1 2 (c) \" ET") == [7, 21])
        #expect(try found("/P << /MCID 0 >> BDC BT (a) Tj [(b)] TJ ET EMC /Artifact BMC BT (c) Tj ET EMC").isEmpty)
        // Marked content that is neither an artifact nor has an MCID covers nothing; inside one
        // that does, it needs none of its own.
        #expect(try found("/Span /MC0 BDC (x) Tj EMC") == [19])
        #expect(try found("/Span BMC (x) Tj EMC /OC /oc1 BDC (y) Tj EMC") == [14, 38])
        #expect(try found("/Span << /ActualText (x) >> BDC (x) Tj EMC") == [36])
        #expect(try found("/Artifact BMC (x) Tj EMC /Artifact /P0 BDC (y) Tj EMC").isEmpty)
        #expect(try found("/P << /MCID 3 >> BDC /Span << /ActualText (x) >> BDC (x) Tj EMC (y) Tj EMC").isEmpty)
        #expect(try found("BT (Tj TJ ' \") Tf /Tj 1 Tf 1 0 Td 2 TL T* <546a> Tz ET % Tj\nTjx").isEmpty)
        #expect(try found("/P << /MCID 0 >> BDC EMC (after) Tj") == [33])
        // Only when asked for.
        #expect(try ContentStream.marks(in: Array("BT (a) Tj ET".utf8)).isEmpty)
    }

    @Test("the replacements land where the operators were, the rest byte for byte")
    func replacing() throws {
        let content = Array("a /Private << /MCID 0 >> BDC b /Private << /MCID 1 >> BDC c".utf8)
        let replacements = try markedContent(content).map { ($0.range, Array("/Artifact BMC".utf8)) }
        #expect(
            String(decoding: ContentStream.replacing(replacements, in: content), as: UTF8.self)
                == "a /Artifact BMC b /Artifact BMC c")
    }

    @Test("an unclosed string or an inline image without EI is an error")
    func damage() {
        #expect(throws: PDFError.self) { try markedContent(Array("BT (open TJ".utf8)) }
        #expect(throws: PDFError.self) { try markedContent(Array("BI /W 1 ID \u{0} no end".utf8)) }
    }
}
