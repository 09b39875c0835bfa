/// Everything on the route map, positioned: the geometry the drawing turns into display items.
import DisplayList
import Foundation
import ItineraryText

/// A marker with its number text, ready to draw.
public struct PlacedMarker: Sendable, Hashable {
    /// The capsule, and its number set in `style`, `textWidth` wide.
    public var shape: MarkerShape
    public var text: String
    public var style: TextStyle
    public var textWidth: Double
}

/// A marker moved off its place: a thin line from the place to the marker.
public struct MarkerLeader: Sendable, Hashable {
    public var place: Point
    public var marker: Point
}

/// A city label: its box, its side of the marker and its set lines (city, then dates).
public struct MapLabel: Sendable, Hashable {
    /// Index of the place in the route outline.
    public var place: Int
    public var box: MapBox
    public var position: LabelPosition
    public var lines: [SetLine]
    /// The line from the marker to a label set farther out; empty for a label beside its marker.
    public var leader: [Point] = []
    /// The x a centred label's lines are centred on (its marker's); nil for the box's middle.
    public var centerX: Double? = nil
    /// Whether the label sits on the route and is drawn on a plate of the map's paper.
    public var plate = false
}

/// A degree label of the graticule.
public struct GraticuleLabel: Sendable, Hashable {
    /// The set text of the label.
    public var line: SetLine
    /// Start of the baseline.
    public var origin: Point
    public var box: MapBox
}

/// The route map laid out in its own coordinates: (0, 0) is the frame's top-left corner.
public struct RouteMapLayout: Sendable {
    /// The frame: (0, 0) to the map's width and height.
    public var frame: MapBox
    /// Nil when no stop has a location.
    public var projection: MapProjection?
    public var graticule: Graticule?
    public var graticuleLabels: [GraticuleLabel] = []
    public var legs: [LegCurve] = []
    /// Lines from places to their markers, for markers moved off their place so that none hides another.
    public var leaders: [MarkerLeader] = []
    /// In visiting order (the order they are drawn).
    public var markers: [PlacedMarker] = []
    /// The route outline's places each marker stands for: one, or several too close to draw apart.
    public var markerPlaces: [[Int]] = []
    public var labels: [MapLabel] = []
    public var scaleBar: ScaleBar?
    /// The x of the scale bar's right end (the north arrow is left of the bar).
    public var scaleBarRight: Double = 0
    /// The corner kept free of labels: the spec's zone grown to hold the bar and the north arrow.
    public var reservedZone: MapBox?
}

/// The words and numbers the map prints, already in the trip's language and units.
struct RouteMapWords {
    /// A stop number in the locale's digits.
    var number: (Int) -> String
    /// `Jun 12–13`, `Jun 15 · Jun 20`.
    var dates: (MapPlace) -> String
    /// `88°W`, `43°N`.
    var degrees: (_ value: Double, _ isLatitude: Bool) -> String
    /// `50 mi` for a scale bar of 50 units.
    var scaleLabel: (Double) -> String
    /// Map points per kilometre times this gives points per trip unit.
    var kilometresPerUnit: Double
    var north: String
    var empty: String
}

/// Lays out and draws the route map with a template's settings.
struct RouteMapRenderer {
    let spec: RouteMapSpec
    let theme: Theme
    let text: TextEngine
    let words: RouteMapWords

    /// `s` set on one line, nil when empty.
    func line(_ s: String, _ style: TextStyle) -> SetLine? {
        text.setParagraph([StyledSpan(s, style)], width: nil).first
    }

    func layout(_ outline: RouteOutline, width: Double, height: Double) -> RouteMapLayout {
        let frame = MapBox(x: 0, y: 0, width: width, height: height)
        var layout = RouteMapLayout(frame: frame)
        guard !outline.places.isEmpty else { return layout }

        // The scale bar and north arrow take a bottom corner no marker or leg reaches: the right
        // one when it is free, else the left; when the route reaches into both, the route is
        // fitted again above the corner's height so that nothing sits on the bar.
        func fitting(_ base: Insets) -> (Fitted, Corner) {
            var fitted = fit(outline, frame: frame, padding: base)
            var corner = fitted.corners.min { $0.conflicts < $1.conflicts }!
            if corner.conflicts > 0 {
                var padding = base
                padding.bottom = max(padding.bottom, corner.scale.zone.height + spec.labels.weights.markerClearance)
                fitted = fit(outline, frame: frame, padding: padding)
                corner = fitted.corners.min { $0.conflicts < $1.conflicts }!
            }
            return (fitted, corner)
        }
        var (fitted, corner) = fitting(spec.padding)
        var placed = placeLabels(
            fitted.outline, markers: fitted.markers.map(\.shape), samples: fitted.samples, frame: frame,
            zone: corner.scale.zone)
        // A label left out by a marker at the frame's edge (Rio de Janeiro, the trip's
        // easternmost stop, with São Paulo and Belo Horizonte close on its other sides) gets the
        // room it lacked: the route is fitted again with that much more padding on that side,
        // and the second fit is kept when it leaves fewer labels out and as many markers.
        let wider = roomForDropped(placed.dropped, frame: frame, base: spec.padding)
        if wider != spec.padding {
            let (again, againCorner) = fitting(wider)
            let retried = placeLabels(
                again.outline, markers: again.markers.map(\.shape), samples: again.samples, frame: frame,
                zone: againCorner.scale.zone)
            // Only where it still draws every marker the first did: at the smaller scale, places
            // joined by a leg may share one (Los Angeles drawn into Phoenix's).
            if retried.dropped.count < placed.dropped.count, again.markers.count == fitted.markers.count {
                (fitted, corner, placed) = (again, againCorner, retried)
            }
        }
        layout.projection = fitted.projection
        layout.markers = fitted.markers
        layout.markerPlaces = fitted.groups
        layout.leaders = fitted.leaders
        layout.legs = fitted.legs
        // No bar where one length would be wrong over most of the map (a polar trip).
        layout.scaleBar =
            ScaleBar.holds(latitudes: outline.places.map(\.location.latitude)) ? corner.scale.bar : nil
        layout.scaleBarRight = corner.scale.barRight
        layout.reservedZone = corner.scale.zone

        let zone = corner.scale.zone
        layout.labels = placed.labels
        layout.graticule = Graticule(
            projection: fitted.projection, frame: frame, steps: spec.graticule.steps,
            stepsBelow: spec.graticule.stepsBelow)
        // City labels count with their halos, and the route with its casing: a degree label is
        // the first thing to give way.
        let halo = spec.labels.haloWidth
        layout.graticuleLabels = graticuleLabels(
            layout.graticule!, frame: frame,
            obstacles: layout.labels.map { $0.box.inset(by: -halo) } + layout.markers.map(\.shape.box) + [zone],
            route: fitted.samples)
        return layout
    }

    /// A fitted route: what `fit` gives.
    private typealias Fitted = (
        outline: RouteOutline, groups: [[Int]], projection: MapProjection, markers: [PlacedMarker],
        leaders: [MarkerLeader], legs: [LegCurve], samples: [Point], corners: [(scale: ScaleCorner, conflicts: Int)]
    )
    /// A corner for the scale bar, and how many markers and legs it would meet.
    private typealias Corner = (scale: ScaleCorner, conflicts: Int)

    /// The route fitted into the frame with `padding`: projection, markers moved apart, legs
    /// between them and points along them (`routeSamples`, for the labels), and the two bottom corners the scale bar may take, with how much of the
    /// route each would cover (the right corner first, so it wins a tie).
    private func fit(_ outline: RouteOutline, frame: MapBox, padding: Insets) -> Fitted {
        let projection = MapProjection(
            points: outline.places.map(\.location), frame: frame, padding: padding,
            minimumSpan: spec.minimumSpanDegrees)
        // Markers of places too close to tell apart are moved apart within their compass order,
        // or share one marker (MarkerArrangement); a thin leader ties each moved one to its
        // place. The route runs between the markers, the labels sit by them.
        let homes = outline.places.map { projection.project($0.location) }
        let tier = MarkerLayout.tier(placeCount: outline.places.count, tiers: spec.markers.tiers)
        // The clearance is kept between the drawn outlines: each capsule's stroke reaches half its
        // width beyond the shape, so two markers are kept a whole stroke width further apart.
        // Each group's capsule is measured once: the arrangement asks again on every round.
        var measured: [[Int]: MarkerShape] = [:]
        let arrangement = MarkerArrangement(
            places: homes,
            marker: { group in
                if let shape = measured[group] { return shape }
                let shape = marker(outline.places, group, tier: tier).shape
                measured[group] = shape
                return shape
            },
            clearance: spec.labels.weights.markerClearance + spec.markers.strokeWidth,
            bounds: frame.inset(by: spec.labels.weights.frameInset), maxMove: spec.markers.maxMove,
            links: outline.legs.map { ($0.from, $0.to) })
        let drawn = outline.grouped(arrangement.groups, name: groupName)
        var markers = drawn.places.indices.map { marker(drawn.places, [$0], tier: tier) }
        let centers = arrangement.centers
        for i in markers.indices { markers[i].shape.center = centers[i] }
        let leaders = zip(arrangement.places, centers).compactMap { place, center in
            hypot(center.x - place.x, center.y - place.y) > 0.5 ? MarkerLeader(place: place, marker: center) : nil
        }
        // A leg keeps this far from the markers it does not join, so no stop seems to be on it.
        let clearance = spec.labels.weights.markerClearance + spec.route.casingWidth / 2
        var legs: [LegCurve] = []
        func legCurves(_ leg: (from: Int, to: Int)) -> [LegCurve] {
            let a = centers[leg.from], b = centers[leg.to]
            // A leg longer than half a turn on the map (a trip round the world: the widest gap
            // between places is crossed by some leg) goes the short way, off one edge and back
            // in at the other as two pieces cut at the frame, when that way is markedly shorter
            // (`wrapSaving`). A leg between nearly opposite meridians (Tromsø to Anchorage: 169°
            // one way, 191° the other, over the pole in truth) is drawn across the map, where
            // its places are, rather than as two stubs at its edges.
            let turn = 360 * projection.longitudeFactor * projection.scale
            let drawn = b.x - a.x
            let short = drawn - (drawn > 0 ? turn : -turn)
            guard abs(drawn) > turn / 2, hypot(short, b.y - a.y) * Self.wrapSaving < hypot(drawn, b.y - a.y) else {
                let others = markers.indices.filter { $0 != leg.from && $0 != leg.to }.map { markers[$0].shape }
                let ends = [leg.from, leg.to].map { markers[$0].shape }
                // A hop between markers that nearly touch is drawn straight: bowed, or bowed
                // apart from its return, it would be a knot of arcs in the gap (Rio de Janeiro
                // and São Paulo on a map of the continent, four legs between them); the markers'
                // numbers give the order.
                if Self.visibleLength(from: a, to: b, ends: ends) < Self.shortHop * spec.route.arrowLength {
                    return [LegCurve(from: a, to: b, bow: 0, maxBow: 0)]
                }
                return [
                    Self.clearCurve(
                        from: a, to: b, route: spec.route, avoiding: others, clearance: clearance, ends: ends,
                        returns: legs.filter { $0.start == b && $0.end == a })
                ]
            }
            let out = LegCurve(
                from: a, to: Point(x: a.x + short, y: b.y), bow: spec.route.bow, maxBow: spec.route.maxBow)
            let back = LegCurve(
                from: Point(x: b.x - short, y: a.y), to: b, bow: spec.route.bow, maxBow: spec.route.maxBow)
            // Cut inside the frame's stroke, so that the line's round cap stays on the map.
            let inset = spec.frameWidth + spec.route.casingWidth / 2
            let edgeOut = short < 0 ? frame.minX + inset : frame.maxX - inset,
                edgeIn = short < 0 ? frame.maxX - inset : frame.minX + inset
            return [out.until(x: edgeOut), back.reversed.until(x: edgeIn)?.reversed].compactMap { $0 }
        }
        for leg in drawn.legs { legs += legCurves(leg) }
        let samples = Self.routeSamples(legs, spec.labels.weights)
        let corners = ScaleCorner.bottomCorners(
            spec.scaleBar, projection: projection, kilometresPerUnit: words.kilometresPerUnit,
            frame: frame
        ).map { corner in
            (
                scale: corner,
                conflicts: markers.filter { $0.shape.box.overlaps(corner.zone) }.count
                    + samples.filter { corner.zone.contains($0) }.count
            )
        }
        return (drawn, arrangement.groups, projection, markers, leaders, legs, samples, corners)
    }

    /// The leg from `a` to `b` bowed right as the template says, unless that runs under one of
    /// `others` (a marker it does not join: Jeddah to Dammam straight through Riyadh) or on one
    /// of `returns` (legs already drawn from `b` to `a`): then bowed left, then two, three and
    /// five times as far either way, the first that passes clear (or, when none does, the first).
    /// `ends`: the leg's own markers, under which it is hidden.
    static func clearCurve(
        from a: Point, to b: Point, route: RouteLegSpec, avoiding others: [MarkerShape], clearance: Double,
        ends: [MarkerShape] = [], returns: [LegCurve] = []
    ) -> LegCurve {
        let first = LegCurve(from: a, to: b, bow: route.bow, maxBow: route.maxBow)
        guard !others.isEmpty else { return first }
        // The part under its own two markers is hidden by them: a leg leaving a marker that
        // stands against another (Fairbanks above Anchorage) is judged from where it shows.
        // How far the curve runs inside the clearance of markers it does not join: the depth
        // of every point that does, summed (0: clear).
        func intrusion(_ curve: LegCurve) -> Double {
            let points = curve.samples(max(8, Int(curve.length / 3))).filter { !hidden($0, under: ends) }
            var depth = 0.0
            for m in others {
                for p in points {
                    let d = m.edgeDistance(to: MapBox(x: p.x, y: p.y, width: 0, height: 0))
                    if d < clearance { depth += clearance - d }
                }
            }
            return depth
        }
        func clear(_ curve: LegCurve) -> Bool { intrusion(curve) == 0 }
        // Nor may it lie on the leg back the other way (Chicago to New York and back), which
        // would hide one of the two.
        func onReturn(_ curve: LegCurve) -> Bool {
            returns.contains { hypot($0.control.x - curve.control.x, $0.control.y - curve.control.y) < 1 }
        }
        if clear(first) && !onReturn(first) { return first }
        let dx = b.x - a.x, dy = b.y - a.y, length = hypot(dx, dy)
        guard length > 0 else { return first }
        let mid = Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
        // No bow clears every marker (a leg between two cities with a third between them, as
        // Tampa to Chicago past Atlanta and Cincinnati): the one that runs least under them, so
        // that no stop seems to lie on a leg that does not stop there.
        var best = (curve: first, depth: onReturn(first) ? Double.infinity : intrusion(first))
        for k in [-1.0, 2, -2, 3, -3, 5, -5] {
            let offset = k * min(route.bow * length, route.maxBow)
            let curve = LegCurve(
                start: a, control: Point(x: mid.x - dy / length * offset, y: mid.y + dx / length * offset), end: b)
            guard !onReturn(curve) else { continue }
            let depth = intrusion(curve)
            if depth == 0 { return curve }
            if depth < best.depth * Self.betterBow { best = (curve, depth) }
        }
        return best.curve
    }

    /// How much of the straight line from `a` to `b` shows outside the markers `ends`.
    static func visibleLength(from a: Point, to b: Point, ends: [MarkerShape]) -> Double {
        let steps = 48
        let length = hypot(b.x - a.x, b.y - a.y)
        let shown = (0..<steps).filter { k in
            let t = (Double(k) + 0.5) / Double(steps)
            return !hidden(Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t), under: ends)
        }
        return length * Double(shown.count) / Double(steps)
    }

    /// Whether `p` lies under one of the markers `ends` (a leg's own, which hide it there).
    static func hidden(_ p: Point, under ends: [MarkerShape]) -> Bool {
        let box = MapBox(x: p.x, y: p.y, width: 0, height: 0)
        return ends.contains { $0.edgeDistance(to: box) < 0 }
    }

    /// A leg showing less than this many arrow lengths between its markers is a straight hop.
    static let shortHop = 3.0

    /// How much less a bow must run under markers than the best so far to be taken instead:
    /// a bent leg is taken only for a clear gain over a plainer one.
    static let betterBow = 0.75

    /// How many times longer on the map a leg's way across it must be than its way off one edge
    /// and in at the other before it is drawn that way.
    static let wrapSaving = 1.25

    /// Points along the drawn route for the label placer and the scale corner. A leg travelled
    /// again is drawn over itself, so it is sampled once: a label beside a road taken ten times
    /// is no worse placed than one beside a road taken once.
    static func routeSamples(_ legs: [LegCurve], _ weights: LabelWeights) -> [Point] {
        var seen = Set<LegCurve>()
        return legs.filter { seen.insert($0).inserted }.flatMap { $0.samples(weights.sampleCount($0)) }
    }

    /// The numbered capsule of the places `group` (indexes into `places`) at the origin: every
    /// stop made at any of them, in visiting order.
    private func marker(_ places: [MapPlace], _ group: [Int], tier: MarkerTier) -> PlacedMarker {
        let markerStyle = theme.style(named: tier.style)
        let numbers = group.flatMap { places[$0].stops.map(\.number) }.sorted()
        let label = MarkerLayout.text(numbers: numbers, maxNumbers: spec.markers.maxNumbers, format: words.number)
        let w = text.advance(of: [StyledSpan(label, markerStyle)])
        let capsule = MarkerLayout.width(textWidth: w, radius: tier.radius, padding: spec.markers.textPadding)
        return PlacedMarker(
            shape: MarkerShape(center: Point(x: 0, y: 0), radius: tier.radius, halfWidth: capsule / 2),
            text: label, style: markerStyle, textWidth: w)
    }

    /// The label of places that share a marker: the first visited, and how many more (`Manhattan +7`,
    /// `+1 תל אביב` from the right).
    private func groupName(_ places: [MapPlace]) -> String {
        guard places.count > 1 else { return places[0].city }
        // Named for the place the trip stops at most (Paris, twice, before Lille once), then
        // for the most days there, then for the first visited.
        let named = places.indices.min { a, b in
            (-places[a].stops.count, -places[a].dayCount, places[a].firstStop)
                < (-places[b].stops.count, -places[b].dayCount, places[b].firstStop)
        }!
        let more = "+" + words.number(places.count - 1)
        // A right-to-left name reads first from the right, its `+2` after it, at its left.
        return Bidi.groupedName(places[named].city, more: more)
    }

    /// `base` with more room on each side of the frame where a left-out label would have fitted
    /// beside its marker had the frame reached further: on the side the marker is nearer, as
    /// much as the label lacked, at most `maximumExtraPadding` of the frame.
    private func roomForDropped(_ dropped: [LabelRequest], frame: MapBox, base: Insets) -> Insets {
        let gap = spec.labels.gap, inset = spec.labels.weights.frameInset
        var padding = base
        for r in dropped {
            let m = r.marker
            let east = m.center.x + m.halfWidth + gap + r.width + inset - frame.maxX
            let west = frame.minX - (m.center.x - m.halfWidth - gap - r.width - inset)
            let north = frame.minY - (m.center.y - m.radius - gap - r.height - inset)
            let south = m.center.y + m.radius + gap + r.height + inset - frame.maxY
            if m.center.x > frame.midX, east > 0 { padding.right = max(padding.right, base.right + east) }
            if m.center.x <= frame.midX, west > 0 { padding.left = max(padding.left, base.left + west) }
            if m.center.y <= frame.midY, north > 0 { padding.top = max(padding.top, base.top + north) }
            if m.center.y > frame.midY, south > 0 { padding.bottom = max(padding.bottom, base.bottom + south) }
        }
        let most = Self.maximumExtraPadding
        padding.right = min(padding.right, base.right + most * frame.width)
        padding.left = min(padding.left, base.left + most * frame.width)
        padding.top = min(padding.top, base.top + most * frame.height)
        padding.bottom = min(padding.bottom, base.bottom + most * frame.height)
        return padding
    }

    /// The most lines a label's city, and its dates, each take before the rest is cut with `…`.
    static let maximumLabelLines = 2

    /// The most extra padding a side gets for left-out labels, as a share of the frame.
    static let maximumExtraPadding = 0.2

    /// City labels, placed in priority order; the dates line only on maps with few places.
    /// `dropped`: the requests of the labels left out.
    private func placeLabels(
        _ outline: RouteOutline, markers: [MarkerShape], samples: [Point], frame: MapBox, zone: MapBox
    ) -> (labels: [MapLabel], dropped: [LabelRequest]) {
        let l = spec.labels
        let dense = outline.places.count > l.maxPlacesWithDates
        let cityStyle = theme.style(named: dense ? l.denseCityStyle : l.cityStyle)
        let datesStyle = theme.style(named: l.datesStyle)
        let order = outline.labelPriority
        // A name or dates wider than `maxWidth` take a second line; only what two lines cannot
        // hold is cut, on one line, with `…`.
        func lines(_ span: StyledSpan) -> [SetLine] {
            let set = text.setParagraph([span], width: l.maxWidth)
            if set.count <= Self.maximumLabelLines { return set }
            let cut = text.ellipsize(span, width: l.maxWidth, middle: false)
            return Array(text.setParagraph([cut], width: nil).prefix(1))
        }
        let content: [[SetLine]] = order.map { i in
            let place = outline.places[i]
            let city = lines(StyledSpan(place.city, cityStyle))
            // A dense map's labels carry the city alone.
            guard !dense else { return city }
            return city + lines(StyledSpan(words.dates(place), datesStyle))
        }
        let requests = zip(order, content).map { i, lines in
            LabelRequest(
                width: lines.map(\.width).max() ?? 0, height: lines.reduce(0) { $0 + $1.height }, marker: markers[i])
        }
        let placer = LabelPlacer(
            frame: frame, reservedZone: zone, markers: markers,
            routeSamples: samples, weights: l.weights, gap: l.gap,
            margin: l.haloWidth / 2, routeMargin: spec.route.casingWidth / 2, leaderLength: l.leaderLength)
        let placed = placer.place(requests)
        let dropped = zip(requests, placed).compactMap { $1 == nil ? $0 : nil }
        let labels: [MapLabel] = zip(zip(order, content), placed).compactMap { entry, placed in
            guard let placed else { return nil }
            return MapLabel(
                place: entry.0, box: placed.box, position: placed.position, lines: entry.1, leader: placed.leader,
                centerX: placed.centerX, plate: placed.onRoute)
        }
        return (labels, dropped)
    }

    /// Longitudes along the top, then latitudes at the left, below the longitudes' row. Each axis is labelled at one even
    /// step: every line, or every second, third… line (a multiple of that many steps), the
    /// smallest that keeps its labels twice their offset from their lines apart, so that wide
    /// labels (`100°W`) do not thin one part of an axis and not the rest. Then a label that would meet a city
    /// label, a marker, the route, the scale-bar corner or the frame's edge is left out, and so is one that
    /// comes closer to a degree label already kept than twice their offset (a longitude by a latitude in the corner).
    private func graticuleLabels(_ g: Graticule, frame: MapBox, obstacles: [MapBox], route: [Point]) -> [GraticuleLabel]
    {
        let style = theme.style(named: spec.graticule.style)
        let m = text.metrics(style)
        let gs = spec.graticule
        /// A degree label set with its baseline starting at `x`, `baseline`.
        /// Nil when it would leave the frame (a line near the edge): such a label never counts.
        func set(_ s: String, x: Double, baseline: Double) -> GraticuleLabel? {
            guard let set = line(s, style) else { return nil }
            let box = MapBox(minX: x, minY: baseline - m.ascent, maxX: x + set.width, maxY: baseline + m.descent)
            guard frame.inset(by: spec.frameWidth).contains(box) else { return nil }
            return GraticuleLabel(line: set, origin: Point(x: x, y: baseline), box: box)
        }
        /// The labels of every `k`-th line (counted in steps from 0°), for the smallest `k` whose
        /// labels keep `2 × labelOffset` apart.
        func evenly(_ lines: [Graticule.Line], _ label: (Graticule.Line) -> GraticuleLabel?) -> [GraticuleLabel] {
            let labels = lines.map(label)
            for k in 1...max(1, lines.count) {
                let picked = lines.indices.compactMap { i in
                    Int((lines[i].degrees / g.step).rounded()) % k == 0 ? labels[i] : nil
                }
                let apart = zip(picked, picked.dropFirst()).allSatisfy { a, b in
                    !a.box.inset(by: -2 * gs.labelOffset).overlaps(b.box)
                }
                if apart { return picked }
            }
            return []
        }
        var kept: [GraticuleLabel] = []
        let candidates =
            evenly(g.meridians) {
                set(words.degrees($0.degrees, false), x: $0.position + gs.labelOffset, baseline: gs.topBaseline)
            }
            + evenly(g.parallels) {
                // Below the row of longitudes: a latitude among them (`55°N` left of `120°W`)
                // reads as one of them.
                let baseline = $0.position - gs.labelOffset
                guard baseline - m.ascent >= gs.topBaseline + m.descent + gs.labelOffset else { return nil }
                return set(words.degrees($0.degrees, true), x: gs.leftInset, baseline: baseline)
            }
        for label in candidates {
            let box = label.box
            guard !obstacles.contains(where: { $0.overlaps(box) }),
                !route.contains(where: box.inset(by: -spec.route.casingWidth / 2).contains),
                !kept.contains(where: { $0.box.inset(by: -2 * gs.labelOffset).overlaps(box) })
            else { continue }
            kept.append(label)
        }
        return kept
    }
}
