/// Path geometry the sections share: rounded rectangles that can be dashed, inset or filled.
import DisplayList
import ItineraryText

/// Builders for `PathElement` lists (pure geometry, no style).
public enum Shapes {
    /// A rounded rectangle as one closed subpath, clockwise from the top edge; the radius is
    /// clamped to half the shorter side (a full-radius pill).
    public static func roundedRect(_ r: Rect, radius: Double) -> [PathElement] {
        let rad = max(0, min(radius, r.width / 2, r.height / 2))
        guard rad > 0 else {
            return [
                .move(Point(x: r.x, y: r.y)), .line(Point(x: r.x + r.width, y: r.y)),
                .line(Point(x: r.x + r.width, y: r.y + r.height)), .line(Point(x: r.x, y: r.y + r.height)), .close,
            ]
        }
        let q = Double.pi / 2
        let left = r.x, top = r.y, right = r.x + r.width, bottom = r.y + r.height
        return [
            .move(Point(x: left + rad, y: top)), .line(Point(x: right - rad, y: top)),
            .arc(center: Point(x: right - rad, y: top + rad), radius: rad, start: -q, end: 0),
            .line(Point(x: right, y: bottom - rad)),
            .arc(center: Point(x: right - rad, y: bottom - rad), radius: rad, start: 0, end: q),
            .line(Point(x: left + rad, y: bottom)),
            .arc(center: Point(x: left + rad, y: bottom - rad), radius: rad, start: q, end: 2 * q),
            .line(Point(x: left, y: top + rad)),
            .arc(center: Point(x: left + rad, y: top + rad), radius: rad, start: 2 * q, end: 3 * q), .close,
        ]
    }

    /// A border of `width` drawn inside `r` (the stroke is centred on a path inset by half the
    /// width), so that a bordered box keeps its outer size, as CSS `border-box` does.
    public static func innerBorder(
        _ r: Rect, radius: Double, width: Double, color: Color, dash: [Double] = []
    ) -> DisplayItem {
        let inset = Rect(x: r.x + width / 2, y: r.y + width / 2, width: r.width - width, height: r.height - width)
        return .path(
            roundedRect(inset, radius: radius - width / 2),
            style: PathStyle(stroke: color, lineWidth: width, lineCap: .butt, lineJoin: .round, dash: dash))
    }
}
