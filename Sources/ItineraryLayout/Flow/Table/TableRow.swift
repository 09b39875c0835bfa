/// A table's rows: their cells before layout, and the set result the table draws.
import DisplayList
import ItineraryText

/// One body row: a cell per column (or fewer, with spans), and where a click on it leads.
public struct TableRow {
    public var cells: [TableCell]
    /// Where the whole row links to (a day of the itinerary).
    public var link: RowLink?

    public init(_ cells: [TableCell], link: RowLink? = nil) {
        self.cells = cells
        self.link = link
    }
}

/// A named destination a row links to, and the link's name as a screen reader announces it.
public struct RowLink: Sendable, Hashable {
    public var destination: String
    public var name: String
    public init(destination: String, name: String) {
        self.destination = destination
        self.name = name
    }
}

/// A row after layout: its height (padding included, rule excluded) and its display items
/// relative to the row's top-left corner.
struct SetRow: Sendable, Hashable {
    var height: Double
    var items: [DisplayItem]
    var link: RowLink?

    /// Sets `cells` across `columns`, aligning the first baselines of all cells.
    /// `cellRole`: each cell is a `TD` (or a header row's `TH`) element of the tagged PDF, empty
    /// cells too, so a screen reader's columns line up.
    init(
        cells: [TableCell], link: RowLink?, columns: ColumnLayout, geometry: TableGeometry, padding: RowPadding,
        text: TextEngine,
        cellRole: StructureRole = .tableCell
    ) {
        var placed: [(x: Double, cell: SetCell)] = []
        var column = 0
        for cell in cells where column < columns.x.count {
            let box = columns.contentBox(from: column, span: cell.span)
            placed.append(
                (
                    box.x,
                    cell.set(
                        width: box.width, overhang: min(box.gap, geometry.overhang),
                        alignment: columns.alignments[column], text: text)
                ))
            column += cell.span
        }
        // Cells of different styles would otherwise disagree on where their first line sits.
        let baseline = placed.map(\.cell.firstBaseline).max() ?? 0
        var content = 0.0
        var items: [DisplayItem] = []
        for (x, cell) in placed {
            let dy = cell.height > 0 ? baseline - cell.firstBaseline : 0
            content = max(content, dy + cell.height)
            items +=
                [.beginStructure(cellRole)] + cell.items.map { $0.offset(by: Point(x: x, y: padding.top + dy)) } + [
                    .endStructure(cellRole)
                ]
        }
        height = padding.top + content + padding.bottom
        self.items = items
        self.link = link
    }
}
