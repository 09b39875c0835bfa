/// Which shapes the PDF renderer writes itself, in which runs, each placed by a marker: an
/// artifact where cairo would leave shapes unmarked, inside a structure leaf its content; and
/// the PDF that comes out keeps its tree, with no marker left.
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
        "every shape is written, in runs split by what is painted, by the element's start and end inside a leaf, and where a leaf begins or ends; a leaf's runs are marked"
    )
    func plan() {
        let plan = VectorPlan(document)
        // Page 1: the two boxes (a destination between them paints nothing), the paragraph's
        // box (a leaf: a run of its own, marked) and the line.
        #expect(plan.written[0] == [1, 3, 5, 7])
        #expect(plan.runStarts[0] == [1, 5, 7])
        #expect(plan.runItems[0] == [[1, 3], [5], [7]])
        #expect(plan.leafRuns[0] == [1])
        // Page 2: the section has no child yet (a leaf, as cairo sees it on this page); page 3:
        // it has one, and the paragraph is a leaf.
        #expect(plan.runItems[1] == [[1]] && plan.leafRuns[1] == [0])
        #expect(plan.runItems[2] == [[1], [3]] && plan.leafRuns[2] == [0])
        let off = VectorPlan(document, writing: false)
        #expect(off.written.allSatisfy(\.isEmpty) && off.runItems.allSatisfy(\.isEmpty) && off.runItems.count == 3)
        // The operators: one buffer per run, page by page, each the run's shapes in order.
        let operators = plan.operators(for: document, outlines: HaloOutlines())
        #expect(operators.map(\.count) == [3, 1, 2])
        var first = VectorContent()
        for index in plan.runItems[0][0] { first.add(document.pages[0].items[index]) }
        #expect(!operators[0][0].operators.isEmpty && operators[0][0].operators == first.bytes)
        #expect(off.operators(for: document, outlines: HaloOutlines()).allSatisfy { $0.isEmpty })
    }

    @Test("a leaf's run ends where an element inside it begins or ends; an artifact's run goes on across both")
    func leafRunsEndAtElements() {
        let page = PageFrame(
            width: 100, height: 100,
            items: [
                .beginStructure(.figure), box(10), .beginStructure(.paragraph), .endStructure(.paragraph), box(20),
                .endStructure(.figure), .beginStructure(.division), box(30), .beginStructure(.paragraph),
                .endStructure(.paragraph), box(40), .endStructure(.division),
            ])
        let plan = VectorPlan(LaidOutDocument(pages: [page], outline: [], metadata: DocumentMetadata(title: "t")))
        // The figure has a child, so it is a parent here too: one run across the empty paragraph.
        #expect(plan.runItems[0] == [[1, 4, 7, 10]] && plan.leafRuns[0].isEmpty)
        let leaf = PageFrame(
            width: 100, height: 100,
            items: [
                .beginStructure(.figure), box(10), .destination(name: "a", at: Point(x: 0, y: 0)), box(20),
                .endStructure(.figure), .beginStructure(.figure), box(30), .endStructure(.figure),
            ])
        let leaves = VectorPlan(LaidOutDocument(pages: [leaf], outline: [], metadata: DocumentMetadata(title: "t")))
        #expect(leaves.runItems[0] == [[1, 3], [6]] && leaves.leafRuns[0] == [0, 1])
    }

    @Test(
        "the PDF: each run an artifact, or a leaf's content, where its marker was; no marker left, the tree as cairo made it"
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
        #expect(!qdf.contains("NonStruct") && !qdf.contains("0.012 0.016 re"))
        // Each run is an artifact exactly where cairo left its marker outside marked content:
        // on cairo 1.16 the runs outside leaves (3 of 6); cairo 1.18 marks no stretch without
        // text, so there all 6 (see CairoSupport).
        var unmarked = 0, markers = 0, paragraphMarked = false
        let cairo = try PDFRenderer.cairoOutput(document, text: engine, options: options)
        let cairoFile = try PDFFile(cairo)
        let cairoCatalog = try #require(try cairoFile.object(cairoFile.root.number).value.dictionary)
        for page in try PageTree.pages(cairoFile, catalog: cairoCatalog) {
            let contents = try #require(page.dictionary["Contents"]?.reference)
            let stream = try #require(try cairoFile.object(contents.number).stream)
            for mark in try ContentStream.marks(
                in: try cairoFile.decodedData(stream), filledRectangle: VectorPlan.Marker.operands)
            {
                switch mark {
                case let .filledRectangle(_, marked):
                    markers += 1
                    if !marked { unmarked += 1 }
                case let .markedContent(sequence): paragraphMarked = paragraphMarked || sequence.tag == "P"
                case .unmarkedText: Issue.record("text is never asked for here")
                }
            }
        }
        #expect(markers == 6 && (unmarked == 3 || unmarked == 6))
        #expect(qdf.components(separatedBy: "/Artifact BMC\nq\n").count - 1 == unmarked)
        // Where cairo marked the paragraph (1.16), its box (a leaf's run) is inside the
        // paragraph's marked content, where its marker was.
        if paragraphMarked {
            let paragraph = try #require(qdf.range(of: "/P << /MCID 0 >> BDC"))
            let end = try #require(qdf.range(of: "EMC", range: paragraph.upperBound..<qdf.endIndex))
            let inside = qdf[paragraph.upperBound..<end.lowerBound]
            #expect(inside.contains("\nq\n0.1 0.1 0.18 rg\n96 10 m\n") && inside.hasSuffix("Q\n"), "\(inside)")
        }
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
        "runs and markers must match one for one, page by page: more of either, or runs on a page without any, is refused"
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
        // One alternate text for each of its figures (the update names every figure or fails).
        let figures = try StructureTree(file, catalog: catalog).elements.filter { $0.role == "Figure" }.map { _ in
            "A map"
        }
        func update(
            _ runs: [[VectorRun]], links: [[AccessibilityUpdate.NamedLink]] = links, figures: [String] = figures
        ) -> AccessibilityUpdate {
            AccessibilityUpdate(
                language: nil, figureAlternates: figures, linkNames: links, title: "t", author: nil, vectorRuns: runs)
        }
        // The saved day trip's own runs, in content order: markers on every page, in its map
        // and its furniture (marked content) and between them (artifacts).
        let operands = VectorPlan.Marker.operands
        let kinds = try pages.map { page -> [Bool] in
            var inLeaf: [Bool] = []
            for reference in [page.dictionary["Contents"]?.reference].compactMap({ $0 }) {
                let stream = try #require(try file.object(reference.number).stream)
                for mark in try ContentStream.marks(in: try file.decodedData(stream), filledRectangle: operands) {
                    if case let .filledRectangle(_, marked) = mark { inLeaf.append(marked) }
                }
            }
            return inLeaf
        }
        #expect(kinds.joined().contains(true) && kinds.joined().contains(false))
        #expect(kinds.allSatisfy { !$0.isEmpty })
        let exact = kinds.map { $0.map { _ in VectorRun(operators: Array("0 0 m 1 1 l S\n".utf8)) } }
        #expect(throws: Never.self) { try update(exact).apply(to: cairo) }
        #expect(throws: RenderError.self) { try update([]).apply(to: cairo) }
        // A run too many or too few.
        let page = try #require(kinds.firstIndex { !$0.isEmpty })
        let marker = 0
        var extra = exact
        extra[page].append(VectorRun(operators: []))
        #expect(throws: RenderError.self) { try update(extra).apply(to: cairo) }
        var fewer = exact
        fewer[page].remove(at: marker)
        #expect(throws: RenderError.self) { try update(fewer).apply(to: cairo) }
        // Runs for a page of a file that has no marker at all, or for more pages than it has.
        let fpdf2 = Array(try Data(contentsOf: PDFFixtures.fpdf2))
        #expect(throws: RenderError.self) {
            try update([[VectorRun(operators: [])]], links: [], figures: []).apply(to: fpdf2)
        }
        #expect(throws: RenderError.self) { try update(exact + exact).apply(to: cairo) }
    }
}
