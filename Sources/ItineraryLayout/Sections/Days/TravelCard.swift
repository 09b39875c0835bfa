/// A travel leg: mode icon, `From → To`, departure and arrival, duration and distance.
import ItineraryModel
import ItineraryText

extension DayBuilder {
    func travelCard(_ leg: TravelLeg, on day: Day) -> CardBlock {
        let grid = grid(side: spec.card.side)
        var sketch = Sketch()
        sketch.add(leadTile(Icon.travel(leg.mode), onFill: true))
        let x = grid.contentX
        // `From → To`, or from the right `To ← From` when both are right-to-left (Bidi.listParts).
        let (places, arrow) = Bidi.listParts([ctx.legPlace(leg.from), ctx.legPlace(leg.to)])
        let title = lines(
            [
                // A city stays whole; the line breaks after the arrow or inside a long name.
                span(places[0], .cardTitle), span(" \(arrow) ", .cardTitle, color: color(.arrow)),
                span(places[1], .cardTitle),
            ],
            width: grid.contentWidth)
        var y = sketch.lines(title, x: x, top: 0)

        // `Drive · departs 8:30 AM CDT · arrives ≈ 9:58 AM CDT`; `(−1)`/`(+1)` on another date
        // than the day the leg is listed under (a flight the evening before, an arrival next morning).
        // A time stays on the line of its label.
        var facts = [ctx.labels.modes[leg.mode.rawValue] ?? leg.mode.rawValue]
        if let depart = leg.departTime, let zone = ctx.zones.departure(leg, on: day) {
            facts.append(TripFormatter.unbreakable(ctx.labels.departs) + "\u{00A0}" + zonedTime(depart, zone, on: day))
        }
        if let (instant, zone) = ctx.zones.arrival(leg, on: day) {
            facts.append(TripFormatter.unbreakable(label("arrives")) + "\u{00A0}" + zonedTime(instant, zone, on: day))
        }
        let meta = lines([span(facts.joined(separator: " · "), .meta)], width: grid.contentWidth)
        y += spec.card.lineGap
        let metaBaseline = y + (meta.first?.baseline ?? baseline(.meta))
        y = sketch.lines(meta, x: x, top: y)

        sideFigure(
            leg.durationSeconds.map { span(ctx.format.duration(seconds: $0), .sideFigure) },
            unit: leg.distanceMeters.map { span(ctx.format.distance(meters: $0), .meta) },
            grid: grid, firstBaseline: title.first?.baseline ?? 0, secondBaseline: metaBaseline, into: &sketch)
        let head = CardPart(height: max(spec.card.leadTile, y), items: sketch.items)
        return card(
            grid: grid, name: [Bidi.list([leg.from, leg.to], separator: " → ")], head: head,
            notes: notes(leg.notes, grid: grid), backdrop: backdrop(.filled))
    }
}
