/// A day's heading: the accent tile with `DAY` and the number, the H2, the title and the summary.
import ItineraryModel
import ItineraryText

extension DayLayout {
    /// The heading block: a named destination for the outline, the running-header mark, kept
    /// with the day's first card.
    func heading(_ index: Int, _ day: Day) -> any FlowBlock {
        let canvas = spec.heading.kind == .tile ? tileHeading(index, day) : ruleHeading(index, day)
        return Stack([Anchor(name: SectionContext.destination(day: index)), canvas],
                     keepWithNext: true, mark: ctx.dayTitle(index: index, day: day))
    }

    /// The tile with `DAY` over the number, the H2 beside it, the block centred on the tile.
    private func tileHeading(_ index: Int, _ day: Day) -> Canvas {
        let h = spec.heading
        let textX = gutter
        var sketch = Sketch()

        // The summary sits at the right on the H2's first baseline; the H2 wraps short of it.
        let summaryText = summary(day)
        let summaryLine = summaryText.isEmpty ? nil : line([span(summaryText, .caps)])
        let h2Width = ctx.width - textX - (summaryLine.map { $0.width + h.summaryGap } ?? 0)
        let h2 = lines([span("\(ctx.format.dayDate(day.date)) · \(day.city)", .heading)], width: max(1, h2Width))
        let title = day.title.map { lines([span($0, .dayTitle)], width: ctx.width - textX) } ?? []
        let textHeight = h2.totalHeight + (title.isEmpty ? 0 : h.titleGap + title.totalHeight)

        // The text block and the tile are centred on each other.
        let height = max(h.tileSize, textHeight)
        let tileTop = (height - h.tileSize) / 2
        let textTop = (height - textHeight) / 2

        sketch.add([.rect(Rect(x: 0, y: tileTop, width: h.tileSize, height: h.tileSize), radius: h.tileRadius,
                          fill: color(.tile), stroke: nil, strokeWidth: 0)])
        var y = tileTop + h.tileCapsTop
        for text in [span(ctx.labels.day, .tileCaps), span(ctx.format.count(index + 1), .tileNumber)] {
            guard let l = line([text], maxWidth: h.tileSize) else { continue }
            sketch.line(l, x: (h.tileSize - l.width) / 2, top: y)
            y += l.height
        }

        let bottom = sketch.lines(h2, x: textX, top: textTop)
        if let summaryLine, let first = h2.first {
            sketch.line(summaryLine, right: ctx.width, baseline: textTop + first.baseline)
        }
        if !title.isEmpty { sketch.lines(title, x: textX, top: bottom + h.titleGap) }
        return Canvas(height: height, items: sketch.items)
    }

    /// A rule across the column, then `DAY 3 · Sun, Jun 14 · Milwaukee` (the `DAY` and the number
    /// in their tile roles, so that a template can set them apart) with the summary at the right,
    /// and the day's title under it.
    private func ruleHeading(_ index: Int, _ day: Day) -> Canvas {
        let h = spec.heading
        let rule = h.rule ?? LineSpec.none
        var sketch = Sketch()
        if rule.width > 0 {
            sketch.add([.line(from: Point(x: 0, y: rule.width / 2), to: Point(x: ctx.width, y: rule.width / 2),
                              width: rule.width, color: ctx.theme.color(rule.color), dash: [])])
        }
        let top = rule.width + h.ruleGap
        let summaryText = summary(day)
        let summaryLine = summaryText.isEmpty ? nil : line([span(summaryText, .caps)])
        let textWidth = ctx.width - (summaryLine.map { $0.width + h.summaryGap } ?? 0)
        let text = lines([span(ctx.labels.day, .tileCaps), span(" " + ctx.format.count(index + 1), .tileNumber),
                          span(" · \(ctx.format.dayDate(day.date)) · \(day.city)", .heading)], width: max(1, textWidth))
        var bottom = sketch.lines(text, x: 0, top: top)
        if let summaryLine, let first = text.first {
            sketch.line(summaryLine, right: ctx.width, baseline: top + first.baseline)
        }
        if let title = day.title {
            bottom = sketch.lines(lines([span(title, .dayTitle)], width: ctx.width), x: 0, top: bottom + h.titleGap)
        }
        return Canvas(height: bottom, items: sketch.items)
    }
}
