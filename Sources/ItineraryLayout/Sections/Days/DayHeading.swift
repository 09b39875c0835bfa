/// A day's heading: the accent tile with `DAY` and the number, the H2, the title and the summary.
import DisplayList
import ItineraryModel
import ItineraryText

extension DayBuilder {
    /// The heading block: a named destination for the outline, the running-header mark, kept
    /// with the day's first card.
    func heading(_ index: Int, _ day: Day) -> any FlowBlock {
        heading(index...index)
    }

    /// The heading of one day, or of a run of quiet days shown together (`DAYS 3–5`, `Tue, Nov 3 –
    /// Thu, Nov 5 · Denver`): every day of the run has its destination here.
    func heading(_ days: ClosedRange<Int>) -> any FlowBlock {
        let day = ctx.trip.days[days.lowerBound]
        let canvas = spec.heading.kind == .tile ? tileHeading(days, day) : ruleHeading(days, day)
        let anchors: [any FlowBlock] = days.map { Anchor(name: SectionContext.destination(day: $0)) }
        return Stack(anchors + [canvas], keepWithNext: true, mark: ctx.dayTitle(days))
    }

    /// `Day`, or the days' caps label for a run.
    private func dayCaps(_ days: ClosedRange<Int>) -> String { days.count == 1 ? ctx.labels.day : label("daysCaps") }

    /// `3`, or `3–5` for a run.
    private func dayNumbers(_ days: ClosedRange<Int>) -> String {
        days.count == 1
            ? ctx.format.count(days.lowerBound + 1)
            : ctx.format.count(days.lowerBound + 1) + "\u{2013}" + ctx.format.count(days.upperBound + 1)
    }

    /// `Sun, Jun 14 · Milwaukee`, or `Tue, Nov 3 – Thu, Nov 5 · Denver` for a run.
    private func headingText(_ days: ClosedRange<Int>, _ day: Day) -> String {
        let dates =
            days.count == 1
            ? ctx.format.dayDate(day.date)
            : Bidi.list(
                [ctx.format.dayDate(day.date), ctx.format.dayDate(ctx.trip.days[days.upperBound].date)],
                separator: " \u{2013} ")
        return Bidi.list([dates, day.city], separator: " · ")
    }

    /// The tile with `DAY` over the number, the H2 beside it, the block centred on the tile.
    private func tileHeading(_ days: ClosedRange<Int>, _ day: Day) -> Canvas {
        let h = spec.heading
        let textX = gutter
        var sketch = Sketch()

        // The summary sits at the right on the H2's first baseline; the H2 wraps short of it.
        let summaryText = summary(day)
        let summaryLine = summaryText.isEmpty ? nil : line([span(summaryText, .caps)])
        let h2Width = ctx.width - textX - (summaryLine.map { $0.width + h.summaryGap } ?? 0)
        let h2 = ctx.text.setParagraph(
            [span(headingText(days, day), .heading)], width: max(1, h2Width), maxLines: h.maxLines)
        let title =
            day.title.map {
                ctx.text.setParagraph(
                    [span(ctx.titleText($0), .dayTitle)], width: ctx.width - textX, maxLines: h.titleMaxLines)
            } ?? []
        let textHeight = h2.totalHeight + (title.isEmpty ? 0 : h.titleGap + title.totalHeight)

        // The text block and the tile are centred on each other; a block taller than the tile
        // (a heading on several lines) starts with its first line centred on the tile instead,
        // so the tile stays by the date rather than floating beside the middle of a paragraph.
        let firstLine = h2.first?.height ?? 0
        let textTop = textHeight <= h.tileSize ? (h.tileSize - textHeight) / 2 : max(0, (h.tileSize - firstLine) / 2)
        let tileTop = 0.0
        let height = max(h.tileSize, textTop + textHeight)

        // Read as: the H2 (`Day 1`, `Sun, Jun 14 · Milwaukee`), the summary, the title.
        sketch.add([
            .beginStructure(.heading2),
            .rect(
                Rect(x: 0, y: tileTop, width: h.tileSize, height: h.tileSize), radius: h.tileRadius,
                fill: color(.tile), stroke: nil, strokeWidth: 0),
        ])
        var y = tileTop + h.tileCapsTop
        // Inside the tile with a margin on each side: a number too wide for it (`100`, `12–14`)
        // is set smaller rather than touching the tile's edges.
        let room = h.tileSize - 2 * h.tileCapsTop
        // A number is never cut short: a run's range (`11–14`) is set as small as it takes.
        for (text, scale) in [(span(dayCaps(days), .tileCaps), 0.6), (span(dayNumbers(days), .tileNumber), 0.25)] {
            guard let l = fittedLine(text, width: room, minimumScale: scale) else { continue }
            // Spans, so that the tile reads `Day`, `1`, then the date, not `DAY1Fri`.
            sketch.add([.beginStructure(.span)])
            sketch.line(l, x: (h.tileSize - l.width) / 2, top: y)
            sketch.add([.endStructure(.span)])
            y += l.height
        }

        sketch.add([.beginStructure(.span)])
        let bottom = sketch.lines(h2, x: textX, top: textTop)
        sketch.add([.endStructure(.span)])
        sketch.add([.endStructure(.heading2)])
        if let summaryLine, let first = h2.first {
            sketch.add([.beginStructure(.paragraph)])
            sketch.line(summaryLine, right: ctx.width, baseline: textTop + first.baseline)
            sketch.add([.endStructure(.paragraph)])
        }
        if !title.isEmpty {
            sketch.add([.beginStructure(.paragraph)])
            sketch.lines(title, x: textX, top: bottom + h.titleGap)
            sketch.add([.endStructure(.paragraph)])
        }
        return Canvas(height: height, items: sketch.items)
    }

    /// A rule across the column, then `DAY 3 · Sun, Jun 14 · Milwaukee` (the `DAY` and the number
    /// in their tile roles, so that a template can set them apart) with the summary at the right,
    /// and the day's title under it.
    private func ruleHeading(_ days: ClosedRange<Int>, _ day: Day) -> Canvas {
        let h = spec.heading
        let rule = h.rule ?? LineSpec.none
        var sketch = Sketch()
        if rule.width > 0 {
            sketch.add([
                .line(
                    from: Point(x: 0, y: rule.width / 2), to: Point(x: ctx.width, y: rule.width / 2),
                    width: rule.width, color: ctx.theme.color(rule.color), dash: [])
            ])
        }
        let top = rule.width + h.ruleGap
        let summaryText = summary(day)
        let summaryLine = summaryText.isEmpty ? nil : line([span(summaryText, .caps)])
        let textWidth = ctx.width - (summaryLine.map { $0.width + h.summaryGap } ?? 0)
        let text = ctx.text.setParagraph(
            [
                span(dayCaps(days), .tileCaps), span(" " + dayNumbers(days), .tileNumber),
                span(" · " + headingText(days, day), .heading),
            ], width: max(1, textWidth), maxLines: h.maxLines)
        sketch.add([.beginStructure(.heading2)])
        var bottom = sketch.lines(text, x: 0, top: top)
        sketch.add([.endStructure(.heading2)])
        if let summaryLine, let first = text.first {
            sketch.add([.beginStructure(.paragraph)])
            sketch.line(summaryLine, right: ctx.width, baseline: top + first.baseline)
            sketch.add([.endStructure(.paragraph)])
        }
        if let title = day.title {
            sketch.add([.beginStructure(.paragraph)])
            bottom = sketch.lines(
                ctx.text.setParagraph(
                    [span(ctx.titleText(title), .dayTitle)], width: ctx.width, maxLines: h.titleMaxLines),
                x: 0,
                top: bottom + h.titleGap)
            sketch.add([.endStructure(.paragraph)])
        }
        return Canvas(height: bottom, items: sketch.items)
    }
}
