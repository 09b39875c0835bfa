/// A day with nothing planned: a dashed card with a moon, `Rest day` and where; for a run of
/// them, `Rest days` and how many.
import ItineraryModel
import ItineraryText

extension DayBuilder {
    func restDayCard(_ day: Day) -> CardBlock {
        restDayCard(title: ctx.labels.restDay, detail: Labels.fill(ctx.labels.restDayDetail, ["city": day.city]))
    }

    func restDayCard(_ days: ClosedRange<Int>) -> CardBlock {
        let city = ctx.trip.days[days.lowerBound].city
        guard days.count > 1 else { return restDayCard(ctx.trip.days[days.lowerBound]) }
        return restDayCard(
            title: label("restDays"),
            detail: Labels.fill(label("restDaysDetail"), ["city": city, "count": ctx.format.count(days.count)]))
    }

    private func restDayCard(title: String, detail: String) -> CardBlock {
        let grid = grid(side: spec.card.side)
        let tile = spec.card.leadTile
        var text = Sketch()
        var y = text.lines(lines([span(title, .restDayTitle)], width: grid.spanWidth), x: grid.contentX, top: 0)
        y = text.lines(
            lines([span(detail, .meta)], width: grid.spanWidth),
            x: grid.contentX, top: y + spec.card.lineGap)
        var sketch = Sketch()
        sketch.add(leadTile(.moon, onFill: true))
        sketch.add(text.offset(0, max(0, (tile - y) / 2)))
        return card(
            grid: grid, name: [ctx.labels.restDay], head: CardPart(height: max(tile, y), items: sketch.items),
            backdrop: backdrop(.dashed))
    }
}
