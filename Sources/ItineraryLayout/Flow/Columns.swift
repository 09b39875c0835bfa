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
