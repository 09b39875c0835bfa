/// The map's projection: equirectangular about the route's mean latitude, fitted into the frame.
import DisplayList
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
///
/// Longitudes are measured eastward from the western edge of the narrowest arc that holds
/// every point, so a trip from Los Angeles to Tokyo is drawn across the Pacific (the arc
/// from 139°E east to 118°W) and not across the Atlantic and Europe: the map's x runs
/// continuously over the antimeridian, and `longitude(atX:)` gives real longitudes back.
public struct MapProjection: Sendable {
    /// φ0, in degrees.
    public let referenceLatitude: Double
    /// Points per projected unit; a projected unit is one degree of latitude.
    public let scale: Double
    /// cos φ0: how much a degree of longitude is shortened.
    public let longitudeFactor: Double
    /// The western edge of the points' arc: every longitude is unwrapped into
    /// `west ..< west + 360` before it is projected.
    public let west: Double
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
        let west = Self.westernEdge(points.map(\.longitude))
        self.west = west
        let xs = points.map { Self.unwrap($0.longitude, from: west) * k }, ys = points.map { -$0.latitude }
        let minX = xs.min()!, maxX = xs.max()!, minY = ys.min()!, maxY = ys.max()!
        let spanX = max(maxX - minX, minimumSpan * k), spanY = max(maxY - minY, minimumSpan)
        let innerWidth = max(1, frame.width - padding.left - padding.right)
        let innerHeight = max(1, frame.height - padding.top - padding.bottom)
        let scale = min(innerWidth / spanX, innerHeight / spanY)
        self.scale = scale
        target = (frame.minX + padding.left + innerWidth / 2, frame.minY + padding.top + innerHeight / 2)
        // A wide route leaves the frame taller than the route: the slack goes where the frame
        // then shows no latitude past a pole, as far as the points stay inside the padding.
        let half = innerHeight / 2 / scale
        let (above, below) = ((target.y - frame.minY) / scale, (frame.maxY - target.y) / scale)
        let (low, high) = (-90 + above, 90 - below)
        let wanted = low <= high ? min(max((minY + maxY) / 2, low), high) : (low + high) / 2
        let y = min(max(wanted, maxY - half), minY + half)
        center = ((minX + maxX) / 2, y)
    }

    /// The western edge of the narrowest arc of longitude holding all of `longitudes`: the
    /// point just east of the widest gap between neighbours round the circle. A trip that
    /// stays within one hemisphere of longitude gets its least longitude, so the map is as it
    /// was before the antimeridian was considered; ties go to the first gap found.
    public static func westernEdge(_ longitudes: [Double]) -> Double {
        let sorted = longitudes.map(normalized).sorted()
        guard var edge = sorted.first else { return -180 }
        // The gap that wraps from the easternmost point round to the westernmost.
        var widest = sorted[0] + 360 - sorted[sorted.count - 1]
        for (a, b) in zip(sorted, sorted.dropFirst()) where b - a > widest + 1e-9 {
            widest = b - a
            edge = b
        }
        return edge
    }

    /// `lon` in −180 ..< 180 (a value a rounding step from a whole turn is taken as it).
    public static func normalized(_ lon: Double) -> Double {
        turn(lon + 180) - 180
    }

    /// `lon` moved by whole turns into `west ..< west + 360`: the western edge itself, give or
    /// take the rounding of the arithmetic that found it, stays where it is (−43.2 must not come
    /// back as 316.8 because −43.2 + 180 − 180 is −43.19999999999999).
    static func unwrap(_ lon: Double, from west: Double) -> Double {
        west + turn(lon - west)
    }

    /// `d` in 0 ..< 360, where a remainder within a billionth of a degree of a whole turn is 0.
    private static func turn(_ d: Double) -> Double {
        var r = d.truncatingRemainder(dividingBy: 360)
        if r < 0 { r += 360 }
        return r > 360 - 1e-9 ? 0 : r
    }

    /// The map position of a place.
    public func project(_ p: GeoPoint) -> Point {
        Point(x: x(ofLongitude: p.longitude), y: y(ofLatitude: p.latitude))
    }

    /// The longitude shown at map position `x`, unwrapped: east of the map's western edge it
    /// may pass 180 (use `normalized` to print it).
    public func longitude(atX x: Double) -> Double { ((x - target.x) / scale + center.x) / longitudeFactor }

    /// The latitude shown at map position `y`.
    public func latitude(atY y: Double) -> Double { -((y - target.y) / scale + center.y) }

    /// The map x of a meridian, in any of its forms (170°W is −170 or 190): it is taken within
    /// half a turn of the map's centre.
    public func x(ofLongitude lon: Double) -> Double {
        let middle = center.x / longitudeFactor
        return target.x + (Self.unwrap(lon, from: middle - 180) * longitudeFactor - center.x) * scale
    }

    /// The map y of a parallel.
    public func y(ofLatitude lat: Double) -> Double { target.y + (-lat - center.y) * scale }

    /// Points per kilometre at φ0 (the same along both axes there).
    public var pointsPerKilometre: Double { scale / Self.kilometresPerDegree }
}
