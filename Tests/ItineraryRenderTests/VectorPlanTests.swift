/// Which shapes the PDF renderer writes itself: those where cairo would leave them unmarked,
/// never inside a structure leaf; and the PDF that comes out keeps its tree, with no placeholder.
import DisplayList
import Foundation
@testable import ItineraryRender
import ItineraryText
import PDFRewrite
import Testing
import TestSupport

@Suite("Vector plan")
struct VectorPlanTests {
    private let ink = Color(red: 0.1, green: 0.1, blue: 0.18)

    private func box(_ x: Double) -> DisplayItem {
        .rect(Rect(x: x, y: 10, width: 40, height: 20), radius: 4, fill: ink, stroke: nil, strokeWidth: 0)
    }

    /// Page 1: a division holding a shape, a paragraph (holding one), and another shape. Page
    /// 2: a section opens with a shape, its first child comes on page 3, then a shape.
    private var document: LaidOutDocument {
        let first = PageFrame(
            width: 300, height: 200,
            items: [
                .beginStructure(.division), box(10), .destination(name: "a", at: Point(x: 0, y: 0)), box(20),
                .beginStructure(.paragraph), box(60), .endStructure(.paragraph),
                .line(from: Point(x: 10, y: 150), to: Point(x: 200, y: 150), width: 1, color: ink, dash: [3, 2]),
                .endStructure(.division),
            ])
        let second = PageFrame(
            width: 300, height: 200,
            items: [.beginStructure(.section), .circle(center: Point(x: 50, y: 50), radius: 5, fill: ink)])
        let third = PageFrame(
            width: 300, height: 200,
            items: [
                .beginStructure(.paragraph), box(10), .endStructure(.paragraph),
                .circle(center: Point(x: 50, y: 150), radius: 5, fill: ink), .endStructure(.section),
            ])
        return LaidOutDocument(pages: [first, second, third], outline: [], metadata: DocumentMetadata(title: "Shapes"))
    }

    @Test(
        "shapes in an element that has a child element by the end of the page are written, in runs split by what is painted; those in a leaf are cairo's"
    )
    func plan() {
        let plan = VectorPlan(document)
        // Page 1: the two boxes (a destination between them paints nothing) and the line; not
        // the paragraph's box.
        #expect(plan.written[0] == [1, 3, 7])
        #expect(plan.runStarts[0] == [1, 7])
        #expect(plan.runItems[0].count == 2)
        // Page 2: the section has no child yet (cairo marks its content); page 3: it has one.
        #expect(plan.written[1].isEmpty && plan.runItems[1].isEmpty)
        #expect(plan.written[2] == [3] && plan.runItems[2].count == 1)
        let off = VectorPlan(document, writing: false)
        #expect(off.written.allSatisfy(\.isEmpty) && off.runItems.allSatisfy(\.isEmpty) && off.runItems.count == 3)
        // The operators: one buffer per run, page by page, each the run's shapes in order.
        let operators = plan.operators(for: document)
        #expect(operators.map(\.count) == [2, 0, 1])
        var first = VectorContent()
        for index in plan.runItems[0][0] { first.add(document.pages[0].items[index]) }
        #expect(!operators[0][0].isEmpty && operators[0][0] == first.bytes)
        #expect(off.operators(for: document).allSatisfy { $0.isEmpty })
    }

    @Test(
        "the PDF: each run an artifact where its placeholder was, no placeholder element left, the tree as cairo made it"
    )
    func pdf() throws {
        let engine = TextEngine(fontSet: try FontSet(directory: TestPaths.fonts))
        let options = PDFOptions(creationDate: "2026-01-01T00:00:00Z", creator: "tests")
        let written = try PDFRenderer.render(document, text: engine, options: options)
        let drawn = try PDFRenderer.render(document, text: engine, options: options, writingShapes: false)
        func roles(_ pdf: Data) throws -> [String] {
            let file = try PDFFile(Array(pdf))
            let catalog = try #require(try file.object(file.root.number).value.dictionary)
            return try StructureTree(file, catalog: catalog).elements.map(\.role)
        }
        #expect(try roles(written) == ["Document", "Div", "P", "Sect", "P"])
        #expect(try roles(written) == roles(drawn))

        let directory = TestPaths.scratch("vector-plan")
        let url = directory.appendingPathComponent("written.pdf")
        try written.write(to: url)
        let check = try runProcess("/usr/bin/qpdf", ["--check", url.path])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        let qdf = try runProcess("/usr/bin/qpdf", ["--qdf", "--object-streams=disable", url.path, "-"]).stdout
        #expect(!qdf.contains(VectorPlan.placeholderRole))
        #expect(qdf.components(separatedBy: "/Artifact BMC\nq\n").count - 1 == 3)
        // The dashed line, as VectorContent writes it, inside its artifact.
        #expect(qdf.contains("[3 2] 0 d\n10 150 m\n200 150 l\nS\nQ\nEMC"))
    }

    @Test("a box that paints nothing is skipped without ending a run")
    func nothingPainted() {
        let hidden = DisplayItem.rect(
            Rect(x: 0, y: 0, width: 10, height: 10), radius: 0, fill: nil, stroke: nil, strokeWidth: 1)
        let page = PageFrame(
            width: 100, height: 100,
            items: [
                .beginStructure(.division), box(10), hidden, box(20), .beginStructure(.paragraph),
                .endStructure(.paragraph), .endStructure(.division),
            ])
        let plan = VectorPlan(LaidOutDocument(pages: [page], outline: [], metadata: DocumentMetadata(title: "t")))
        #expect(plan.written[0] == [1, 2, 3] && plan.runStarts[0] == [1] && plan.runItems[0].count == 1)
    }

    @Test(
        "runs and placeholders must match one for one, page by page: more of either, or runs on a page without any, is refused"
    )
    func mismatches() throws {
        let cairo = Array(try Data(contentsOf: PDFFixtures.cairo))
        let file = try PDFFile(cairo)
        let catalog = try #require(try file.object(file.root.number).value.dictionary)
        let pages = try PageTree.pages(file, catalog: catalog)
        // The saved day trip's links, each named (the update names every link or fails).
        let links = try pages.map { page in
            try (file.resolve(page.dictionary["Annots"])?.array ?? []).compactMap { try file.resolve($0)?.dictionary }
                .filter { $0["Subtype"] == .name("Link") }
                .map {
                    AccessibilityUpdate.NamedLink(
                        target: try AccessibilityUpdate.linkTarget($0, file) ?? "", name: "A link")
                }
        }
        func update(_ runs: [[[UInt8]]], links: [[AccessibilityUpdate.NamedLink]] = links) -> AccessibilityUpdate {
            AccessibilityUpdate(
                language: nil, figureAlternates: [], linkNames: links, title: "t", author: nil, vectorRuns: runs)
        }
        // The saved day trip's own runs (its placeholders are on every page).
        let counts = try pages.map { page -> Int in
            var total = 0
            for reference in [page.dictionary["Contents"]?.reference].compactMap({ $0 }) {
                let stream = try #require(try file.object(reference.number).stream)
                total += try ContentStream.markedContent(in: try file.decodedData(stream)).filter {
                    $0.tag == "NonStruct"
                }.count
            }
            return total
        }
        #expect(counts.reduce(0, +) > 0)
        let exact = counts.map { Array(repeating: Array("0 0 m 1 1 l S\n".utf8), count: $0) }
        #expect(throws: Never.self) { try update(exact).apply(to: cairo) }
        #expect(throws: RenderError.self) { try update([]).apply(to: cairo) }
        var more = exact
        more[0].append([])
        #expect(throws: RenderError.self) { try update(more).apply(to: cairo) }
        // Runs for a page of a file that has no placeholder at all.
        let fpdf2 = Array(try Data(contentsOf: PDFFixtures.fpdf2))
        #expect(throws: RenderError.self) { try update([[[]]], links: []).apply(to: fpdf2) }
        #expect(throws: RenderError.self) { try update(exact + exact).apply(to: cairo) }
    }
}
