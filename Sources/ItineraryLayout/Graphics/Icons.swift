/// Line icons drawn as vectors on a 24-unit grid (round caps and joins, filled dots only).
import DisplayList
import ItineraryModel
import ItineraryText

/// A named icon. Geometry is the icon itself (like a glyph), so it lives here, not in a template;
/// its size, stroke and colour come from the template.
///
/// The shapes follow the classic components sheet; the ones the mock-up draws (drive, lodging,
/// venue, notes, link, rest day, note, other item) use its coordinates exactly.
public enum Icon: String, CaseIterable, Sendable {
    case drive, flight, train, bus, walk, travel
    case restaurant, activity, note, plan
    case pin, info, link, moon, bed, ticket

    /// The grid every icon is drawn on.
    public static let grid = 24.0
    /// The stroke the sheet specifies at 16 pt, in grid units. Smaller icons use a heavier one
    /// (set in the template) so that they keep about the same weight on the page.
    public static let standardStroke = 1.75

    public static func travel(_ mode: TravelMode) -> Icon {
        switch mode {
        case .drive: return .drive
        case .flight: return .flight
        case .train: return .train
        case .bus: return .bus
        case .walk: return .walk
        case .other: return .travel
        }
    }

    /// The icon of a custom item; `other` gets the target ("other item" on the sheet).
    public static func category(_ category: CustomCategory) -> Icon {
        switch category {
        case .restaurant: return .restaurant
        case .activity: return .activity
        case .note: return .note
        case .other: return .plan
        }
    }

    /// The icon as display items, its 24-unit box scaled to `size` with the top-left at `origin`.
    /// `strokeWidth` is in grid units, so it scales with the icon.
    public func draw(
        at origin: Point, size: Double, color: Color, strokeWidth: Double = Icon.standardStroke
    ) -> [DisplayItem] {
        let k = size / Self.grid
        func p(_ q: Point) -> Point { Point(x: origin.x + q.x * k, y: origin.y + q.y * k) }
        func map(_ e: PathElement) -> PathElement {
            switch e {
            case let .move(a): return .move(p(a))
            case let .line(a): return .line(p(a))
            case let .curve(a, b, c): return .curve(p(a), p(b), p(c))
            case let .arc(center, radius, start, end):
                return .arc(center: p(center), radius: radius * k, start: start, end: end)
            case .close: return .close
            }
        }
        let stroke = PathStyle(stroke: color, lineWidth: strokeWidth * k, lineCap: .round, lineJoin: .round)
        let fill = PathStyle(fill: color)
        return shapes.map { shape in
            switch shape {
            case let .stroke(elements): return .path(elements.map(map), style: stroke)
            case let .dot(center, radius): return .path(IconShape.circle(center, radius).map(map), style: fill)
            }
        }
    }

    /// The icon's shapes in grid units.
    var shapes: [IconShape] {
        func P(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }
        func line(_ points: (Double, Double)..., closed: Bool = false) -> IconShape {
            var out: [PathElement] = [.move(P(points[0].0, points[0].1))]
            out += points.dropFirst().map { .line(P($0.0, $0.1)) }
            if closed { out.append(.close) }
            return .stroke(out)
        }
        func ring(_ x: Double, _ y: Double, _ r: Double) -> IconShape { .stroke(IconShape.circle(P(x, y), r)) }
        func dot(_ x: Double, _ y: Double, _ r: Double) -> IconShape { .dot(P(x, y), r) }
        let quarter = Double.pi / 2
        switch self {
        case .drive:
            // A car seen from the front: body, bonnet line, wheels and headlights.
            return [
                .stroke([
                    .move(P(4, 17.5)), .line(P(4, 12.6)), .line(P(6.1, 7.9)),
                    .curve(P(6.38, 7.33), P(6.97, 6.98), P(7.6, 7)), .line(P(16.4, 7)),
                    .curve(P(17.03, 6.98), P(17.62, 7.33), P(17.9, 7.9)), .line(P(20, 12.6)),
                    .line(P(20, 17.5)), .close,
                ]),
                line((4, 12.6), (20, 12.6)), line((6.5, 17.5), (6.5, 19.5)), line((17.5, 17.5), (17.5, 19.5)),
                dot(7.6, 15, 0.9), dot(16.4, 15, 0.9),
            ]
        case .flight:
            // An airliner from above, nose up.
            return [
                line(
                    (12, 3), (13.4, 4.6), (13.4, 9.4), (20.5, 13.4), (20.5, 15.3), (13.4, 13.4), (13.4, 17.6),
                    (15.8, 19.3), (15.8, 20.8), (12, 19.9), (8.2, 20.8), (8.2, 19.3), (10.6, 17.6), (10.6, 13.4),
                    (3.5, 15.3), (3.5, 13.4), (10.6, 9.4), (10.6, 4.6), closed: true)
            ]
        case .train:
            return [
                .stroke(IconShape.roundedBox(6.5, 3.5, 11, 13, 3)), line((6.5, 10), (17.5, 10)),
                dot(9.6, 13.3, 0.9), dot(14.4, 13.3, 0.9), line((9, 16.5), (7.5, 20.5)), line((15, 16.5), (16.5, 20.5)),
            ]
        case .bus:
            return [
                .stroke(IconShape.roundedBox(5.5, 3.5, 13, 14, 2.5)), line((5.5, 7), (18.5, 7)),
                line((5.5, 11), (18.5, 11)),
                dot(8.8, 14.3, 0.9), dot(15.2, 14.3, 0.9), line((8, 17.5), (8, 20)), line((16, 17.5), (16, 20)),
            ]
        case .walk:
            return [
                ring(13, 4.6, 1.7), line((12.6, 8.2), (11.2, 14), (8.6, 20.5)),
                line((11.2, 14), (13.8, 16.6), (14.8, 20.5)),
                line((8.4, 12.4), (12.6, 8.2), (15.6, 11.2)),
            ]
        case .travel:
            // "Other travel": a route, two stops joined by a winding line. No arrow: it would
            // point one way on pages of either direction.
            return [
                ring(6, 18, 2.2), ring(18, 6, 2.2),
                .stroke([.move(P(6, 15.8)), .curve(P(6, 9.5), P(18, 14.5), P(18, 8.2))]),
            ]
        case .restaurant:
            // Fork and knife.
            return [
                line((5, 3.5), (5, 8.5), (7, 10.5), (9, 8.5), (9, 3.5)), line((7, 3.5), (7, 20.5)),
                .stroke([
                    .move(P(18, 20.5)), .line(P(18, 3.5)), .curve(P(15.8, 4.3), P(15, 6.6), P(15, 9.2)),
                    .line(P(15, 13)), .curve(P(15, 13.8), P(15.7, 14.5), P(16.5, 14.5)), .line(P(18, 14.5)),
                ]),
            ]
        case .activity:
            // A flag with a swallowtail.
            return [line((6, 21), (6, 3.5)), line((6, 4.5), (18.5, 4.5), (16, 8), (18.5, 11.5), (6, 11.5))]
        case .note:
            // A page with a folded corner and two lines.
            return [
                line((6, 3.5), (14.5, 3.5), (18.5, 7.5), (18.5, 20.5), (6, 20.5), closed: true),
                line((14.5, 3.5), (14.5, 7.5), (18.5, 7.5)), line((9, 11.5), (15.5, 11.5)), line((9, 15), (15.5, 15)),
            ]
        case .plan:
            // "Other item": a target.
            return [ring(12, 12, 8), dot(12, 12, 2)]
        case .pin:
            return [
                .stroke([
                    .move(P(12, 21)), .curve(P(12, 21), P(18.5, 14.8), P(18.5, 10)),
                    .curve(P(18.5, 1.333), P(5.5, 1.333), P(5.5, 10)),
                    .curve(P(5.5, 14.8), P(12, 21), P(12, 21)), .close,
                ]),
                ring(12, 10, 2.3),
            ]
        case .info:
            return [ring(12, 12, 8.5), line((12, 11), (12, 16.5)), dot(12, 7.9, 1)]
        case .link:
            // An arrow leaving a box: opens in the browser.
            return [
                line((14, 5), (19, 5), (19, 10)), line((19, 5), (11, 13)),
                .stroke([
                    .move(P(17, 14)), .line(P(17, 18)), .arc(center: P(15.5, 18), radius: 1.5, start: 0, end: quarter),
                    .line(P(6, 19.5)), .arc(center: P(6, 18), radius: 1.5, start: quarter, end: 2 * quarter),
                    .line(P(4.5, 8.5)), .arc(center: P(6, 8.5), radius: 1.5, start: 2 * quarter, end: 3 * quarter),
                    .line(P(10, 7)),
                ]),
            ]
        case .moon:
            return [
                .stroke([
                    .move(P(19.5, 14.6)), .curve(P(18.263, 18.057), P(14.807, 20.206), P(11.159, 19.786)),
                    .curve(P(7.511, 19.366), P(4.634, 16.489), P(4.214, 12.841)),
                    .curve(P(3.794, 9.193), P(5.943, 5.737), P(9.4, 4.5)),
                    .curve(P(2.667, 11.233), P(12.767, 21.333), P(19.5, 14.6)), .close,
                ])
            ]
        case .bed:
            return [
                line((3.5, 6), (3.5, 19)), line((3.5, 15.5), (20.5, 15.5), (20.5, 19)),
                // The mattress, drawn from the pillow end so that the corner arc runs clockwise.
                .stroke([
                    .move(P(10.5, 15.5)), .line(P(10.5, 10.5)), .line(P(18, 10.5)),
                    .arc(center: P(18, 13), radius: 2.5, start: -quarter, end: 0), .line(P(20.5, 15.5)),
                ]),
                ring(7, 12.4, 1.9),
            ]
        case .ticket:
            // Notches bite inwards on both sides.
            return [
                .stroke([
                    .move(P(3, 6)), .line(P(21, 6)), .line(P(21, 10)),
                    .curve(P(19.9, 10), P(19, 10.9), P(19, 12)), .curve(P(19, 13.1), P(19.9, 14), P(21, 14)),
                    .line(P(21, 18)), .line(P(3, 18)), .line(P(3, 14)),
                    .curve(P(4.1, 14), P(5, 13.1), P(5, 12)), .curve(P(5, 10.9), P(4.1, 10), P(3, 10)), .close,
                ]),
                line((15, 6), (15, 8)), line((15, 11), (15, 13)), line((15, 16), (15, 18)),
            ]
        }
    }
}

/// One part of an icon: a stroked subpath, or a filled dot (the only fills the sheet allows).
enum IconShape: Sendable {
    case stroke([PathElement])
    case dot(Point, Double)

    static func circle(_ c: Point, _ r: Double) -> [PathElement] {
        [.move(Point(x: c.x + r, y: c.y)), .arc(center: c, radius: r, start: 0, end: 2 * .pi), .close]
    }

    static func roundedBox(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ r: Double) -> [PathElement] {
        Shapes.roundedRect(Rect(x: x, y: y, width: w, height: h), radius: r)
    }
}
