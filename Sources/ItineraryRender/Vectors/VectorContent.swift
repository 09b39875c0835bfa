/// Vector display items written as PDF content operators, without cairo.
import DisplayList
import Foundation
import ItineraryText

/// PDF path-construction and painting operators (ISO 32000-1 §8.5) for the vector items of a
/// display list: paths, rectangles, lines and circles, and cells (QR codes) as inline image
/// masks (§8.9.7), in page coordinates (points from the
/// top-left, y downwards: the space cairo's page content is in after its `1 0 0 -1 0 h cm`).
///
/// Why: cairo records each shape, replays it twice (an analysis pass that strokes it into a
/// polygon to find its extents, then the output pass) and prints every number through
/// `printf`. A 120-day itinerary draws about 2,600 shapes, and that cost about 160 M
/// instructions; writing them here costs a few.
///
/// The operators draw what `Painter` draws with cairo, shape for shape: the same fills (non-zero
/// winding), strokes, caps, joins and dashes, and circular arcs as cubic Béziers of at most a
/// quarter turn each (off the true circle by 0.03 % of the radius at most). Every parameter a
/// shape uses is set before it, never assumed: the operators are meant to sit inside a `q … Q`
/// in content whose graphics state cairo owns. Numbers have three decimals (a thousandth of a
/// point), colours four.
struct VectorContent {
    private(set) var bytes: [UInt8] = []

    // The state set so far (nil: not yet set, whatever cairo left).
    private var fill: Color?
    private var stroke: Color?
    private var lineWidth: Double?
    private var cap: LineCap?
    private var join: LineJoin?
    private var dash: [Double]?
    private var miterLimitSet = false

    // Path construction: where the current subpath began, and whether there is a current point.
    private var subpathStart: Point?
    private var current: Point?

    /// Whether `item` paints nothing at all: a box neither filled nor stroked (the layout uses
    /// one to hold lines together across a page break).
    static func paintsNothing(_ item: DisplayItem) -> Bool {
        if case .rect(_, _, nil, nil, _) = item { return true }
        return false
    }

    /// Whether `item` is a shape this writes (the rest are drawn by cairo). A halo is written
    /// from its glyph outline (`add(_:outline:)`), which only the text engine can make.
    static func writes(_ item: DisplayItem) -> Bool {
        switch item {
        case .path, .rect, .line, .circle, .cells, .textHalo: true
        default: false
        }
    }

    /// Appends the operators for `item`, a halo stroked along `outline` (`HaloOutlines`); an
    /// item this does not write, or a halo without its outline, is a programming error.
    mutating func add(_ item: DisplayItem, outline: [PathElement]? = nil) {
        switch item {
        case let .textHalo(_, _, color, width):
            // Nothing for a halo of no width (`HaloOutlines` takes no outline for one, and
            // `TextEngine.drawOutline` draws nothing), as cairo would.
            guard width > 0 else { return }
            guard let outline else { preconditionFailure("a halo is written from its glyph outline") }
            // As `TextEngine.drawOutline` strokes it: round joins and caps.
            guard !outline.isEmpty else { return }
            beginPath()
            for element in outline { add(element) }
            paint(fill: nil, stroke: color, width: width, cap: .round, join: .round, dash: [])
        case let .path(elements, style):
            beginPath()
            for element in elements { add(element) }
            paint(
                fill: style.fill, stroke: style.stroke, width: style.lineWidth, cap: style.lineCap,
                join: style.lineJoin, dash: style.dash)
        case let .rect(rect, radius, fill, stroke, strokeWidth):
            beginPath()
            roundedRect(rect, radius: radius)
            paint(fill: fill, stroke: stroke, width: strokeWidth, cap: .butt, join: .miter, dash: [])
        case let .line(from, to, width, color, dash):
            beginPath()
            moveTo(from)
            lineTo(to)
            paint(fill: nil, stroke: color, width: width, cap: .butt, join: .miter, dash: dash)
        case let .circle(center, radius, fill):
            beginPath()
            arc(center: center, radius: radius, start: 0, end: 2 * Double.pi)
            paint(fill: fill, stroke: nil, width: 0, cap: .butt, join: .miter, dash: [])
        case let .cells(grid, origin, cell, color):
            cells(grid, origin: origin, cell: cell, color: color)
        default:
            preconditionFailure("VectorContent writes paths, rectangles, lines, circles and cells only")
        }
    }

    /// The set cells as an inline 1-bit image mask painted in `color`, each sample scaled to a
    /// cell and never smoothed (`Painter.paintCells` draws the same through cairo). The samples
    /// are written in hexadecimal (`/AHx`): binary data could hold `EI` between spaces, which a
    /// reader that scans for the end of the image, as `ContentStream` does, would take for it.
    private mutating func cells(_ grid: BitGrid, origin: Point, cell: Double, color: Color) {
        guard grid.rows > 0, grid.columns > 0 else { return }
        setFill(color)
        let width = Double(grid.columns) * cell, height = Double(grid.rows) * cell
        // The image's first row is the top of its unit square: flipped into the page's y-down space.
        bytes += Array("q\n".utf8)
        Self.append(width, decimals: 3, to: &bytes)
        bytes += Array(" 0 0 ".utf8)
        Self.append(-height, decimals: 3, to: &bytes)
        bytes.append(0x20)
        append(Point(x: origin.x, y: origin.y + height), to: &bytes)
        bytes += Array(" cm\nBI /IM true /W \(grid.columns) /H \(grid.rows) /BPC 1 /D [1 0] /F /AHx ID\n".utf8)
        let hex = Array("0123456789abcdef".utf8)
        for row in 0..<grid.rows {
            var byte: UInt8 = 0, bits = 0
            for column in 0..<grid.columns {
                byte = byte << 1 | (grid[row, column] ? 1 : 0)
                bits += 1
                if bits == 8 {
                    bytes += [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
                    byte = 0
                    bits = 0
                }
            }
            if bits > 0 {
                byte <<= UInt8(8 - bits)
                bytes += [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
            bytes.append(0x0A)
        }
        bytes += Array(">\nEI\nQ\n".utf8)
    }

    // MARK: Path construction, as cairo builds it

    /// Whether the path under construction has a segment: a path of bare moves paints nothing.
    private var hasSegment = false
    private var pathBytes: [UInt8] = []

    private mutating func beginPath() {
        pathBytes.removeAll(keepingCapacity: true)
        hasSegment = false
        subpathStart = nil
        current = nil
    }

    private mutating func add(_ element: PathElement) {
        switch element {
        case let .move(p): moveTo(p)
        case let .line(p): lineTo(p)
        case let .curve(a, b, c): curveTo(a, b, c)
        case let .arc(center, radius, start, end): arc(center: center, radius: radius, start: start, end: end)
        case .close: closePath()
        }
    }

    private mutating func moveTo(_ p: Point) {
        append(p, to: &pathBytes)
        pathBytes += Self.moveOperator
        subpathStart = p
        current = p
    }

    /// cairo's `line_to` without a current point is a `move_to`; after a close, the subpath
    /// starts again where the closed one began (PDF wants that `m` written).
    private mutating func lineTo(_ p: Point) {
        guard ensureCurrentPoint(else: p) else { return }
        append(p, to: &pathBytes)
        pathBytes += Self.lineOperator
        current = p
        hasSegment = true
    }

    private mutating func curveTo(_ a: Point, _ b: Point, _ c: Point) {
        _ = ensureCurrentPoint(else: a)
        append(a, to: &pathBytes)
        pathBytes.append(0x20)
        append(b, to: &pathBytes)
        pathBytes.append(0x20)
        append(c, to: &pathBytes)
        pathBytes += Self.curveOperator
        current = c
        hasSegment = true
    }

    /// Makes sure there is a current point; without one, moves to `p` and returns false (the
    /// segment to `p` is then empty, as in cairo).
    private mutating func ensureCurrentPoint(else p: Point) -> Bool {
        if current == nil {
            moveTo(p)
            return false
        }
        if subpathStart == nil, let current {
            // Just after a close: the next subpath begins at the closed one's start.
            moveTo(current)
        }
        return true
    }

    private mutating func closePath() {
        guard let start = subpathStart else { return }
        pathBytes += Self.closeOperator
        // cairo leaves the current point at the subpath's start; PDF needs an `m` before the
        // next segment, written when one comes.
        current = start
        subpathStart = nil
    }

    /// cairo's `arc`: a line from the current point to the arc's start (a move without one),
    /// then the arc in the direction of increasing angle (clockwise on the page), `end` first
    /// raised by whole turns until it is not below `start`.
    private mutating func arc(center: Point, radius: Double, start: Double, end: Double) {
        guard radius > 0 else {
            lineTo(center)
            return
        }
        var end = end
        if end < start {
            end = start + (end - start).truncatingRemainder(dividingBy: 2 * Double.pi)
            if end < start { end += 2 * Double.pi }
        }
        func point(_ angle: Double) -> Point {
            Point(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
        }
        let first = point(start)
        if current == nil { moveTo(first) } else { lineTo(first) }
        let sweep = end - start
        guard sweep > 0 else { return }
        let segments = max(1, Int((sweep / (Double.pi / 2)).rounded(.up)))
        let step = sweep / Double(segments)
        let k = 4.0 / 3.0 * tan(step / 4) * radius
        var a = start
        for _ in 0..<segments {
            let b = a + step
            let p0 = point(a), p3 = point(b)
            let c1 = Point(x: p0.x - k * sin(a), y: p0.y + k * cos(a))
            let c2 = Point(x: p3.x + k * sin(b), y: p3.y - k * cos(b))
            curveTo(c1, c2, p3)
            a = b
        }
    }

    /// `Painter.roundedRect`: four quarter arcs joined by the edges, or a plain rectangle.
    private mutating func roundedRect(_ r: Rect, radius: Double) {
        let rad = min(radius, r.width / 2, r.height / 2)
        let pi = Double.pi
        current = nil
        subpathStart = nil
        guard rad > 0 else {
            // cairo's `rectangle`: a move and three lines, closed.
            moveTo(Point(x: r.x, y: r.y))
            lineTo(Point(x: r.x + r.width, y: r.y))
            lineTo(Point(x: r.x + r.width, y: r.y + r.height))
            lineTo(Point(x: r.x, y: r.y + r.height))
            closePath()
            return
        }
        arc(center: Point(x: r.x + r.width - rad, y: r.y + rad), radius: rad, start: -pi / 2, end: 0)
        arc(center: Point(x: r.x + r.width - rad, y: r.y + r.height - rad), radius: rad, start: 0, end: pi / 2)
        arc(center: Point(x: r.x + rad, y: r.y + r.height - rad), radius: rad, start: pi / 2, end: pi)
        arc(center: Point(x: r.x + rad, y: r.y + rad), radius: rad, start: pi, end: 3 * pi / 2)
        closePath()
    }

    // MARK: Painting

    private mutating func paint(
        fill: Color?, stroke: Color?, width: Double, cap: LineCap, join: LineJoin, dash: [Double]
    ) {
        // cairo strokes nothing at a width of 0 or less; PDF's `0 w` is a hairline.
        let stroke = width > 0 ? stroke : nil
        guard hasSegment, fill != nil || stroke != nil else { return }
        let dash = Self.printable(dash)
        if let fill { setFill(fill) }
        if let stroke {
            if stroke != self.stroke {
                append(stroke, to: &bytes)
                bytes += Self.strokeColorOperator
                self.stroke = stroke
            }
            if width != lineWidth {
                Self.append(width, decimals: 3, to: &bytes)
                bytes += Self.widthOperator
                lineWidth = width
            }
            if cap != self.cap {
                bytes += Self.capOperator(cap)
                self.cap = cap
            }
            if join != self.join {
                bytes += Self.joinOperator(join)
                self.join = join
            }
            if !miterLimitSet {
                // cairo's default, and PDF's: set because the page's state is cairo's.
                bytes += Self.miterLimitOperator
                miterLimitSet = true
            }
            if dash != self.dash {
                bytes.append(UInt8(ascii: "["))
                for (index, length) in dash.enumerated() {
                    if index > 0 { bytes.append(0x20) }
                    Self.append(length, decimals: 3, to: &bytes)
                }
                bytes += Self.dashOperatorTail
                self.dash = dash
            }
        }
        bytes += pathBytes
        switch (fill != nil, stroke != nil) {
        case (true, true): bytes += Self.fillStrokeOperator
        case (true, false): bytes += Self.fillOperator
        default: bytes += Self.strokeOperator
        }
    }

    /// Sets the fill colour, unless it is the one set already.
    private mutating func setFill(_ color: Color) {
        guard color != fill else { return }
        append(color, to: &bytes)
        bytes += Self.fillColorOperator
        fill = color
    }

    /// `dash` as PDF can take it: a pattern whose period is under a tenth of a point prints as a
    /// solid line (cairo draws such a pattern at its average coverage; on paper the two are one
    /// line), and one that rounds to all zeros, which PDF forbids, is solid too.
    static func printable(_ dash: [Double]) -> [Double] {
        let period = dash.reduce(0, +) * (dash.count % 2 == 1 ? 2 : 1)
        guard period >= 0.1, dash.contains(where: { ($0 * 1000).rounded() > 0 }) else { return [] }
        return dash
    }

    // MARK: Numbers

    private func append(_ p: Point, to out: inout [UInt8]) {
        Self.append(p.x, decimals: 3, to: &out)
        out.append(0x20)
        Self.append(p.y, decimals: 3, to: &out)
    }

    private func append(_ c: Color, to out: inout [UInt8]) {
        Self.append(c.red, decimals: 4, to: &out)
        out.append(0x20)
        Self.append(c.green, decimals: 4, to: &out)
        out.append(0x20)
        Self.append(c.blue, decimals: 4, to: &out)
    }

    /// `value` rounded to `decimals` places, trailing zeros and a lone point dropped, never
    /// `-0` and never an exponent (PDF numbers have none). Values beyond ±2³¹ (far off any
    /// page) are clamped there. (Digit by digit into `out`: no string, no buffer of its own.)
    static func append(_ value: Double, decimals: Int, to out: inout [UInt8]) {
        let divisor: Int64 = decimals == 4 ? 10_000 : 1_000
        let limit = 2_147_483_647.0
        let clamped = value.isFinite ? min(max(value, -limit), limit) : 0
        var units = Int64((clamped * Double(divisor)).rounded())
        if units == 0 {
            out.append(UInt8(ascii: "0"))
            return
        }
        if units < 0 {
            out.append(UInt8(ascii: "-"))
            units = -units
        }
        let whole = units / divisor
        var fraction = units % divisor
        var place: Int64 = 1
        while place <= whole / 10 { place *= 10 }
        while place > 0 {
            out.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: whole / place % 10))
            place /= 10
        }
        guard fraction != 0 else { return }
        out.append(UInt8(ascii: "."))
        place = divisor / 10
        while fraction != 0 {
            out.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: fraction / place))
            fraction %= place
            place /= 10
        }
    }

    private static let moveOperator = Array(" m\n".utf8)
    private static let lineOperator = Array(" l\n".utf8)
    private static let curveOperator = Array(" c\n".utf8)
    private static let closeOperator = Array("h\n".utf8)
    private static let fillColorOperator = Array(" rg\n".utf8)
    private static let strokeColorOperator = Array(" RG\n".utf8)
    private static let widthOperator = Array(" w\n".utf8)
    private static func capOperator(_ cap: LineCap) -> [UInt8] {
        switch cap {
        case .butt: [UInt8(ascii: "0"), 0x20, UInt8(ascii: "J"), 0x0A]
        case .round: [UInt8(ascii: "1"), 0x20, UInt8(ascii: "J"), 0x0A]
        case .square: [UInt8(ascii: "2"), 0x20, UInt8(ascii: "J"), 0x0A]
        }
    }
    private static func joinOperator(_ join: LineJoin) -> [UInt8] {
        switch join {
        case .miter: [UInt8(ascii: "0"), 0x20, UInt8(ascii: "j"), 0x0A]
        case .round: [UInt8(ascii: "1"), 0x20, UInt8(ascii: "j"), 0x0A]
        case .bevel: [UInt8(ascii: "2"), 0x20, UInt8(ascii: "j"), 0x0A]
        }
    }
    private static let miterLimitOperator = Array("10 M\n".utf8)
    private static let dashOperatorTail = Array("] 0 d\n".utf8)
    private static let fillOperator = Array("f\n".utf8)
    private static let strokeOperator = Array("S\n".utf8)
    private static let fillStrokeOperator = Array("B\n".utf8)
}
