/// Line icons drawn as vectors on a 24-unit grid (1.75 stroke, round caps and joins).
import ItineraryModel
import ItineraryText

/// A named icon. Geometry is the icon itself (like a glyph), so it lives here, not in a template;
/// its size and colour come from the template.
public enum Icon: String, CaseIterable, Sendable {
    case drive, flight, train, bus, walk, travel
    case restaurant, activity, note, plan
    case pin, info, link, moon, bed, ticket

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

    public static func category(_ category: CustomCategory) -> Icon {
        switch category {
        case .restaurant: return .restaurant
        case .activity: return .activity
        case .note: return .note
        case .other: return .plan
        }
    }

    /// The icon as display items, its 24-unit box scaled to `size` with the top-left at `origin`.
    public func draw(at origin: Point, size: Double, color: Color) -> [DisplayItem] {
        let k = size / 24
        let style = PathStyle(stroke: color, lineWidth: 1.75 * k, lineCap: .round, lineJoin: .round)
        func map(_ e: PathElement) -> PathElement {
            func p(_ q: Point) -> Point { Point(x: origin.x + q.x * k, y: origin.y + q.y * k) }
            switch e {
            case let .move(a): return .move(p(a))
            case let .line(a): return .line(p(a))
            case let .curve(a, b, c): return .curve(p(a), p(b), p(c))
            case let .arc(center, radius, start, end): return .arc(center: p(center), radius: radius * k, start: start, end: end)
            case .close: return .close
            }
        }
        return strokes.map { .path($0.map(map), style: style) }
    }

    /// The icon's strokes in grid units; each inner array is one subpath.
    var strokes: [[PathElement]] {
        func P(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }
        func circle(_ x: Double, _ y: Double, _ r: Double) -> [PathElement] {
            [.move(P(x + r, y)), .arc(center: P(x, y), radius: r, start: 0, end: 2 * .pi), .close]
        }
        func polyline(_ points: [(Double, Double)], closed: Bool = false) -> [PathElement] {
            var out: [PathElement] = [.move(P(points[0].0, points[0].1))]
            out += points.dropFirst().map { .line(P($0.0, $0.1)) }
            if closed { out.append(.close) }
            return out
        }
        func roundedBox(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ r: Double) -> [PathElement] {
            [.move(P(x + r, y)), .line(P(x + w - r, y)), .arc(center: P(x + w - r, y + r), radius: r, start: -.pi / 2, end: 0),
             .line(P(x + w, y + h - r)), .arc(center: P(x + w - r, y + h - r), radius: r, start: 0, end: .pi / 2),
             .line(P(x + r, y + h)), .arc(center: P(x + r, y + h - r), radius: r, start: .pi / 2, end: .pi),
             .line(P(x, y + r)), .arc(center: P(x + r, y + r), radius: r, start: .pi, end: 3 * .pi / 2), .close]
        }
        switch self {
        case .drive:
            return [polyline([(3, 16), (3, 12), (5.5, 6.5), (18.5, 6.5), (21, 12), (21, 16)], closed: true),
                    polyline([(3, 12), (21, 12)]), circle(7.5, 17.5, 2), circle(16.5, 17.5, 2)]
        case .flight:
            return [polyline([(12, 2.5), (13.5, 4.5), (13.5, 9.5), (21, 14), (21, 16), (13.5, 13.5), (13.5, 18.5), (16, 20.5),
                              (16, 21.5), (12, 20.5), (8, 21.5), (8, 20.5), (10.5, 18.5), (10.5, 13.5), (3, 16), (3, 14),
                              (10.5, 9.5), (10.5, 4.5)], closed: true)]
        case .train:
            return [roundedBox(6, 3, 12, 14, 3), polyline([(6, 10), (18, 10)]), circle(9, 13.5, 0.6), circle(15, 13.5, 0.6),
                    polyline([(9, 17), (7, 21)]), polyline([(15, 17), (17, 21)])]
        case .bus:
            return [roundedBox(4, 3.5, 16, 14.5, 2.5), polyline([(4, 11), (20, 11)]), polyline([(7.5, 18), (7.5, 20.5)]),
                    polyline([(16.5, 18), (16.5, 20.5)]), polyline([(7.5, 14.5), (8.5, 14.5)]), polyline([(15.5, 14.5), (16.5, 14.5)])]
        case .walk:
            return [circle(13, 4.5, 1.75), polyline([(12.5, 8), (11, 14), (8, 21)]), polyline([(11, 14), (14, 17), (15, 21)]),
                    polyline([(8.5, 12), (12.5, 8), (16, 11)])]
        case .travel:
            return [circle(12, 12, 9), polyline([(8, 12), (16, 12)]), polyline([(13, 9), (16, 12), (13, 15)])]
        case .restaurant:
            return [polyline([(7, 3), (7, 21)]), polyline([(4.5, 3), (4.5, 8), (7, 10), (9.5, 8), (9.5, 3)]),
                    [.move(P(17, 21)), .line(P(17, 3)), .curve(P(14, 5), P(14, 11), P(17, 12))]]
        case .activity:
            return [polyline([(12, 3), (14.6, 8.6), (20.6, 9.2), (16, 13.2), (17.4, 19.2), (12, 16), (6.6, 19.2), (8, 13.2),
                              (3.4, 9.2), (9.4, 8.6)], closed: true)]
        case .note:
            return [polyline([(6, 3), (14, 3), (19, 8), (19, 21), (6, 21)], closed: true), polyline([(14, 3), (14, 8), (19, 8)]),
                    polyline([(9, 13), (16, 13)]), polyline([(9, 17), (14, 17)])]
        case .plan:
            return [circle(12, 12, 9), polyline([(12, 7), (12, 12), (15.5, 14)])]
        case .pin:
            return [[.move(P(12, 21.5)), .curve(P(8, 17), P(5, 13), P(5, 9.5)), .arc(center: P(12, 9.5), radius: 7, start: .pi, end: 2 * .pi),
                     .curve(P(19, 13), P(16, 17), P(12, 21.5)), .close], circle(12, 9.5, 2.5)]
        case .info:
            return [circle(12, 12, 9), polyline([(12, 11), (12, 16.5)]), circle(12, 7.75, 0.4)]
        case .link:
            return [polyline([(13, 4), (20, 4), (20, 11)]), polyline([(20, 4), (11, 13)]),
                    polyline([(17, 14), (17, 20), (4, 20), (4, 7), (10, 7)])]
        case .moon:
            return [[.move(P(19.5, 14.5)), .arc(center: P(12, 12), radius: 8, start: 0.32, end: 4.3),
                     .curve(P(6.5, 9), P(10, 18.5), P(19.5, 14.5)), .close]]
        case .bed:
            return [polyline([(3, 5), (3, 19)]), polyline([(3, 15), (21, 15), (21, 19)]),
                    polyline([(3, 11), (10, 11), (10, 15)]), [.move(P(10, 11)), .line(P(17.5, 11)), .curve(P(19.5, 11), P(21, 12.5), P(21, 14.5)), .line(P(21, 15))],
                    circle(6.5, 8.5, 1.5)]
        case .ticket:
            return [[.move(P(3, 6)), .line(P(21, 6)), .line(P(21, 10)), .arc(center: P(21, 12), radius: 2, start: -.pi / 2, end: .pi / 2),
                     .line(P(21, 18)), .line(P(3, 18)), .line(P(3, 14)), .arc(center: P(3, 12), radius: 2, start: .pi / 2, end: 3 * .pi / 2), .close],
                    polyline([(15, 6), (15, 8)]), polyline([(15, 11), (15, 13)]), polyline([(15, 16), (15, 18)])]
        }
    }
}
