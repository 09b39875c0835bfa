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
