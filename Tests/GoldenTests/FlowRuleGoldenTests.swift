/// One tiny document per page-break rule, each with its own golden pages under
/// `Tests/Golden/rules/<rule>/`, so a failure names the rule that broke (in the way Typst's suite
/// has `flow/orphan.typ` and `grid/headers.typ`). The documents are synthetic blocks on a small
/// page with its body frame outlined: no trip, no template, only the paginator and what it moves.
import DisplayList
import Foundation
import ItineraryLayout
import ItineraryRender
import ItineraryText
import Testing
import TestSupport

/// A 4 × 3 inch page with a half-inch margin: a 216 × 144 pt body.
private let pageSize = (width: 288.0, height: 216.0), margin = 36.0
private var bodyHeight: Double { pageSize.height - 2 * margin }
private var bodyWidth: Double { pageSize.width - 2 * margin }
private let ink = Color(red: 0, green: 0, blue: 0)
private let text = TextStyle(family: "Inter", size: 9, lineHeight: 13)
private let heading = TextStyle(family: "Inter", weight: 700, size: 12, lineHeight: 16)

/// One rule's document: its blocks, and what must hold of its pages.
private struct FlowRule: Sendable, CustomStringConvertible {
    var name: String
    var blocks: @Sendable (TextEngine) -> [any FlowBlock]
    var check: @Sendable ([PageBody]) -> [String]
    var description: String { name }
}

/// A dark box `height` tall that takes room, labelled with its height.
private func filler(_ height: Double, _ engine: TextEngine) -> Canvas {
    let label = engine.setParagraph(
        [
            StyledSpan(
                "filler, \(Int(height)) pt",
                TextStyle(family: "Inter", size: 9, lineHeight: 13, color: Color(red: 1, green: 1, blue: 1)))
        ], width: nil)
    return Canvas(
        height: height,
        items: [
            .rect(
                Rect(x: 0, y: 0, width: bodyWidth, height: height - 4), radius: 0, fill: ink, stroke: nil,
                strokeWidth: 0)
        ]
            // (Its label a paragraph: a tagged PDF's text is in the structure tree or an artifact.)
            + label.map { DisplayItem.text(spans: $0.spans, origin: Point(x: 6, y: 6 + $0.baseline)) }.tagged(
                .paragraph))
}

/// Numbered lines, one paragraph: `Line 1`, `Line 2`, … (so a page shows which lines it holds).
private func paragraph(_ count: Int, _ engine: TextEngine, keepWithNext: Bool = false) -> TextBlock {
    let lines = (1...count).flatMap {
        engine.setParagraph([StyledSpan("Line \($0) of \(count)", text)], width: bodyWidth)
    }
    return TextBlock(lines: lines, width: bodyWidth, keepWithNext: keepWithNext)
}

private func title(_ words: String, _ engine: TextEngine) -> TextBlock {
    TextBlock(
        lines: engine.setParagraph([StyledSpan(words, heading)], width: bodyWidth), width: bodyWidth, keepWithNext: true
    )
}

/// The lines of each page's text blocks (inside stacks too), in order.
private func pageTexts(_ pages: [PageBody]) -> [[String]] {
    func lines(_ block: any FlowBlock) -> [String] {
        if let text = block as? TextBlock { return text.lines.map(\.text) }
        if let stack = block as? Stack { return stack.children.flatMap(lines) }
        return []
    }
    return pages.map { $0.blocks.flatMap { lines($0.block) } }
}

private let rules: [FlowRule] = [
    FlowRule(
        name: "keep-with-next", blocks: { e in [filler(110, e), title("A heading", e), paragraph(4, e)] },
        check: { pages in
            // 34 pt are left under the filler: the heading fits alone, not with two lines after it.
            pageTexts(pages) == [[], ["A heading", "Line 1 of 4", "Line 2 of 4", "Line 3 of 4", "Line 4 of 4"]]
                ? [] : ["the heading did not move to the page of its paragraph: \(pageTexts(pages))"]
        }),
    FlowRule(
        name: "widows-and-orphans", blocks: { e in [filler(80, e), paragraph(6, e)] },
        check: { pages in
            // 64 pt left: 4 lines fit (52), but 5 would leave one alone: 4 and 2.
            pageTexts(pages).map(\.count) == [4, 2] ? [] : ["expected 4 lines then 2: \(pageTexts(pages))"]
        }),
    FlowRule(
        name: "orphan-moves-whole", blocks: { e in [filler(126, e), paragraph(5, e)] },
        check: { pages in
            // 18 pt left: one line would be an orphan, so the paragraph starts the next page.
            pageTexts(pages).map(\.count) == [0, 5]
                ? [] : ["expected the paragraph whole on page 2: \(pageTexts(pages))"]
        }),
    FlowRule(
        name: "keep-together", blocks: { e in [filler(90, e), Stack([title("Kept together", e), paragraph(3, e)])] },
        check: { pages in
            pageTexts(pages).map(\.count) == [0, 4] ? [] : ["the stack did not move whole: \(pageTexts(pages))"]
        }),
    FlowRule(
        name: "over-tall-stack-splits", blocks: { e in [Stack([title("Taller than a page", e), paragraph(16, e)])] },
        check: { pages in
            // 16 lines of 13 and a heading cannot fit 144 pt: it splits inside, every line once, in order.
            let all = pageTexts(pages).flatMap { $0 }
            return pages.count == 2 && all == ["Taller than a page"] + (1...16).map { "Line \($0) of 16" }
                && !pages.contains { $0.overflows }
                ? [] : ["expected the stack split over 2 pages, lines in order: \(pageTexts(pages))"]
        }),
    FlowRule(
        name: "table-header-repeats", blocks: { e in [table(rows: 9, e)] },
        check: { pages in
            let pieces = pages.map { $0.blocks.compactMap { $0.block as? Table } }
            return pieces.count == 3 && pieces.allSatisfy { $0.count == 1 }
                ? [] : ["expected one table piece on each of 3 pages: \(pieces.map(\.count))"]
        }),
]

/// `count` one-line rows under a header of a rule and three columns.
private func table(rows count: Int, _ engine: TextEngine) -> Table {
    let style = TextStyle(family: "Inter", size: 8.5, lineHeight: 12)
    func cell(_ s: String) -> TableCell { TableCell([CellParagraph([StyledSpan(s, style)])]) }
    let geometry = TableGeometry(
        columnGap: 8, headerPadding: RowPadding(top: 0, bottom: 6), headerRule: TableRule(width: 1, color: ink),
        rowPadding: RowPadding(top: 7, bottom: 7), rowRule: TableRule(width: 0.5, color: ink),
        totalsRule: TableRule(width: 1, color: ink))
    return Table(
        width: bodyWidth,
        columns: [TableColumn(.fixed(40)), TableColumn(.rest), TableColumn(.fixed(50), alignment: .trailing)],
        geometry: geometry, header: [cell("DAY"), cell("CITY"), cell("MILES")],
        rows: (1...count).map { TableRow([cell("\($0)"), cell("Row \($0)"), cell("\($0 * 10) mi")]) }, totals: nil,
        text: engine)
}

@Suite("Flow rules, one small golden each")
struct FlowRuleGoldenTests {
    @Test("each page-break rule renders as its golden pages show", arguments: rules)
    fileprivate func rule(_ rule: FlowRule) throws {
        let engine = TextEngine(fontSet: try FontSet(directory: TestPaths.fonts))
        let pages = Paginator { _ in bodyHeight }.paginate(rule.blocks(engine))
        for failure in rule.check(pages) { Issue.record("\(rule.name): \(failure)") }

        // Each page: its body frame outlined, then the blocks where the paginator put them.
        let frames = pages.map { body in
            PageFrame(
                width: pageSize.width, height: pageSize.height,
                items: [
                    .rect(
                        Rect(x: margin - 2, y: margin - 2, width: bodyWidth + 4, height: bodyHeight + 4), radius: 0,
                        fill: nil, stroke: ink, strokeWidth: 0.5)
                ]
                    + body.blocks.flatMap { $0.block.draw(at: Point(x: margin, y: margin + $0.y)) })
        }
        let document = LaidOutDocument(pages: frames, outline: [], metadata: DocumentMetadata(title: rule.name))
        let pdf = try PDFRenderer.render(
            document, text: engine,
            options: PDFOptions(creationDate: "2026-01-01T00:00:00Z", creator: "export-itinerary tests"))
        let artifacts = TestPaths.artifacts.appendingPathComponent("golden/rules/\(rule.name)")
        try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
        let file = artifacts.appendingPathComponent("\(rule.name).pdf")
        try pdf.write(to: file)
        let outcome = try GoldenHarness.check(
            pdf: file, golden: "rules/\(rule.name)", artifactsDir: artifacts
        )
        for failure in outcome.failures { Issue.record("\(rule.name): \(failure)") }
    }
}
