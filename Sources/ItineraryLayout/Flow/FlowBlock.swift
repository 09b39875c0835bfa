/// The unit of page flow: something with a height that can be placed, and maybe split.
import DisplayList
import ItineraryText

/// Content the paginator stacks down a page's body frame.
///
/// Blocks are values: splitting returns two new blocks and never changes the original,
/// so the paginator can try a split and back out of it.
public protocol FlowBlock {
    /// Height in points when placed whole.
    var height: Double { get }
    /// The smallest first piece this block can leave at the bottom of a page
    /// (its whole height when it cannot split). Used by keep-with-next.
    var minimumHeadHeight: Double { get }
    /// The block must share a page with the start of the block after it (a heading).
    var keepWithNext: Bool { get }
    /// The block starts a new page unless it is already at the top of one.
    var breakBefore: Bool { get }
    /// Space that is dropped where a page begins.
    var isDiscardable: Bool { get }
    /// The running-header text this block sets from the point it is placed on (a day heading).
    var mark: String? { get }
    /// Splits into a head no taller than `available` and the rest; nil when no legal split exists.
    /// `fullPage` is a whole body frame's height, for blocks that split only when they cannot fit on any page.
    func split(available: Double, fullPage: Double) -> (head: any FlowBlock, tail: any FlowBlock)?
    /// The display items of the block with its top-left corner at `origin`.
    func draw(at origin: Point) -> [DisplayItem]
}

public extension FlowBlock {
    var minimumHeadHeight: Double { height }
    var keepWithNext: Bool { false }
    var breakBefore: Bool { false }
    var isDiscardable: Bool { false }
    var mark: String? { nil }
    func split(available: Double, fullPage: Double) -> (head: any FlowBlock, tail: any FlowBlock)? { nil }
}

/// Vertical space between blocks; vanishes at the top of a page.
public struct Spacer: FlowBlock {
    public var height: Double
    public init(_ height: Double) { self.height = height }
    public var isDiscardable: Bool { true }
    public func draw(at origin: Point) -> [DisplayItem] { [] }
}

/// A zero-height marker: a named destination for links and the outline, and optionally a running-header mark.
public struct Anchor: FlowBlock {
    public var name: String
    public var mark: String?
    public init(name: String, mark: String? = nil) {
        self.name = name
        self.mark = mark
    }
    public var height: Double { 0 }
    public var keepWithNext: Bool { true }
    public func draw(at origin: Point) -> [DisplayItem] { [.destination(name: name, at: origin)] }
}

/// A zero-height marker that opens or closes a structure element around the blocks between:
/// a section spans its pages as one element. An opening one keeps with what follows.
public struct StructureMark: FlowBlock {
    public var role: StructureRole
    public var opens: Bool
    public init(opening role: StructureRole) { self.role = role; opens = true }
    public init(closing role: StructureRole) { self.role = role; opens = false }
    public var height: Double { 0 }
    public var keepWithNext: Bool { opens }
    public func draw(at origin: Point) -> [DisplayItem] { [opens ? .beginStructure(role) : .endStructure(role)] }
}

/// Forces what follows onto a new page.
public struct PageBreak: FlowBlock {
    public init() {}
    public var height: Double { 0 }
    public var breakBefore: Bool { true }
    public func draw(at origin: Point) -> [DisplayItem] { [] }
}

/// A fixed-size drawing (rules, tiles, side-by-side columns) that never splits.
public struct Canvas: FlowBlock {
    public var height: Double
    public var keepWithNext: Bool
    private let items: [DisplayItem]

    /// `items` are relative to the canvas's top-left corner.
    public init(height: Double, keepWithNext: Bool = false, items: [DisplayItem]) {
        self.height = height
        self.keepWithNext = keepWithNext
        self.items = items
    }

    public func draw(at origin: Point) -> [DisplayItem] { items.map { $0.offset(by: origin) } }
}

extension PathElement {
    /// The same element moved by `d`.
    public func offset(by d: Point) -> PathElement {
        func p(_ q: Point) -> Point { Point(x: q.x + d.x, y: q.y + d.y) }
        switch self {
        case let .move(a): return .move(p(a))
        case let .line(a): return .line(p(a))
        case let .curve(a, b, c): return .curve(p(a), p(b), p(c))
        case let .arc(center, radius, start, end):
            return .arc(center: p(center), radius: radius, start: start, end: end)
        case .close: return .close
        }
    }
}

extension DisplayItem {
    /// The same item moved by `d`.
    public func offset(by d: Point) -> DisplayItem {
        func p(_ q: Point) -> Point { Point(x: q.x + d.x, y: q.y + d.y) }
        func r(_ q: Rect) -> Rect { Rect(x: q.x + d.x, y: q.y + d.y, width: q.width, height: q.height) }
        switch self {
        case let .path(elements, style): return .path(elements.map { $0.offset(by: d) }, style: style)
        case let .text(spans, origin): return .text(spans: spans, origin: p(origin))
        case let .textHalo(spans, origin, color, width):
            return .textHalo(spans: spans, origin: p(origin), color: color, width: width)
        case let .line(from, to, width, color, dash):
            return .line(from: p(from), to: p(to), width: width, color: color, dash: dash)
        case let .rect(rect, radius, fill, stroke, w):
            return .rect(r(rect), radius: radius, fill: fill, stroke: stroke, strokeWidth: w)
        case let .circle(center, radius, fill): return .circle(center: p(center), radius: radius, fill: fill)
        case let .cells(grid, origin, cell, color): return .cells(grid, origin: p(origin), cell: cell, color: color)
        case let .link(rect, uri, name): return .link(r(rect), uri: uri, name: name)
        case let .internalLink(rect, dest, name): return .internalLink(r(rect), destination: dest, name: name)
        case let .destination(name, at): return .destination(name: name, at: p(at))
        case .beginStructure, .endStructure: return self
        }
    }
}
