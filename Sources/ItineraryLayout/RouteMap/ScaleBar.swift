/// Choosing the scale bar's length.

/// A round distance and how long it is drawn on the map.
public struct ScaleBar: Sendable, Equatable {
    /// In the trip's units (miles or kilometres).
    public var distance: Double
    public var length: Double

    /// The first of `candidates` drawn at least `minimumLength` long; the longest candidate when none is.
    /// - Parameter pointsPerUnit: map points per mile or kilometre.
    public static func choose(pointsPerUnit: Double, candidates: [Double], minimumLength: Double) -> ScaleBar {
        let distance = candidates.first { $0 * pointsPerUnit >= minimumLength } ?? candidates.last ?? 1
        return ScaleBar(distance: distance, length: distance * pointsPerUnit)
    }

    /// The international mile.
    public static let kilometresPerMile = 1.609344
}

/// Where the scale bar and the north arrow go: the bar's length, its right end, and the corner
/// of the frame kept for the two (labels stay out of it).
struct ScaleCorner: Sendable, Equatable {
    var bar: ScaleBar
    var barRight: Double
    var zone: MapBox

    /// The bottom-right corner as the spec places it, then the same group moved to the
    /// bottom-left, the arrow as far from the left edge as the bar is from the right.
    static func bottomCorners(
        _ s: ScaleBarSpec, projection: MapProjection, kilometresPerUnit: Double, frame: MapBox
    ) -> [ScaleCorner] {
        let bar = ScaleBar.choose(
            pointsPerUnit: projection.pointsPerKilometre * kilometresPerUnit, candidates: s.lengths,
            minimumLength: s.minimumLength)
        let barRight = frame.maxX - s.right
        let groupLeft = barRight - bar.length - s.northGap - s.northWidth / 2
        let zone = MapBox(
            minX: min(frame.maxX - s.zoneWidth, groupLeft),
            minY: min(frame.maxY - s.zoneHeight, frame.maxY - s.bottom - s.northTop),
            maxX: frame.maxX, maxY: frame.maxY)
        let shift = frame.minX + s.right - groupLeft
        let mirrored = MapBox(
            minX: frame.minX, minY: zone.minY, maxX: frame.minX + (frame.maxX - zone.minX), maxY: zone.maxY)
        return [
            ScaleCorner(bar: bar, barRight: barRight, zone: zone),
            ScaleCorner(bar: bar, barRight: barRight + shift, zone: mirrored),
        ]
    }
}
