/// Rows of on/off cells (QR codes), packed for drawing.

/// Rows of on/off cells, packed a bit each.
public struct BitGrid: Sendable, Hashable {
    public let columns: Int
    public let rows: Int
    /// Row-major, `columns × rows` entries.
    public let cells: [Bool]

    public init(columns: Int, cells: [Bool]) {
        precondition(columns > 0 && cells.count % columns == 0, "a grid holds whole rows")
        self.columns = columns
        self.rows = cells.count / columns
        self.cells = cells
    }

    public subscript(row: Int, column: Int) -> Bool { cells[row * columns + column] }
}
