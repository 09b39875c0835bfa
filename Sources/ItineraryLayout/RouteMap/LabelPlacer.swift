/// Placing city labels beside their markers without covering markers, labels or the route.

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
}

/// Greedy placement: each label, in the order given (its priority), takes its best-scoring
/// candidate position, or is dropped when even that one collides.
///
/// Score (lower is better) = position weight × candidate index
/// + route weight × route samples inside the box
/// + overlap penalty if it meets a marker (within its clearance) or a label already placed
/// + outside penalty if it leaves the frame (less the inset) or enters the scale-bar zone.
public struct LabelPlacer: Sendable {
    /// The map frame in the labels' coordinates.
    public var frame: MapBox
    /// The bottom-right corner kept for the scale bar.
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

    /// - Parameters: see the properties; `margin` and `routeMargin` default to 0.
    public init(frame: MapBox, reservedZone: MapBox, markers: [MarkerShape], routeSamples: [Point], weights: LabelWeights,
                gap: Double, margin: Double = 0, routeMargin: Double = 0) {
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
    /// from the capsule; diagonals sit (R + gap)·0.707 out from an end cap's centre on each axis.
    public func candidate(_ position: LabelPosition, width: Double, height: Double, marker m: MarkerShape) -> MapBox {
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

    /// The score of the text box `box` at candidate `index`, given the text boxes placed so far.
    public func score(_ box: MapBox, index: Int, placed: [MapBox]) -> Double {
        let footprint = box.inset(by: -margin)
        var score = weights.position * Double(index)
        let routeZone = footprint.inset(by: -routeMargin)
        score += weights.routeSample * Double(routeSamples.filter { routeZone.contains($0) }.count)
        if markers.contains(where: { $0.meets(footprint, clearance: weights.markerClearance) })
            || placed.contains(where: { $0.inset(by: -margin).overlaps(footprint) }) {
            score += weights.overlap
        }
        if !frame.inset(by: weights.frameInset).contains(box) || footprint.overlaps(reservedZone) {
            score += weights.outside
        }
        return score
    }

    /// Places `requests` in order; the result has one entry per request, nil for a dropped label.
    public func place(_ requests: [LabelRequest]) -> [PlacedLabel?] {
        var placed: [MapBox] = []
        return requests.map { request in
            var best: (score: Double, label: PlacedLabel)?
            for position in LabelPosition.allCases {
                let box = candidate(position, width: request.width, height: request.height, marker: request.marker)
                let s = score(box, index: position.rawValue, placed: placed)
                if best == nil || s < best!.score { best = (s, PlacedLabel(box: box, position: position)) }
            }
            guard let best, best.score < weights.drop else { return nil }
            placed.append(best.label.box)
            return best.label
        }
    }
}
