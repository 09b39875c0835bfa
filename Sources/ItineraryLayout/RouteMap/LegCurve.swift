/// One leg of the route: a quadratic Bézier bowed to the right of its direction of travel.
import DisplayList

/// The curve from `start` to `end` whose control point is the chord's midpoint pushed along the
/// right-hand normal (y downwards) by min(bow·|AB|, maxBow). A leg back over the same ground
/// therefore bows the other way, and the two stay apart.
public struct LegCurve: Sendable, Hashable {
    public var start: Point
    public var control: Point
    public var end: Point

    /// The leg from `start` to `end`, bowed right by min(bow·|AB|, maxBow).
    public init(from start: Point, to end: Point, bow: Double, maxBow: Double) {
        self.start = start
        self.end = end
        let dx = end.x - start.x, dy = end.y - start.y
        let length = (dx * dx + dy * dy).squareRoot()
        let mid = Point(x: (start.x + end.x) / 2, y: (start.y + end.y) / 2)
        guard length > 0 else { control = mid; return }
        let offset = min(bow * length, maxBow)
        // (−dy, dx) is the right-hand side of the direction (dx, dy) when y points down.
        control = Point(x: mid.x - dy / length * offset, y: mid.y + dx / length * offset)
    }

    /// The curve with these three points as they are.
    public init(start: Point, control: Point, end: Point) {
        self.start = start
        self.control = control
        self.end = end
    }

    /// The part of the curve from its start to where it first reaches `x` (nil when it never
    /// does): de Casteljau's split at the parameter found by bisection.
    public func until(x: Double) -> LegCurve? {
        let goesRight = end.x > start.x
        func beyond(_ t: Double) -> Bool { goesRight ? point(at: t).x >= x : point(at: t).x <= x }
        guard beyond(1), !beyond(0) else { return nil }
        var lo = 0.0, hi = 1.0
        for _ in 0..<40 {
            let mid = (lo + hi) / 2
            if beyond(mid) { hi = mid } else { lo = mid }
        }
        let t = hi
        let c = Point(x: start.x + t * (control.x - start.x), y: start.y + t * (control.y - start.y))
        return LegCurve(start: start, control: c, end: point(at: t))
    }

    /// The curve run backwards (end to start).
    public var reversed: LegCurve { LegCurve(start: end, control: control, end: start) }

    /// The chord's length |AB|.
    public var length: Double {
        let dx = end.x - start.x, dy = end.y - start.y
        return (dx * dx + dy * dy).squareRoot()
    }

    /// The point at parameter `t` (0 at the start, 1 at the end).
    public func point(at t: Double) -> Point {
        let u = 1 - t
        return Point(
            x: u * u * start.x + 2 * u * t * control.x + t * t * end.x,
            y: u * u * start.y + 2 * u * t * control.y + t * t * end.y)
    }

    /// `count` points at equal parameter steps from the start to the end, both included.
    public func samples(_ count: Int) -> [Point] {
        guard count > 1 else { return count == 1 ? [point(at: 0.5)] : [] }
        return (0..<count).map { point(at: Double($0) / Double(count - 1)) }
    }

    /// The same curve as a cubic for the display list: control points 2/3 of the way to the quadratic's.
    public var path: [PathElement] {
        let c1 = Point(x: start.x + 2 / 3 * (control.x - start.x), y: start.y + 2 / 3 * (control.y - start.y))
        let c2 = Point(x: end.x + 2 / 3 * (control.x - end.x), y: end.y + 2 / 3 * (control.y - end.y))
        return [.move(start), .curve(c1, c2, end)]
    }

    /// A triangle centred on the curve's midpoint, pointing along B − A (the tangent there).
    /// The curve's direction at `t` (not of unit length).
    public func tangent(at t: Double) -> Point {
        Point(
            x: 2 * (1 - t) * (control.x - start.x) + 2 * t * (end.x - control.x),
            y: 2 * (1 - t) * (control.y - start.y) + 2 * t * (end.y - control.y))
    }

    /// At `t` other than ½ it points along the curve's tangent there (at ½, a quadratic's
    /// tangent is parallel to its chord).
    public func arrowhead(length: Double, width: Double, at t: Double = 0.5) -> [PathElement] {
        guard self.length > 0 else { return [] }
        let direction = tangent(at: t), dx = direction.x, dy = direction.y
        let total = t == 0.5 ? self.length : (dx * dx + dy * dy).squareRoot()
        guard total > 0 else { return [] }
        let ux = t == 0.5 ? (end.x - start.x) / total : dx / total
        let uy = t == 0.5 ? (end.y - start.y) / total : dy / total
        let c = point(at: t)
        let tip = Point(x: c.x + ux * length / 2, y: c.y + uy * length / 2)
        let back = Point(x: c.x - ux * length / 2, y: c.y - uy * length / 2)
        let half = width / 2
        return [
            .move(tip), .line(Point(x: back.x - uy * half, y: back.y + ux * half)),
            .line(Point(x: back.x + uy * half, y: back.y - ux * half)), .close,
        ]
    }
}
