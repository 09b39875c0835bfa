/// The league of a game at the left of its card: a filled tile, or an outlined chip.
import DisplayList
import ItineraryText

extension DayBuilder {
    /// The league tile: the lead tile filled with the `leagueTile` colour, the code centred in it.
    func leagueTile(_ league: String) -> [DisplayItem] {
        let size = spec.card.leadTile, room = size - 2 * spec.card.leagueCodeInset
        var sketch = Sketch()
        sketch.add([
            .rect(
                Rect(x: 0, y: 0, width: size, height: size), radius: spec.card.leadTileRadius,
                fill: color(.leagueTile), stroke: nil, strokeWidth: 0)
        ])
        // Set smaller rather than spilling out of the tile (`WNBA`, `NWSL`).
        if let l = fittedLine(span(ctx.leagueCode(league), .leagueTile), width: room) {
            sketch.line(l, x: (size - l.width) / 2, top: (size - l.height) / 2)
        }
        return sketch.items
    }

    /// An outlined chip as wide as the code (at most the lead tile), centred on the cap height
    /// of the matchup line.
    func leagueChip(_ league: String, baseline matchupBaseline: Double) -> [DisplayItem] {
        let chip = spec.leagueCode
        let room = spec.card.leadTile - 2 * chip.paddingX
        guard let l = fittedLine(span(ctx.leagueCode(league), .leagueTile), width: room) else { return [] }
        // Centred on the caps (about 0.72 em tall in Inter), not the line box, as the eye reads them.
        let middle = matchupBaseline - 0.36 * style(.matchup).size
        let box = Rect(x: 0, y: middle - chip.height / 2, width: l.width + 2 * chip.paddingX, height: chip.height)
        return [
            Shapes.innerBorder(box, radius: chip.radius, width: chip.border, color: color(.leagueTile)),
            .text(spans: l.spans, origin: Point(x: chip.paddingX, y: middle + 0.36 * style(.leagueTile).size)),
        ]
    }

}
