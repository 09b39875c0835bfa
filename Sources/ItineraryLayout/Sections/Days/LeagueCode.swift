/// The league of a game at the left of its card: a filled tile, or an outlined chip.
import ItineraryText

extension DayLayout {
    /// The league tile: the lead tile filled with the `leagueTile` colour, the code centred in it.
    func leagueTile(_ league: String) -> [DisplayItem] {
        let size = spec.card.leadTile, room = size - 2 * spec.card.leagueCodeInset
        var sketch = Sketch()
        sketch.add([.rect(Rect(x: 0, y: 0, width: size, height: size), radius: spec.card.leadTileRadius,
                          fill: color(.leagueTile), stroke: nil, strokeWidth: 0)])
        // Anything still too wide for the tile is shortened rather than spilling out of it.
        if let l = line([span(leagueCode(league, room: room), .leagueTile)], maxWidth: room) {
            sketch.line(l, x: (size - l.width) / 2, top: (size - l.height) / 2)
        }
        return sketch.items
    }

    /// An outlined chip as wide as the code (at most the lead tile), centred on the cap height
    /// of the matchup line.
    func leagueChip(_ league: String, baseline matchupBaseline: Double) -> [DisplayItem] {
        let chip = spec.leagueCode
        let room = spec.card.leadTile - 2 * chip.paddingX
        guard let l = line([span(leagueCode(league, room: room), .leagueTile)], maxWidth: room) else { return [] }
        // Centred on the caps (about 0.72 em tall in Inter), not the line box, as the eye reads them.
        let middle = matchupBaseline - 0.36 * style(.matchup).size
        let box = Rect(x: 0, y: middle - chip.height / 2, width: l.width + 2 * chip.paddingX, height: chip.height)
        return [Shapes.innerBorder(box, radius: chip.radius, width: chip.border, color: color(.leagueTile)),
                .text(spans: l.spans, origin: Point(x: chip.paddingX, y: middle + 0.36 * style(.leagueTile).size))]
    }

    /// A league written out in full (`Saudi Pro League`) shows its initials when it is wider than `room`.
    private func leagueCode(_ league: String, room: Double) -> String {
        let words = league.split(separator: " ")
        if words.count > 1, let full = line([span(league, .leagueTile)]), full.width > room {
            return String(words.compactMap(\.first))
        }
        return league
    }
}
