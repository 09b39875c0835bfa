/// The measurements of a table that are not its columns: paddings, rules and page-break rules.
import ItineraryText

/// A horizontal rule across a table.
public struct TableRule: Sendable, Hashable {
    public var width: Double
    public var color: Color

    public init(width: Double, color: Color) {
        self.width = width
        self.color = color
    }
}

/// Space above and below a row's cells.
public struct RowPadding: Sendable, Hashable {
    public var top: Double
    public var bottom: Double

    public init(top: Double, bottom: Double) {
        self.top = top
        self.bottom = bottom
    }
}

/// How a table's rows are spaced and ruled, and where it may break across pages.
public struct TableGeometry: Sendable, Hashable {
    /// Empty space at the right of every column but the last (included in the column widths).
    public var columnGap: Double
    /// How far into a column gap tabbed text may reach before it takes a line of its own
    /// (`7:10 p.m.` after a matchup); the rest of the gap still parts the columns.
    public var overhang: Double
    public var headerPadding: RowPadding
    /// Under the header row.
    public var headerRule: TableRule
    public var rowPadding: RowPadding
    /// Under every body row, except the one the totals rule follows.
    public var rowRule: TableRule
    /// Over the totals row.
    public var totalsRule: TableRule
    /// The fewest body rows a page may hold under a header (so no header ends a page alone).
    public var minimumRowsUnderHeader: Int
    /// How many of the last body rows stay on the page of the totals row.
    public var rowsKeptWithTotals: Int

    public init(
        columnGap: Double, overhang: Double = 0, headerPadding: RowPadding, headerRule: TableRule,
        rowPadding: RowPadding,
        rowRule: TableRule, totalsRule: TableRule, minimumRowsUnderHeader: Int = 2, rowsKeptWithTotals: Int = 2
    ) {
        self.columnGap = columnGap
        self.overhang = min(max(0, overhang), columnGap)
        self.headerPadding = headerPadding
        self.headerRule = headerRule
        self.rowPadding = rowPadding
        self.rowRule = rowRule
        self.totalsRule = totalsRule
        self.minimumRowsUnderHeader = max(1, minimumRowsUnderHeader)
        self.rowsKeptWithTotals = max(0, rowsKeptWithTotals)
    }
}
