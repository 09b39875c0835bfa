/// QR codes for links, drawn as vector rectangles so they print sharp at any size.
import CQRencode

/// The modules of a QR code: `size` × `size`, row by row, true where dark.
public struct QRCode: Sendable, Equatable {
    public let size: Int
    public let modules: [Bool]

    /// The code for `text` (as UTF-8 bytes, the smallest version that holds them) at error
    /// correction level M (15 % of the code may be damaged: a fold, a smudge). Nil when the
    /// text is too long for any version (about 2,300 bytes at M).
    public init?(_ text: String) {
        var bytes = Array(text.utf8)
        guard !bytes.isEmpty, let code = QRcode_encodeData(Int32(bytes.count), &bytes, 0, QR_ECLEVEL_M) else { return nil }
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width)
        // Bit 0 of each byte is the module's colour; the other bits say what the module is for.
        modules = (0..<(width * width)).map { code.pointee.data[$0] & 1 == 1 }
        size = width
    }

    public func isDark(row: Int, column: Int) -> Bool { modules[row * size + column] }

    /// The dark modules as one filled path at `origin`, `module` points per module: a
    /// rectangle per horizontal run of dark modules, so a code is a few hundred rectangles.
    public func draw(at origin: Point, module: Double, color: Color) -> DisplayItem {
        var path: [PathElement] = []
        for row in 0..<size {
            var column = 0
            while column < size {
                guard isDark(row: row, column: column) else { column += 1; continue }
                let start = column
                while column < size && isDark(row: row, column: column) { column += 1 }
                let x0 = origin.x + Double(start) * module, x1 = origin.x + Double(column) * module
                let y0 = origin.y + Double(row) * module, y1 = y0 + module
                path += [.move(Point(x: x0, y: y0)), .line(Point(x: x1, y: y0)), .line(Point(x: x1, y: y1)),
                         .line(Point(x: x0, y: y1)), .close]
            }
        }
        return .path(path, style: PathStyle(fill: color))
    }
}
