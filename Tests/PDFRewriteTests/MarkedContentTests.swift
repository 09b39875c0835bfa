/// Marked-content operators found in content streams, and nothing that only looks like one.
import PDFRewrite
import Testing

@Suite("Marked content")
struct MarkedContentTests {
    private func found(_ text: String) throws -> [(tag: String, mcid: Int?, text: String)] {
        let bytes = Array(text.utf8)
        return try ContentStream.markedContent(in: bytes).map {
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

    @Test("the replacements land where the operators were, the rest byte for byte")
    func replacing() throws {
        let content = Array("a /Private << /MCID 0 >> BDC b /Private << /MCID 1 >> BDC c".utf8)
        let replacements = try ContentStream.markedContent(in: content).map { ($0.range, Array("/Artifact BMC".utf8)) }
        #expect(
            String(decoding: ContentStream.replacing(replacements, in: content), as: UTF8.self)
                == "a /Artifact BMC b /Artifact BMC c")
    }

    @Test("an unclosed string or an inline image without EI is an error")
    func damage() {
        #expect(throws: PDFError.self) { try ContentStream.markedContent(in: Array("BT (open TJ".utf8)) }
        #expect(throws: PDFError.self) { try ContentStream.markedContent(in: Array("BI /W 1 ID \u{0} no end".utf8)) }
    }
}
