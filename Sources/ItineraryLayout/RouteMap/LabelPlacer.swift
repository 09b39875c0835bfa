/// Placing city labels beside their markers without covering markers, labels or the route.
import DisplayList
import Foundation
import ItineraryText

/// Where a label sits relative to its marker, in the order they are tried.
public enum LabelPosition: Int, CaseIterable, Sendable {
    case east, west, northEast, southEast, northWest, southWest, north, south

    /// The text's alignment inside the label box: towards the marker.
    public var alignment: TextAlignment {
        switch self {
        case .east, .northEast, .southEast: return .leading
        case .west, .northWest, .southWest: return .trailing
        case .north, .south: return .center
        }
    }
}

/// A label the placer is asked to place: its size, beside which marker.
public struct LabelRequest: Sendable, Hashable {
    /// The text box: the widest line by the lines' total height.
    public var width: Double
    public var height: Double
    public var marker: MarkerShape
    public init(width: Double, height: Double, marker: MarkerShape) {
        self.width = width
        self.height = height
        self.marker = marker
    }
}

/// A placed label.
public struct PlacedLabel: Sendable, Hashable {
    /// The text box (the halo reaches beyond it).
    public var box: MapBox
    public var position: LabelPosition
    /// A line from the marker's edge to the label, for a label set `leaderLength` farther out;
    /// empty for a label beside its marker.
    public var leader: [Point] = []
    /// The x each line of a centred label (north or south) is centred on, as near as the box
    /// allows: the marker's centre. It is the box's middle unless the box was slid along the
    /// frame's edge to fit, and then the lines stay over their marker.
    public var centerX: Double? = nil
    /// Whether the route runs under the label (it had no free spot): it is set on a plate of
    /// the map's paper, so the route stops at its edge rather than striking through its words.
    public var onRoute = false
}

/// Places every label of a map in one pass that knows the markers, the route, the scale-bar
/// corner and the other labels.
///
/// A candidate's cost has two parts. What steers the choice: position weight × candidate index
/// + route weight × route samples inside the box + `nearMarker` if another marker is less than
/// `ownMarkerLead` farther from it than its own. What rules it out: `overlap` if it meets a
/// marker (within its clearance) or another label, or if another marker is nearer to it than its
/// own (a reader would take it for that one's; at a leader's end, only within a leader's length
/// of it, or when it is level with the label the way the label sits from its own);
/// `outside` if it leaves the frame (less the inset) or enters the scale-bar zone. A candidate that is not ruled out beats one that is; otherwise
/// the lower total wins, except that a candidate clear of the route beats one the route runs
/// through: a label sits on the route only where no free spot is left, and a busy road under
/// every side never drops it.
///
/// When `leaderLength` is above zero, each position is tried a second time that much farther
/// out, tied to its marker by a leader line (which must not cross another marker, another label
/// or another label's leader; nor may another label's leader cross this label).
/// These come after the eight beside the marker, so a leader is drawn only where no spot beside
/// the marker is both free and clear of the route.
///
/// Labels are first placed greedily in the order given (their priority). Then, until nothing
/// changes (at most `passes` times), each label in turn moves to its best candidate among all
/// the others, and a dropped label may take a candidate held by one or two labels that can move
/// elsewhere. A label whose every candidate is ruled out (`drop` or more) is left out: its
/// marker still shows its stop numbers and the map key names the place beside them, so no place
/// goes unnamed. Deterministic: candidates and labels are
/// visited in order and only a strictly better cost moves a label.
public struct LabelPlacer: Sendable {
    /// The map frame in the labels' coordinates.
    public var frame: MapBox
    /// The bottom corner kept for the scale bar.
    public var reservedZone: MapBox
    public var markers: [MarkerShape]
    public var routeSamples: [Point]
    public var weights: LabelWeights
    /// Between a marker's edge and its label.
    public var gap: Double
    /// How far a label's footprint reaches beyond its text (its halo) when it is tested against
    /// markers, other labels and the scale-bar zone.
    public var margin: Double
    /// How far beyond the footprint a route sample still counts as inside: half the route's
    /// drawn width, since a sample is the centre of a line.
    public var routeMargin: Double
    /// How much farther out than `gap` the candidates with a leader line sit; 0 for none.
    public var leaderLength: Double
    /// Rounds of moving labels after the greedy placement.
    public var passes = 6
    /// How much farther than its own marker another marker level with a label must be from its
    /// middle: nearly as near, it is read as that one's label as often as not (`Los Angeles`
    /// west of its marker, level with San Diego's just below).
    static let nearestShare = 1.3

    /// - Parameters: see the properties; `margin`, `routeMargin` and `leaderLength` default to 0.
    public init(
        frame: MapBox, reservedZone: MapBox, markers: [MarkerShape], routeSamples: [Point], weights: LabelWeights,
        gap: Double, margin: Double = 0, routeMargin: Double = 0, leaderLength: Double = 0
    ) {
        self.leaderLength = leaderLength
        self.frame = frame
        self.reservedZone = reservedZone
        self.markers = markers
        self.routeSamples = routeSamples
        self.weights = weights
        self.gap = gap
        self.margin = margin
        self.routeMargin = routeMargin
    }

    /// The box of a label of `width` × `height` at `position` beside `marker`. Sides sit `gap`
    /// from the capsule; diagonals sit (R + gap)·0.707 out from an end cap's centre on each axis,
    /// so every candidate's nearest point is `gap` from the capsule's edge.
    public func candidate(_ position: LabelPosition, width: Double, height: Double, marker m: MarkerShape) -> MapBox {
        candidate(position, width: width, height: height, marker: m, gap: gap)
    }

    private func candidate(
        _ position: LabelPosition, width: Double, height: Double, marker m: MarkerShape, gap: Double
    ) -> MapBox {
        let box = unslid(position, width: width, height: height, marker: m, gap: gap)
        // A label above or below its marker that would leave the frame slides along it, as far
        // as its marker's centre stays over the box; one beside its marker slides up or down.
        let inner = frame.inset(by: weights.frameInset), c = m.center
        switch position {
        case .north, .south:
            let shift = Self.slide(box.minX, box.maxX, into: inner.minX, inner.maxX)
            guard box.minX + shift <= c.x, c.x <= box.maxX + shift else { return box }
            return MapBox(minX: box.minX + shift, minY: box.minY, maxX: box.maxX + shift, maxY: box.maxY)
        case .east, .west:
            let shift = Self.slide(box.minY, box.maxY, into: inner.minY, inner.maxY)
            guard box.minY + shift <= c.y, c.y <= box.maxY + shift else { return box }
            return MapBox(minX: box.minX, minY: box.minY + shift, maxX: box.maxX, maxY: box.maxY + shift)
        default: return box
        }
    }

    /// How far to move the span `lo`…`hi` to bring it inside `min`…`max`: 0 when it is inside
    /// already or cannot fit.
    private static func slide(_ lo: Double, _ hi: Double, into min: Double, _ max: Double) -> Double {
        guard hi - lo <= max - min else { return 0 }
        if lo < min { return min - lo }
        if hi > max { return max - hi }
        return 0
    }

    /// The candidate box centred on its side of the marker.
    private func unslid(
        _ position: LabelPosition, width: Double, height: Double, marker m: MarkerShape, gap: Double
    ) -> MapBox {
        let c = m.center
        let d = (m.radius + gap) * 0.5.squareRoot()
        let east = c.x + m.capOffset + d, west = c.x - m.capOffset - d
        switch position {
        case .east: return MapBox(x: c.x + m.halfWidth + gap, y: c.y - height / 2, width: width, height: height)
        case .west: return MapBox(x: c.x - m.halfWidth - gap - width, y: c.y - height / 2, width: width, height: height)
        case .northEast: return MapBox(x: east, y: c.y - d - height, width: width, height: height)
        case .southEast: return MapBox(x: east, y: c.y + d, width: width, height: height)
        case .northWest: return MapBox(x: west - width, y: c.y - d - height, width: width, height: height)
        case .southWest: return MapBox(x: west - width, y: c.y + d, width: width, height: height)
        case .north: return MapBox(x: c.x - width / 2, y: c.y - m.radius - gap - height, width: width, height: height)
        case .south: return MapBox(x: c.x - width / 2, y: c.y + m.radius + gap, width: width, height: height)
        }
    }

    /// The score of the text box `box` at candidate `index` beside `own`, among the label boxes `others`.
    public func score(_ box: MapBox, index: Int, own: MarkerShape, others: [MapBox]) -> Double {
        fixedCost(box, index: index, own: own).total
            + labelOverlap(
                PlacedLabel(box: box, position: .east), others: others.map { PlacedLabel(box: $0, position: .east) })
    }

    /// A candidate's cost in two parts: what steers the choice (its side, the route under it,
    /// a marker nearly as near as its own) and what rules it out once it reaches `drop`
    /// (meeting a marker or a label, leaving the frame). A label on a busy road is still placed.
    struct Cost: Comparable {
        var steer: Double
        var block: Double
        /// Route samples under the label's halo.
        var onRoute = false
        var total: Double { steer + block }
        /// Candidates that are not ruled out come first, then those clear of the route, then the lower total.
        static func < (a: Cost, b: Cost) -> Bool {
            if a.block != b.block && (a.block == 0 || b.block == 0) { return a.block < b.block }
            if a.onRoute != b.onRoute { return !a.onRoute }
            return a.total < b.total
        }
    }

    /// What a candidate costs whatever the other labels do. A label with a leader line is tied
    /// to its own marker by it, so another marker nearer to it does not mislead while it stays
    /// a leader's length away; one closer than that would be read as its marker (Pittsburgh's
    /// label at a leader's end, just under Cincinnati's marker), and so would one nearer its
    /// middle, level with it the way it sits from its own (its capsule reaching the label's
    /// band) and within two leaders' length of it (Philadelphia's label at the end of a leader
    /// down from its marker, right under Washington's; Washington's beside Cary's marker).
    /// Its line must not touch
    /// another marker. A label beside its marker is read as the label of
    /// the marker nearest its middle: a wide label whose far end reaches over another marker
    /// (Boston's, north-west of its marker, above New York's) is ruled out too.
    private func fixedCost(_ box: MapBox, index: Int, own: MarkerShape, leader: [Point] = []) -> Cost {
        let footprint = box.inset(by: -margin)
        var c = Cost(steer: weights.position * Double(index), block: 0)
        let routeZone = footprint.inset(by: -routeMargin)
        let onRoute = routeSamples.reduce(0) { $0 + (routeZone.contains($1) ? 1 : 0) }
        c.steer += weights.routeSample * Double(onRoute)
        c.onRoute = onRoute > 0
        var meetsMarker = false, nearMarker = false
        let keepOff = leader.isEmpty ? 0 : own.edgeDistance(to: box)
        let middle = Point(x: box.midX, y: box.midY), ownReach = own.spineDistance(to: middle)
        for m in markers where m != own {
            let distance = m.edgeDistance(to: box)
            if distance < gap || m.meets(footprint, clearance: weights.markerClearance)
                || Self.line(leader, meets: m.box.inset(by: -margin))
                || distance < min(keepOff, leaderLength)
                || (leader.isEmpty
                    && readsAsOthers(box, middle: middle, ownReach: ownReach, other: m, index: index))
                || (!leader.isEmpty && distance < 2 * leaderLength && m.spineDistance(to: middle) < ownReach
                    && level(box, with: m, index: index))
            {
                meetsMarker = true
            } else if leader.isEmpty && distance < gap + weights.ownMarkerLead {
                nearMarker = true
            }
        }
        if meetsMarker { c.block += weights.overlap } else if nearMarker { c.steer += weights.nearMarker }
        if !frame.inset(by: weights.frameInset).contains(box) || footprint.overlaps(reservedZone) {
            c.block += weights.outside
        }
        return c
    }

    /// Whether a label beside its marker (at candidate `index`) would be read as `other`'s:
    /// `other` is nearer its middle than its own marker, or nearly as near (within
    /// `nearestShare`) and level with it the way it sits beside its marker: a label east or
    /// west across (`Los Angeles` west of its marker, level with San Diego's just below), one
    /// north or south along, one on a diagonal either way (Boston's north-west of its marker,
    /// over New York's).
    private func readsAsOthers(
        _ box: MapBox, middle: Point, ownReach: Double, other m: MarkerShape, index: Int
    ) -> Bool {
        let reach = m.spineDistance(to: middle)
        if reach < ownReach { return true }
        guard reach < Self.nearestShare * ownReach else { return false }
        return level(box, with: m, index: index)
    }

    /// Whether the label `box` (at candidate `index`) is level with marker `m` the way it sits
    /// beside its own: across for one east or west, along for one north or south, either on a
    /// diagonal; level where the marker's capsule reaches into the label's band, not only its
    /// middle (`Cary` north-west of its marker, its top a hair below Washington's middle).
    private func level(_ box: MapBox, with m: MarkerShape, index: Int) -> Bool {
        let r = m.radius
        let across = (box.minY - r...box.maxY + r).contains(m.center.y)
        let along =
            (box.minX - r...box.maxX + r).contains(m.center.x - m.capOffset)
            || (box.minX - r...box.maxX + r).contains(m.center.x + m.capOffset)
        switch LabelPosition(rawValue: index % LabelPosition.allCases.count) {
        case .east?, .west?: return across
        case .north?, .south?: return along
        default: return across || along
        }
    }

    private func labelOverlap(_ label: PlacedLabel, others: [PlacedLabel]) -> Double {
        others.contains { conflict(label, $0) } ? weights.overlap : 0
    }

    /// True when two labels meet: their footprints overlap, either's leader runs through the
    /// other's footprint, or their leaders cross.
    func conflict(_ a: PlacedLabel, _ b: PlacedLabel) -> Bool {
        let fa = a.box.inset(by: -margin), fb = b.box.inset(by: -margin)
        if fa.overlaps(fb) { return true }
        if Self.line(a.leader, meets: fb) || Self.line(b.leader, meets: fa) { return true }
        guard a.leader.count == 2, b.leader.count == 2 else { return false }
        return Self.segmentsCross(a.leader[0], a.leader[1], b.leader[0], b.leader[1])
    }

    /// True when the segments p1–p2 and q1–q2 meet (touching counts).
    static func segmentsCross(_ p1: Point, _ p2: Point, _ q1: Point, _ q2: Point) -> Bool {
        func orient(_ a: Point, _ b: Point, _ c: Point) -> Double {
            (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
        }
        let d1 = orient(q1, q2, p1), d2 = orient(q1, q2, p2)
        let d3 = orient(p1, p2, q1), d4 = orient(p1, p2, q2)
        return d1 * d2 <= 0 && d3 * d4 <= 0
            && max(p1.x, p2.x) >= min(q1.x, q2.x) && max(q1.x, q2.x) >= min(p1.x, p2.x)
            && max(p1.y, p2.y) >= min(q1.y, q2.y) && max(q1.y, q2.y) >= min(p1.y, p2.y)
    }

    /// True when a leader line (two points; none for no leader) touches `box`: an end inside it,
    /// or the line crossing one of its sides.
    static func line(_ line: [Point], meets box: MapBox) -> Bool {
        guard line.count == 2 else { return false }
        let (a, b) = (line[0], line[1])
        if box.contains(a) || box.contains(b) { return true }
        guard max(a.x, b.x) >= box.minX, min(a.x, b.x) <= box.maxX, max(a.y, b.y) >= box.minY,
            min(a.y, b.y) <= box.maxY
        else { return false }
        let corners = [
            Point(x: box.minX, y: box.minY), Point(x: box.maxX, y: box.minY), Point(x: box.maxX, y: box.maxY),
            Point(x: box.minX, y: box.maxY),
        ]
        return (0..<4).contains { segmentsCross(a, b, corners[$0], corners[($0 + 1) % 4]) }
    }

    /// The leader from `marker`'s edge, `gap` short of it, to the nearest point of `box`.
    private func leader(to box: MapBox, from m: MarkerShape) -> [Point] {
        let c = m.center
        let end = Point(x: min(max(c.x, box.minX), box.maxX), y: min(max(c.y, box.minY), box.maxY))
        // The capsule's nearest end-cap centre, so that the line leaves a wide marker from its side.
        let cap = Point(x: min(max(end.x, c.x - m.capOffset), c.x + m.capOffset), y: c.y)
        let d = hypot(end.x - cap.x, end.y - cap.y)
        guard d > m.radius + gap else { return [] }
        let start = m.radius + gap / 2
        return [
            Point(x: cap.x + (end.x - cap.x) * start / d, y: cap.y + (end.y - cap.y) * start / d),
            Point(x: end.x - (end.x - cap.x) * (gap / 2) / d, y: end.y - (end.y - cap.y) * (gap / 2) / d),
        ]
    }

    /// A request's candidates, in `LabelPosition` order, each with what it costs whatever the
    /// other labels do: worked out once per request, since the passes and the rescue weigh the
    /// same candidates again and again (the route samples inside each box are most of it).
    private typealias Option = (label: PlacedLabel, fixed: Cost)

    /// The eight positions beside the marker, then (with a leader length) the eight farther out.
    private func options(_ request: LabelRequest) -> [Option] {
        let rings = leaderLength > 0 ? [gap, gap + leaderLength, gap + 2 * leaderLength] : [gap]
        return rings.enumerated().flatMap { ring, distance in
            LabelPosition.allCases.map { position in
                let box = candidate(
                    position, width: request.width, height: request.height, marker: request.marker, gap: distance)
                let line = ring == 0 ? [] : leader(to: box, from: request.marker)
                let index = ring * LabelPosition.allCases.count + position.rawValue
                let slid = position.alignment == .center && box.midX != request.marker.center.x
                let fixed = fixedCost(box, index: index, own: request.marker, leader: line)
                return (
                    PlacedLabel(
                        box: box, position: position, leader: line, centerX: slid ? request.marker.center.x : nil,
                        onRoute: fixed.onRoute),
                    fixed
                )
            }
        }
    }

    /// `option`'s whole cost among the labels `others`.
    private func cost(_ option: Option, others: [PlacedLabel]) -> Cost {
        var c = option.fixed
        c.block += labelOverlap(option.label, others: others)
        return c
    }

    /// The best of `options` among `others`, with its cost.
    private func best(_ options: [Option], others: [PlacedLabel]) -> (cost: Cost, label: PlacedLabel) {
        var best: (cost: Cost, label: PlacedLabel)?
        for option in options {
            let c = cost(option, others: others)
            if best == nil || c < best!.cost { best = (c, option.label) }
        }
        return best!
    }

    /// Places `requests` in order; the result has one entry per request, nil for a dropped label.
    public func place(_ requests: [LabelRequest]) -> [PlacedLabel?] {
        let options = requests.map(options)
        var chosen: [PlacedLabel?] = []
        for option in options {
            let b = best(option, others: chosen.compactMap { $0 })
            chosen.append(b.cost.block < weights.drop ? b.label : nil)
        }
        func others(than i: Int, _ chosen: [PlacedLabel?]) -> [PlacedLabel] {
            chosen.indices.compactMap { $0 == i ? nil : chosen[$0] }
        }
        for _ in 0..<passes {
            var changed = false
            for i in requests.indices {
                let around = others(than: i, chosen)
                let b = best(options[i], others: around)
                let better =
                    chosen[i].map { held in b.cost < cost(options[i].first { $0.label == held }!, others: around) }
                    ?? (b.cost.block < weights.drop)
                if better {
                    chosen[i] = b.label
                    changed = true
                } else if chosen[i] == nil, let rescued = rescue(i, options, chosen) {
                    chosen = rescued
                    changed = true
                }
            }
            if !changed { break }
        }
        return chosen
    }

    /// A dropped label `i` placed on a candidate that only other labels stand in the way of,
    /// those (at most two) moved to their best other place; nil when no candidate allows it.
    private func rescue(_ i: Int, _ options: [[Option]], _ chosen: [PlacedLabel?]) -> [PlacedLabel?]? {
        for option in options[i] where option.fixed.block < weights.drop {
            let blockers = chosen.indices.filter { j in
                j != i && (chosen[j].map { conflict(option.label, $0) } ?? false)
            }
            guard (1...2).contains(blockers.count) else { continue }
            var trial = chosen
            trial[i] = option.label
            for j in blockers { trial[j] = nil }
            var moved = true
            for j in blockers {
                let around = trial.indices.compactMap { $0 == j ? nil : trial[$0] }
                let b = best(options[j], others: around)
                guard b.cost.block < weights.drop else { moved = false; break }
                trial[j] = b.label
            }
            if moved { return trial }
        }
        return nil
    }
}
