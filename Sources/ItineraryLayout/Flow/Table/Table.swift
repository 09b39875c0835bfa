/// A ruled table that flows across pages: header repeated, rows whole (a row taller than a page
/// cut between its lines), totals kept with the last rows.
import DisplayList
import ItineraryText

/// Rows of cells under an optional header row, with an optional totals row at the end.
///
/// Rows are set once, when the table is made; splitting only picks a range of them, so a
/// piece of the table costs no layout and its height is a difference of running sums.
/// Every piece draws the header again at its top.
///
/// A row that could not fit on any page under its header is cut between its lines instead:
/// every cell is cut at one height (a line crossing it goes on with the rest of its cell), and
/// the rest starts the next piece under the repeated header with a caps cue (`CONTINUED`).
public struct Table: FlowBlock {
    public let width: Double
    private let geometry: TableGeometry
    private let header: SetRow?
    private let body: [SetRow]
    /// Pieces of body rows cut across a page break, in place of the whole row at that index.
    private var cutRows: [Int: SetRow] = [:]
    /// True when this piece's last row goes on in the next piece (so the totals wait for it).
    private var lastRowContinues = false
    /// The body height of a page: a row (under the header) no taller than this is never cut.
    private let pageHeight: Double
    /// The line atop the rest of a cut row; nil: the rest starts without one.
    private let continuation: SetLine?
    private let text: TextEngine
    private let totals: SetRow?
    /// `tops[i]`: where body row `i` starts below the first one, each row counted with the rule under it.
    private let tops: [Double]
    /// The body rows this piece of the table holds.
    public private(set) var rows: Range<Int>
    public var keepWithNext: Bool
    public var breakBefore: Bool
    public var mark: String?

    /// Sets every row. `header` and `totals` are cell lists like a row's; nil leaves them out.
    public init(
        width: Double, columns: [TableColumn], geometry: TableGeometry, header: [TableCell]?,
        rows: [TableRow], totals: [TableCell]? = nil, text: TextEngine,
        keepWithNext: Bool = false, breakBefore: Bool = false, mark: String? = nil,
        pageHeight: Double = .infinity, continuation: SetLine? = nil
    ) {
        // Each column's widest one-line content (header, rows, totals; cells of one column only),
        // and where a row's content would need more than the most its fixed column grows to for
        // one line, the least width that holds it in as few lines as that most does (up to
        // `ColumnLayout.maximumWrappedLines`).
        var natural = Array(repeating: 0.0, count: columns.count)
        var fewest = Array(repeating: Double.infinity, count: columns.count)
        // Whether every row cell too wide for its column has a form of its own for a narrow
        // column (a check-in's date over its time): such a column grows after the others.
        var wrapsWell = Array(repeating: true, count: columns.count)
        // And the widest content each column holds in that narrow form (header, rows, totals).
        var narrow = Array(repeating: 0.0, count: columns.count)
        // For fixed columns, the widest piece no line may break inside of the row content too
        // wide for them (a confirmation code's run of letters between its hyphens).
        var pieces = Array(repeating: 0.0, count: columns.count)
        for (cells, isRow) in [(header ?? [], false), (totals ?? [], false)] + rows.map({ ($0.cells, true) }) {
            var column = 0
            for cell in cells {
                if cell.span == 1, column < natural.count {
                    // A cell without a narrow form is its one-line self (measured below, once).
                    for p in cell.whenWrapping ?? [] {
                        narrow[column] = max(narrow[column], p.naturalWidth(text: text))
                    }
                    for p in cell.paragraphs {
                        let one = p.naturalWidth(text: text)
                        natural[column] = max(natural[column], one)
                        if cell.whenWrapping == nil { narrow[column] = max(narrow[column], one) }
                        guard isRow, case let .fixed(w) = columns[column].width else { continue }
                        // Too wide for the column's content box (its width less the gap after it).
                        let box = w - (column == columns.count - 1 ? 0 : geometry.columnGap)
                        guard one > box else { continue }
                        var piece = 0.0
                        if cell.whenWrapping == nil {
                            wrapsWell[column] = false
                            piece = p.wraps ? p.unbreakableWidth(text: text, prepared: true) : 0
                            pieces[column] = max(pieces[column], piece)
                        }
                        let most = max(ColumnLayout.maximumGrowth * w, piece)
                        guard one > most else { continue }
                        // As few lines as that room gives, none broken inside a piece.
                        let least = max(
                            piece,
                            p.fewestLinesWidth(text: text, atMost: most, maxLines: ColumnLayout.maximumWrappedLines))
                        fewest[column] = fewest[column] == .infinity ? least : max(fewest[column], least)
                    }
                }
                column += cell.span
            }
        }
        var layout = ColumnLayout(
            columns: columns, tableWidth: width, gap: geometry.columnGap, natural: natural, wrapped: fewest,
            wrapsWell: wrapsWell, narrow: narrow, unbreakable: pieces)
        // Fixed columns that grew took their room from the `rest` ones: those keep at least the
        // widest piece of their content no line may break inside (measured only then: a table
        // in its designed widths needs no such floor).
        let grew = columns.indices.contains { i in
            if case let .fixed(w) = columns[i].width { return layout.width[i] > w + 0.001 } else { return false }
        }
        if grew {
            var unbreakable = pieces
            for cells in [header ?? [], totals ?? []] + rows.map(\.cells) {
                var column = 0
                for cell in cells {
                    if cell.span == 1, column < columns.count, columns[column].width == .rest {
                        for p in cell.paragraphs where p.wraps {
                            // Content that fits on one line needs no more than its line.
                            unbreakable[column] = max(
                                unbreakable[column], min(p.unbreakableWidth(text: text), natural[column]))
                        }
                    }
                    column += cell.span
                }
            }
            layout = ColumnLayout(
                columns: columns, tableWidth: width, gap: geometry.columnGap, natural: natural, wrapped: fewest,
                wrapsWell: wrapsWell, narrow: narrow, unbreakable: unbreakable)
        }
        self.width = width
        self.geometry = geometry
        self.header = header.map {
            SetRow(
                cells: $0, link: nil, columns: layout, geometry: geometry, padding: geometry.headerPadding,
                text: text,
                cellRole: .tableHeaderCell)
        }
        body = rows.map {
            SetRow(
                cells: $0.cells, link: $0.link, columns: layout, geometry: geometry,
                padding: geometry.rowPadding, text: text)
        }
        self.totals = totals.map {
            SetRow(
                cells: $0, link: nil, columns: layout, geometry: geometry, padding: geometry.rowPadding,
                text: text)
        }
        var tops = [0.0]
        for (i, row) in body.enumerated() {
            tops.append(tops[i] + row.height + (i == body.count - 1 && totals != nil ? 0 : geometry.rowRule.width))
        }
        self.tops = tops
        self.rows = 0..<body.count
        self.pageHeight = pageHeight
        self.continuation = continuation
        self.text = text
        self.keepWithNext = keepWithNext
        self.breakBefore = breakBefore
        self.mark = mark
    }

    /// True when this piece ends the table, so it carries the totals row.
    private var endsTable: Bool { rows.upperBound == body.count && !lastRowContinues }

    private func row(_ i: Int) -> SetRow { cutRows[i] ?? body[i] }

    private var headerHeight: Double { header.map { $0.height + geometry.headerRule.width } ?? 0 }
    private var totalsHeight: Double { totals.map { $0.height + geometry.totalsRule.width } ?? 0 }

    /// Height of the header and the body rows `lo..<hi` of this table.
    private func height(_ lo: Int, _ hi: Int) -> Double {
        var h = headerHeight + tops[hi] - tops[lo] + (hi == body.count && !lastRowContinues ? totalsHeight : 0)
        for (i, piece) in cutRows where i >= lo && i < hi { h += piece.height - body[i].height }
        // The rule under a last row that goes on (a whole last row has the totals' rule instead).
        if hi == body.count && lastRowContinues && totals != nil { h += geometry.rowRule.width }
        return h
    }

    /// Whether body row `i` cannot fit on any page under the header (with its rule).
    private func tooTall(_ i: Int, page: Double) -> Bool {
        headerHeight + row(i).height + geometry.rowRule.width > page + 0.001
    }

    /// Row `i` cut so that its first piece is at most `room` tall: that piece and the rest
    /// (with the cue on top). Nil when no line of it fits.
    private func cut(_ i: Int, room: Double) -> (head: SetRow, tail: SetRow)? {
        let r = row(i)
        let padding = geometry.rowPadding
        guard let cut = VerticalCut.lowest(VerticalCut.cuts(of: r.items, text: text), within: room - padding.bottom),
            cut.headEnd > padding.top
        else { return nil }
        let (above, below) = cut.split(r.items, text: text)
        var head = r, tail = r
        head.items = above
        head.height = cut.headEnd + padding.bottom
        var top = padding.top
        var items: [DisplayItem] = []
        if let continuation {
            items = [.text(spans: continuation.spans, origin: Point(x: 0, y: top + continuation.baseline))].tagged(
                .paragraph)
            top += continuation.height + padding.top
        }
        tail.items = items + below.map { $0.offset(by: Point(x: 0, y: top)) }
        tail.height = top + r.height - cut.tailStart
        return (head, tail)
    }

    public var height: Double { height(rows.lowerBound, rows.upperBound) }

    /// The fewest rows the first page must take, and the most it may take so the totals keep theirs.
    private func headLimits(relaxed: Bool, page: Double) -> ClosedRange<Int>? {
        var fewest = relaxed ? 1 : min(geometry.minimumRowsUnderHeader, rows.count)
        // Rows that cannot share any page under the header are not asked to: one will do.
        if fewest > 1, height(rows.lowerBound, rows.lowerBound + fewest) > page + 0.001 { fewest = 1 }
        var most = rows.count - 1
        // The page the rest goes to repeats the header: it too keeps that many rows under it
        // (a three-row stays table is not split two and one), where they share a page.
        if !relaxed {
            var last = min(geometry.minimumRowsUnderHeader, rows.count)
            while last > 1, height(rows.upperBound - last, rows.upperBound) > page + 0.001 { last -= 1 }
            most = min(most, rows.count - last)
        }
        if endsTable && totals != nil {
            // As many rows as share a page with the totals, up to the number asked for.
            var kept = min(geometry.rowsKeptWithTotals, rows.count)
            while kept > 1, height(rows.upperBound - kept, rows.upperBound) > page + 0.001 { kept -= 1 }
            most = min(most, rows.count - kept)
        }
        // Alone on a page and still too tall: the totals may keep fewer rows rather than overflow.
        if relaxed { most = max(most, min(1, rows.count - 1)) }
        return fewest <= most ? fewest...most : nil
    }

    public var minimumHeadHeight: Double {
        // A first row too tall for any page: the header and that row's first line.
        if !rows.isEmpty, tooTall(rows.lowerBound, page: pageHeight),
            let cut = VerticalCut.cuts(of: row(rows.lowerBound).items, text: text).first
        {
            return headerHeight + cut.headEnd + geometry.rowPadding.bottom + geometry.rowRule.width
        }
        guard let limits = headLimits(relaxed: false, page: pageHeight) else { return height }
        return height(rows.lowerBound, rows.lowerBound + limits.lowerBound)
    }

    /// Splits between rows: the head takes as many rows as fit under its header, the tail
    /// repeats the header over the rest. Nil when no legal break fits in `available`.
    public func split(available: Double, fullPage: Double) -> (head: any FlowBlock, tail: any FlowBlock)? {
        if let pieces = splitInsideRow(available: available, fullPage: fullPage) { return pieces }
        // Alone on an empty page and still too tall (`fullPage` 0): any break between rows will do.
        guard let limits = headLimits(relaxed: fullPage <= 0, page: fullPage) else { return nil }
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

    /// The rows that fit whole, then the next row cut, when that row is too tall for any page:
    /// nil otherwise (the table then splits between rows).
    private func splitInsideRow(available: Double, fullPage: Double) -> (head: any FlowBlock, tail: any FlowBlock)? {
        let page = fullPage > 0 ? fullPage : available
        var next = rows.lowerBound
        while next < rows.upperBound, height(rows.lowerBound, next + 1) <= available + 0.001 { next += 1 }
        guard next < rows.upperBound, tooTall(next, page: page) else { return nil }
        let room = available - height(rows.lowerBound, next) - geometry.rowRule.width
        guard let (first, rest) = cut(next, room: room) else { return nil }
        var head = self, tail = self
        head.cutRows[next] = first
        head.rows = rows.lowerBound..<(next + 1)
        head.lastRowContinues = true
        head.keepWithNext = false
        tail.cutRows[next] = rest
        tail.rows = next..<rows.upperBound
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
            items.append(
                .line(
                    from: Point(x: origin.x, y: mid), to: Point(x: origin.x + width, y: mid), width: r.width,
                    color: r.color, dash: []))
            y += r.width
        }
        func row(_ r: SetRow, as role: StructureRole = .tableRow) {
            items.append(.beginStructure(role))
            items += r.items.map { $0.offset(by: Point(x: origin.x, y: y)) }
            if let link = r.link {
                items.append(
                    .internalLink(
                        Rect(x: origin.x, y: y, width: width, height: r.height), destination: link.destination,
                        name: link.name))
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
            row(self.row(i))
            if !(i == body.count - 1 && totals != nil) || !endsTable { rule(geometry.rowRule) }
        }
        if endsTable, let totals {
            rule(geometry.totalsRule)
            row(totals)
        }
        items.append(.endStructure(.table))
        return items
    }
}
