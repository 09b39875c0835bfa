/// A grid of cells (a QR code) painted through a 1-bit stencil fills exactly its set cells.
import CCairo
import DisplayList
@testable import ItineraryRender
import ItineraryLayout
import ItineraryText
import Testing
import TestSupport

@Suite("Painted cells")
struct CellsPaintTests {
    @Test(
        "each set cell is filled and each clear one left white, across the image's 32-bit words and rows",
        arguments: [1, 7, 31, 32, 33, 65])
    func fillsTheSetCells(columns: Int) throws {
        // A pattern that differs from column to column and row to row (no two rows alike).
        let rows = 5
        let cells = (0..<(rows * columns)).map { i in (i * 7 + i / columns) % 3 == 0 }
        let grid = BitGrid(columns: columns, cells: cells)
        let cell = 4.0, origin = Point(x: 3, y: 2)
        let width = Int32(Double(columns) * cell + 8), height = Int32(Double(rows) * cell + 8)
        let surface = try #require(cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height))
        defer { cairo_surface_destroy(surface) }
        let cr = try #require(cairo_create(surface))
        defer { cairo_destroy(cr) }
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        let engine = TextEngine(fontSet: try FontSet(directory: TestPaths.fonts))
        let page = PageFrame(
            width: Double(width), height: Double(height),
            items: [.cells(grid, origin: origin, cell: cell, color: Color(red: 0, green: 0, blue: 0))], label: nil)
        Painter(cr: cr, text: engine, emitsTags: false).paint(page)
        cairo_surface_flush(surface)
        let data = try #require(cairo_image_surface_get_data(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        for row in 0..<rows {
            for column in 0..<columns {
                let x = Int(origin.x + (Double(column) + 0.5) * cell), y = Int(origin.y + (Double(row) + 0.5) * cell)
                let green = data[y * stride + 4 * x + 1]
                #expect((green < 64) == grid[row, column], "cell \(row), \(column) of \(columns)")
            }
        }
    }
}
