/// A QR code drawn as the outlines of its dark regions fills exactly its dark modules.
@testable import ItineraryLayout
import ItineraryText
import Testing

@Suite("QR code outlines")
struct QRCodeOutlineTests {
    /// The nonzero winding number of `loops` round (x, y).
    static func winding(_ loops: [[QRCode.GridPoint]], x: Double, y: Double) -> Int {
        var w = 0
        for loop in loops {
            for (i, a) in loop.enumerated() {
                let b = loop[(i + 1) % loop.count]
                let (ax, ay, bx, by) = (Double(a.x), Double(a.y), Double(b.x), Double(b.y))
                // Only vertical edges cross a ray going right.
                guard ax == bx, ax > x, min(ay, by) < y, y < max(ay, by) else { continue }
                w += by > ay ? 1 : -1
            }
        }
        return w
    }

    @Test("every module's centre is inside the outlines exactly when it is dark, and the path has fewer points",
          arguments: ["https://tickets.example.com/orders/6X575XKRWC", "https://www.mlb.com/cubs/tickets", "x"])
    func fillsTheDarkModules(text: String) throws {
        let code = try #require(QRCode(text))
        let loops = code.outlines()
        for r in 0..<code.size {
            for c in 0..<code.size {
                let inside = Self.winding(loops, x: Double(c) + 0.5, y: Double(r) + 0.5) != 0
                #expect(inside == code.isDark(row: r, column: c), "module \(r), \(c)")
            }
        }
        // Corners only: about two thirds of the points of a rectangle per run (QR modules are
        // noise by design, so regions are small).
        var runs = 0
        for r in 0..<code.size {
            for c in 0..<code.size where code.isDark(row: r, column: c) && (c == 0 || !code.isDark(row: r, column: c - 1)) { runs += 1 }
        }
        #expect(loops.reduce(0) { $0 + $1.count } * 4 < runs * 4 * 3, "\(loops.reduce(0) { $0 + $1.count }) corners, \(runs) runs")
    }
}
