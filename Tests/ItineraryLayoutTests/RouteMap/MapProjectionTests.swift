/// The projection: equirectangular about the mean latitude, fitted and centred in the frame.
import Foundation
import ItineraryLayout
import Testing

private let frame = MapBox(x: 0, y: 0, width: 504, height: 400)
private let padding = Insets(top: 40, right: 46, bottom: 44, left: 46)
private let inner = MapBox(minX: 46, minY: 40, maxX: 458, maxY: 356)

private func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

@Suite("Map projection")
struct MapProjectionTests {
    let chicago = GeoPoint(latitude: 41.9484, longitude: -87.6553)
    let pittsburgh = GeoPoint(latitude: 40.4469, longitude: -80.0057)
    let cincinnati = GeoPoint(latitude: 39.0974, longitude: -84.5066)
    let milwaukee = GeoPoint(latitude: 43.028, longitude: -87.9712)

    @Test func theBoundingBoxFillsOneAxisAndIsCentredOnTheOther() {
        let points = [chicago, pittsburgh, cincinnati, milwaukee]
        let p = MapProjection(points: points, frame: frame, padding: padding, minimumSpan: 1.2)
        let projected = points.map(p.project)
        let minX = projected.map(\.x).min()!, maxX = projected.map(\.x).max()!
        let minY = projected.map(\.y).min()!, maxY = projected.map(\.y).max()!
        // One axis touches both sides of the padded frame; the other is centred in it.
        let fillsWidth = close(minX, inner.minX, 1e-6) && close(maxX, inner.maxX, 1e-6)
        let fillsHeight = close(minY, inner.minY, 1e-6) && close(maxY, inner.maxY, 1e-6)
        #expect(fillsWidth || fillsHeight)
        #expect(close((minX + maxX) / 2, inner.midX, 1e-6))
        #expect(close((minY + maxY) / 2, inner.midY, 1e-6))
        #expect(
            minX >= inner.minX - 1e-6 && maxX <= inner.maxX + 1e-6 && minY >= inner.minY - 1e-6
                && maxY <= inner.maxY + 1e-6)
    }

    @Test("x = lon·cos φ0 and y = −lat at one scale, φ0 the mean latitude")
    func uniformScaleAboutTheMeanLatitude() {
        let points = [chicago, pittsburgh, cincinnati]
        let p = MapProjection(points: points, frame: frame, padding: padding, minimumSpan: 1.2)
        let phi0 = (chicago.latitude + pittsburgh.latitude + cincinnati.latitude) / 3
        #expect(close(p.referenceLatitude, phi0))
        #expect(close(p.longitudeFactor, cos(phi0 * .pi / 180)))
        let a = p.project(chicago), b = p.project(pittsburgh)
        #expect(close(b.x - a.x, (pittsburgh.longitude - chicago.longitude) * p.longitudeFactor * p.scale, 1e-9))
        #expect(close(b.y - a.y, -(pittsburgh.latitude - chicago.latitude) * p.scale, 1e-9))
        // North is up, east is right.
        #expect(b.x > a.x && b.y > a.y)
    }

    @Test("a single place gets the minimum span and sits at the centre")
    func onePlace() {
        let p = MapProjection(points: [chicago], frame: frame, padding: padding, minimumSpan: 1.2)
        let c = p.project(chicago)
        #expect(close(c.x, inner.midX) && close(c.y, inner.midY))
        // 1.2° of latitude fits the padded height, and 1.2° of longitude the width.
        #expect(close(p.scale, min(inner.width / (1.2 * p.longitudeFactor), inner.height / 1.2)))
    }

    @Test("a narrow axis is widened to the minimum span about its centre")
    func minimumSpanPerAxis() {
        // Two places on one parallel: the latitude span is 0, so 1.2° is used for it.
        let west = GeoPoint(latitude: 40, longitude: -90), east = GeoPoint(latitude: 40, longitude: -89.9)
        let p = MapProjection(points: [west, east], frame: frame, padding: padding, minimumSpan: 1.2)
        #expect(close(p.scale, min(inner.width / (1.2 * p.longitudeFactor), inner.height / 1.2)))
        #expect(close(p.project(west).y, inner.midY))
        #expect(close((p.project(west).x + p.project(east).x) / 2, inner.midX, 1e-6))
    }

    @Test func coastToCoastFitsTheWidth() {
        let seattle = GeoPoint(latitude: 47.5914, longitude: -122.3325),
            boston = GeoPoint(latitude: 42.3467, longitude: -71.0972)
        let miami = GeoPoint(latitude: 25.7781, longitude: -80.2196)
        let p = MapProjection(points: [seattle, boston, miami], frame: frame, padding: padding, minimumSpan: 1.2)
        #expect(close(p.project(seattle).x, inner.minX, 1e-6))
        #expect(close(p.project(boston).x, inner.maxX, 1e-6))
        #expect(p.project(miami).y <= inner.maxY + 1e-6 && p.project(seattle).y >= inner.minY - 1e-6)
    }

    @Test("inverse positions and the distance scale agree with the projection")
    func inverseAndDistances() {
        let p = MapProjection(points: [chicago, pittsburgh], frame: frame, padding: padding, minimumSpan: 1.2)
        let c = p.project(chicago)
        #expect(close(p.longitude(atX: c.x), chicago.longitude, 1e-9))
        #expect(close(p.latitude(atY: c.y), chicago.latitude, 1e-9))
        // One degree of latitude is about 111.2 km.
        #expect(close(p.pointsPerKilometre * MapProjection.kilometresPerDegree, p.scale, 1e-9))
        #expect(close(MapProjection.kilometresPerDegree, 111.195, 0.001))
    }

    @Test("a route across the Pacific is drawn across it: Tokyo west of Los Angeles, 180° between them")
    func acrossTheAntimeridian() {
        let losAngeles = GeoPoint(latitude: 34.07, longitude: -118.24),
            tokyo = GeoPoint(latitude: 35.71, longitude: 139.75)
        let seoul = GeoPoint(latitude: 37.5, longitude: 126.87)
        let p = MapProjection(points: [losAngeles, tokyo, seoul], frame: frame, padding: padding, minimumSpan: 1.2)
        #expect(close(p.west, 126.87))
        #expect(close(p.project(seoul).x, inner.minX, 1e-6))
        #expect(close(p.project(losAngeles).x, inner.maxX, 1e-6))
        #expect(p.project(tokyo).x < p.project(losAngeles).x)
        // The date line lies between them, and the inverse runs past 180 without a jump.
        let dateLine = p.x(ofLongitude: 180)
        #expect(p.project(tokyo).x < dateLine && dateLine < p.project(losAngeles).x)
        #expect(close(p.x(ofLongitude: -180), dateLine, 1e-9))
        #expect(close(p.longitude(atX: p.project(losAngeles).x), 360 - 118.24, 1e-9))
    }

    @Test(
        "the narrowest arc holding every longitude starts east of the widest gap",
        arguments: [
            ([-87.6, -80.0, -118.2], -118.2), ([139.75, -118.24], 139.75), ([-170.0, 170.0, 175.0], 170.0),
            ([10.0], 10.0),
            ([0.0, 120.0, -120.0], -120.0),
        ])
    func westernEdge(longitudes: [Double], edge: Double) {
        #expect(close(MapProjection.westernEdge(longitudes), edge))
    }

    @Test(
        "the westernmost place stays in the west whatever the rounding of its longitude (Madrid, Rio, London, Sydney)",
        arguments: [-3.6883, -43.2, -0.1086, 151.2093, 34.7614, -63.5752, 130.4017])
    func westernmostStaysWest(longitude: Double) {
        let west = GeoPoint(latitude: 40, longitude: longitude), east = GeoPoint(latitude: 41, longitude: longitude + 5)
        let p = MapProjection(points: [west, east], frame: frame, padding: padding, minimumSpan: 1.2)
        #expect(close(p.project(west).x, inner.minX, 1e-6), "\(p.project(west).x)")
        #expect(close(p.project(east).x, inner.maxX, 1e-6))
    }

    @Test(
        "a wide route near a pole leaves no band past the pole when the frame has room to spare (Reykjavík to Anchorage)"
    )
    func noLatitudePastThePoles() {
        let reykjavik = GeoPoint(latitude: 64.15, longitude: -21.94),
            anchorage = GeoPoint(latitude: 61.22, longitude: -149.9)
        let tromso = GeoPoint(latitude: 69.65, longitude: 18.96)
        let p = MapProjection(points: [anchorage, reykjavik, tromso], frame: frame, padding: padding, minimumSpan: 1.2)
        #expect(p.latitude(atY: frame.minY) <= 90 + 1e-9, "\(p.latitude(atY: frame.minY))")
        for place in [reykjavik, anchorage, tromso] {
            let at = p.project(place)
            #expect(inner.inset(by: -1e-6).contains(at), "\(place) at \(at)")
        }
        // A route in the middle latitudes is centred as before.
        let mid = MapProjection(points: [chicago, pittsburgh], frame: frame, padding: padding, minimumSpan: 1.2)
        #expect(close((mid.project(chicago).y + mid.project(pittsburgh).y) / 2, inner.midY, 1e-6))
    }
}
