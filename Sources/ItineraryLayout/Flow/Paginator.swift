/// Distributes flow blocks into page body frames: breaking, splitting and keeping together.

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
/// top of a page, forced breaks, keep-with-next, keep-together and widow/orphan splits.
public struct Paginator {
    /// Body frame height for a page index (the first page may have other margins).
    public var frameHeight: (Int) -> Double

    public init(frameHeight: @escaping (Int) -> Double) {
        self.frameHeight = frameHeight
    }

    public func paginate(_ blocks: [any FlowBlock]) -> [PageBody] {
        var pages: [PageBody] = [PageBody()]
        var y = 0.0
        var currentMark: String?
        var queue = blocks[...]
        var pending: (any FlowBlock)?

        func newPage() {
            pages.append(PageBody(markAtTop: currentMark))
            y = 0
        }
        func place(_ block: any FlowBlock) {
            pages[pages.count - 1].blocks.append(PlacedBlock(block: block, y: y))
            y += block.height
            if let mark = block.mark { currentMark = mark }
        }

        while let block = pending ?? queue.popFirst() {
            pending = nil
            let height = frameHeight(pages.count - 1)
            // Zero-height markers (a section's structure, an anchor) leave a page at its top:
            // the space after them is dropped and a heading after them is the page's first line.
            let atTop = y < 0.001
            if block.isDiscardable && atTop { continue }
            if block.breakBefore && !atTop {
                newPage()
                pending = block
                continue
            }
            // Keep-with-next: room for the block, the chain of blocks it keeps with, and the
            // first legal piece of the block that ends the chain.
            let needed = Self.requiredHeight(block, followedBy: queue)
            if y + needed <= height + 0.001 {
                place(block)
                continue
            }
            if block.keepWithNext && !atTop && needed <= height + 0.001 {
                newPage()
                pending = block
                continue
            }
            // The chain cannot be kept on any page (or we are at the top): treat the block alone.
            if y + block.height <= height + 0.001 {
                place(block)
                continue
            }
            if let (head, tail) = block.split(available: height - y, fullPage: height) {
                place(head)
                newPage()
                pending = tail
                continue
            }
            if !atTop {
                newPage()
                pending = block
                continue
            }
            // Alone on an empty page and still too tall: split at any legal point, or overflow.
            if let (head, tail) = block.split(available: height, fullPage: 0) {
                place(head)
                newPage()
                pending = tail
            } else {
                place(block)
                if block.height > height + 0.001 { pages[pages.count - 1].overflows = true }
            }
        }
        if pages.count > 1 && pages[pages.count - 1].blocks.isEmpty { pages.removeLast() }
        return pages
    }

    /// The height `block` needs on this page: itself, plus, while blocks keep with their next,
    /// the blocks of the chain and the smallest first piece of the one that ends it.
    static func requiredHeight(_ block: any FlowBlock, followedBy upcoming: ArraySlice<any FlowBlock>) -> Double {
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
