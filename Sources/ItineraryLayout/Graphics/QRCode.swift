/// QR codes for links, drawn as a grid of cells (an image mask in the PDF) that prints sharp at any size.
import CQRencode
import DisplayList
import ItineraryText

/// The modules of a QR code: `size` × `size`, row by row, true where dark.
public struct QRCode: Sendable, Equatable {
    public let size: Int
    public let modules: [Bool]

    /// The code for `text` (as UTF-8 bytes, the smallest version that holds them) at error
    /// correction level M (15 % of the code may be damaged: a fold, a smudge). Nil when the
    /// text is too long for any version (about 2,300 bytes at M).
    public init?(_ text: String) {
        var bytes = Array(text.utf8)
        guard !bytes.isEmpty, let code = QRcode_encodeData(Int32(bytes.count), &bytes, 0, QR_ECLEVEL_M) else {
            return nil
        }
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width)
        // Bit 0 of each byte is the module's colour; the other bits say what the module is for.
        modules = (0..<(width * width)).map { code.pointee.data[$0] & 1 == 1 }
        size = width
    }

    /// The dark modules at `origin`, `module` points per module, as one grid of cells: the
    /// PDF gets a 1-bit image mask (a few hundred bytes), not a path whose every point cairo
    /// prints as text (the outlines of a page of tickets cost most of what writing it did;
    /// as images the 120-day export takes 17 % fewer instructions). Cells are never
    /// smoothed, so the code prints sharp at any size.
    public func draw(at origin: Point, module: Double, color: Color) -> DisplayItem {
        .cells(BitGrid(columns: size, cells: modules), origin: origin, cell: module, color: color)
    }
}
