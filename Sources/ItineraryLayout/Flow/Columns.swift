/// Blocks placed side by side on one band, such as an item's text and its time at the right.
import DisplayList

/// Children drawn at their own x offsets from a shared top; as tall as the tallest. Never splits.
public struct Columns: FlowBlock {
    public var columns: [(x: Double, block: any FlowBlock)]

    public init(_ columns: [(x: Double, block: any FlowBlock)]) {
        self.columns = columns
    }

    public var height: Double { columns.map(\.block.height).max() ?? 0 }

    public func draw(at origin: Point) -> [DisplayItem] {
        columns.flatMap { $0.block.draw(at: Point(x: origin.x + $0.x, y: origin.y)) }
    }
}

/// A block with display items drawn behind it (a card's fill and border) and padding around it.
public struct Framed: FlowBlock {
    public var content: any FlowBlock
    public var padding: (top: Double, right: Double, bottom: Double, left: Double)
    public var width: Double
    /// The backdrop for a box of the given size, relative to its top-left corner.
    public var backdrop: @Sendable (_ width: Double, _ height: Double) -> [DisplayItem]

    public init(
        _ content: any FlowBlock, width: Double, padding: (top: Double, right: Double, bottom: Double, left: Double),
        backdrop: @escaping @Sendable (_ width: Double, _ height: Double) -> [DisplayItem]
    ) {
        self.content = content
        self.width = width
        self.padding = padding
        self.backdrop = backdrop
    }

    public var height: Double { content.height + padding.top + padding.bottom }

    public func draw(at origin: Point) -> [DisplayItem] {
        backdrop(width, height).map { $0.offset(by: origin) }
            + content.draw(at: Point(x: origin.x + padding.left, y: origin.y + padding.top))
    }
}
