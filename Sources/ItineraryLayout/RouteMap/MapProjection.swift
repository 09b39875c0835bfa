/// The map's projection: equirectangular about the route's mean latitude, fitted into the frame.
import Foundation

/// A place on Earth, in degrees (north and east positive).
public struct GeoPoint: Sendable, Hashable {
    public var latitude: Double
    public var longitude: Double
    /// Degrees, north and east positive.
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// Projects x = lon·cos φ0, y = −lat (φ0 the mean latitude of the points), then fits the
/// points' bounding box into the frame less its padding at one uniform scale, centred.
/// A box narrower than the minimum span on an axis is widened about its centre.
public struct MapProjection: Sendable {
    /// φ0, in degrees.
    public let referenceLatitude: Double
    /// Points per projected unit; a projected unit is one degree of latitude.
    public let scale: Double
    /// cos φ0: how much a degree of longitude is shortened.
    public let longitudeFactor: Double
    private let center: (x: Double, y: Double)
    private let target: (x: Double, y: Double)

    /// Mean Earth radius (IUGG), for the scale bar.
    public static let earthRadiusKilometres = 6371.0088
    /// Kilometres in one degree of a great circle.
    public static var kilometresPerDegree: Double { earthRadiusKilometres * .pi / 180 }

    /// - Parameters:
    ///   - points: the places to show; at least one.
    ///   - frame: the map's frame in its own coordinates.
    ///   - padding: room kept inside the frame around the points.
    ///   - minimumSpan: the least span, in degrees, on each axis.
    public init(points: [GeoPoint], frame: MapBox, padding: Insets, minimumSpan: Double) {
        precondition(!points.isEmpty, "a projection needs at least one point")
        let phi0 = points.map(\.latitude).reduce(0, +) / Double(points.count)
        let k = cos(phi0 * .pi / 180)
        referenceLatitude = phi0
        longitudeFactor = k
        let xs = points.map { $0.longitude * k }, ys = points.map { -$0.latitude }
        let minX = xs.min()!, maxX = xs.max()!, minY = ys.min()!, maxY = ys.max()!
        let spanX = max(maxX - minX, minimumSpan * k), spanY = max(maxY - minY, minimumSpan)
        center = ((minX + maxX) / 2, (minY + maxY) / 2)
        let innerWidth = max(1, frame.width - padding.left - padding.right)
        let innerHeight = max(1, frame.height - padding.top - padding.bottom)
        scale = min(innerWidth / spanX, innerHeight / spanY)
        target = (frame.minX + padding.left + innerWidth / 2, frame.minY + padding.top + innerHeight / 2)
    }

    /// The map position of a place.
    public func project(_ p: GeoPoint) -> Point {
        Point(x: target.x + (p.longitude * longitudeFactor - center.x) * scale,
              y: target.y + (-p.latitude - center.y) * scale)
    }

    /// The longitude shown at map position `x`.
    public func longitude(atX x: Double) -> Double { ((x - target.x) / scale + center.x) / longitudeFactor }

    /// The latitude shown at map position `y`.
    public func latitude(atY y: Double) -> Double { -((y - target.y) / scale + center.y) }

    /// The map x of a meridian.
    public func x(ofLongitude lon: Double) -> Double { target.x + (lon * longitudeFactor - center.x) * scale }

    /// The map y of a parallel.
    public func y(ofLatitude lat: Double) -> Double { target.y + (-lat - center.y) * scale }

    /// Points per kilometre at φ0 (the same along both axes there).
    public var pointsPerKilometre: Double { scale / Self.kilometresPerDegree }
}
