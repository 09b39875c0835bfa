/// The artifact rewrite on the shapes a tagged PDF may take, not only cairo 1.16's: marked
/// content as integers or MCR dictionaries, a parent tree with kids, a page's content split
/// over several streams; and the shapes it must refuse.
import Foundation
@testable import ItineraryRender
import PDFRewrite
import Testing

/// A classic PDF made of `objects` (numbered from 1), its table computed.
private func pdf(_ objects: [String], root: Int = 1) -> [UInt8] {
    var out = Array("%PDF-1.7\n".utf8), offsets: [Int] = []
    for (index, object) in objects.enumerated() {
        offsets.append(out.count)
        out += Array("\(index + 1) 0 obj\n\(object)\nendobj\n".utf8)
    }
    let xref = out.count
    out += Array("xref\n0 \(objects.count + 1)\n0000000000 65535 f \n".utf8)
    for offset in offsets { out += Array(String(format: "%010d 00000 n \n", offset).utf8) }
    out += Array("trailer\n<< /Size \(objects.count + 1) /Root \(root) 0 R >>\nstartxref\n\(xref)\n%%EOF\n".utf8)
    return out
}

private func stream(_ content: String) -> String {
    "<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream"
}

private func element(_ text: String) throws -> (StructureElement, PDFFile) {
    let file = try PDFFile(pdf(["<< /Type /Catalog >>", text]))
    return (
        StructureElement(number: 2, dictionary: try #require(try file.object(2).value.dictionary), role: "Private"),
        file
    )
}

extension ArtifactRewrite {
    fileprivate mutating func add(_ pair: (StructureElement, PDFFile)) throws { try add(pair.0, in: pair.1) }
}

@Suite("Artifact rewrite")
struct ArtifactRewriteTests {
    @Test(
        "a furniture element holds marked content on one page (integers or MCR dictionaries) or none at all, as cairo 1.18 writes one that draws shapes only; anything else is refused"
    )
    func elementShapes() throws {
        var rewrite = ArtifactRewrite()
        try rewrite.add(try element("<< /S /Private /P 4 0 R /Pg 2 0 R /K 0 >>"))
        try rewrite.add(try element("<< /S /Private /P 4 0 R /Pg 2 0 R /K [ 3 4 ] >>"))
        try rewrite.add(try element("<< /S /Private /P 4 0 R /K [ << /Type /MCR /Pg 9 0 R /MCID 0 >> 1 ] >>"))
        try rewrite.add(try element("<< /S /Private /P 4 0 R >>"))
        try rewrite.add(try element("<< /S /Private /P 4 0 R /Pg 2 0 R /K [ ] >>"))
        #expect(rewrite.elements.map(\.markedContent) == [[0], [3, 4], [0, 1], [], []])
        #expect(rewrite.elements.map(\.page) == [2, 2, 9, nil, 2])
        for bad in [
            "<< /S /Private /K 0 >>", "<< /S /Private /P 4 0 R /K 0 >>", "<< /S /Private >>",
            "<< /S /Private /P 4 0 R /Pg 2 0 R /K [ 5 0 R ] >>",
            "<< /S /Private /P 4 0 R /Pg 2 0 R /K [ << /Type /MCR /Pg 9 0 R /MCID 0 >> ] >>",
            "<< /S /Private /P 4 0 R /Pg 2 0 R /K -1 >>",
        ] {
            #expect(throws: PDFError.self, "\(bad)") { try rewrite.add(try element(bad)) }
        }
    }

    @Test(
        "a parent tree with kids, content over two streams, MCR kids: furniture becomes artifacts, null entries, and leaves its parent"
    )
    func generalShapes() throws {
        let first = "q /Private << /MCID 0 >> BDC (page 1) Tj EMC /P << /MCID 1 >> BDC (text) Tj EMC"
        let second = "/Private <</MCID 2>> BDC (footer) Tj EMC Q"
        let bytes = pdf([
            "<< /Type /Catalog /Pages 2 0 R /StructTreeRoot 4 0 R >>",
            "<< /Type /Pages /Kids [ 3 0 R ] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [ 0 0 100 100 ] /Contents [ 11 0 R 12 0 R ] /StructParents 0 >>",
            "<< /Type /StructTreeRoot /K 5 0 R /ParentTree 9 0 R >>",
            "<< /S /Document /P 4 0 R /K [ 6 0 R 7 0 R 8 0 R ] >>",
            "<< /S /Private /P 5 0 R /Pg 3 0 R /K 0 >>",
            "<< /S /P /P 5 0 R /Pg 3 0 R /K 1 >>",
            "<< /S /Private /P 5 0 R /K [ << /Type /MCR /Pg 3 0 R /MCID 2 >> ] >>",
            "<< /Kids [ 10 0 R ] >>",
            "<< /Limits [ 0 0 ] /Nums [ 0 13 0 R ] >>",
            stream(first), stream(second),
            "[ 6 0 R 7 0 R 8 0 R ]",
        ])
        let update = AccessibilityUpdate(
            language: "en", figureAlternates: [], linkNames: [], title: "t", author: nil)
        let file = try PDFFile(Array(try update.apply(to: bytes)))
        #expect(file.entries[6] == .free && file.entries[8] == .free)
        #expect(try file.object(5).value["K"] == .array([.reference(PDFReference(7))]))
        #expect(try file.object(13).value == .array([.null, .reference(PDFReference(7)), .null]))
        let contents = try [11, 12].map {
            String(decoding: try file.decodedData(try #require(try file.object($0).stream)), as: UTF8.self)
        }
        #expect(
            contents == [
                first.replacingOccurrences(of: "/Private << /MCID 0 >> BDC", with: "/Artifact BMC"),
                second.replacingOccurrences(of: "/Private <</MCID 2>> BDC", with: "/Artifact BMC"),
            ])
    }

    @Test(
        "content scanned on other threads is read as in place: a marker's run replaces it, text outside marked content is refused only in a tagged PDF, and a page that cannot be read early is reported where it is reached"
    )
    func scannedBesideTheTree() throws {
        let marker = "0 0 0.012 0.016 re f"
        func document(tagged: Bool, contents: String = "5 0 R") -> [UInt8] {
            pdf([
                "<< /Type /Catalog /Pages 2 0 R" + (tagged ? " /StructTreeRoot 4 0 R >>" : " >>"),
                "<< /Type /Pages /Kids [ 3 0 R ] /Count 1 >>",
                "<< /Type /Page /Parent 2 0 R /MediaBox [ 0 0 100 100 ] /Contents \(contents) >>",
                "<< /Type /StructTreeRoot >>",
                stream("BT (loose) Tj ET " + marker),
            ])
        }
        let update = AccessibilityUpdate(
            language: nil, figureAlternates: [], linkNames: [], title: "t", author: nil,
            vectorRuns: [[VectorRun(operators: Array("0 0 m 1 1 l S".utf8))]])
        // Untagged: the unmarked text found by the scan is no error, and the run is written.
        let file = try PDFFile(Array(try update.apply(to: document(tagged: false))))
        let content = String(decoding: try file.decodedData(try #require(try file.object(5).stream)), as: UTF8.self)
        #expect(content == "BT (loose) Tj ET /Artifact BMC\nq\n0 0 m 1 1 l SQ\nEMC")
        // Tagged: the same text outside both the tree and the artifacts is refused.
        #expect(throws: RenderError.self) { try update.apply(to: document(tagged: true)) }
        // A page whose content is not a stream cannot be read early; the update still says so.
        #expect(throws: RenderError.self) { try update.apply(to: document(tagged: false, contents: "4 0 R")) }
        // The scan itself: what the content holds, in order, by stream.
        let scanned = ArtifactRewrite.scan([(5, Array(("BT (loose) Tj ET " + marker).utf8))])
        let marks = try #require(scanned[5]).marks
        #expect(try marks.get().count == 2)
        #expect(try marks.get().first == .unmarkedText(11))
    }

    @Test("refused: furniture in the content that the structure does not name, or named but missing from the content")
    func mismatches() throws {
        func document(_ content: String) -> [UInt8] {
            pdf([
                "<< /Type /Catalog /Pages 2 0 R /StructTreeRoot 4 0 R >>",
                "<< /Type /Pages /Kids [ 3 0 R ] /Count 1 >>",
                "<< /Type /Page /Parent 2 0 R /Contents 7 0 R /StructParents 0 >>",
                "<< /Type /StructTreeRoot /K [ 5 0 R ] /ParentTree << /Nums [ 0 6 0 R ] >> >>",
                "<< /S /Private /P 4 0 R /Pg 3 0 R /K 0 >>",
                "[ 5 0 R ]",
                stream(content),
            ])
        }
        let update = AccessibilityUpdate(
            language: nil, figureAlternates: [], linkNames: [], title: "t", author: nil)
        #expect(try !update.apply(to: document("/Private << /MCID 0 >> BDC EMC")).isEmpty)
        #expect(throws: RenderError.self) {
            try update.apply(to: document("/Private << /MCID 0 >> BDC EMC /Private << /MCID 1 >> BDC EMC"))
        }
        #expect(throws: RenderError.self) { try update.apply(to: document("(/Private << /MCID 0 >> BDC) Tj")) }
        // The message says which cairo wrote what the update could not read, and what it was.
        let error = #expect(throws: RenderError.self) {
            try update.apply(to: document("/Private << /MCID 0 >> BDC EMC /Private << /MCID 1 >> BDC EMC"))
        }
        #expect(error?.message.contains("cairo \(CairoSupport.version) wrote") == true, "\(String(describing: error))")
        #expect(error?.message.contains("furniture its structure does not name") == true)
    }

    @Test(
        "crafted shapes: /K as arrays of their own, objects of generation 1; the figure named, the link named, the furniture an artifact"
    )
    func craftedShapes() throws {
        func crafted(_ name: String) throws -> [UInt8] {
            Array(
                try Data(
                    contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                        .appendingPathComponent("Fixtures/pdf/crafted/\(name).pdf")))
        }
        var update = AccessibilityUpdate(
            language: "en", figureAlternates: ["The map"], linkNames: [], title: "t", author: nil)
        let kids = try PDFFile(Array(try update.apply(to: try crafted("indirect-K-arrays"))))
        #expect(try kids.object(5).value["Alt"] == .string(Array("The map".utf8)))
        #expect(kids.entries[6] == .free)
        #expect(try kids.object(11).value == .array([.reference(PDFReference(5))]))
        let content = String(decoding: try kids.decodedData(try #require(try kids.object(7).stream)), as: UTF8.self)
        #expect(content.contains("/Artifact BMC") && !content.contains("/Private"))

        update.linkNames = [[.init(target: "https://example.com/another", name: "Another")]]
        let generations = try PDFFile(Array(try update.apply(to: try crafted("generation-1-objects"))))
        #expect(try generations.resolve(.reference(PDFReference(5, 1)))?["Alt"] == .string(Array("The map".utf8)))
        #expect(try generations.resolve(.reference(PDFReference(6, 1)))?["Contents"] == .string(Array("Another".utf8)))
        #expect(try generations.resolve(generations.trailer["Info"])?["Title"] != nil)
    }

    @Test(
        "nothing is left unnamed without a word: a figure without its alternate text or one too many, and a link outside the structure tree, are refused"
    )
    func everythingNamed() throws {
        let input = Array(
            try Data(
                contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                    .appendingPathComponent("Fixtures/pdf/crafted/generation-1-objects.pdf")))
        let link = [[AccessibilityUpdate.NamedLink(target: "https://example.com/another", name: "Another")]]
        func update(_ figures: [String]) -> AccessibilityUpdate {
            AccessibilityUpdate(language: "en", figureAlternates: figures, linkNames: link, title: "t", author: nil)
        }
        #expect(throws: Never.self) { try update(["The map"]).apply(to: input) }
        for figures in [[], ["The map", "Another map"]] {
            let error = #expect(throws: RenderError.self, "\(figures)") { try update(figures).apply(to: input) }
            #expect(error?.message.contains("Figure elements") == true)
        }
        // The same file with the annotation's /StructParent blanked out (offsets unchanged).
        let text = String(decoding: input, as: UTF8.self)
        let unparented = Array(text.replacingOccurrences(of: "/StructParent 1", with: "               ").utf8)
        #expect(unparented.count == input.count && unparented != input)
        let error = #expect(throws: RenderError.self) { try update(["The map"]).apply(to: unparented) }
        #expect(error?.message.contains("has no structure parent") == true)
    }
}
