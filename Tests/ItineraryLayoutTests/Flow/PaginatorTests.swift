/// Page-break rules on synthetic blocks: no fonts needed, heights are exact.
import DisplayList
import ItineraryLayout
import ItineraryText
import Testing

/// A text block of `count` lines, each 10 tall.
private func lines(_ count: Int, keepWithNext: Bool = false) -> TextBlock {
    let line = SetLine(
        spans: [StyledSpan("x", TextStyle(family: "Inter", size: 8, lineHeight: 10))], width: 5, baseline: 8, height: 10
    )
    return TextBlock(lines: Array(repeating: line, count: count), width: 100, keepWithNext: keepWithNext)
}

private func box(_ height: Double, keepWithNext: Bool = false) -> Canvas {
    Canvas(height: height, keepWithNext: keepWithNext, items: [])
}

private var paginator: Paginator { Paginator { _ in 100 } }

@Suite("Paginator")
struct PaginatorTests {
    @Test func blocksThatFitShareAPage() {
        let pages = paginator.paginate([box(40), box(60)])
        #expect(pages.count == 1)
        #expect(pages[0].blocks.map(\.y) == [0, 40])
    }

    @Test func aBlockThatDoesNotFitMovesToTheNextPage() {
        let pages = paginator.paginate([box(70), box(40)])
        #expect(pages.count == 2)
        #expect(pages[1].blocks.map(\.y) == [0])
    }

    @Test("a block that misses the page by less than the overrun stays on it; a heading or a bigger miss does not")
    func overrun() {
        let giving = Paginator(overrun: { _ in 5 }) { _ in 100 }
        #expect(giving.paginate([box(60), box(44)]).count == 1)
        #expect(giving.paginate([box(60), box(46)]).count == 2)
        #expect(paginator.paginate([box(60), box(41)]).count == 2)
        // A block that keeps with the next takes no overrun: its chain would end below the frame.
        let heading = giving.paginate([box(60), box(44, keepWithNext: true), box(1)])
        #expect(heading.count == 2 && heading[1].blocks.count == 2)
    }

    @Test func spaceIsDroppedAtTheTopOfAPage() {
        let pages = paginator.paginate([box(95), Spacer(20), box(50)])
        #expect(pages.count == 2)
        #expect(pages[1].blocks.count == 1)
        #expect(pages[1].blocks[0].block.height == 50)
    }

    @Test(
        "zero-height markers at a page's top leave it at its top: the space after them is dropped, the heading after them is first"
    )
    func markersKeepThePageTop() {
        let heading = Stack([box(10)], keepWithNext: true, mark: "Stadium progress")
        let pages = paginator.paginate([
            box(95), StructureMark(closing: .section), StructureMark(opening: .section), Spacer(20),
            heading, box(30),
        ])
        #expect(pages.count == 2)
        // The new section's mark opens page 2; the space is gone and the heading sits at its top edge.
        #expect(pages[1].blocks.map(\.y) == [0, 0, 10])
        #expect(!pages[1].blocks.contains { $0.block is Spacer })
        #expect(pages[1].blocks.first { $0.y < 0.001 && $0.block.mark != nil }?.block.mark == "Stadium progress")
    }

    @Test("a heading never ends a page alone")
    func keepWithNext() {
        // 80 used; the 15-tall heading fits, but not with the first 2 lines of the paragraph.
        let pages = paginator.paginate([box(80), box(15, keepWithNext: true), lines(6)])
        #expect(pages.count == 2)
        #expect(pages[0].blocks.count == 1)
        #expect(pages[1].blocks[0].block.height == 15)
    }

    @Test(
        "a kept-together block that fits a page, but never under the heading kept with it, splits rather than leave the heading alone"
    )
    func keptTogetherUnderItsHeading() {
        // A 20-tall heading opening a page, then a stack of four 22-tall rows (88): the stack
        // fits a page alone, not under the heading; the heading's page takes what fits.
        let pages = paginator.paginate([
            box(50), PageBreak(), box(20, keepWithNext: true), Stack([box(22), box(22), box(22), box(22)]),
        ])
        let heights = pages.map { $0.blocks.map(\.block.height).filter { $0 > 0 } }
        #expect(heights == [[50], [20, 66], [22]], "\(heights)")
    }

    @Test("paragraphs split with at least two lines on each side")
    func widowsAndOrphans() {
        // 30 left: 3 lines fit, and the tail keeps 2.
        var pages = paginator.paginate([box(70), lines(5)])
        #expect(pages.count == 2)
        #expect((pages[0].blocks[1].block as? TextBlock)?.lines.count == 3)
        #expect((pages[1].blocks[0].block as? TextBlock)?.lines.count == 2)

        // 30 left but only 4 lines: taking 3 would leave a widow, so take 2.
        pages = paginator.paginate([box(70), lines(4)])
        #expect((pages[0].blocks[1].block as? TextBlock)?.lines.count == 2)

        // 15 left: 1 line would be an orphan, so the whole paragraph moves.
        pages = paginator.paginate([box(85), lines(5)])
        #expect(pages[0].blocks.count == 1)
        #expect((pages[1].blocks[0].block as? TextBlock)?.lines.count == 5)
    }

    @Test("a kept-together stack moves whole; one taller than a page splits inside")
    func keepTogether() {
        var pages = paginator.paginate([box(60), Stack([box(20), box(30)])])
        #expect(pages.count == 2)
        #expect(pages[1].blocks[0].block is Stack)

        pages = paginator.paginate([Stack([box(20), lines(20)])])
        #expect(pages.count == 3)
        let total = pages.flatMap(\.blocks).reduce(0.0) { $0 + $1.block.height }
        #expect(total == 220)
    }

    @Test func forcedBreak() {
        let pages = paginator.paginate([box(10), PageBreak(), box(10)])
        #expect(pages.count == 2)
        // A break at the top of a page does not make an empty page.
        #expect(paginator.paginate([PageBreak(), box(10)]).count == 1)
    }

    @Test("the running-header mark carries over to following pages")
    func marks() {
        let pages = paginator.paginate([
            Anchor(name: "d1", mark: "Day 1"), box(90), box(90), Anchor(name: "d2", mark: "Day 2"), box(50),
        ])
        #expect(pages.count == 3)
        #expect(pages[1].markAtTop == "Day 1")
        #expect(pages[2].markAtTop == "Day 1")
    }

    @Test("an unsplittable block taller than a page is placed alone and flagged")
    func overflow() {
        let pages = paginator.paginate([box(10), box(150), box(10)])
        #expect(pages.count == 3)
        #expect(pages[1].overflows)
    }
}

/// A block of the kind the chain rule concerns (the layout has none of its own): a horizontal hairline with space under it, dropped at the top of a page and kept with what follows.
private struct Rule: FlowBlock {
    var width: Double
    var thickness: Double
    var color: Color
    var spaceBelow: Double

    init(width: Double, thickness: Double, color: Color, spaceBelow: Double) {
        self.width = width
        self.thickness = thickness
        self.color = color
        self.spaceBelow = spaceBelow
    }

    var height: Double { spaceBelow }
    var isDiscardable: Bool { true }
    var keepWithNext: Bool { true }
    func draw(at origin: Point) -> [DisplayItem] {
        [.line(from: origin, to: Point(x: origin.x + width, y: origin.y), width: thickness, color: color, dash: [])]
    }
}

@Suite("Paginator chains")
struct PaginatorChainTests {
    @Test("a rule, a heading and the first card move together; the rule vanishes at the page top")
    func chain() {
        let rule = Rule(width: 100, thickness: 1, color: .black, spaceBelow: 5)
        let pages = paginator.paginate([
            box(60), Spacer(10), rule, box(10, keepWithNext: true), Spacer(4), Stack([box(20), box(10)]),
        ])
        #expect(pages.count == 2)
        // The rule did not stay behind at the bottom of page 1.
        #expect(!pages[0].blocks.contains { $0.block is Rule })
        // Page 2 starts with the heading: the spacer and the rule were dropped at its top.
        #expect(pages[1].blocks.map(\.block.height) == [10, 4, 30])
    }
}

@Suite("Paginator: section ends")
struct SectionEndTests {
    private let balancing = Paginator(sectionEndFill: 0.3) { _ in 100 }
    private let joining = Paginator(sectionEndFill: 0.3, sectionJoinFill: 0.5) { _ in 100 }

    /// A section of cards 20 tall with 5 between, then a section that starts a new page.
    private func sections(cards: Int) -> [any FlowBlock] {
        var blocks: [any FlowBlock] = [StructureMark(opening: .section)]
        for i in 0..<cards {
            if i > 0 { blocks.append(Spacer(5)) }
            blocks.append(box(20))
        }
        return blocks + [
            StructureMark(closing: .section), PageBreak(), StructureMark(opening: .section), box(50),
            StructureMark(closing: .section),
        ]
    }

    private func used(_ page: PageBody) -> Double { page.blocks.map { $0.y + $0.block.height }.max() ?? 0 }

    @Test("a page holding one card before a new section takes cards from the page before, without adding a page")
    func balances() {
        // Five cards fill page 1 (20 + 4 × 25 = 120 > 100: four fit, 95), the fifth sits alone on page 2.
        let plain = paginator.paginate(sections(cards: 5))
        #expect(plain.count == 3)
        #expect(used(plain[1]) == 20)
        let pages = balancing.paginate(sections(cards: 5))
        #expect(pages.count == 3)
        // The latest break that gives page 2 its 30 %: two cards move (the space before them is left behind).
        #expect(used(pages[1]) == 45)
        // The next section still starts a page of its own, unchanged.
        #expect(used(pages[2]) == 50)
    }

    @Test(
        "nothing moves when the section end is full enough, when balancing is off, or when the page before would drop below its share"
    )
    func leavesAlone() {
        #expect(balancing.paginate(sections(cards: 7)).map(used) == paginator.paginate(sections(cards: 7)).map(used))
        // One card on a page of its own section: there is no page before in its section.
        #expect(balancing.paginate(sections(cards: 1)).map(used) == [20, 50])
        let blocks: [any FlowBlock] = [box(20), Spacer(5), box(70), Spacer(5), box(8), PageBreak(), box(50)]
        #expect(balancing.paginate(blocks).map(used) == [100, 8, 50])
        // A section of its own that fills little of its one page keeps it.
        let short: [any FlowBlock] = [box(20), PageBreak(), box(10), PageBreak(), box(50)]
        #expect(joining.paginate(short).map(used) == [20, 10, 50])
    }

    @Test("where no block can move onto a sparse section end, the next section starts under it")
    func nextSectionStartsUnder() {
        // A page before that could give only by dropping under 30 % keeps its cards (moving the
        // 70 would leave 20 and its space, 25 %): the 8 left on page 2 takes the next section.
        let blocks: [any FlowBlock] = [box(20), Spacer(5), box(70), Spacer(5), box(8), PageBreak(), box(50)]
        let pages = joining.paginate(blocks)
        #expect(pages.map(used) == [100, 58])
        #expect(pages[1].blocks.last?.y == 8)
        // Not where that saves no page: the next section split, its end on a page of its own.
        let split: [any FlowBlock] = [
            box(20), Spacer(5), box(70), Spacer(5), box(8), PageBreak(), lines(10), PageBreak(), box(50),
        ]
        #expect(joining.paginate(split).map(used) == [100, 8, 100, 50])
        // Where the next section runs over pages anyway, it starts under the sparse end though
        // that saves no page: its cards would not have been whole on one page either.
        var long: [any FlowBlock] = [box(20), Spacer(5), box(70), Spacer(5), box(8), PageBreak(), box(45)]
        for _ in 0..<3 { long += [Spacer(5), box(45)] }
        #expect(joining.paginate(long).count == 4)
        #expect(used(joining.paginate(long)[1]) > 8)
        // Nor where the end holds half its page: 45 of 100 joins, 50 does not.
        let half: [any FlowBlock] = [box(20), Spacer(5), box(70), Spacer(5), box(50), PageBreak(), box(40)]
        #expect(joining.paginate(half).map(used) == [100, 50, 40])
        let less: [any FlowBlock] = [box(20), Spacer(5), box(70), Spacer(5), box(45), PageBreak(), box(40)]
        #expect(joining.paginate(less).map(used) == [100, 85])
    }

    @Test("balancing moves a whole day (from where it sets the running header) rather than split it")
    func balancesWholeDays() {
        // Day 1 (heading and a card), then day 2 (heading and three cards): the last card of day
        // 2 would end the section alone on page 2. Breaking before day 2's second card would do
        // for the shares, but splits the day: day 2 moves whole.
        let blocks: [any FlowBlock] = [
            Anchor(name: "d1", mark: "Day 1"), box(10, keepWithNext: true), box(30), Spacer(5),
            Anchor(name: "d2", mark: "Day 2"), box(10, keepWithNext: true), box(20), Spacer(5), box(20), Spacer(5),
            box(25), PageBreak(), box(50),
        ]
        let pages = balancing.paginate(blocks)
        #expect(pages.count == 3)
        #expect(
            pages[1].blocks.first { $0.block.height > 0 }?.block.height == 10, "\(pages[1].blocks.map(\.block.height))")
        #expect(pages[0].blocks.filter { $0.block.height > 0 && !$0.block.isDiscardable }.count == 2)
        // A short section end that is a whole day of its own keeps its page: nothing moves.
        let whole: [any FlowBlock] = [
            box(40), Spacer(5), box(40), Spacer(5), Anchor(name: "d2", mark: "Day 2"), box(10, keepWithNext: true),
            box(15), PageBreak(), box(50),
        ]
        #expect(balancing.paginate(whole).map(used) == paginator.paginate(whole).map(used))
        #expect(balancing.paginate(whole)[1].blocks.contains { $0.block.mark == "Day 2" })
    }

    @Test(
        "a day split over a sparse section end moves whole though its page then holds less than its share; a page the next section joins gives back the blocks it took"
    )
    func wholeDayAndJoin() {
        // Day 2's last card would be alone on page 2 (12 of 100); day 2 whole holds 27: it moves.
        let day: [any FlowBlock] = [
            box(70), Spacer(5), Anchor(name: "d2", mark: "Day 2"), box(5, keepWithNext: true), box(5), Spacer(5),
            box(12), PageBreak(), box(50),
        ]
        #expect(balancing.paginate(day).map(used) == [75, 27, 50])
        // Balanced, page 2 held 45 (a card taken from page 1); the long section after it then
        // starts under it: the card goes back, page 1 is full again.
        var joined: [any FlowBlock] = [box(60), Spacer(5), box(25), Spacer(5), box(15), PageBreak(), box(45)]
        for _ in 0..<3 { joined += [Spacer(5), box(45)] }
        let pages = joining.paginate(joined)
        #expect(pages.count == 4)
        #expect(used(pages[0]) >= 95, "\(pages.map(used))")
    }

    @Test("a heading kept with its card moves with it: no break between blocks that keep together")
    func keepsChains() {
        let blocks: [any FlowBlock] = [
            box(40), Spacer(5), box(10, keepWithNext: true), box(40), Spacer(5), box(10), PageBreak(), box(50),
        ]
        let pages = balancing.paginate(blocks)
        #expect(pages.count == 3)
        // Page 2 had 10; the break before the heading moves heading and card together (50 + 5 + 10 = 65).
        #expect(pages[1].blocks.first?.block.height == 10)
        #expect(used(pages[1]) == 65)
    }

    @Test(
        "the last page never holds one card alone carried over from the page before: the card before goes with it, with its heading, where the page before keeps its share"
    )
    func lastCardNotAlone() {
        // Four cards fill page 1 (and the space after them: 100), the fifth would be alone on page 2.
        var cards: [any FlowBlock] = [box(20)]
        for _ in 0..<4 { cards += [Spacer(5), box(20)] }
        #expect(paginator.paginate(cards).map(used) == [100, 20])
        #expect(balancing.paginate(cards).map(used) == [75, 45])
        // The card before keeps with its heading: both go.
        let headed: [any FlowBlock] = [box(60), Spacer(5), box(10, keepWithNext: true), box(20), Spacer(5), box(20)]
        #expect(balancing.paginate(headed).map(used) == [65, 55])
        // Not where the page before would keep under 30 %, nor when the last page opens a section.
        let big: [any FlowBlock] = [box(20), Spacer(5), box(70), Spacer(5), box(20)]
        #expect(balancing.paginate(big).map(used) == [100, 20])
        #expect(balancing.paginate(cards.dropLast(2) + [PageBreak(), box(20)]).map(used) == [95, 20])
    }

    @Test("a heading kept with its card across the space under it is not left behind at the foot of a page")
    func keepsChainsAcrossSpace() {
        // Page 1: 40, 5, the heading (10), the space under it (5), its card (40) = 100; page 2 holds 10.
        let blocks: [any FlowBlock] = [
            box(40), Spacer(5), box(10, keepWithNext: true), Spacer(5), box(40), Spacer(5), box(10), PageBreak(),
            box(50),
        ]
        let pages = balancing.paginate(blocks)
        #expect(pages.count == 3)
        // A break before the card would strand the heading (page 1: 55, page 2: 55); the break
        // goes before the heading instead, and heading and card move together.
        #expect(used(pages[0]) == 45)
        #expect(pages[1].blocks.first?.block.height == 10)
        #expect(used(pages[1]) == 70)
    }

    @Test(
        "a last page that continues the page before is taken onto it where the spaces give up at most lastPageSqueeze, and no more than that needs"
    )
    func lastPageSqueeze() {
        // 30 + 10 + 30 + 10 + 30: ten points too many for one page of 100.
        let blocks: [any FlowBlock] = [box(30), Spacer(10), box(30), Spacer(10), box(30)]
        #expect(paginator.paginate(blocks).count == 2)
        let squeezing = Paginator(lastPageSqueeze: 0.5) { _ in 100 }
        let pages = squeezing.paginate(blocks)
        #expect(pages.count == 1)
        // Each space halved, exactly what it takes (to 1/64 of the squeeze).
        let last = pages[0].blocks.filter { $0.block.height == 30 }.map(\.y)
        #expect(last.count == 3)
        #expect(abs((last.last ?? 0) - 70) < 0.5 / 64 * 20 + 0.001, "\(last)")
        // Not enough to give: two pages, as without it.
        #expect(Paginator(lastPageSqueeze: 0.4) { _ in 100 }.paginate(blocks).count == 2)
        // A space of a quarter is all it takes: the spaces keep three quarters.
        let near: [any FlowBlock] = [box(30), Spacer(10), box(30), Spacer(10), box(25)]
        let kept = squeezing.paginate(near)
        #expect(kept.count == 1)
        let y = kept[0].blocks.filter { $0.block.height == 25 }.map(\.y).first ?? 0
        #expect(y >= 74.9 && y <= 75.001, "\(y)")
        // A last page that a section opens stays its own.
        #expect(squeezing.paginate([box(30), Spacer(10), box(30), PageBreak(), box(10)]).count == 2)
    }

    @Test("the squeeze gives up the space between a stack's children too, but not a heading's own")
    func lastPageSqueezeInsideStacks() {
        let squeezing = Paginator(lastPageSqueeze: 0.5) { _ in 100 }
        // 40 + 10 + a grid of 20, 20 space, 20 (kept on one page): halved, the spaces make 95.
        let grid: [any FlowBlock] = [box(40), Spacer(10), Stack([box(20), Spacer(20), box(20)])]
        #expect(paginator.paginate(grid).count == 2)
        #expect(squeezing.paginate(grid).count == 1)
        // A heading's space under it is part of the heading: only the 10 gives, 105 stays two pages.
        let heading: [any FlowBlock] = [
            box(40), Spacer(10), Stack([box(20), Spacer(20)], keepWithNext: true), box(20),
        ]
        #expect(squeezing.paginate(heading).count == 2)
    }

    private func dayHeading(_ n: Int) -> Stack { Stack([box(10)], keepWithNext: true, mark: "Day \(n)") }

    @Test("a last page under lastPageFill takes the whole day before from the page before, which keeps its share")
    func lastPageFillMovesADay() {
        // Page 1: day 1 (10 + 5 + 30), 10, day 2 (10 + 5 + 30) = 100; page 2: day 3, 20 of 100.
        // Filled, page 1 ends with day 1 and the space after it (55).
        let blocks: [any FlowBlock] = [
            dayHeading(1), Spacer(5), box(30), Spacer(10), dayHeading(2), Spacer(5), box(30), Spacer(10),
            dayHeading(3), Spacer(5), box(5),
        ]
        #expect(balancing.paginate(blocks).map(used) == [100, 20])
        let filling = Paginator(sectionEndFill: 0.3, lastPageFill: 0.25) { _ in 100 }
        let pages = filling.paginate(blocks)
        #expect(pages.map(used) == [55, 75])
        #expect(pages[1].blocks.first?.block.mark == "Day 2")
        // Where the page before would keep less than its share, the last page stays as it is.
        let tight = Paginator(sectionEndFill: 0.6, lastPageFill: 0.25) { _ in 100 }
        #expect(tight.paginate(blocks).map(used) == [100, 20])
    }

    @Test("a page before a section holding one short day of its own, under lastPageFill, takes the day before it too")
    func nearEmptyDayBeforeASection() {
        // Page 1: day 1 (10 + 5 + 40), 10, day 2 (10 + 5 + 20) = 100; page 2: day 3 alone (20),
        // then the stadium progress on a page of its own.
        let blocks: [any FlowBlock] = [
            dayHeading(1), Spacer(5), box(40), Spacer(10), dayHeading(2), Spacer(5), box(20), Spacer(10),
            dayHeading(3), Spacer(5), box(5), PageBreak(), box(50),
        ]
        #expect(balancing.paginate(blocks).map(used) == [100, 20, 50])
        let pages = Paginator(sectionEndFill: 0.3, lastPageFill: 0.25) { _ in 100 }.paginate(blocks)
        #expect(pages.map(used) == [65, 65, 50])
        #expect(pages[1].blocks.first?.block.mark == "Day 2")
        // A day of its own that holds a quarter stays as it is.
        #expect(
            Paginator(sectionEndFill: 0.3, lastPageFill: 0.2) { _ in 100 }.paginate(blocks).map(used) == [100, 20, 50])
    }

    @Test("a last page holding the end of a grid split over two pages gets rows enough for its share")
    func lastPageFillShortensThePageBefore() {
        // A title of 4, then seven rows of 14 two apart (110, kept together but taller than a
        // page): six rows and the space after them on page 1, one row alone (14) on page 2.
        var rows: [any FlowBlock] = [box(14)]
        for _ in 1..<7 { rows += [Spacer(2), box(14)] }
        let blocks: [any FlowBlock] = [box(4), Stack(rows)]
        #expect(balancing.paginate(blocks).map(used) == [100, 14])
        let pages = Paginator(sectionEndFill: 0.3, lastPageFill: 0.25) { _ in 100 }.paginate(blocks)
        #expect(pages.count == 2)
        // Two rows move, the least that gives the last page a quarter: 14, 2, 14.
        #expect(pages.map(used) == [84, 30])
    }
}
