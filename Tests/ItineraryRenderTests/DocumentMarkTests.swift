/// A laid-out document is drawn only by the engine that set its lines, and only before that
/// engine starts another document: anything else is an error, not text set again in silence.
import DisplayList
import Foundation
import ItineraryLayout
import ItineraryText
import ItineraryRender
import Testing
import TestSupport

@Suite("Document mark")
struct DocumentMarkTests {
    private func document(_ engine: TextEngine) -> LaidOutDocument {
        let style = TextStyle(family: "Inter", size: 9, lineHeight: 13)
        let line = engine.setParagraph([StyledSpan("Day 1 · Chicago", style)], width: nil)[0]
        let page = PageFrame(width: 200, height: 100, items: [.text(spans: line.spans, origin: Point(x: 10, y: 20))])
        return LaidOutDocument(
            pages: [page], outline: [], metadata: DocumentMetadata(title: "t"), laidOutWith: engine.documentMark)
    }

    private let options = PDFOptions(creationDate: "2026-01-01T00:00:00Z", creator: "tests")

    @Test("drawn by its engine before another document: fine; after it began another, or by another engine: refused")
    func marks() throws {
        let fonts = try FontSet(directory: TestPaths.fonts)
        let engine = TextEngine(fontSet: fonts), other = TextEngine(fontSet: fonts)
        let doc = document(engine)
        #expect(try !PDFRenderer.render(doc, text: engine, options: options).isEmpty)
        #expect(try !PNGRenderer.render(doc, page: 0, text: engine, scale: 1).isEmpty)
        #expect(throws: RenderError.self) { try PDFRenderer.render(doc, text: other, options: options) }
        #expect(throws: RenderError.self) { try PNGRenderer.render(doc, page: 0, text: other, scale: 1) }
        engine.beginDocument()
        #expect(throws: RenderError.self) { try PDFRenderer.render(doc, text: engine, options: options) }
        // A display list made by hand records no engine and draws with any.
        var unmarked = doc
        unmarked.laidOutWith = nil
        #expect(try !PDFRenderer.render(unmarked, text: other, options: options).isEmpty)
        #expect(throws: RenderError.self) { try PNGRenderer.render(unmarked, page: 1, text: other, scale: 1) }
    }
}
