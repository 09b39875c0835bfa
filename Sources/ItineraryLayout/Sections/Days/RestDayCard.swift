/// A day with nothing planned: a dashed card with a moon, `Rest day` and where.
import ItineraryModel
import ItineraryText

extension DayLayout {
    func restDayCard(_ day: Day) -> CardBlock {
        let grid = grid(side: spec.card.side)
        let tile = spec.card.leadTile
        var text = Sketch()
        var y = text.lines(lines([span(ctx.labels.restDay, .restDayTitle)], width: grid.spanWidth), x: grid.contentX, top: 0)
        y = text.lines(lines([span(Labels.fill(ctx.labels.restDayDetail, ["city": day.city]), .meta)], width: grid.spanWidth),
                       x: grid.contentX, top: y + spec.card.lineGap)
        var sketch = Sketch()
        sketch.add(leadTile(.moon, onFill: true))
        sketch.add(text.offset(0, max(0, (tile - y) / 2)))
        return card(grid: grid, head: CardPart(height: max(tile, y), items: sketch.items), backdrop: backdrop(.dashed))
    }
}
