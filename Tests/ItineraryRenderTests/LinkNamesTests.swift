/// Link names travel with the links: the k-th link annotation of a page gets the k-th name the
/// document drew there, and any disagreement between the file and the display list stops the
/// export instead of leaving a link unnamed.
import DisplayList
import Foundation
@testable import ItineraryRender
import ItineraryText
import PDFRewrite
import TestSupport
import Testing

@Suite struct LinkNamesTests {
    /// fpdf2's file: one link on page 1, to `https://example.com/another`; none on page 2.
    private let fpdf2 = Array((try? Data(contentsOf: PDFFixtures.fpdf2)) ?? Data())
    private let another = AccessibilityUpdate.NamedLink(target: "https://example.com/another", name: "Another page")

    private func update(_ links: [[AccessibilityUpdate.NamedLink]]) -> AccessibilityUpdate {
        AccessibilityUpdate(language: nil, figureAlternates: [], linkNames: links, title: "t", author: nil)
    }

    private func names(_ bytes: Data) throws -> [[String]] {
        let file = try PDFFile(Array(bytes))
        let catalog = try #require(try file.object(file.root.number).value.dictionary)
        return try PageTree.pages(file, catalog: catalog).map { page in
            try (file.resolve(page.dictionary["Annots"])?.array ?? []).compactMap { try file.resolve($0)?.dictionary }
                .map { annotation in
                    guard case let .string(bytes)? = annotation["Contents"] else { return "" }
                    return String(decoding: bytes, as: UTF8.self)
                }
        }
    }

    @Test("each page's links named in order; pages after the last drawn link need no entry")
    func named() throws {
        #expect(!fpdf2.isEmpty)
        #expect(try names(try update([[another]]).apply(to: fpdf2)) == [["Another page"], []])
        #expect(try names(try update([[another], []]).apply(to: fpdf2)) == [["Another page"], []])
    }

    @Test("refused: a link drawn but not in the file, one in the file but not drawn, another target, no name")
    func refused() throws {
        let elsewhere = AccessibilityUpdate.NamedLink(target: "https://example.com/elsewhere", name: "Elsewhere")
        let inside = AccessibilityUpdate.NamedLink(target: "#day-1", name: "Day 1")
        let unnamed = AccessibilityUpdate.NamedLink(target: "https://example.com/another", name: "")
        for links in [
            [], [[]], [[], [another]], [[another, another]], [[another], [another]], [[elsewhere]], [[inside]],
            [[unnamed]], [[another], [], []],
        ] as [[[AccessibilityUpdate.NamedLink]]] {
            #expect(throws: RenderError.self, "\(links)") { try update(links).apply(to: fpdf2) }
        }
    }

    @Test("the renderer collects every link item of a page in drawing order, targets as cairo writes them")
    func collected() throws {
        let box = Rect(x: 0, y: 0, width: 10, height: 10)
        let page = PageFrame(
            width: 100, height: 100,
            items: [
                .link(box, uri: "https://example.com/a b", name: "A"),
                .beginStructure(.paragraph),
                .internalLink(box, destination: "day-2", name: "Day 2"),
                .endStructure(.paragraph),
                .link(box, uri: "https://example.com/c", name: "C"),
            ])
        let document = LaidOutDocument(
            pages: [page, PageFrame(width: 100, height: 100)],
            outline: [], metadata: DocumentMetadata(title: "t"))
        let links = PDFRenderer.accessibilityUpdate(for: document, outlines: HaloOutlines()).linkNames
        #expect(
            links == [
                [
                    .init(target: Painter.pdfSafeURI("https://example.com/a b"), name: "A"),
                    .init(target: "#day-2", name: "Day 2"), .init(target: "https://example.com/c", name: "C"),
                ], [],
            ])
    }

    @Test("a URI cairo writes intact: printable ASCII but ( ) \\ ' and space kept, the rest percent-encoded")
    func pdfSafe() {
        #expect(Painter.pdfSafeURI("https://example.com/a?b=1&c=%20") == "https://example.com/a?b=1&c=%20")
        #expect(
            Painter.pdfSafeURI("https://es.wikipedia.org/wiki/Estadio_(México) x'y\\z")
                == "https://es.wikipedia.org/wiki/Estadio_%28M%C3%A9xico%29%20x%27y%5Cz")
        #expect(Painter.pdfSafeURI("a\u{7F}\u{1F}") == "a%7F%1F")
    }

    @Test("a link inside the document to a destination it does not have is refused before drawing")
    func deadInternalLink() throws {
        let box = Rect(x: 0, y: 0, width: 10, height: 10)
        func document(_ items: [DisplayItem]) -> LaidOutDocument {
            LaidOutDocument(
                pages: [PageFrame(width: 100, height: 100, items: items)], outline: [],
                metadata: DocumentMetadata(title: "t"))
        }
        let link = DisplayItem.internalLink(box, destination: "day-2", name: "Day 2")
        #expect(throws: RenderError.self) { try PDFRenderer.checkStructure(document([link])) }
        #expect(throws: Never.self) {
            try PDFRenderer.checkStructure(document([link, .destination(name: "day-2", at: Point(x: 0, y: 0))]))
        }
    }

    @Test(
        "page furniture holding a link or an element, or left open at a page's end, and a figure without alternate text, are refused as the layout's mistakes before drawing"
    )
    func furnitureHoldsDrawingOnly() throws {
        let box = Rect(x: 0, y: 0, width: 10, height: 10)
        let shape = DisplayItem.rect(
            box, radius: 0, fill: Color(red: 0, green: 0, blue: 0), stroke: nil, strokeWidth: 0)
        func check(_ pages: [[DisplayItem]]) throws {
            try PDFRenderer.checkStructure(
                LaidOutDocument(
                    pages: pages.map { PageFrame(width: 100, height: 100, items: $0) }, outline: [],
                    metadata: DocumentMetadata(title: "t")))
        }
        #expect(throws: Never.self) { try check([[shape].tagged(.artifact), [shape].tagged(.artifact)]) }
        #expect(throws: Never.self) {
            try check([[.beginStructure(.figure, alternate: "A map"), shape, .endStructure(.figure)]])
        }
        for bad in [
            [[.link(box, uri: "https://example.com", name: "x")].tagged(.artifact)],
            [[shape].tagged(.paragraph).tagged(.artifact)],
            [[.beginStructure(.artifact), shape], [shape, .endStructure(.artifact)]],
            [[.beginStructure(.figure), shape, .endStructure(.figure)]],
            [[.beginStructure(.figure, alternate: ""), shape, .endStructure(.figure)]],
        ] as [[[DisplayItem]]] {
            let error = #expect(throws: RenderError.self) { try check(bad) }
            #expect(error?.message.contains("(a layout bug)") == true, "\(String(describing: error))")
        }
    }
}
