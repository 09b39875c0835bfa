/// Choosing the scale bar's length.
import Foundation

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

    /// Whether one bar tells distances on a map of places at `latitudes`. The map is
    /// equirectangular: a degree of longitude is drawn as long at every latitude though on the
    /// ground it is `cos φ` as long, so a bar true where the map is centred overstates east–west
    /// distances poleward and understates them toward the equator. Across the United States
    /// (25°N–49°N) the ground length of a drawn point differs 1.4 times between the southern and
    /// the northern places; from Oslo to Svalbard (60°N–78°N), 2.4 times; past
    /// `maximumScaleRatio` the map shows no bar rather than one that is wrong across most of it.
    public static func holds(latitudes: [Double]) -> Bool {
        guard let low = latitudes.min(), let high = latitudes.max() else { return true }
        // The nearest the places come to the equator, and the farthest from it.
        let nearest = low <= 0 && high >= 0 ? 0 : min(abs(low), abs(high))
        let farthest = max(abs(low), abs(high))
        let poleward = cos(farthest * .pi / 180)
        return poleward > 0 && cos(nearest * .pi / 180) / poleward <= maximumScaleRatio
    }

    /// How many times the ground length of a drawn point may differ across a map with a scale bar.
    public static let maximumScaleRatio = 2.0
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
