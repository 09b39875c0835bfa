/// Label placement: candidates around markers, the score, collision avoidance and dropping.
import DisplayList
import Foundation
import ItineraryLayout
import Testing

private let weights = LabelWeights(
    position: 2, routeSample: 15, samplesPerLeg: 30, overlap: 500, outside: 1000, drop: 500,
    markerClearance: 2.5, frameInset: 8)
private let frame = MapBox(x: 0, y: 0, width: 504, height: 400)
private let zone = MapBox(minX: 384, minY: 370, maxX: 504, maxY: 400)

private func marker(_ x: Double, _ y: Double, halfWidth: Double = 8.5) -> MarkerShape {
    MarkerShape(center: Point(x: x, y: y), radius: 8.5, halfWidth: halfWidth)
}

/// A fixed pseudo-random sequence in [0, 1), the same on every run.
private struct Sequence {
    var seed: UInt64
    mutating func next() -> Double {
        seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Double(seed >> 33) / Double(1 << 31)
    }
}

/// Whether `other`'s capsule reaches into `label`'s band the way the label sits from its own
/// marker: across for one east or west, along for one north or south, either on a diagonal.
private func isLevel(_ label: PlacedLabel, with other: MarkerShape) -> Bool {
    let r = other.radius
    let across = (label.box.minY - r...label.box.maxY + r).contains(other.center.y)
    let along = [-other.capOffset, other.capOffset].contains {
        (label.box.minX - r...label.box.maxX + r).contains(other.center.x + $0)
    }
    switch label.position {
    case .east, .west: return across
    case .north, .south: return along
    default: return across || along
    }
}

private func placer(_ markers: [MarkerShape], samples: [Point] = []) -> LabelPlacer {
    LabelPlacer(
        frame: frame, reservedZone: zone, markers: markers, routeSamples: samples, weights: weights, gap: 5, margin: 1.5
    )
}

/// Markers on all eight candidate positions beside `m`.
private func boxedIn(_ m: MarkerShape) -> [MarkerShape] {
    [(60.0, 0.0), (-60, 0), (30, -25), (30, 25), (-30, -25), (-30, 25), (0, -25), (0, 25)].map {
        marker(m.center.x + $0.0, m.center.y + $0.1)
    }
}

@Suite("Label placer")
struct LabelPlacerTests {
    @Test("candidates sit 5 from the marker on the sides and (R + 5)·0.707 out on the diagonals")
    func candidates() {
        let m = marker(100, 100, halfWidth: 13.5)
        let p = placer([m])
        let d = 13.5 * 0.5.squareRoot()
        #expect(p.candidate(.east, width: 40, height: 20, marker: m) == MapBox(x: 118.5, y: 90, width: 40, height: 20))
        #expect(p.candidate(.west, width: 40, height: 20, marker: m) == MapBox(x: 41.5, y: 90, width: 40, height: 20))
        let ne = p.candidate(.northEast, width: 40, height: 20, marker: m)
        #expect(abs(ne.minX - (105 + d)) < 1e-9 && abs(ne.maxY - (100 - d)) < 1e-9)
        let sw = p.candidate(.southWest, width: 40, height: 20, marker: m)
        #expect(abs(sw.maxX - (95 - d)) < 1e-9 && abs(sw.minY - (100 + d)) < 1e-9)
        #expect(p.candidate(.north, width: 40, height: 20, marker: m) == MapBox(x: 80, y: 66.5, width: 40, height: 20))
        #expect(p.candidate(.south, width: 40, height: 20, marker: m) == MapBox(x: 80, y: 113.5, width: 40, height: 20))
    }

    @Test("an unobstructed label goes east")
    func east() throws {
        let m = marker(200, 200)
        let placed = try #require(placer([m]).place([LabelRequest(width: 40, height: 20, marker: m)])[0])
        #expect(placed.position == .east)
    }

    @Test("a label moves off the route: 15 per sample inside beats 2 per position")
    func avoidsTheRoute() throws {
        let m = marker(200, 200)
        // A route running east from the marker through the east candidate.
        let samples = (0..<30).map { Point(x: 200 + Double($0) * 3, y: 200) }
        let placed = try #require(
            placer([m], samples: samples).place([LabelRequest(width: 40, height: 20, marker: m)])[0])
        #expect(placed.position == .west)
    }

    @Test("near the frame's edge and the scale-bar corner a label takes another side")
    func keepsInside() throws {
        let right = marker(480, 200), corner = marker(440, 360)
        let labels = placer([right, corner]).place([
            LabelRequest(width: 40, height: 20, marker: right),
            LabelRequest(width: 40, height: 20, marker: corner),
        ])
        #expect(labels[0]?.position == .west)
        let c = try #require(labels[1])
        #expect(!c.box.overlaps(zone))
        #expect(frame.inset(by: 8).contains(c.box))
    }

    @Test("a label boxed in on every side is dropped")
    func dropped() {
        let m = marker(200, 200)
        let around = boxedIn(m)
        let result = placer([m] + around).place([LabelRequest(width: 40, height: 20, marker: m)])
        #expect(result[0] == nil)
    }

    @Test("a spot clear of the route beats one the route runs through, however little the route weighs")
    func clearOfTheRoute() throws {
        let m = marker(200, 200)
        var light = weights
        light.routeSample = 0.01
        // A route running east from the marker through the east candidate: 30 samples cost 0.3,
        // less than the 2 that the west position costs.
        let samples = (0..<30).map { Point(x: 200 + Double($0) * 3, y: 200) }
        let p = LabelPlacer(
            frame: frame, reservedZone: zone, markers: [m], routeSamples: samples, weights: light, gap: 5, margin: 1.5)
        let placed = try #require(p.place([LabelRequest(width: 40, height: 20, marker: m)])[0])
        #expect(placed.position == .west)
    }

    @Test(
        "a label with no free spot beside its marker sits farther out, tied to it by a leader, nearer its own marker than any other"
    )
    func leader() throws {
        let m = marker(200, 200)
        // Markers 40 north and south take the spots above and below; the route circles the marker
        // 20 out, through every other spot beside it, but not the spots a leader's length farther.
        let around = [marker(200, 160), marker(200, 240)]
        let route = (0..<72).map { k in
            Point(x: 200 + 20 * cos(Double(k) * .pi / 36), y: 200 + 20 * sin(Double(k) * .pi / 36))
        }
        let beside = try #require(
            LabelPlacer(
                frame: frame, reservedZone: zone, markers: [m] + around, routeSamples: route, weights: weights, gap: 5,
                margin: 1.5
            ).place([LabelRequest(width: 40, height: 20, marker: m)])[0])
        #expect(beside.leader.isEmpty)
        let p = LabelPlacer(
            frame: frame, reservedZone: zone, markers: [m] + around, routeSamples: route, weights: weights, gap: 5,
            margin: 1.5, leaderLength: 14)
        let placed = try #require(p.place([LabelRequest(width: 40, height: 20, marker: m)])[0])
        #expect(placed.leader.count == 2)
        #expect(!route.contains { placed.box.contains($0) })
        let own = m.edgeDistance(to: placed.box)
        for other in around {
            #expect(!other.meets(placed.box, clearance: 2.5))
            #expect(other.edgeDistance(to: placed.box) >= own)
        }
        // The line runs from beside the marker to the label's edge, clear of every other marker.
        let (a, b) = (placed.leader[0], placed.leader[1])
        for k in 0...20 {
            let t = Double(k) / 20
            let point = Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
            for other in around { #expect(!other.box.contains(point)) }
        }
        #expect(hypot(a.x - 200, a.y - 200) < 12)
        #expect(placed.box.inset(by: -3).contains(b))
    }

    @Test("a label at a leader's end may sit nearer another marker than its own when a leader's length from it")
    func leaderPastAnotherMarker() throws {
        // The route circles the marker 20 out, through every spot beside it; markers north, south
        // and west, and one north-east (as Boston's beside New York's), leave the spot a leader
        // farther east free, 21 from the north-east marker and 33 from its own: the line says
        // whose label it is (New York's label over the sea east of it, with Boston's marker above).
        let m = marker(200, 200), northEast = marker(220, 170)
        let others = [northEast, marker(200, 160), marker(200, 240), marker(150, 200)]
        let route = (0..<72).map { k in
            Point(x: 200 + 20 * cos(Double(k) * .pi / 36), y: 200 + 20 * sin(Double(k) * .pi / 36))
        }
        let p = LabelPlacer(
            frame: frame, reservedZone: zone, markers: [m] + others, routeSamples: route, weights: weights, gap: 5,
            margin: 1.5, leaderLength: 14)
        let placed = try #require(p.place([LabelRequest(width: 40, height: 20, marker: m)])[0])
        #expect(placed.leader.count == 2)
        #expect(placed.position == .east)
        let own = m.edgeDistance(to: placed.box), other = northEast.edgeDistance(to: placed.box)
        #expect(other < own)
        #expect(other >= 14)
    }

    @Test(
        "no leader line crosses another leader or runs through another label, and a label on a leader is no nearer another marker than its own or a leader's length, nor nearer one level with it"
    )
    func leadersApart() {
        // Clusters of markers close enough that labels need leaders, in many arrangements (a
        // fixed pseudo-random sequence): the leaders of two labels never cross, neither runs
        // through the other's label, and a label at a leader's end is not read as the label of
        // a marker beside it (none nearer to it than its own, unless a leader's length away and,
        // within two, not level with it).
        var sequence = Sequence(seed: 41)
        func next() -> Double { sequence.next() }
        func crosses(_ p: [Point], _ q: [Point]) -> Bool {
            guard p.count == 2, q.count == 2 else { return false }
            func side(_ a: Point, _ b: Point, _ c: Point) -> Double {
                (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
            }
            return side(q[0], q[1], p[0]) * side(q[0], q[1], p[1]) < 0
                && side(p[0], p[1], q[0]) * side(p[0], p[1], q[1]) < 0
        }
        func runsThrough(_ line: [Point], _ box: MapBox) -> Bool {
            guard line.count == 2 else { return false }
            return (0...40).contains { k in
                let t = Double(k) / 40
                return box.contains(
                    Point(x: line[0].x + (line[1].x - line[0].x) * t, y: line[0].y + (line[1].y - line[0].y) * t))
            }
        }
        var withLeaders = 0
        for _ in 0..<200 {
            let markers = (0..<12).map { _ in marker(170 + next() * 160, 140 + next() * 110) }
            let p = LabelPlacer(
                frame: frame, reservedZone: zone, markers: markers, routeSamples: [], weights: weights, gap: 5,
                margin: 1.5, leaderLength: 14)
            let results = p.place(markers.map { LabelRequest(width: 40 + next() * 30, height: 12, marker: $0) })
            let placed = results.compactMap { $0 }
            withLeaders += placed.filter { !$0.leader.isEmpty }.count
            for (own, label) in zip(markers, results) {
                guard let label, !label.leader.isEmpty else { continue }
                let keepOff = min(own.edgeDistance(to: label.box), 14)
                let middle = Point(x: label.box.midX, y: label.box.midY)
                for other in markers where other != own {
                    #expect(other.edgeDistance(to: label.box) >= keepOff - 0.001)
                    // Nor is another marker within two leaders' length nearer its middle and
                    // level with it the way it sits from its own, its capsule reaching the
                    // label's band (a label down a leader, right under another marker).
                    guard other.edgeDistance(to: label.box) < 28 else { continue }
                    #expect(
                        !(isLevel(label, with: other)
                            && other.spineDistance(to: middle) < own.spineDistance(to: middle)))
                }
            }
            for (i, a) in placed.enumerated() {
                for b in placed[(i + 1)...] {
                    #expect(!crosses(a.leader, b.leader))
                    #expect(!runsThrough(a.leader, b.box) && !runsThrough(b.leader, a.box))
                }
            }
        }
        #expect(withLeaders > 20)
    }

    @Test(
        "a label beside its marker is never level with another marker (nearly) as near its middle, counting the other's whole capsule"
    )
    func levelByCapsule() {
        // Clusters in many arrangements (a fixed pseudo-random sequence): a label east or west
        // of its marker whose band another marker's capsule reaches into, or one north or south
        // whose span it reaches into, never has that marker (nearly) as near its middle as its
        // own (`Cary` north-west of its marker with Washington's capsule at its top edge).
        var sequence = Sequence(seed: 7)
        func next() -> Double { sequence.next() }
        var checked = 0
        for _ in 0..<200 {
            let markers = (0..<10).map { _ in marker(170 + next() * 160, 140 + next() * 110) }
            let results = placer(markers).place(
                markers.map { LabelRequest(width: 30 + next() * 30, height: 12, marker: $0) })
            for (own, label) in zip(markers, results) {
                guard let label, label.leader.isEmpty else { continue }
                checked += 1
                let middle = Point(x: label.box.midX, y: label.box.midY)
                for other in markers where other != own {
                    #expect(
                        !(isLevel(label, with: other)
                            && other.spineDistance(to: middle) < 1.3 * own.spineDistance(to: middle)), "\(label)")
                }
            }
        }
        #expect(checked > 200)
    }

    @Test("on a crowded map no two placed labels overlap and none meets a marker")
    func crowded() {
        // A grid of 36 markers 40 apart, with a route zig-zagging through them.
        var markers: [MarkerShape] = []
        for row in 0..<6 { for col in 0..<6 { markers.append(marker(70 + Double(col) * 70, 60 + Double(row) * 50)) } }
        let samples = zip(markers, markers.dropFirst()).flatMap { a, b in
            LegCurve(from: a.center, to: b.center, bow: 0.14, maxBow: 26).samples(30)
        }
        let p = placer(markers, samples: samples)
        let results = p.place(markers.map { LabelRequest(width: 46, height: 20, marker: $0) })
        let boxes = results.compactMap { $0?.box }
        #expect(boxes.count > 10)
        for (i, a) in boxes.enumerated() {
            for b in boxes[(i + 1)...] { #expect(!a.overlaps(b)) }
            for m in markers { #expect(!m.meets(a, clearance: 2.5)) }
            #expect(frame.inset(by: 8).contains(a))
            #expect(!a.overlaps(zone))
        }
    }

    @Test("earlier requests win: the first label keeps its best place")
    func priority() throws {
        let a = marker(200, 200), b = marker(270, 200)
        let labels = placer([a, b]).place([
            LabelRequest(width: 50, height: 20, marker: b), LabelRequest(width: 50, height: 20, marker: a),
        ])
        #expect(labels[0]?.position == .east)
        let second = try #require(labels[1])
        #expect(second.position != .east)
    }

    @Test(
        "a candidate another marker level with it is nearly as near to (or nearer) is ruled out; one farther is not",
        arguments: [(4.5, 500.0), (6.5, 500.0), (20, 0)])
    func nearerMarker(distance: Double, cost: Double) throws {
        let own = marker(200, 200)
        // Another marker `distance` beyond the east candidate's right edge (its own marker is 5 from its left edge).
        let other = marker(213.5 + 40 + distance + 8.5, 200)
        let p = placer([own, other])
        let east = p.candidate(.east, width: 40, height: 20, marker: own)
        #expect(p.score(east, index: 0, own: own, others: []) == cost)
        let placed = try #require(p.place([LabelRequest(width: 40, height: 20, marker: own)])[0])
        #expect(placed.position == (cost > 0 ? .west : .east))
    }

    @Test("a marker off the label's corner, close but not level with it and farther than its own, costs nearMarker")
    func nearlyAsNear() {
        let own = marker(200, 200)
        // 4 beyond the east candidate's top-right corner on each axis: 5.7 from its edge.
        let other = marker(253.5 + 4 + 8.5 * 0.5.squareRoot(), 190 - 4 - 8.5 * 0.5.squareRoot())
        let p = placer([own, other])
        let east = p.candidate(.east, width: 40, height: 20, marker: own)
        #expect(p.score(east, index: 0, own: own, others: []) == weights.nearMarker)
    }

    @Test("a label the greedy pass drops takes a place held by a label that can move elsewhere")
    func rescue() throws {
        // B sits by the frame's right edge with markers above and below it: only its west side is
        // free, and A's label (placed first) starts there. A moves west so that B keeps a label.
        let a = marker(380, 200), b = marker(470, 200)
        let p = placer([a, b, marker(440, 165), marker(440, 235)])
        let greedy = p.candidate(.east, width: 40, height: 20, marker: a)
        #expect(greedy.overlaps(p.candidate(.west, width: 40, height: 20, marker: b)))
        let labels = p.place([
            LabelRequest(width: 40, height: 20, marker: a), LabelRequest(width: 40, height: 20, marker: b),
        ])
        #expect(labels[0]?.position == .west)
        #expect(labels[1]?.position == .west)
    }

    @Test("a label above its marker by the frame's edge slides along it, its lines centred over the marker")
    func slidesAlongTheEdge() throws {
        // By the right edge: east is outside, and markers take west, the diagonals and south.
        let m = marker(480, 200)
        let p = placer([m, marker(378, 175), marker(412, 222)])
        let placed = try #require(p.place([LabelRequest(width: 100, height: 20, marker: m)])[0])
        #expect(placed.position == .north)
        #expect(placed.box.maxX <= 504 - 8 + 1e-9)
        #expect(placed.box.minX < 480 && 480 < placed.box.maxX)
        #expect(placed.centerX == 480)
        // Where it fits unmoved, the box is centred and nothing is recorded.
        let free = p.candidate(.north, width: 100, height: 20, marker: marker(200, 200))
        #expect(free.midX == 200)
    }

    @Test("a wide label whose middle is nearer another marker than its own is not placed there")
    func readAsAnothers() throws {
        let a = marker(200, 200)
        let request = LabelRequest(width: 120, height: 20, marker: a)
        #expect(placer([a]).place([request])[0]?.position == .east)
        // B sits below the east label's far half, clear of it by more than the gap: a reader
        // would take that label for B's.
        let b = marker(290, 235)
        let east = placer([a, b]).candidate(.east, width: 120, height: 20, marker: a)
        #expect(b.edgeDistance(to: east) > 5 + 3)
        let placed = try #require(placer([a, b]).place([request])[0])
        #expect(placed.position != .east)
        let middle = Point(x: placed.box.midX, y: placed.box.midY)
        #expect(a.spineDistance(to: middle) < b.spineDistance(to: middle))
    }

    @Test("a long leg is sampled at most sampleSpacing apart, a short one samplesPerLeg times")
    func samples() {
        let long = LegCurve(from: Point(x: 0, y: 0), to: Point(x: 400, y: 0), bow: 0, maxBow: 0)
        let short = LegCurve(from: Point(x: 0, y: 0), to: Point(x: 40, y: 0), bow: 0, maxBow: 0)
        #expect(weights.sampleCount(short) == 30)
        let points = long.samples(weights.sampleCount(long))
        let widest = zip(points, points.dropFirst()).map { $1.x - $0.x }.max() ?? 0
        #expect(widest <= weights.sampleSpacing + 1e-9)
        // However small a template makes the spacing, a leg gets a bounded number of samples.
        var tiny = weights
        tiny.sampleSpacing = 1e-300
        #expect(tiny.sampleCount(long) == LabelWeights.maxSamplesPerLeg)
    }
}
