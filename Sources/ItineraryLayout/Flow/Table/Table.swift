/// A ruled table that flows across pages: header repeated, rows whole, totals kept with the last rows.
import ItineraryText

/// Rows of cells under an optional header row, with an optional totals row at the end.
///
/// Rows are set once, when the table is made; splitting only picks a range of them, so a
/// piece of the table costs no layout and its height is a difference of running sums.
/// Every piece draws the header again at its top.
public struct Table: FlowBlock {
    public let width: Double
    private let geometry: TableGeometry
    private let header: SetRow?
    private let body: [SetRow]
    private let totals: SetRow?
    /// `tops[i]`: where body row `i` starts below the first one, each row counted with the rule under it.
    private let tops: [Double]
    /// The body rows this piece of the table holds.
    public private(set) var rows: Range<Int>
    public var keepWithNext: Bool
    public var breakBefore: Bool
    public var mark: String?

    /// Sets every row. `header` and `totals` are cell lists like a row's; nil leaves them out.
    public init(width: Double, columns: [TableColumn], geometry: TableGeometry, header: [TableCell]?,
                rows: [TableRow], totals: [TableCell]? = nil, text: TextEngine,
                keepWithNext: Bool = false, breakBefore: Bool = false, mark: String? = nil) {
        // Each column's widest one-line content (header, rows, totals; cells of one column only).
        var natural = Array(repeating: 0.0, count: columns.count)
        for cells in [header ?? [], totals ?? []] + rows.map(\.cells) {
            var column = 0
            for cell in cells {
                if cell.span == 1, column < natural.count {
                    let paragraphs = cell.paragraphs
                    natural[column] = max(natural[column], paragraphs.map { $0.naturalWidth(text: text) }.max() ?? 0)
                }
                column += cell.span
            }
        }
        let layout = ColumnLayout(columns: columns, tableWidth: width, gap: geometry.columnGap, natural: natural)
        self.width = width
        self.geometry = geometry
        self.header = header.map { SetRow(cells: $0, destination: nil, columns: layout, geometry: geometry, padding: geometry.headerPadding, text: text,
                                          cellRole: .tableHeaderCell) }
        body = rows.map { SetRow(cells: $0.cells, destination: $0.destination, columns: layout, geometry: geometry, padding: geometry.rowPadding, text: text) }
        self.totals = totals.map { SetRow(cells: $0, destination: nil, columns: layout, geometry: geometry, padding: geometry.rowPadding, text: text) }
        var tops = [0.0]
        for (i, row) in body.enumerated() {
            tops.append(tops[i] + row.height + (i == body.count - 1 && totals != nil ? 0 : geometry.rowRule.width))
        }
        self.tops = tops
        self.rows = 0..<body.count
        self.keepWithNext = keepWithNext
        self.breakBefore = breakBefore
        self.mark = mark
    }

    /// True when this piece ends the table, so it carries the totals row.
    private var endsTable: Bool { rows.upperBound == body.count }

    private var headerHeight: Double { header.map { $0.height + geometry.headerRule.width } ?? 0 }
    private var totalsHeight: Double { totals.map { $0.height + geometry.totalsRule.width } ?? 0 }

    /// Height of the header and the body rows `lo..<hi` of this table.
    private func height(_ lo: Int, _ hi: Int) -> Double {
        headerHeight + tops[hi] - tops[lo] + (hi == body.count ? totalsHeight : 0)
    }

    public var height: Double { height(rows.lowerBound, rows.upperBound) }

    /// The fewest rows the first page must take, and the most it may take so the totals keep theirs.
    private func headLimits(relaxed: Bool) -> ClosedRange<Int>? {
        let fewest = relaxed ? 1 : geometry.minimumRowsUnderHeader
        var most = rows.count - 1
        if endsTable && totals != nil { most = min(most, rows.count - geometry.rowsKeptWithTotals) }
        // Alone on a page and still too tall: the totals may keep fewer rows rather than overflow.
        if relaxed { most = max(most, min(1, rows.count - 1)) }
        return fewest <= most ? fewest...most : nil
    }

    public var minimumHeadHeight: Double {
        guard let limits = headLimits(relaxed: false) else { return height }
        return height(rows.lowerBound, rows.lowerBound + limits.lowerBound)
    }

    /// Splits between rows: the head takes as many rows as fit under its header, the tail
    /// repeats the header over the rest. Nil when no legal break fits in `available`.
    public func split(available: Double, fullPage: Double) -> (head: any FlowBlock, tail: any FlowBlock)? {
        // Alone on an empty page and still too tall (`fullPage` 0): any break between rows will do.
        guard let limits = headLimits(relaxed: fullPage <= 0) else { return nil }
        // The most rows that fit: tops are increasing, so search them.
        var lo = 0, hi = limits.upperBound
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if height(rows.lowerBound, rows.lowerBound + mid) <= available + 0.001 { lo = mid } else { hi = mid - 1 }
        }
        guard lo >= limits.lowerBound else { return nil }
        let cut = rows.lowerBound + lo
        var head = self, tail = self
        head.rows = rows.lowerBound..<cut
        head.keepWithNext = false
        tail.rows = cut..<rows.upperBound
        tail.breakBefore = false
        tail.mark = nil
        return (head, tail)
    }

    public func draw(at origin: Point) -> [DisplayItem] {
        var items: [DisplayItem] = []
        var y = origin.y
        func rule(_ r: TableRule) {
            guard r.width > 0 else { return }
            let mid = y + r.width / 2
            items.append(.line(from: Point(x: origin.x, y: mid), to: Point(x: origin.x + width, y: mid), width: r.width, color: r.color, dash: []))
            y += r.width
        }
        func row(_ r: SetRow, as role: StructureRole = .tableRow) {
            items.append(.beginStructure(role))
            items += r.items.map { $0.offset(by: Point(x: origin.x, y: y)) }
            if let destination = r.destination {
                items.append(.internalLink(Rect(x: origin.x, y: y, width: width, height: r.height), destination: destination))
            }
            items.append(.endStructure(role))
            y += r.height
        }
        // A Table element per piece, its header row included: a table split over pages reads as
        // one table a page, each with its headers. (One element over all pieces would hold the
        // page footer and header drawn between them, and a Table may hold only rows.)
        items.append(.beginStructure(.table))
        if let header {
            row(header)
            rule(geometry.headerRule)
        }
        for i in rows {
            row(body[i])
            if !(i == body.count - 1 && totals != nil) { rule(geometry.rowRule) }
        }
        if endsTable, let totals {
            rule(geometry.totalsRule)
            row(totals)
        }
        items.append(.endStructure(.table))
        return items
    }
}
