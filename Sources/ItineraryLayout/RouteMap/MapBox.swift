/// An axis-aligned box in map coordinates (points, y downwards), for collision tests.
import DisplayList

/// A rectangle by its edges. The map's geometry works with edges rather than origin and size,
/// and keeps to its own type so as not to add members to the shared `Rect`.
public struct MapBox: Sendable, Hashable {
    public var minX: Double
    public var minY: Double
    public var maxX: Double
    public var maxY: Double

    public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX; self.minY = minY; self.maxX = maxX; self.maxY = maxY
    }

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(minX: x, minY: y, maxX: x + width, maxY: y + height)
    }

    /// Size and centre.
    public var width: Double { maxX - minX }
    public var height: Double { maxY - minY }
    public var midX: Double { (minX + maxX) / 2 }
    public var midY: Double { (minY + maxY) / 2 }

    /// The box shrunk by `d` on every side.
    public func inset(by d: Double) -> MapBox {
        MapBox(minX: minX + d, minY: minY + d, maxX: maxX - d, maxY: maxY - d)
    }

    /// True when the two boxes share some area (touching edges do not count).
    public func overlaps(_ other: MapBox) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    /// True when `other` lies wholly inside this box.
    public func contains(_ other: MapBox) -> Bool {
        other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
    }

    /// True when `p` lies inside the box or on its edge.
    public func contains(_ p: Point) -> Bool {
        p.x >= minX && p.x <= maxX && p.y >= minY && p.y <= maxY
    }

    /// Shortest distance from this box to the horizontal segment from `x0` to `x1` at height `y` (0 when they touch).
    public func distance(toSegmentFrom x0: Double, to x1: Double, atY y: Double) -> Double {
        let dx = max(0, minX - x1, x0 - maxX)
        let dy = max(0, minY - y, y - maxY)
        return (dx * dx + dy * dy).squareRoot()
    }
}
