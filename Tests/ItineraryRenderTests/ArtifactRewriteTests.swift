/// The pieces of the artifact rewrite that read cairo's objects, on the shapes cairo writes
/// and on the ones it does not (which must be errors, never a silently different file).
import Testing
@testable import ItineraryRender

/// `text`'s bytes, as the rewrite reads them.
private func b(_ text: String) -> ArraySlice<UInt8> { Array(text.utf8)[...] }
/// The rewrite's bytes as text.
private func t(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

@Suite("Artifact rewrite")
struct ArtifactRewriteTests {
    @Test("a furniture element's reference leaves its parent's kids; references inside OBJR and MCR dictionaries stay")
    func removingKids() throws {
        let parent = "<< /Type /StructElem\n   /S /Document\n   /P 445 0 R\n   /K [ 4 0 R 22 0 R << /Type /OBJR /Obj 22 0 R >> 7 36 0 R ]\n>>"
        let out = t(try ArtifactRewrite.removing([22, 36], from: b(parent)))
        #expect(out == "<< /Type /StructElem\n   /S /Document\n   /P 445 0 R\n   /K [ 4 0 R << /Type /OBJR /Obj 22 0 R >> 7 ]\n>>")
        // A single kid, written without brackets.
        let single = "<< /Type /StructElem\n   /S /Sect\n   /P 3 0 R\n   /K 5 0 R\n>>"
        #expect(t(try ArtifactRewrite.removing([5], from: b(single))) == "<< /Type /StructElem\n   /S /Sect\n   /P 3 0 R\n   /K [ ]\n>>")
        #expect(throws: RenderError.self) { try ArtifactRewrite.removing([5], from: b("<< /Type /StructElem /S /Sect >>")) }
    }

    @Test("a page's parent-tree entries for furniture become null; the others keep their places")
    func nullingEntries() throws {
        let array = "[\n  5 0 R\n  6 0 R\n  null\n  9 0 R\n]"
        #expect(t(try ArtifactRewrite.nulling([0, 3], in: b(array))) == "[\n  null\n  6 0 R\n  null\n  null\n]")
        #expect(throws: RenderError.self) { try ArtifactRewrite.nulling([4], in: b(array)) }
        #expect(throws: RenderError.self) { try ArtifactRewrite.nulling([0], in: b("<< /Nums [ 0 5 0 R ] >>")) }
    }

    @Test("the parent tree is read as cairo writes it, one /Nums array; a tree of kids is refused")
    func parentTree() throws {
        #expect(try ArtifactRewrite.numbers(b("<< /Nums [\n   0 34 0 R\n   1 56 0 R\n]\n>>")) == [0: 34, 1: 56])
        #expect(throws: RenderError.self) { try ArtifactRewrite.numbers(b("<< /Kids [ 3 0 R 4 0 R ] >>")) }
        #expect(throws: RenderError.self) { try ArtifactRewrite.numbers(b("<< /Nums [ 0 34 0 ] >>")) }
    }

    @Test("a furniture element with anything but marked content on its page is refused")
    func elementShapes() throws {
        var rewrite = ArtifactRewrite()
        try rewrite.add(5, b("<< /Type /StructElem\n   /S /Private\n   /P 4 0 R\n   /Pg 2 0 R\n   /K 0\n>>"))
        try rewrite.add(6, b("<< /Type /StructElem\n   /S /Private\n   /P 4 0 R\n   /Pg 2 0 R\n   /K [ 3 4 ]\n>>"))
        #expect(rewrite.elements.map(\.markedContent) == [[0], [3, 4]])
        #expect(rewrite.removed == [5, 6])
        #expect(throws: RenderError.self) {
            try rewrite.add(7, b("<< /Type /StructElem\n   /S /Private\n   /P 4 0 R\n   /Pg 2 0 R\n   /K [ << /Type /MCR /Pg 9 0 R /MCID 0 >> ]\n>>"))
        }
        #expect(throws: RenderError.self) { try rewrite.add(8, b("<< /Type /StructElem\n   /S /Private\n   /K 0\n>>")) }
    }

    @Test("dictionary values as cairo writes them: names, references, numbers, arrays; a key is never matched inside a longer one")
    func values() {
        let object = b("<< /Type /StructElem\n   /S /Private /Pg 2 0 R\n   /P 4 0 R\n   /K [ 3 4 ]\n   /StructParents 12\n>>")
        #expect(PDFBytes.value(of: "/S", in: object).map { t(Array($0)) } == "/Private")
        #expect(PDFBytes.value(of: "/Type", in: object).map { t(Array($0)) } == "/StructElem")
        #expect(PDFBytes.reference("/P", in: object) == 4)
        #expect(PDFBytes.reference("/Pg", in: object) == 2)
        #expect(PDFBytes.value(of: "/K", in: object).map { t(Array($0)) } == "[ 3 4 ]")
        #expect(PDFBytes.value(of: "/StructParents", in: object).flatMap(PDFBytes.integer) == 12)
        #expect(PDFBytes.value(of: "/Struct", in: object) == nil)
        #expect(PDFBytes.reference("/S", in: object) == nil)
    }

    @Test("furniture operators become artifacts; the same words inside literal or hex strings stay as they are")
    func operatorsNotStrings() throws {
        let content = "q\n/Private << /MCID 0 >> BDC\nBT [(/Private << /MCID 1 >> BDC \\) \\( (nested))] TJ ET\nEMC\n"
            + "<2F507269766174653E> Tj\n/P << /MCID 2 >> BDC\nEMC\n/Private << /MCID 3 >> BDC\nEMC\nQ\n"
        let (out, found) = try ArtifactRewrite.markingArtifacts(Array(content.utf8), ids: [0, 3], stream: 9)
        #expect(found == [0, 3])
        #expect(t(out) == content.replacingOccurrences(of: "/Private << /MCID 0 >> BDC\nBT", with: "/Artifact BMC\nBT")
            .replacingOccurrences(of: "/Private << /MCID 3 >> BDC", with: "/Artifact BMC"))
        // A furniture operator the structure does not name is an error, not a guess.
        #expect(throws: RenderError.self) { try ArtifactRewrite.markingArtifacts(Array("/Private << /MCID 7 >> BDC\nEMC".utf8), ids: [0], stream: 9) }
    }

    @Test("Flate: what deflates inflates back; a damaged or oversized stream is nil")
    func flate() {
        let text = Array(String(repeating: "BT /f-0-0 1 Tf [(Day 1)] TJ ET\n", count: 500).utf8)
        let packed = Flate.deflate(text)
        #expect(packed.count < text.count / 10)
        #expect(Flate.inflate(packed[...], limit: 1 << 20) == text)
        #expect(Flate.inflate(packed.dropLast(4), limit: 1 << 20) == nil)
        #expect(Flate.inflate(packed[...], limit: text.count - 1) == nil)
        #expect(Flate.inflate(Array("not zlib".utf8)[...], limit: 1 << 20) == nil)
        // The same bytes give the same stream (what keeps the PDF reproducible).
        #expect(Flate.deflate(text) == packed)
    }
}

@Suite("Plain and deflated streams")
struct PlainStreamTests {
    @Test("a stream cairo left plain is deflated once, its dictionary kept but for its length (direct or a reference)")
    func deflatesPlainStreams() throws {
        let data = Array(String(repeating: "0 0 m 10 10 l S\n", count: 40).utf8)
        for (dictionary, length) in [("\n<< /Length 12 0 R\n   /Subtype /Form\n>>", "12 0 R"), ("<< /Length 640\n   /Subtype /Form\n>>", "640")] {
            let object = AccessibilityUpdate.deflated(7, dictionary: b(dictionary), data: data[...])
            let open = try #require(CrossReference.find(Array(">>\nstream\n".utf8), in: object, from: 0, to: object.count))
            let head = t(Array(object[..<open]))
            #expect(head.hasPrefix("7 0 obj\n<<\n   /Subtype /Form\n   /Filter /FlateDecode\n   /Length "), "\(head)")
            #expect(!head.contains(length))
            #expect(t(Array(object.suffix(18))) == "\nendstream\nendobj\n")
            // What lies between `stream` and `endstream` inflates back to what was written, and is as long as /Length says.
            let packed = object[(open + 10)..<(object.count - 18)]
            #expect(head.hasSuffix("/Length \(packed.count)\n"))
            #expect(Flate.inflate(packed, limit: 1 << 20) == data)
        }
    }
}
