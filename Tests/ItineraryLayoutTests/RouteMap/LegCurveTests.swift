/// Route legs: bowed quadratic curves, their cubic form, samples and arrowheads.
import DisplayList
@testable import ItineraryLayout
import Testing

private func distance(_ a: Point, _ b: Point) -> Double {
    ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
}

@Suite("Leg curves")
struct LegCurveTests {
    @Test("the control point is the midpoint pushed right by min(0.14·|AB|, 26)")
    func bow() {
        // Heading east (y down): the right-hand side is south, +y.
        let short = LegCurve(from: Point(x: 0, y: 0), to: Point(x: 100, y: 0), bow: 0.14, maxBow: 26)
        #expect(abs(short.control.x - 50) < 1e-9 && abs(short.control.y - 14) < 1e-9)
        let long = LegCurve(from: Point(x: 0, y: 0), to: Point(x: 400, y: 0), bow: 0.14, maxBow: 26)
        #expect(abs(long.control.y - 26) < 1e-9)
        // Heading north: right is east.
        let north = LegCurve(from: Point(x: 0, y: 100), to: Point(x: 0, y: 0), bow: 0.14, maxBow: 26)
        #expect(north.control.x > 0 && abs(north.control.y - 50) < 1e-9)
    }

    @Test("a leg back over the same ground bows the other way")
    func returnLeg() {
        let a = Point(x: 10, y: 20), b = Point(x: 200, y: 140)
        let there = LegCurve(from: a, to: b, bow: 0.14, maxBow: 26),
            back = LegCurve(from: b, to: a, bow: 0.14, maxBow: 26)
        let mid = Point(x: 105, y: 80)
        #expect(abs((there.control.x - mid.x) + (back.control.x - mid.x)) < 1e-9)
        #expect(abs((there.control.y - mid.y) + (back.control.y - mid.y)) < 1e-9)
        #expect(distance(there.point(at: 0.5), back.point(at: 0.5)) > 20)
    }

    @Test("the cubic form has the quadratic's endpoints and control points two thirds of the way")
    func cubic() throws {
        let leg = LegCurve(from: Point(x: 62.35, y: 136.82), to: Point(x: 46, y: 62.2), bow: 0.14, maxBow: 26)
        let path = leg.path
        #expect(path.count == 2)
        guard case let .move(start) = path[0], case let .curve(c1, c2, end) = path[1] else {
            Issue.record("expected move then curve"); return
        }
        #expect(start == leg.start && end == leg.end)
        // The design's leg from Chicago to Milwaukee.
        #expect(distance(c1, Point(x: 63.863, y: 110.42)) < 0.01)
        #expect(distance(c2, Point(x: 58.413, y: 85.547)) < 0.01)
    }

    @Test func samplesRunFromStartToEnd() {
        let leg = LegCurve(from: Point(x: 0, y: 0), to: Point(x: 90, y: 0), bow: 0.14, maxBow: 26)
        let s = leg.samples(30)
        #expect(s.count == 30)
        #expect(s.first == leg.start && s.last == leg.end)
    }

    @Test("the arrowhead is 6 long and 6.8 wide, centred on the curve's midpoint, along B − A")
    func arrowhead() {
        let leg = LegCurve(from: Point(x: 0, y: 0), to: Point(x: 100, y: 0), bow: 0.14, maxBow: 26)
        let head = leg.arrowhead(length: 6, width: 6.8)
        guard case let .move(tip) = head[0], case let .line(left) = head[1], case let .line(right) = head[2] else {
            Issue.record("expected a triangle"); return
        }
        let c = leg.point(at: 0.5)
        #expect(abs(tip.x - (c.x + 3)) < 1e-9 && abs(tip.y - c.y) < 1e-9)
        #expect(abs(distance(left, right) - 6.8) < 1e-9)
        #expect(abs(left.x - (c.x - 3)) < 1e-9 && abs(right.x - (c.x - 3)) < 1e-9)
    }

    @Test(
        "an arrowhead under a label's plate moves along its leg until it clears it, still pointing the way the leg goes"
    )
    func arrowheadClearsPlates() throws {
        // Left to right, bowed down (y grows downwards): its middle at (50, 7).
        let leg = LegCurve(from: Point(x: 0, y: 0), to: Point(x: 100, y: 0), bow: 0.14, maxBow: 26)
        #expect(RouteMapRenderer.arrowPosition(leg, length: 6, plates: []) == 0.5)
        let plate = MapBox(x: 40, y: 0, width: 20, height: 14)
        let t = try #require(RouteMapRenderer.arrowPosition(leg, length: 6, plates: [plate]))
        #expect(t != 0.5)
        let head = leg.arrowhead(length: 6, width: 6.8, at: t)
        guard case let .move(tip) = head[0], case let .line(left) = head[1], case let .line(right) = head[2] else {
            Issue.record("expected a triangle"); return
        }
        for p in [tip, left, right] { #expect(!plate.contains(p), "\(t): \(p)") }
        // Along the tangent there: the tip ahead of the base, the way the leg goes (rightwards).
        #expect(tip.x > (left.x + right.x) / 2)
        // Another leg crossing at its middle: moved off the crossing, where it could be either's.
        let across = LegCurve(from: Point(x: 50, y: -40), to: Point(x: 50, y: 60), bow: 0, maxBow: 0)
        let points = RouteMapRenderer.crossingPoints(of: leg, among: [leg, across], length: 6)
        #expect(!points.isEmpty)
        let off = try #require(RouteMapRenderer.arrowPosition(leg, length: 6, plates: [], crossing: points))
        #expect(off != 0.5 && abs(leg.point(at: off).x - 50) >= 6, "\(off)")
        // A leg far away is not among the crossing ones.
        let far = LegCurve(from: Point(x: 0, y: 200), to: Point(x: 100, y: 200), bow: 0, maxBow: 0)
        #expect(RouteMapRenderer.crossingPoints(of: leg, among: [far], length: 6).isEmpty)
        // Never under a marker: a short leg between two markers nearly touching gets none.
        let short = LegCurve(from: Point(x: 0, y: 0), to: Point(x: 24, y: 0), bow: 0.14, maxBow: 26)
        let ends = [
            MarkerShape(center: Point(x: 0, y: 0), radius: 7, halfWidth: 11),
            MarkerShape(center: Point(x: 24, y: 0), radius: 7, halfWidth: 11),
        ]
        #expect(RouteMapRenderer.arrowPosition(short, length: 6, plates: [], markers: ends) == nil)
        let legEnds = [ends[0], MarkerShape(center: Point(x: 100, y: 0), radius: 7, halfWidth: 11)]
        #expect(RouteMapRenderer.arrowPosition(leg, length: 6, plates: [], markers: legEnds) == 0.5)
        // Nor with its base against the marker it leaves, where it reads as pointing at it: on a
        // leg whose line shows 9 between its markers, the arrowhead's 6 with 1 before its tip
        // leaves 2 behind its base, under the half length it needs.
        let tight = LegCurve(from: Point(x: 0, y: 0), to: Point(x: 23, y: 0), bow: 0.14, maxBow: 26)
        let circles = [
            MarkerShape(center: Point(x: 0, y: 0), radius: 7, halfWidth: 7),
            MarkerShape(center: Point(x: 23, y: 0), radius: 7, halfWidth: 7),
        ]
        #expect(RouteMapRenderer.arrowPosition(tight, length: 6, plates: [], markers: circles) == nil)
        let longer = LegCurve(from: Point(x: 0, y: 0), to: Point(x: 30, y: 0), bow: 0.14, maxBow: 26)
        let apart = [circles[0], MarkerShape(center: Point(x: 30, y: 0), radius: 7, halfWidth: 7)]
        #expect(RouteMapRenderer.arrowPosition(longer, length: 6, plates: [], markers: apart) != nil)
        // Near a marker it does not join, it reads as pointing at that stop: twice its length
        // clear of it. A third marker just above the leg's middle moves the arrowhead along.
        let straight = LegCurve(from: Point(x: 0, y: 0), to: Point(x: 100, y: 0), bow: 0, maxBow: 0)
        let above = MarkerShape(center: Point(x: 50, y: -11), radius: 7, halfWidth: 7)
        let along = try #require(RouteMapRenderer.arrowPosition(straight, length: 6, plates: [], markers: [above]))
        #expect(along != 0.5)
        let corners = straight.arrowhead(length: 6, width: 7.2, at: along).compactMap { e -> Point? in
            if case let .move(p) = e { return p }
            if case let .line(p) = e { return p }
            return nil
        }
        #expect(corners.allSatisfy { above.edgeDistance(to: MapBox(x: $0.x, y: $0.y, width: 0, height: 0)) >= 12 })
        // A plate over the whole middle fifth and more: the middle, as before.
        let wide = MapBox(x: 20, y: -10, width: 60, height: 30)
        #expect(RouteMapRenderer.arrowPosition(leg, length: 6, plates: [wide]) == 0.5)
    }
}
