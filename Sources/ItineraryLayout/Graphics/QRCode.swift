/// QR codes for links, drawn as vector outlines so they print sharp at any size.
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

    /// The dark modules as one filled path at `origin`, `module` points per module: the outline
    /// of each region of touching dark modules, corners only (nonzero winding: an outline runs
    /// with the dark on its right, so a light hole inside runs the other way and stays light).
    /// It fills exactly the modules a rectangle per module would, in a fraction of the points,
    /// and cairo writes every point as text: a code's path was most of what a page of tickets
    /// cost to write.
    public func draw(at origin: Point, module: Double, color: Color) -> DisplayItem {
        var path: [PathElement] = []
        for loop in outlines() {
            let points = loop.map { Point(x: origin.x + Double($0.x) * module, y: origin.y + Double($0.y) * module) }
            path.append(.move(points[0]))
            for p in points.dropFirst() { path.append(.line(p)) }
            path.append(.close)
        }
        return .path(path, style: PathStyle(fill: color))
    }

    /// A corner of the module grid: column and row of a module's top-left corner.
    struct GridPoint: Hashable {
        var x: Int
        var y: Int
    }

    /// The closed outlines of the dark regions, each as its corners in order (the first not
    /// repeated at the end), in a fixed order: by the first unused edge in row-major order.
    /// Flat arrays over the (size + 1)² grid corners, two outgoing edges at most per corner.
    func outlines() -> [[GridPoint]] {
        let n = size, side = n + 1
        func dark(_ row: Int, _ column: Int) -> Bool {
            row >= 0 && column >= 0 && row < n && column < n && modules[row * n + column]
        }
        // Every unit edge between a dark module and a light one (or the outside), directed so
        // the dark module is on its right with y down: clockwise round each module.
        var target = [Int32](repeating: -1, count: 2 * side * side)
        var used = [Bool](repeating: false, count: 2 * side * side)
        var order: [Int32] = []
        order.reserveCapacity(4 * n * n / 2)
        func add(_ a: Int, _ b: Int) {
            let slot = target[2 * a] < 0 ? 2 * a : 2 * a + 1
            target[slot] = Int32(b)
            order.append(Int32(slot))
        }
        for r in 0..<n {
            for c in 0..<n where modules[r * n + c] {
                let tl = r * side + c, tr = tl + 1, bl = tl + side, br = bl + 1
                if !dark(r - 1, c) { add(tl, tr) }
                if !dark(r, c + 1) { add(tr, br) }
                if !dark(r + 1, c) { add(br, bl) }
                if !dark(r, c - 1) { add(bl, tl) }
            }
        }
        var loops: [[GridPoint]] = []
        for first in order where !used[Int(first)] {
            var loop: [GridPoint] = []
            var edge = Int(first)
            let startVertex = edge / 2
            var from = startVertex
            while true {
                used[edge] = true
                let to = Int(target[edge])
                // Where two regions touch at a corner, turn right: each keeps its own outline.
                let dx = to % side - from % side, dy = to / side - from / side
                let p = GridPoint(x: to % side, y: to / side)
                var next = -1, rank = 3
                for slot in (2 * to)...(2 * to + 1) where target[slot] >= 0 && !used[slot] {
                    let t = Int(target[slot])
                    let r = Self.turnRank(dx, dy, t % side - to % side, t / side - to / side)
                    if r < rank { (next, rank) = (slot, r) }
                }
                // A corner where the outline turns (straight-on points are left out).
                if next < 0 || rank != 1 { loop.append(p) }
                if next < 0 { break }
                (from, edge) = (to, next)
            }
            loops.append(loop)
        }
        return loops
    }

    /// 0 for a right turn (y down), 1 straight on, 2 left.
    private static func turnRank(_ dx: Int, _ dy: Int, _ ex: Int, _ ey: Int) -> Int {
        let cross = dx * ey - dy * ex
        return cross > 0 ? 0 : cross == 0 ? 1 : 2
    }
}
