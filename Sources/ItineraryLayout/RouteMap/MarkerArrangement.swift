/// Where the markers go when places crowd: moved apart within their compass order, or grouped.
import DisplayList
import Foundation

/// The markers of a map as drawn: which places share one, and where each sits.
///
/// Markers too close to tell apart (Boston and Foxborough on a map of the country) are moved
/// apart just enough that none hides another, and never past one another: a marker west of
/// another stays west of it, one north stays north (ties may part either way). When that
/// cannot be done within `maxMove` of every place (eight venues in and round New York on a map
/// of the East Coast), the two closest crowded markers become one, at the middle of their
/// places, numbered with every stop made at either, and the arrangement is tried again. So the
/// map never draws a city on the wrong side of another: it draws a cluster it cannot show at
/// its scale as one marker, and the key lists every member. Two places joined by a leg (`links`)
/// whose markers would overlap where they are share one marker from the start: moved apart, the leg
/// between them would be a stub the arrangement drew, and four such round Tokyo a knot of arrows.
/// Moved apart, markers whose legs would cross where one of the legs joins places at one spot
/// (`knot`) share one marker too.
public struct MarkerArrangement: Sendable, Equatable {
    /// Place indexes drawn as one marker, each group in ascending order, groups ordered by their
    /// first place.
    public var groups: [[Int]]
    /// Each group's marker centre.
    public var centers: [Point]
    /// Each group's place on the map: its one place, or the middle of its places.
    public var places: [Point]

    /// Arranges markers for places at `places`.
    /// - Parameters:
    ///   - marker: the capsule for a group of place indexes (its size; its centre is ignored).
    ///   - clearance: kept between two capsules' boxes.
    ///   - bounds: the capsules stay inside.
    ///   - maxMove: how far a marker may be moved off its place, in its radii.
    ///   - links: pairs of place indexes joined by a leg.
    public init(
        places: [Point], marker: ([Int]) -> MarkerShape, clearance: Double, bounds: MapBox, maxMove: Double,
        links: [(Int, Int)] = []
    ) {
        var groups = places.indices.map { [$0] }
        while true {
            let points = groups.map { g in
                Point(
                    x: g.reduce(0) { $0 + places[$1].x } / Double(g.count),
                    y: g.reduce(0) { $0 + places[$1].y } / Double(g.count))
            }
            let shapes = zip(groups, points).map { g, p in
                var s = marker(g)
                s.center = p
                return s
            }
            let group = Dictionary(uniqueKeysWithValues: groups.enumerated().flatMap { g, m in m.map { ($0, g) } })
            func merge(_ a: Int, _ b: Int) {
                groups[a] = (groups[a] + groups[b]).sorted()
                groups.remove(at: b)
            }
            let groupLinks = links.map { (group[$0.0]!, group[$0.1]!) }
            if let (a, b) = Self.closeLink(shapes, links: groupLinks) {
                merge(a, b)
                continue
            }
            let centers = Self.dodge(shapes, clearance: clearance, bounds: bounds)
            let truthful = Self.isTruthful(shapes, centers, clearance: clearance, maxMove: maxMove)
            if truthful, let knot = Self.knot(shapes, centers, links: groupLinks) {
                for b in knot.dropFirst().reversed() { merge(knot[0], b) }
                continue
            }
            guard !truthful, let (a, b) = Self.closestCrowdedPair(shapes, clearance: clearance) else {
                self.groups = groups
                self.centers = centers
                self.places = points
                return
            }
            merge(a, b)
        }
    }

    /// How much two capsules' boxes overlap on each axis, with `clearance` kept between them
    /// (positive on both axes: they meet).
    static func need(
        _ a: MarkerShape, _ b: MarkerShape, _ pa: Point, _ pb: Point, clearance: Double
    )
        -> (x: Double, y: Double)
    {
        (
            a.halfWidth + b.halfWidth + clearance - abs(pb.x - pa.x),
            a.radius + b.radius + clearance - abs(pb.y - pa.y)
        )
    }

    /// Centres for `shapes` such that no two capsules' boxes come closer than `clearance`, each
    /// moved little: every overlapping pair is pushed apart along the axis that needs less
    /// movement (capsules are wide, so usually up and down), half each, in the direction of their
    /// places' order on that axis, so that a push never swaps them; then any two markers whose
    /// places are in order on an axis but whose centres are not are brought level. Repeated,
    /// inside `bounds`. Deterministic: pairs are visited in order and ties go one way.
    static func dodge(_ shapes: [MarkerShape], clearance: Double, bounds: MapBox) -> [Point] {
        let home = shapes.map(\.center)
        var c = home
        let byX = home.indices.sorted { (home[$0].x, $0) < (home[$1].x, $1) }
        let byY = home.indices.sorted { (home[$0].y, $0) < (home[$1].y, $1) }
        for _ in 0..<300 {
            var moved = false
            for i in c.indices {
                for j in c.indices where j > i {
                    let need = need(shapes[i], shapes[j], c[i], c[j], clearance: clearance)
                    guard need.x > 0.001, need.y > 0.001 else { continue }
                    moved = true
                    if need.y <= need.x {
                        let s: Double = home[j].y >= home[i].y ? 1 : -1
                        c[i].y -= s * need.y / 2
                        c[j].y += s * need.y / 2
                    } else {
                        let s: Double = home[j].x >= home[i].x ? 1 : -1
                        c[i].x -= s * need.x / 2
                        c[j].x += s * need.x / 2
                    }
                }
            }
            // Neighbours in each axis's order of places keep that order (a tie of places may part).
            for (a, b) in zip(byX, byX.dropFirst()) where home[b].x > home[a].x && c[b].x < c[a].x {
                let m = (c[a].x + c[b].x) / 2
                (c[a].x, c[b].x) = (m, m)
            }
            for (a, b) in zip(byY, byY.dropFirst()) where home[b].y > home[a].y && c[b].y < c[a].y {
                let m = (c[a].y + c[b].y) / 2
                (c[a].y, c[b].y) = (m, m)
            }
            for i in c.indices {
                c[i].x = min(max(c[i].x, bounds.minX + shapes[i].halfWidth), bounds.maxX - shapes[i].halfWidth)
                c[i].y = min(max(c[i].y, bounds.minY + shapes[i].radius), bounds.maxY - shapes[i].radius)
            }
            if !moved { break }
        }
        return c
    }

    /// True when the markers at `centers` meet none of the others, none is more than `maxMove`
    /// radii from its place, and no two are in the other order than their places on either axis.
    static func isTruthful(_ shapes: [MarkerShape], _ centers: [Point], clearance: Double, maxMove: Double) -> Bool {
        let tolerance = 0.01
        for i in shapes.indices {
            let h = shapes[i].center, c = centers[i]
            if hypot(c.x - h.x, c.y - h.y) > maxMove * shapes[i].radius + tolerance { return false }
            for j in shapes.indices where j > i {
                let need = need(shapes[i], shapes[j], centers[i], centers[j], clearance: clearance)
                if need.x > 0.01, need.y > 0.01 { return false }
                let home = (x: shapes[j].center.x - h.x, y: shapes[j].center.y - h.y)
                let now = (x: centers[j].x - c.x, y: centers[j].y - c.y)
                if home.x * now.x < 0 && abs(now.x) > tolerance { return false }
                if home.y * now.y < 0 && abs(now.y) > tolerance { return false }
            }
        }
        return true
    }

    /// Of the linked markers (group indexes) that overlap at their places (one spot at the map's
    /// scale: any leg drawn between them would be one the arrangement made), the pair whose
    /// places are nearest. Not a pair where another place is nearer either of them than they
    /// are to each other: Uniondale, a leg from Elmont, is not drawn as Elmont's while Hempstead
    /// lies nearer it; such places are arranged as any crowd is (moved apart, or the closest
    /// grouped), and the leg joins them after.
    static func closeLink(_ shapes: [MarkerShape], links: [(Int, Int)]) -> (Int, Int)? {
        func distance(_ a: Int, _ b: Int) -> Double {
            hypot(shapes[b].center.x - shapes[a].center.x, shapes[b].center.y - shapes[a].center.y)
        }
        var best: (pair: (Int, Int), apart: Double)?
        // Nearly as circles, whatever the capsules' widths: a group's capsule widens with every
        // stop it takes in, and judged by that it would take in the next place and the next
        // (Tokyo, Osaka, Fukuoka, then Seoul and Busan, all in one marker off Kyushu).
        for (i, j) in links where i != j && atOneSpot(shapes[i], shapes[j]) {
            let apart = distance(i, j)
            guard
                !shapes.indices.contains(where: { k in
                    k != i && k != j && (distance(i, k) < apart || distance(j, k) < apart)
                })
            else { continue }
            if best == nil || apart < best!.apart { best = ((min(i, j), max(i, j)), apart) }
        }
        return best?.pair
    }

    /// Whether the markers `a` and `b` overlap at their places, taken nearly as circles (see
    /// `closeLink`): one spot at the map's scale.
    static func atOneSpot(_ a: MarkerShape, _ b: MarkerShape) -> Bool {
        func core(_ s: MarkerShape) -> MarkerShape {
            MarkerShape(center: s.center, radius: s.radius, halfWidth: min(s.halfWidth, Self.linkReach * s.radius))
        }
        let circles = (core(a), core(b))
        let overlap = need(circles.0, circles.1, circles.0.center, circles.1.center, clearance: 0)
        return overlap.x > 0 && overlap.y > 0
    }

    /// The markers (group indexes, ascending) of a knot: two legs drawn between moved markers
    /// that cross, one of them between places at one spot. Tokyo, Yokohama, Tokorozawa and
    /// Chiba, pushed apart into a diamond, draw Tokyo → Yokohama across Tokorozawa → Chiba: a
    /// crossing of stubs that no reader can follow, at a scale where the four are one spot. The
    /// knot is the places of the crossing legs that are at one spot with that leg's, one after
    /// another; they share one marker. Nil when no short leg crosses another.
    static func knot(_ shapes: [MarkerShape], _ centers: [Point], links: [(Int, Int)]) -> [Int]? {
        var legs: [(Int, Int)] = []
        for (a, b) in links where a != b {
            let leg = (min(a, b), max(a, b))
            if !legs.contains(where: { $0 == leg }) { legs.append(leg) }
        }
        for (n, p) in legs.enumerated() {
            for q in legs[(n + 1)...] where Set([p.0, p.1, q.0, q.1]).count == 4 {
                let short = [p, q].filter { atOneSpot(shapes[$0.0], shapes[$0.1]) }
                guard let seed = short.first,
                    Self.cross(centers[p.0], centers[p.1], centers[q.0], centers[q.1])
                else { continue }
                var members = [seed.0, seed.1]
                var rest = [p.0, p.1, q.0, q.1].filter { !members.contains($0) }
                while let k = rest.firstIndex(where: { r in members.contains { atOneSpot(shapes[$0], shapes[r]) } }) {
                    members.append(rest.remove(at: k))
                }
                return members.sorted()
            }
        }
        return nil
    }

    /// Whether the segments `a`–`b` and `c`–`d` cross (touching at an end does not count).
    static func cross(_ a: Point, _ b: Point, _ c: Point, _ d: Point) -> Bool {
        func side(_ p: Point, _ q: Point, _ r: Point) -> Double {
            (q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x)
        }
        return side(a, b, c) * side(a, b, d) < 0 && side(c, d, a) * side(c, d, b) < 0
    }

    /// How wide, in radii, a group's marker counts at most when it is asked whether a place
    /// joined to it by a leg is at the same spot.
    static let linkReach = 1.25

    /// The two markers that meet at their places with the least distance between the places
    /// (the first such pair on a tie); nil when none meet.
    static func closestCrowdedPair(_ shapes: [MarkerShape], clearance: Double) -> (Int, Int)? {
        var best: (pair: (Int, Int), distance: Double)?
        for i in shapes.indices {
            for j in shapes.indices where j > i {
                let a = shapes[i].center, b = shapes[j].center
                let need = need(shapes[i], shapes[j], a, b, clearance: clearance)
                guard need.x > 0.001, need.y > 0.001 else { continue }
                let d = hypot(b.x - a.x, b.y - a.y)
                if best == nil || d < best!.distance { best = ((i, j), d) }
            }
        }
        return best?.pair
    }
}
