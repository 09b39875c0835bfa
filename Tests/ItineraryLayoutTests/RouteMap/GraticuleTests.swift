/// Graticule steps and the lines that cross the frame.
import Foundation
import ItineraryLayout
import Testing

private let steps: [Double] = [1, 2, 5, 10]
private let limits: [Double] = [12, 25, 60]

@Suite("Graticule")
struct GraticuleTests {
    @Test(
        "every 1° under 12°, 2° under 25°, 5° under 60°, else 10°",
        arguments: [
            (5.0, 1.0), (11.99, 1.0), (12.0, 2.0), (24.9, 2.0), (25.0, 5.0), (59.9, 5.0), (60.0, 10.0), (250.0, 10.0),
        ])
    func stepBySpan(span: Double, step: Double) {
        #expect(Graticule.step(forSpan: span, steps: steps, stepsBelow: limits) == step)
    }

    @Test func linesSitOnRoundDegreesInsideTheFrame() {
        let frame = MapBox(x: 0, y: 0, width: 504, height: 400)
        let p = MapProjection(
            points: [GeoPoint(latitude: 41.9, longitude: -87.6), GeoPoint(latitude: 39.1, longitude: -80.0)],
            frame: frame, padding: Insets(top: 40, right: 46, bottom: 44, left: 46), minimumSpan: 1.2)
        let g = Graticule(projection: p, frame: frame, steps: steps, stepsBelow: limits)
        #expect(g.step == 1)
        #expect(!g.meridians.isEmpty && !g.parallels.isEmpty)
        for m in g.meridians {
            #expect(m.degrees == m.degrees.rounded())
            #expect(m.position > 0 && m.position < 504)
            #expect(abs(p.x(ofLongitude: m.degrees) - m.position) < 1e-9)
        }
        for l in g.parallels {
            #expect(l.position > 0 && l.position < 400)
            #expect(abs(p.y(ofLatitude: l.degrees) - l.position) < 1e-9)
        }
        // West to east, then north to south; every line that crosses the frame is there.
        #expect(g.meridians.map(\.position) == g.meridians.map(\.position).sorted())
        #expect(g.parallels.map(\.position) == g.parallels.map(\.position).sorted())
        let west = p.longitude(atX: 0), east = p.longitude(atX: 504)
        #expect(g.meridians.count == Int(east.rounded(.down) - west.rounded(.up)) + 1)
    }

    @Test("a continent-wide map steps by 10°")
    func wideMap() {
        let frame = MapBox(x: 0, y: 0, width: 504, height: 362)
        let p = MapProjection(
            points: [
                GeoPoint(latitude: 49.28, longitude: -123.1), GeoPoint(latitude: 25.78, longitude: -80.2),
                GeoPoint(latitude: 42.35, longitude: -71.1),
            ],
            frame: frame, padding: Insets(top: 40, right: 46, bottom: 44, left: 46), minimumSpan: 1.2)
        let g = Graticule(projection: p, frame: frame, steps: steps, stepsBelow: limits)
        #expect(g.step == 10)
        #expect(g.meridians.allSatisfy { $0.degrees.truncatingRemainder(dividingBy: 10) == 0 })
    }

    @Test("across the date line every meridian is a real longitude and parallels stop short of the poles")
    func realCoordinatesOnly() {
        let frame = MapBox(x: 0, y: 0, width: 504, height: 400)
        let p = MapProjection(
            points: [GeoPoint(latitude: 34.07, longitude: -118.24), GeoPoint(latitude: 35.71, longitude: 139.75)],
            frame: frame, padding: Insets(top: 40, right: 46, bottom: 44, left: 46), minimumSpan: 1.2)
        let g = Graticule(projection: p, frame: frame, steps: steps, stepsBelow: limits)
        #expect(g.step == 10)
        #expect(g.meridians.allSatisfy { $0.degrees >= -180 && $0.degrees < 180 })
        #expect(g.meridians.contains { $0.degrees == 170 } && g.meridians.contains { $0.degrees == -170 })
        #expect(g.meridians.map(\.position) == g.meridians.map(\.position).sorted())
        for m in g.meridians { #expect(abs(p.x(ofLongitude: m.degrees) - m.position) < 1e-9) }
        // A wide, short trip leaves room above and below: latitudes stay inside ±90.
        let wide = MapProjection(
            points: [GeoPoint(latitude: 0, longitude: -170), GeoPoint(latitude: 0, longitude: 170)],
            frame: MapBox(x: 0, y: 0, width: 100, height: 400), padding: Insets(top: 0, right: 0, bottom: 0, left: 0),
            minimumSpan: 1.2)
        let tall = Graticule(
            projection: wide, frame: MapBox(x: 0, y: 0, width: 100, height: 400), steps: steps, stepsBelow: limits)
        #expect(!tall.parallels.isEmpty && tall.parallels.allSatisfy { abs($0.degrees) < 90 })
    }
}
