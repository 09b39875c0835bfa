/// The columns of a table: how wide each one is and how its content sits in it.
import ItineraryText

/// One column of a `Table`.
public struct TableColumn: Sendable, Hashable {
    /// How wide a column is. Widths include the gap that separates the column from the next.
    public enum Width: Sendable, Hashable {
        /// A fixed width in points.
        case fixed(Double)
        /// What the fixed columns leave of the table's width, shared equally by such columns.
        case rest
    }

    public var width: Width
    /// Where each line of a cell sits between the column's left edge and its gap.
    public var alignment: TextAlignment

    public init(_ width: Width, alignment: TextAlignment = .leading) {
        self.width = width
        self.alignment = alignment
    }
}

/// Columns resolved against a table's width: where each starts and how much room its content has.
struct ColumnLayout: Sendable {
    /// Left edge of each column, from the table's left edge.
    let x: [Double]
    /// Each column's full width, gap included.
    let width: [Double]
    let gap: Double
    let alignments: [TextAlignment]

    init(columns: [TableColumn], tableWidth: Double, gap: Double) {
        let fixed = columns.reduce(0.0) { sum, c in
            if case let .fixed(w) = c.width { return sum + w }
            return sum
        }
        let restCount = columns.filter { $0.width == .rest }.count
        let rest = restCount == 0 ? 0 : max(0, tableWidth - fixed) / Double(restCount)
        var x: [Double] = [], width: [Double] = []
        var left = 0.0
        for column in columns {
            let w: Double
            switch column.width {
            case let .fixed(v): w = v
            case .rest: w = rest
            }
            x.append(left)
            width.append(w)
            left += w
        }
        self.x = x
        self.width = width
        self.gap = gap
        alignments = columns.map(\.alignment)
    }

    /// The content box of `span` columns starting at `index`, and the gap after it. The gap is
    /// left for the eye, except after the table's last column: its content reaches the table's edge.
    func contentBox(from index: Int, span: Int) -> (x: Double, width: Double, gap: Double) {
        let last = min(x.count, index + max(1, span)) - 1
        let full = x[last] + width[last] - x[index]
        let trailingGap = last == x.count - 1 ? 0 : min(gap, full)
        return (x[index], full - trailingGap, trailingGap)
    }
}
