/// Turning a laid-out route map into display items, back to front.
import DisplayList
import Foundation
import ItineraryText

extension RouteMapRenderer {
    /// The map's display items relative to its frame's top-left corner: paper, graticule, frame,
    /// route casings and lines, arrowheads, markers, city labels on halos, scale bar and north arrow.
    func draw(_ layout: RouteMapLayout) -> [DisplayItem] {
        let f = layout.frame
        let inset = spec.frameWidth / 2
        // The stroke sits inside the frame so the map is exactly its width and height.
        let frameRect = Rect(
            x: f.minX + inset, y: f.minY + inset, width: f.width - spec.frameWidth, height: f.height - spec.frameWidth)
        var items: [DisplayItem] = [
            .rect(frameRect, radius: spec.cornerRadius, fill: theme.color(spec.fill), stroke: nil, strokeWidth: 0)
        ]
        if layout.projection == nil {
            items += emptyMessage(in: f)
        } else {
            items += graticule(layout)
        }
        items.append(
            .rect(
                frameRect, radius: spec.cornerRadius, fill: nil, stroke: theme.color(spec.frameColor),
                strokeWidth: spec.frameWidth))
        guard layout.projection != nil else { return items }
        items += route(
            layout.legs, plates: layout.labels.filter(\.plate).map(plate), markers: layout.markers.map(\.shape))
        items += layout.leaders.flatMap(leader)
        items += layout.markers.flatMap(marker)
        items += labels(layout.labels)
        if let bar = layout.scaleBar { items += scaleBar(bar, right: layout.scaleBarRight, frame: f) }
        return items
    }

    private func emptyMessage(in f: MapBox) -> [DisplayItem] {
        let style = theme.style(named: spec.emptyStyle)
        let lines = text.setParagraph(
            [StyledSpan(words.empty, style)], width: f.width - spec.padding.left - spec.padding.right)
        var y = f.midY - lines.reduce(0) { $0 + $1.height } / 2
        return lines.map { line in
            defer { y += line.height }
            return .text(spans: line.spans, origin: Point(x: f.midX - line.width / 2, y: y + line.baseline))
        }
    }

    /// Meridians and parallels, shortened where they would cross the frame's rounded corners.
    private func graticule(_ layout: RouteMapLayout) -> [DisplayItem] {
        guard let g = layout.graticule else { return [] }
        let f = layout.frame, r = spec.cornerRadius, color = theme.color(spec.graticule.color),
            w = spec.graticule.lineWidth
        /// How far a line at `d` from an edge must stay from the two ends to keep inside the corner arcs.
        func cornerInset(_ d: Double) -> Double {
            guard d < r else { return 0 }
            return r - (r * r - (r - d) * (r - d)).squareRoot()
        }
        var items: [DisplayItem] = []
        for m in g.meridians {
            let e = cornerInset(min(m.position - f.minX, f.maxX - m.position))
            items.append(
                .line(
                    from: Point(x: m.position, y: f.minY + e), to: Point(x: m.position, y: f.maxY - e), width: w,
                    color: color, dash: []))
        }
        for p in g.parallels {
            let e = cornerInset(min(p.position - f.minY, f.maxY - p.position))
            items.append(
                .line(
                    from: Point(x: f.minX + e, y: p.position), to: Point(x: f.maxX - e, y: p.position), width: w,
                    color: color, dash: []))
        }
        items += layout.graticuleLabels.map { .text(spans: $0.line.spans, origin: $0.origin) }
        return items
    }

    /// The plate a label the route runs under stands on: its text box and as far as its halo reaches.
    private func plate(_ label: MapLabel) -> MapBox { label.box.inset(by: -spec.labels.haloWidth / 2) }

    /// Where along a leg its arrowhead (`length` long) goes: the middle, or the
    /// nearest point to it (up to a fifth of the leg either way) where the arrowhead clears every
    /// label plate, which would hide its tip and leave a wedge that points back the way the leg
    /// came, and every other leg (`crossing`: points along them), where it could be either's;
    /// clear of the plates alone when nothing clears both. Never where it meets a marker
    /// (`markers`), which would hide part of it and leave a wedge that may point either way, nor
    /// with its base against one (see `clearOfMarkers`): nil when every position does (a leg between two markers nearly touching), no
    /// arrowhead then, the markers' numbers giving the order.
    static func arrowPosition(
        _ leg: LegCurve, length: Double, plates: [MapBox], crossing: [Point] = [], markers: [MarkerShape] = []
    ) -> Double? {
        guard !plates.isEmpty || !crossing.isEmpty || !markers.isEmpty else { return 0.5 }
        let positions = [0.5, 0.45, 0.55, 0.4, 0.6, 0.35, 0.65, 0.3, 0.7]
        func reach(_ t: Double, _ lengths: Double = 1) -> MapBox {
            let c = leg.point(at: t), r = lengths * length
            return MapBox(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r)
        }
        // Off the middle, only where the curve still heads the way the leg goes (within 60° of
        // its chord): a short leg bowed far round a marker turns back on itself near its ends,
        // and an arrowhead there would point at where the leg came from.
        let chord = Point(x: leg.end.x - leg.start.x, y: leg.end.y - leg.start.y)
        func ahead(_ t: Double) -> Bool {
            let d = leg.tangent(at: t)
            let dot = d.x * chord.x + d.y * chord.y
            return t == 0.5 || dot >= 0.5 * hypot(d.x, d.y) * hypot(chord.x, chord.y)
        }
        // The corners of an arrowhead 1.2 times as wide as it is long (a little wider than the
        // templates draw theirs: 6.8 for 6): its tip a point off its leg's markers, its base
        // half its length off. A base against a marker reads as pointing at it: a short leg's
        // arrowhead wedged against the marker it leaves (Detroit → Toronto) was read as
        // pointing back at Detroit.
        func clearOfMarkers(_ t: Double) -> Bool {
            let corners = leg.arrowhead(length: length, width: length * 1.2, at: t).compactMap { e -> Point? in
                switch e {
                case let .move(p), let .line(p): return p
                default: return nil
                }
            }
            return !markers.contains { marker in
                // Near a marker the leg does not join, it reads as pointing at that stop: twice its
                // length clear of it (Tokorozawa → Chiba passing under Tokyo's marker).
                let own = [leg.start, leg.end].contains {
                    hypot($0.x - marker.center.x, $0.y - marker.center.y) < 0.5
                }
                return corners.enumerated().contains { i, p in
                    marker.edgeDistance(to: MapBox(x: p.x, y: p.y, width: 0, height: 0))
                        < (own ? (i == 0 ? 1 : length / 2) : 2 * length)
                }
            }
        }
        // Each position's heading and markers judged once: the three passes below ask again.
        let open = Dictionary(uniqueKeysWithValues: positions.map { ($0, ahead($0) && clearOfMarkers($0)) })
        // Clear of plates by two lengths where it can be: an arrowhead at a plate's edge reads as
        // pointing into its label (Hong Kong → Shanghai leaving Taipei's plate read as a stop
        // in Taipei).
        func clearOfPlates(_ t: Double, by lengths: Double = 1) -> Bool {
            open[t]! && !plates.contains { $0.overlaps(reach(t, lengths)) }
        }
        func clearOfLegs(_ t: Double) -> Bool {
            let c = leg.point(at: t)
            return !crossing.contains { hypot($0.x - c.x, $0.y - c.y) < length }
        }
        return positions.first { clearOfPlates($0, by: 2) && clearOfLegs($0) }
            ?? positions.first { clearOfPlates($0) && clearOfLegs($0) } ?? positions.first { clearOfPlates($0) }
            ?? positions.first { open[$0]! }
    }

    /// Points every 2 along the legs other than `leg` that come near its middle part (where its
    /// arrowhead may go), for `arrowPosition`.
    static func crossingPoints(of leg: LegCurve, among legs: [LegCurve], length: Double) -> [Point] {
        func hull(_ l: LegCurve) -> MapBox {
            let xs = [l.start.x, l.control.x, l.end.x], ys = [l.start.y, l.control.y, l.end.y]
            return MapBox(minX: xs.min()!, minY: ys.min()!, maxX: xs.max()!, maxY: ys.max()!)
        }
        let middle = [0.3, 0.5, 0.7].map { leg.point(at: $0) }
        let near = MapBox(
            minX: middle.map(\.x).min()! - length, minY: middle.map(\.y).min()! - length,
            maxX: middle.map(\.x).max()! + length, maxY: middle.map(\.y).max()! + length)
        return legs.filter { $0 != leg && hull($0).overlaps(near) }.flatMap { $0.samples(Int($0.length / 2) + 2) }
    }

    /// All casings first, then all lines, so a crossing leg never cuts through another's line.
    private func route(_ legs: [LegCurve], plates: [MapBox], markers: [MarkerShape]) -> [DisplayItem] {
        guard !legs.isEmpty else { return [] }
        let r = spec.route
        let path = legs.flatMap(\.path)
        let accent = theme.color(r.color)
        var items: [DisplayItem] = [
            .path(
                path,
                style: PathStyle(
                    stroke: theme.color(r.casingColor), lineWidth: r.casingWidth, lineCap: .round, lineJoin: .round)),
            .path(path, style: PathStyle(stroke: accent, lineWidth: r.lineWidth, lineCap: .round, lineJoin: .round)),
        ]
        func straight(_ l: LegCurve) -> Bool {
            hypot(l.control.x - (l.start.x + l.end.x) / 2, l.control.y - (l.start.y + l.end.y) / 2) < 0.01
        }
        for leg in legs {
            // A straight hop travelled both ways is one line: two arrowheads on it, one each
            // way, would be a star (Buenos Aires and Montevideo); the numbers give the order.
            if straight(leg), legs.contains(where: { $0.start == leg.end && $0.end == leg.start }) { continue }
            let crossing = Self.crossingPoints(of: leg, among: legs, length: r.arrowLength)
            guard
                let t = Self.arrowPosition(
                    leg, length: r.arrowLength, plates: plates, crossing: crossing, markers: markers)
            else { continue }
            let head = leg.arrowhead(length: r.arrowLength, width: r.arrowWidth, at: t)
            guard !head.isEmpty else { continue }
            items.append(
                .path(
                    head,
                    style: PathStyle(
                        fill: accent, stroke: r.arrowOutline > 0 ? accent : nil,
                        lineWidth: r.arrowOutline, lineJoin: .round)))
        }
        return items
    }

    /// A hairline in the marker's colour from the place (a small dot) to the moved marker,
    /// which covers the line's other end.
    private func leader(_ l: MarkerLeader) -> [DisplayItem] {
        let ink = theme.color(spec.markers.fill)
        return [
            .line(from: l.place, to: l.marker, width: 0.75, color: ink, dash: []),
            .circle(center: l.place, radius: 1.6, fill: ink),
        ]
    }

    private func marker(_ m: PlacedMarker) -> [DisplayItem] {
        let ms = spec.markers
        let c = m.shape.center
        return [
            .path(
                m.shape.path,
                style: PathStyle(fill: theme.color(ms.fill), stroke: theme.color(ms.stroke), lineWidth: ms.strokeWidth)),
            .text(
                spans: [StyledSpan(m.text, m.style)],
                origin: Point(x: c.x - m.textWidth / 2, y: c.y + ms.baselineShift * m.style.size)),
        ]
    }

    /// Halos first, then the text of every label, each line aligned towards its marker.
    private func labels(_ labels: [MapLabel]) -> [DisplayItem] {
        var halos: [DisplayItem] = [], texts: [DisplayItem] = []
        let halo = theme.color(spec.labels.halo), haloWidth = spec.labels.haloWidth
        for label in labels {
            // A label set farther out is tied to its marker by a hairline in the markers' ink,
            // drawn under the halos so that it stops at the label's edge.
            if label.leader.count == 2 {
                halos.append(
                    .line(
                        from: label.leader[0], to: label.leader[1], width: 0.75, color: theme.color(spec.markers.fill),
                        dash: []))
            }
            // A label the route runs under stands on a plate of the paper as wide as its halo
            // reaches: the route stops at the plate's edge instead of striking its words.
            if label.plate {
                let p = plate(label)
                halos.append(
                    .rect(
                        Rect(x: p.minX, y: p.minY, width: p.width, height: p.height), radius: haloWidth / 2, fill: halo,
                        stroke: nil, strokeWidth: 0))
            }
            var y = label.box.minY
            for line in label.lines {
                let x: Double
                switch label.position.alignment {
                case .leading: x = label.box.minX
                case .trailing: x = label.box.maxX - line.width
                case .center:
                    if let centre = label.centerX {
                        x = min(max(centre - line.width / 2, label.box.minX), label.box.maxX - line.width)
                    } else {
                        x = label.box.midX - line.width / 2
                    }
                }
                let origin = Point(x: x, y: y + line.baseline)
                if haloWidth > 0 {
                    halos.append(.textHalo(spans: line.spans, origin: origin, color: halo, width: haloWidth))
                }
                texts.append(.text(spans: line.spans, origin: origin))
                y += line.height
            }
        }
        return halos + texts
    }

    /// A bracket with a tick at each end and one in the middle, `0` and the distance above it,
    /// and a north arrow with its letter to the left.
    private func scaleBar(_ bar: ScaleBar, right: Double, frame f: MapBox) -> [DisplayItem] {
        let s = spec.scaleBar
        let color = theme.color(s.color)
        let style = theme.style(named: s.style)
        let left = right - bar.length, mid = (left + right) / 2
        let y = f.maxY - s.bottom, top = y - s.tickHeight
        var items: [DisplayItem] = [
            .path(
                [
                    .move(Point(x: left, y: top)), .line(Point(x: left, y: y)), .line(Point(x: right, y: y)),
                    .line(Point(x: right, y: top)),
                    .move(Point(x: mid, y: top)), .line(Point(x: mid, y: y)),
                ],
                style: PathStyle(stroke: color, lineWidth: s.lineWidth))
        ]
        let baseline = top - s.textGap
        let distance = line(words.scaleLabel(bar.distance), style)
        if let distance {
            items.append(.text(spans: distance.spans, origin: Point(x: right - distance.width, y: baseline)))
        }
        // A bar shorter than its labels (a world-wide map) keeps only the distance.
        if let zero = line(words.number(0), style), left + zero.width + s.textGap <= right - (distance?.width ?? 0) {
            items.append(.text(spans: zero.spans, origin: Point(x: left, y: baseline)))
        }
        let cx = left - s.northGap, tip = y - s.northTop, notch = tip + s.northHeight, back = notch + s.northNotch
        items.append(
            .path(
                [
                    .move(Point(x: cx, y: tip)), .line(Point(x: cx + s.northWidth / 2, y: back)),
                    .line(Point(x: cx, y: notch)),
                    .line(Point(x: cx - s.northWidth / 2, y: back)), .close,
                ], style: PathStyle(fill: color)))
        if let n = line(words.north, style) {
            items.append(.text(spans: n.spans, origin: Point(x: cx - n.width / 2, y: y + s.northLabelDrop)))
        }
        return items
    }
}
