/// Vector paths and how they are painted.
import ItineraryText

/// One step of a vector path.
public enum PathElement: Sendable, Hashable {
    case move(Point)
    case line(Point)
    /// A cubic Bézier curve: two control points, then the end point.
    case curve(Point, Point, Point)
    /// A circular arc around `center` from `start` to `end` radians (clockwise in page space).
    case arc(center: Point, radius: Double, start: Double, end: Double)
    case close
}

/// How a stroke's open ends are drawn (PDF's line cap style): cut square at the end, rounded, or
/// squared off half the line width beyond it.
public enum LineCap: Sendable, Hashable { case butt, round, square }
/// How a stroke turns a corner (PDF's line join style): mitred, rounded or bevelled.
public enum LineJoin: Sendable, Hashable { case miter, round, bevel }

/// How a path is painted: filled, stroked, or both (fill first).
public struct PathStyle: Sendable, Hashable {
    public var fill: Color?
    public var stroke: Color?
    public var lineWidth: Double
    public var lineCap: LineCap
    public var lineJoin: LineJoin
    public var dash: [Double]

    public init(
        fill: Color? = nil, stroke: Color? = nil, lineWidth: Double = 1, lineCap: LineCap = .butt,
        lineJoin: LineJoin = .miter, dash: [Double] = []
    ) {
        self.fill = fill
        self.stroke = stroke
        self.lineWidth = lineWidth
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.dash = dash
    }
}
