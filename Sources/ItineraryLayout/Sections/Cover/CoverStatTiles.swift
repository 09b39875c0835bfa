/// The row of stat tiles under the map: Days, Games, Stadiums, Cities, Distance, Travel time.
import DisplayList
import ItineraryModel
import ItineraryText

/// A piece of a formatted figure: a number (`1,173`, `18`) or a unit (`mi`, `h`).
struct FigurePart: Equatable {
    var text: String
    var isNumber: Bool
}

extension SectionContext {
    func coverStatTiles(_ spec: CoverStatsSpec) -> CoverPart {
        let stats = CoverStats(trip: trip)
        func counted(_ n: Int, _ one: String, _ many: String) -> (value: [FigurePart], label: String) {
            ([FigurePart(text: format.count(n), isNumber: true)], coverWord(n == 1 ? one : many))
        }
        // Over every leg, as the overview's totals; `—` where no leg gives the figure, never `0 m`.
        let travel = stats.totals.travel
        let unknown = [FigurePart(text: "\u{2014}", isNumber: true)]
        let tiles: [(value: [FigurePart], label: String)] = [
            counted(stats.totals.days, "day", "days"),
            counted(stats.totals.games, "game", "games"),
            counted(stats.stadiums, "stadium", "stadiums"), counted(stats.totals.cities, "city", "cities"),
            (
                travel.distanceMeters.map { Self.figureParts(format.distance(meters: $0)) } ?? unknown,
                coverWord("distance")
            ),
            (
                travel.durationSeconds.map { Self.figureParts(format.duration(seconds: $0)) } ?? unknown,
                coverWord("travelTime")
            ),
        ]

        let valueStyle = coverStyle(.statValue), unitStyle = coverStyle(.statUnit)
        let labelStyle = coverStyle(.statLabel)
        let valueBox = text.lineBox([valueStyle, unitStyle])
        let labelBox = text.lineBox([labelStyle])
        let height = spec.paddingY + valueBox.height + spec.labelGap + labelBox.height + spec.paddingY
        let unit = (width - spec.gap * Double(spec.weights.count - 1)) / spec.weights.reduce(0, +)

        var items: [DisplayItem] = []
        var x = 0.0
        for (tile, weight) in zip(tiles, spec.weights) {
            let w = unit * weight, inner = w - 2 * spec.paddingX
            items.append(
                .rect(
                    Rect(x: x, y: 0, width: w, height: height), radius: spec.radius, fill: coverColor(.statTile),
                    stroke: nil, strokeWidth: 0))
            // Text may reach into half the right padding before it is set smaller or shortened.
            let room = inner + spec.paddingX / 2
            let value = fitted(
                tile.value, value: valueStyle, unit: unitStyle, width: room, minimumSize: spec.minimumValueSize)
            let label = text.ellipsize(coverSpan(tile.label, .statLabel), width: room, middle: false)
            // A group per tile, the label read before the value it sits under, each a paragraph
            // (`Days`, then `10`).
            items += [
                DisplayItem.text(
                    spans: [label],
                    origin: Point(
                        x: x + spec.paddingX,
                        y: spec.paddingY + valueBox.height + spec.labelGap + labelBox.baseline)),
                .text(spans: value, origin: Point(x: x + spec.paddingX, y: spec.paddingY + valueBox.baseline)),
            ]
            .looseTextTagged(.paragraph).tagged(.division)
            x += w + spec.gap
        }
        return CoverPart(items: items, height: height)
    }

    /// A formatted figure cut at its no-break spaces into numbers and units:
    /// `1,173 mi` → (1,173, number) (mi, unit); `18 h 52 m` → 18, h, 52, m.
    static func figureParts(_ formatted: String) -> [FigurePart] {
        formatted.split(separator: "\u{00A0}").map {
            FigurePart(text: String($0), isNumber: $0.contains { $0.isNumber })
        }
    }

    /// Numbers in the value style, each unit after a thin space in the unit style, groups a
    /// space apart; set smaller, a point at a time, while wider than the tile.
    private func fitted(
        _ parts: [FigurePart], value: TextStyle, unit: TextStyle, width: Double, minimumSize: Double
    ) -> [StyledSpan] {
        var scale = 1.0
        while true {
            var v = value, u = unit
            v.size *= scale
            u.size *= scale
            var spans: [StyledSpan] = []
            for (i, part) in parts.enumerated() {
                if part.isNumber {
                    spans.append(StyledSpan((i > 0 ? " " : "") + part.text, v))
                } else {
                    spans.append(StyledSpan("\u{2009}" + part.text, u))
                }
            }
            if text.advance(of: spans) <= width || v.size - 1 < minimumSize { return spans }
            scale = (v.size - 1) / value.size
        }
    }
}
