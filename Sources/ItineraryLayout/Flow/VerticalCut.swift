/// Cutting a fixed drawing (a card's head, a table row) across a page break, between its lines.
import DisplayList
import ItineraryText

/// Where a drawing of display items may be cut in two, and the two pieces.
///
/// A drawing may be cut at a height that no item crosses: every text line, icon, chip and rule
/// lies wholly above or wholly below it. Text lines are measured by their line boxes (the same
/// CSS half-leading box the text engine stacks lines by), so lines stacked one under another
/// touch and may be cut between, while an icon or a side figure beside a line keeps that line
/// with it. Columns side by side (a table row's cells) are cut at one height; a line that
/// crosses it goes below with everything after it in its column.
struct VerticalCut: Equatable {
    /// The head keeps what ends at or above this height.
    var headEnd: Double
    /// The tail starts here: it is moved up by this much (the blank between the two is dropped).
    /// A little above `headEnd` where a padded box reaches past its line.
    var tailStart: Double

    /// The ways `items` may be cut, top first. None for a drawing that is one band (one line).
    static func cuts(of items: [DisplayItem], text: TextEngine) -> [VerticalCut] {
        let bands = items.compactMap { extent(of: $0, text: text) }.sorted { $0.top < $1.top }
        var cuts: [VerticalCut] = []
        guard var top = bands.first?.top, var bottom = bands.first?.bottom else { return [] }
        for band in bands.dropFirst() {
            // Touching is not crossing: stacked line boxes meet exactly. A box padded a little
            // past its line (a code's chip) may reach into the next line's box and still be cut
            // from it: items go to the side their middle is on.
            let allowance = min(maximumOverlap, overlapShare * min(band.bottom - band.top, bottom - top))
            if band.top < bottom - max(tolerance, allowance) {
                bottom = max(bottom, band.bottom)
                continue
            }
            cuts.append(VerticalCut(headEnd: bottom, tailStart: band.top))
            (top, bottom) = (band.top, band.bottom)
        }
        return cuts
    }

    /// The lowest of `cuts` whose head ends within `available`; nil when even the first does not.
    static func lowest(_ cuts: [VerticalCut], within available: Double) -> VerticalCut? {
        cuts.last { $0.headEnd <= available + tolerance }
    }

    /// The items above the cut, and those below it moved up to start at 0. Structure markers go
    /// to both sides so each stays balanced; an element left empty on one side is dropped there,
    /// except table cells, which a screen reader's columns count.
    func split(_ items: [DisplayItem], text: TextEngine) -> (head: [DisplayItem], tail: [DisplayItem]) {
        var head: [DisplayItem] = [], tail: [DisplayItem] = []
        let up = Point(x: 0, y: -tailStart)
        let middle = (headEnd + tailStart) / 2
        for item in items {
            switch item {
            case .beginStructure, .endStructure:
                head.append(item)
                tail.append(item)
            default:
                let above: Bool
                if let band = Self.extent(of: item, text: text) {
                    above = (band.top + band.bottom) / 2 < middle
                } else {
                    above = Self.anchor(of: item) < middle
                }
                if above { head.append(item) } else { tail.append(item.offset(by: up)) }
            }
        }
        return (Self.pruned(head), Self.pruned(tail))
    }

    private static let tolerance = 0.01
    /// How far two bands may overlap and still be cut apart: at most this many points, and at
    /// most this share of the shorter band.
    private static let maximumOverlap = 4.0
    private static let overlapShare = 0.35

    /// The vertical span an item inks (or, for text, its line box); nil for a point or a marker.
    static func extent(of item: DisplayItem, text: TextEngine) -> (top: Double, bottom: Double)? {
        switch item {
        case let .text(spans, origin), let .textHalo(spans, origin, _, _):
            let box = text.lineBox(spans.map(\.style))
            return (origin.y - box.baseline, origin.y - box.baseline + box.height)
        case let .rect(r, _, _, _, _), let .link(r, _, _), let .internalLink(r, _, _):
            return (r.y, r.y + r.height)
        case let .circle(center, radius, _):
            return (center.y - radius, center.y + radius)
        case let .cells(grid, origin, cell, _):
            return (origin.y, origin.y + Double(grid.rows) * cell)
        case let .line(from, to, width, _, _):
            return (min(from.y, to.y) - width / 2, max(from.y, to.y) + width / 2)
        case let .path(elements, style):
            var ys: [Double] = []
            for element in elements {
                switch element {
                case let .move(p), let .line(p): ys.append(p.y)
                case let .curve(a, b, c): ys += [a.y, b.y, c.y]
                case let .arc(center, radius, _, _): ys += [center.y - radius, center.y + radius]
                case .close: break
                }
            }
            guard let lo = ys.min(), let hi = ys.max() else { return nil }
            let half = style.stroke == nil ? 0 : style.lineWidth / 2
            return (lo - half, hi + half)
        case .destination, .beginStructure, .endStructure:
            return nil
        }
    }

    private static func anchor(of item: DisplayItem) -> Double {
        if case let .destination(_, at) = item { return at.y }
        return 0
    }

    /// Drops begin/end pairs with nothing between them, but for table cells.
    private static func pruned(_ items: [DisplayItem]) -> [DisplayItem] {
        var out: [DisplayItem] = []
        for item in items {
            if case let .endStructure(role) = item, role != .tableCell, role != .tableHeaderCell,
                case let .beginStructure(open, _)? = out.last, open == role
            {
                out.removeLast()
                continue
            }
            out.append(item)
        }
        return out
    }
}
