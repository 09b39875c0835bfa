/// Cutting a fixed drawing between its lines: where it may be cut, and what goes to each side.
import DisplayList
@testable import ItineraryLayout
import ItineraryText
import Testing

@Suite("Vertical cuts")
struct VerticalCutTests {
    private let text = TableSupport.text
    private let style = TableSupport.style

    /// A line of `s` with its line box top at `top` (12 tall, as `TableSupport.style`).
    private func line(_ s: String, x: Double = 0, top: Double) -> DisplayItem {
        let box = text.lineBox([style])
        return .text(spans: [StyledSpan(s, style)], origin: Point(x: x, y: top + box.baseline))
    }

    @Test("stacked lines may be cut between any two; the tail moves up to start at 0")
    func stackedLines() throws {
        let items = (0..<4).map { line("l\($0)", top: Double($0) * 12) }
        let cuts = VerticalCut.cuts(of: items, text: text)
        #expect(cuts.map(\.headEnd) == [12, 24, 36])
        let cut = try #require(VerticalCut.lowest(cuts, within: 30))
        #expect(cut.headEnd == 24)
        let (head, tail) = cut.split(items, text: text)
        #expect(TableSupport.texts(head).map(\.text) == ["l0", "l1"])
        #expect(TableSupport.texts(tail).map(\.text) == ["l2", "l3"])
        // The first line of the tail sits where the first line of the drawing did.
        #expect(abs(TableSupport.texts(tail)[0].at.y - TableSupport.texts(items)[0].at.y) < 0.001)
        #expect(VerticalCut.lowest(cuts, within: 11) == nil, "not even the first line fits")
    }

    @Test("an icon beside two lines keeps them together; a chip padded past its line still cuts apart")
    func bandsThatReachAcross() {
        let icon = DisplayItem.rect(
            Rect(x: 0, y: 2, width: 20, height: 20), radius: 0, fill: .black, stroke: nil, strokeWidth: 0)
        let items = [icon] + (0..<3).map { line("l\($0)", x: 24, top: Double($0) * 12) }
        // The icon spans 2…22: the boundary at 12 is crossed, the one at 24 is not.
        #expect(VerticalCut.cuts(of: items, text: text).map(\.headEnd) == [24])
        // Chips 1.5 beyond each 12-pt line box overlap their neighbours by 3 and are still cut.
        let chips = (0..<3).flatMap { i -> [DisplayItem] in
            [
                .rect(
                    Rect(x: 0, y: Double(i) * 12 - 1.5, width: 40, height: 15), radius: 3, fill: .black, stroke: nil,
                    strokeWidth: 0),
                line("c\(i)", top: Double(i) * 12),
            ]
        }
        let cuts = VerticalCut.cuts(of: chips, text: text)
        #expect(cuts.count == 2)
        let (head, tail) = cuts[0].split(chips, text: text)
        // Each chip goes with its line.
        #expect(head.count == 2 && tail.count == 4)
    }

    @Test("structure stays balanced on both sides; an element left empty is dropped, a table cell kept")
    func structure() {
        let items: [DisplayItem] = [
            .beginStructure(.tableCell), .beginStructure(.paragraph), line("a", top: 0), .endStructure(.paragraph),
            .endStructure(.tableCell), .beginStructure(.tableCell), line("b", top: 0), line("c", top: 12),
            .endStructure(.tableCell),
        ]
        let cut = VerticalCut.cuts(of: items, text: text)[0]
        let (head, tail) = cut.split(items, text: text)
        #expect(
            head == [
                .beginStructure(.tableCell), .beginStructure(.paragraph), items[2], .endStructure(.paragraph),
                .endStructure(.tableCell),
                .beginStructure(.tableCell), items[6], .endStructure(.tableCell),
            ])
        #expect(tail.count == 5)
        #expect(
            tail[0] == .beginStructure(.tableCell) && tail[1] == .endStructure(.tableCell),
            "the first cell is empty below the cut, and still a cell")
    }

    @Test("a clamped paragraph keeps its first lines and ends the last in an ellipsis")
    func clamped() {
        let long = String(repeating: "word ", count: 200)
        let all = text.setParagraph([StyledSpan(long, style)], width: 100)
        let three = text.setParagraph([StyledSpan(long, style)], width: 100, maxLines: 3)
        #expect(all.count > 3 && three.count == 3)
        #expect(three[0].spans == all[0].spans && three[1].spans == all[1].spans)
        #expect(three[2].spans.map(\.text).joined().hasSuffix("\u{2026}"))
        #expect(three[2].width <= 100.001)
        #expect(text.setParagraph([StyledSpan("short", style)], width: 100, maxLines: 3).count == 1)
    }
}
