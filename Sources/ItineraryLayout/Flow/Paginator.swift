/// Distributes flow blocks into page body frames: breaking, splitting and keeping together.
import DisplayList

/// A block placed on a page, at a y offset from the top of the body frame.
public struct PlacedBlock {
    public var block: any FlowBlock
    public var y: Double
}

/// The body content of one page, before the running header and footer are added.
public struct PageBody {
    public var blocks: [PlacedBlock] = []
    /// The running-header mark in force at the top of the page (carried over from earlier pages).
    public var markAtTop: String?
    /// True when some block was taller than a page and could not split: it overflows the frame.
    public var overflows = false
}

/// Greedy first-fit pagination with the rules the design needs: discardable space at the
/// top of a page, forced breaks, keep-with-next, keep-together and widow/orphan splits; then
/// balanced section ends: a page that a forced break ends (a new section on a new page) holding
/// less than `sectionEndFill` of its height, the end of a day begun on the page before, takes
/// that day whole from the page before (or, failing that, the fewest blocks that give it its
/// share), when that page keeps at least as much and no page is added; and where such a page still holds less than
/// `sectionJoinFill`, the next section starts on it, under what it holds, when that saves a page
/// or the next section runs over more than one page anyway (a stays table of one row is not a
/// page of its own before the day pages); and a last page
/// that would hold one block alone, carried over from the page before, takes the block before
/// it too, where the page before keeps `sectionEndFill` (`lastPageCarry`); and a last page that
/// continues the page before (no section opens it) is taken onto that page where giving up at
/// most `lastPageSqueeze` of the space between its blocks makes room, with as little given up as
/// that needs (`squeezedLastPage`): a trip's last day is not a page of its own for want of a
/// few points; and a last page still holding less than `lastPageFill` takes blocks from the
/// page before (`filledLastPage`).
public struct Paginator {
    /// Body frame height for a page index (the first page may have other margins).
    public var frameHeight: (Int) -> Double
    /// The least share of its height a page before a forced break holds, where blocks can move
    /// onto it; 0 turns the balancing off.
    public var sectionEndFill: Double
    /// The least share of its height a page before a forced break holds after that balancing,
    /// where it does not open its section: under it, the next section starts on the same page
    /// when that saves a page (a section that would only be split across one more page break
    /// keeps its own page); 0 turns it off.
    public var sectionJoinFill: Double
    /// How far below page `index`'s body frame a block may end rather than go to the next page
    /// (`PageGeometry.overrun`): a card that misses the page by a point is not carried over
    /// alone, leaving a quarter page blank. Only for a block that keeps with nothing after it.
    public var overrun: (Int) -> Double
    /// The largest share of the space between blocks (`Spacer`s and other discardable blocks)
    /// on the page before the last that may be given up so that the last page's blocks fit on
    /// it; 0 turns it off.
    public var lastPageSqueeze: Double
    /// The least share of its height the last page holds, where it continues the page before
    /// and blocks of that page can move onto it, that page keeping `sectionEndFill`; 0 turns it off.
    public var lastPageFill: Double

    public init(
        sectionEndFill: Double = 0, sectionJoinFill: Double = 0, lastPageSqueeze: Double = 0,
        lastPageFill: Double = 0, overrun: @escaping (Int) -> Double = { _ in 0 },
        frameHeight: @escaping (Int) -> Double
    ) {
        self.frameHeight = frameHeight
        self.sectionEndFill = sectionEndFill
        self.sectionJoinFill = sectionJoinFill
        self.lastPageSqueeze = lastPageSqueeze
        self.lastPageFill = lastPageFill
        self.overrun = overrun
    }

    public func paginate(_ blocks: [any FlowBlock]) -> [PageBody] {
        let (balancedRun, balancedForced, skipped) = balanced(blocks)
        var run = balancedRun, forced = balancedForced
        if let squeezed = squeezedLastPage(run, blocks, forced: forced, skipped: skipped) { return squeezed.pages }
        if sectionEndFill > 0 || sectionJoinFill > 0, let carried = lastPageCarry(run, blocks) {
            let trial = paginate(blocks, forcedBreaks: forced.union([carried]), skippedBreaks: skipped)
            if trial.pages.count == run.pages.count, fill(trial, trial.pages.count - 2) >= sectionEndFill {
                run = trial
                forced.insert(carried)
            }
        }
        return (filledLastPage(run, blocks, forced: forced, skipped: skipped) ?? run).pages
    }

    /// `run` with its last page given blocks from the page before, where it holds less than
    /// `lastPageFill` and continues that page (no section opens it): the break before the
    /// latest day on that page (a block that sets the running header) whose move leaves the
    /// page `sectionEndFill`, else before the latest card that does, else the page's frame
    /// shortened: the trip ends on two pages holding half each rather than one full and one
    /// holding a rest-day card. Nil when no move fills the last page more without adding a page.
    private func filledLastPage(_ run: Run, _ blocks: [any FlowBlock], forced: Set<Int>, skipped: Set<Int>) -> Run? {
        let last = run.pages.count - 1
        guard lastPageFill > 0, last > 0, !run.startsByBreak[last], fill(run, last) < lastPageFill else { return nil }
        let ordered = Self.breaksToMove(run.wholeBlocks[last - 1], blocks)
        func keeps(_ trial: Run) -> Bool {
            trial.pages.count == run.pages.count && fill(trial, last - 1) >= sectionEndFill
        }
        for i in ordered {
            let trial = paginate(blocks, forcedBreaks: forced.union([i]), skippedBreaks: skipped)
            if keeps(trial), fill(trial, last) > fill(run, last) { return trial }
        }
        // No whole block to move (the last page holds the end of a stadium grid split over
        // pages): the page before ends higher, by the least that fills the last page to its
        // share (found to 1/256 of the frame).
        let frame = frameHeight(last - 1)
        func shortened(by cut: Double) -> Run {
            paginate(blocks, forcedBreaks: forced, skippedBreaks: skipped, shortened: (last - 1, frame - cut))
        }
        // The least cut that fills the last page or adds a page: the more the cut, the more
        // the last page holds, until it cannot hold it all.
        func enough(_ trial: Run) -> Bool {
            trial.pages.count != run.pages.count || fill(trial, last) >= lastPageFill
        }
        var low = 0.0, high = frame * (1 - sectionEndFill)
        var best = shortened(by: high)
        guard enough(best) else { return nil }
        for _ in 0..<8 {
            let mid = (low + high) / 2
            let trial = shortened(by: mid)
            if enough(trial) {
                best = trial
                high = mid
            } else {
                low = mid
            }
        }
        return keeps(best) && fill(best, last) >= lastPageFill ? best : nil
    }

    /// The pagination with its sparse section ends balanced, and the breaks that took.
    private func balanced(_ blocks: [any FlowBlock]) -> (Run, forced: Set<Int>, skipped: Set<Int>) {
        var forced = Set<Int>(), skipped = Set<Int>()
        var run = paginate(blocks, forcedBreaks: forced, skippedBreaks: skipped)
        guard sectionEndFill > 0 || sectionJoinFill > 0 else { return (run, forced, skipped) }
        // Each sparse section end, first to last: break the page before it earlier, at the
        // latest point that gives both pages their share without adding a page; else, where it
        // is still sparse, start the next section under it if that saves a page. Bounded: each accepted change fixes
        // one page, and a page that cannot be fixed is passed over.
        var page = 1
        while page < run.pages.count {
            defer { page += 1 }
            guard run.endsByBreak[page], !run.startsByBreak[page] else { continue }
            // The break this page's balancing adds, taken back if the next section joins it.
            var balanced: Int?
            // Only a page that continues a day: one that opens with a whole day (its heading
            // first) is a day of its own, however short, and taking blocks for it would leave two
            // half pages where one was full; unless it is near empty (under `lastPageFill`: one
            // rest day before the stadium progress), a page no fuller than a trip's last may be.
            let ownDay = opensWithDay(run.pages[page]) && fill(run, page) >= lastPageFill
            if fill(run, page) < sectionEndFill, !run.wholeBlocks[page - 1].isEmpty, !ownDay {
                for i in Self.breaksToMove(run.wholeBlocks[page - 1], blocks) {
                    let trial = paginate(blocks, forcedBreaks: forced.union([i]), skippedBreaks: skipped)
                    // The page then opening with the whole day needs no share of its own (as one
                    // that did from the start): the day split over the break moves, not the one
                    // before it too, which would leave two half pages.
                    guard trial.pages.count == run.pages.count, fill(trial, page - 1) >= sectionEndFill,
                        fill(trial, page) >= sectionEndFill || opensWithDay(trial.pages[page])
                    else { continue }
                    forced.insert(i)
                    balanced = i
                    run = trial
                    break
                }
            }
            if fill(run, page) < sectionJoinFill, page + 1 < run.pages.count, let next = run.openedBy[page + 1] {
                // Joined, the page needs no blocks from the page before: without them, its
                // section ends where it did, and the next one starts under it.
                let base = balanced.map { forced.subtracting([$0]) } ?? forced
                let trial = paginate(blocks, forcedBreaks: base, skippedBreaks: skipped.union([next]))
                // Where it saves a page; or where the next section runs over pages anyway (the
                // day pages after a short stays table): starting it under what the page holds
                // splits nothing that was whole, and a page four-fifths blank is gone.
                var end = page + 1
                while end + 1 < run.pages.count, !run.startsByBreak[end + 1] { end += 1 }
                let spreads = end > page + 1
                if trial.pages.count < run.pages.count || (spreads && trial.pages.count == run.pages.count) {
                    forced = base
                    skipped.insert(next)
                    run = trial
                }
            }
        }
        return (run, forced, skipped)
    }

    /// `run` one page shorter, where the last page continues the page before (no forced break
    /// opens it) and that page takes it with the space between its blocks given up by at most
    /// `lastPageSqueeze`: every discardable block from that page's first on is scaled by the
    /// largest factor that still saves the page (found to 1/64 of the squeeze), so the pages
    /// before keep their bytes and the page keeps as much of its rhythm as it can. Nil when no
    /// squeeze saves the page.
    private func squeezedLastPage(_ run: Run, _ blocks: [any FlowBlock], forced: Set<Int>, skipped: Set<Int>) -> Run? {
        let last = run.pages.count - 1
        guard lastPageSqueeze > 0, last > 0, !run.startsByBreak[last],
            let first = (run.wholeBlocks[last - 1] + run.wholeBlocks[last]).first
        else { return nil }
        func trial(_ factor: Double) -> Run? {
            var scaled = blocks
            for i in first..<blocks.count { scaled[i] = Self.spaceScaled(blocks[i], by: factor) }
            let r = paginate(scaled, forcedBreaks: forced, skippedBreaks: skipped)
            return r.pages.count < run.pages.count ? r : nil
        }
        guard var best = trial(1 - lastPageSqueeze) else { return nil }
        // The least squeeze that saves the page: more space kept is a page more like the others.
        var low = 1 - lastPageSqueeze, high = 1.0
        for _ in 0..<6 {
            let mid = (low + high) / 2
            if let r = trial(mid) {
                best = r
                low = mid
            } else {
                high = mid
            }
        }
        return best
    }

    /// The blocks of a page (`whole`: the indices of those placed whole on it) before which a
    /// forced break moves the rest to the next page, in the order to try them: where a day (a
    /// block that sets the running header) starts first, latest first: moved whole, a day keeps
    /// its heading over its cards, where the latest break could leave the heading and the train
    /// on one page and the game on the next; then the others, latest first. Never the page's
    /// first block, space, a block kept with the one before, or a zero-height mark that keeps
    /// with nothing.
    static func breaksToMove(_ whole: [Int], _ blocks: [any FlowBlock]) -> [Int] {
        let candidates = whole.dropFirst().filter { i in
            !blocks[i].isDiscardable && !keptFromBefore(i, in: blocks)
                && !(blocks[i].height == 0 && !blocks[i].keepWithNext)
        }
        return candidates.reversed().filter { blocks[$0].mark != nil }
            + candidates.reversed().filter { blocks[$0].mark == nil }
    }

    /// `block` with its space scaled by `factor`: a discardable block itself, a stack the space
    /// between its children (the gaps of a stadium grid kept on one page). Anything else is
    /// drawn as it is: the space inside a card is part of the card, and a heading's (a stack
    /// kept with the next block) part of the heading, alike on every page.
    static func spaceScaled(_ block: any FlowBlock, by factor: Double) -> any FlowBlock {
        if block.isDiscardable {
            return block.height > 0 ? ScaledSpace(block, factor: factor) : block
        }
        guard var stack = block as? Stack, !stack.keepWithNext else { return block }
        stack.children = stack.children.map { spaceScaled($0, by: factor) }
        stack.gap *= factor
        return stack
    }

    /// Whether `page`'s first block (past space and structure) is one that sets the running
    /// header: a day's start.
    private func opensWithDay(_ page: PageBody) -> Bool {
        page.blocks.first { $0.block.mark != nil || $0.block.holdsContent }?.block.mark != nil
    }

    /// Where to break the page before the last so that the last page does not hold one block
    /// alone, carried over from the section the page before holds (a restaurant after the
    /// day's game, the trip's last card, on a page of its own): the start of the block before
    /// it, with the chain that block keeps with. Nil when the last page opens a section, holds
    /// more, a piece of a split block or a heading of its own, or the page before has no block
    /// to give.
    private func lastPageCarry(_ run: Run, _ blocks: [any FlowBlock]) -> Int? {
        let last = run.pages.count - 1
        guard last > 0, !run.startsByBreak[last] else { return nil }
        func isContent(_ i: Int) -> Bool { blocks[i].holdsContent }
        let whole = run.wholeBlocks[last]
        let placed = run.pages[last].blocks.filter(\.block.holdsContent).count
        guard whole.filter(isContent).count == 1, placed == 1, !whole.contains(where: { blocks[$0].mark != nil }),
            var start = run.wholeBlocks[last - 1].last(where: isContent),
            let first = run.wholeBlocks[last - 1].first
        else { return nil }
        while Self.keptFromBefore(start, in: blocks) {
            guard let before = (first..<start).last(where: { !blocks[$0].isDiscardable || blocks[$0].keepWithNext })
            else { return nil }
            start = before
        }
        return start > first ? start : nil
    }

    /// Whether the block at `index` ends a keep-with-next chain from the blocks before it: the
    /// block before keeps with its next, or does across the space between (a heading, the space
    /// under it, then its first card), as `requiredHeight` reads the chain.
    static func keptFromBefore(_ index: Int, in blocks: [any FlowBlock]) -> Bool {
        var before = index - 1
        while before >= 0, blocks[before].isDiscardable, !blocks[before].keepWithNext { before -= 1 }
        return before >= 0 && blocks[before].keepWithNext
    }

    /// How full page `index` is: the bottom of its last block over the frame's height.
    private func fill(_ run: Run, _ index: Int) -> Double {
        let bottom = run.pages[index].blocks.map { $0.y + $0.block.height }.max() ?? 0
        return bottom / frameHeight(index)
    }

    /// One pagination and what the balancing needs to know of it.
    private struct Run {
        var pages: [PageBody] = [PageBody()]
        /// Per page, the indices of the blocks placed whole on it, in order.
        var wholeBlocks: [[Int]] = [[]]
        /// Per page, whether a forced break ends it (the last page ends the document, not a section
        /// before another: a short last page is no gap before anything).
        var endsByBreak: [Bool] = [false]
        /// Per page, whether a forced break opened it: the first page of a section.
        var startsByBreak: [Bool] = [false]
        /// Per page, the index of the block whose forced break opened it (nil for others).
        var openedBy: [Int?] = [nil]
    }

    /// Greedy pagination with a new page also before each block of `forcedBreaks`, and none
    /// before the blocks of `skippedBreaks` (breaks a block asks for, taken away).
    /// `shortened` gives one page a shorter frame (the page before the last, giving the last
    /// page more of a block split over the two).
    private func paginate(
        _ blocks: [any FlowBlock], forcedBreaks: Set<Int>, skippedBreaks: Set<Int>,
        shortened: (page: Int, height: Double)? = nil
    ) -> Run {
        var run = Run()
        var y = 0.0
        var currentMark: String?
        var queue = Array(blocks.indices)[...]
        // A block waiting for the next page, with the index it came from and whether it is the
        // whole block (a tail piece of a split block is not).
        var pending: (block: any FlowBlock, index: Int, whole: Bool)?

        func newPage(openedBy breakIndex: Int? = nil) {
            run.endsByBreak[run.pages.count - 1] = breakIndex != nil
            run.pages.append(PageBody(markAtTop: currentMark))
            run.wholeBlocks.append([])
            run.endsByBreak.append(false)
            run.startsByBreak.append(breakIndex != nil)
            run.openedBy.append(breakIndex)
            y = 0
        }
        func place(_ block: any FlowBlock, index: Int, whole: Bool) {
            run.pages[run.pages.count - 1].blocks.append(PlacedBlock(block: block, y: y))
            if whole { run.wholeBlocks[run.pages.count - 1].append(index) }
            y += block.height
            if let mark = block.mark { currentMark = mark }
        }

        while let next = pending ?? queue.popFirst().map({ (blocks[$0], $0, true) }) {
            pending = nil
            let (block, index, whole) = next
            let page = run.pages.count - 1
            let height = shortened.flatMap { $0.page == page ? $0.height : nil } ?? frameHeight(page)
            let reach = height + (block.keepWithNext ? 0 : overrun(page))
            // Zero-height markers (a section's structure, an anchor) leave a page at its top:
            // the space after them is dropped and a heading after them is the page's first line.
            let atTop = y < 0.001
            if block.isDiscardable && atTop { continue }
            let asksBreak = block.breakBefore && !(whole && skippedBreaks.contains(index))
            if (asksBreak || (whole && forcedBreaks.contains(index))) && !atTop {
                newPage(openedBy: asksBreak ? index : nil)
                pending = next
                continue
            }
            // Keep-with-next: room for the block, the chain of blocks it keeps with, and the
            // first legal piece of the block that ends the chain.
            let needed = Self.requiredHeight(block, followedBy: queue.lazy.map { blocks[$0] })
            if y + needed <= reach + 0.001 {
                place(block, index: index, whole: whole)
                continue
            }
            if block.keepWithNext && !atTop && needed <= height + 0.001 {
                newPage()
                pending = next
                continue
            }
            // The chain cannot be kept on any page (or we are at the top): treat the block alone.
            if y + block.height <= height + 0.001 {
                place(block, index: index, whole: whole)
                continue
            }
            // Under nothing but the headings kept with it, a block kept together that fits a page
            // but not under them (the stadium progress under its title) can share no page with
            // them: it splits here, as if the page held only the room they leave, rather than
            // leave them alone at the foot of the page.
            let placed = run.pages[page].blocks
            let underHeadingsOnly =
                placed.contains { $0.block.keepWithNext }
                && placed.allSatisfy { $0.block.keepWithNext || $0.block.height == 0 }
            let fullPage = underHeadingsOnly ? height - y : height
            if let (head, tail) = block.split(available: height - y, fullPage: fullPage) {
                place(head, index: index, whole: false)
                newPage()
                pending = (tail, index, false)
                continue
            }
            if !atTop {
                newPage()
                pending = next
                continue
            }
            // Alone on an empty page and still too tall: split at any legal point, or overflow.
            if let (head, tail) = block.split(available: height, fullPage: 0) {
                place(head, index: index, whole: false)
                newPage()
                pending = (tail, index, false)
            } else {
                place(block, index: index, whole: whole)
                if block.height > height + 0.001 { run.pages[run.pages.count - 1].overflows = true }
            }
        }
        if run.pages.count > 1 && run.pages[run.pages.count - 1].blocks.isEmpty {
            run.pages.removeLast()
            run.wholeBlocks.removeLast()
            run.endsByBreak.removeLast()
            run.startsByBreak.removeLast()
            run.openedBy.removeLast()
        }
        return run
    }

    /// The height `block` needs on this page: itself, plus, while blocks keep with their next,
    /// the blocks of the chain and the smallest first piece of the one that ends it.
    static func requiredHeight<Upcoming: Sequence<any FlowBlock>>(
        _ block: any FlowBlock, followedBy upcoming: Upcoming
    ) -> Double {
        var needed = block.height
        guard block.keepWithNext else { return needed }
        for next in upcoming {
            if next.isDiscardable && !next.keepWithNext {
                needed += next.height
                continue
            }
            // A splittable block (day notes) ends the chain at its first piece.
            if next.keepWithNext && next.minimumHeadHeight >= next.height {
                needed += next.height
                continue
            }
            needed += next.minimumHeadHeight
            break
        }
        return needed
    }
}

/// A discardable block with its height scaled (`Paginator.lastPageSqueeze`): the same block
/// in every other way.
private struct ScaledSpace: FlowBlock {
    let base: any FlowBlock
    let height: Double
    init(_ base: any FlowBlock, factor: Double) {
        self.base = base
        height = base.height * factor
    }
    var keepWithNext: Bool { base.keepWithNext }
    var breakBefore: Bool { base.breakBefore }
    var isDiscardable: Bool { true }
    var mark: String? { base.mark }
    func draw(at origin: Point) -> [DisplayItem] { base.draw(at: origin) }
}

extension FlowBlock {
    /// Something a reader sees: neither space nor a zero-height mark.
    fileprivate var holdsContent: Bool { height > 0 && !isDiscardable }
}
