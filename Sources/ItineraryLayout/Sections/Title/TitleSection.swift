/// The title block: trip name, dates and traveler, and a one-line summary.
import DisplayList
import ItineraryModel
import ItineraryText

extension SectionContext {
    func titleBlock() -> [any FlowBlock] {
        // A listed section always has its settings (the loader checks).
        guard let spec = theme.template.title else { return [] }
        var facts = [format.dateRange(trip.startDate, trip.endDate)]
        if let traveler = trip.traveler { facts.append(traveler) }
        let factsSpan = theme.span(Bidi.list(facts, separator: " · "), .subtitle)
        var blocks: [any FlowBlock]
        switch spec.facts {
        case .below:
            blocks = [
                clamped([titleSpan(width: width, maxLines: spec.maxLines)], maxLines: spec.maxLines),
                Spacer(spacing.afterTitle),
                clamped([factsSpan], maxLines: spec.maxLines),
            ]
        case .right:
            blocks = [titleLine(facts: factsSpan, maxLines: spec.maxLines)]
        }
        if spec.summary {
            let games = trip.days.flatMap(\.items).filter { if case .game = $0 { return true } else { return false } }
                .count
            let cities = Set(trip.days.map { $0.city.lowercased() }).count
            let summary = [
                counted(trip.days.count, "day", "days"), counted(games, "game", "games"),
                counted(cities, "city", "cities"),
            ]
            blocks.append(paragraph([theme.span(summary.joined(separator: " · "), .meta)], width: width))
        }
        blocks.append(Spacer(spacing.afterTitleBlock))
        return blocks
    }

    /// The name at the left, wrapping short of the facts, which sit at the right on its first
    /// baseline (`spacing.afterTitle` at least between them). Facts too wide to leave the name
    /// half the line take a line of their own under it.
    private func titleLine(facts: StyledSpan, maxLines: Int) -> any FlowBlock {
        let factsLine = text.setParagraph([facts], width: nil).first
        let factsWidth = factsLine.map { $0.width + spacing.afterTitle } ?? 0
        guard let factsLine, factsWidth <= width / 2 else {
            return Stack([
                clamped([titleSpan(width: width, maxLines: maxLines)], maxLines: maxLines), Spacer(spacing.afterTitle),
                clamped([facts], maxLines: maxLines),
            ])
        }
        let name = text.setParagraph(
            [titleSpan(width: width - factsWidth, maxLines: maxLines)], width: width - factsWidth, maxLines: maxLines)
        var items: [DisplayItem] = []
        var y = 0.0
        for line in name {
            items.append(.text(spans: line.spans, origin: Point(x: 0, y: y + line.baseline)))
            y += line.height
        }
        let baseline = name.first?.baseline ?? factsLine.baseline
        items.append(.text(spans: factsLine.spans, origin: Point(x: width - factsLine.width, y: baseline)))
        return Canvas(height: max(y, factsLine.height), items: items)
    }

    /// The name, or the route shortened to fit (`Boston → Bronx → … → Baltimore`).
    private func titleSpan(width: Double, maxLines: Int) -> StyledSpan {
        theme.span(shownTitle(theme.span("", .title).style, width: width, maxLines: maxLines), .title)
    }

    /// A paragraph across the content width in at most `maxLines` lines, the last ending in … when cut.
    /// At most `maxLines`, the last ending in … when cut; a paragraph that reads right to left
    /// (an Arabic name) is set from the right edge.
    private func clamped(_ spans: [StyledSpan], maxLines: Int) -> TextBlock {
        let rtl = TextEngine.isRightToLeftParagraph(spans.map(\.text).joined())
        return TextBlock(
            lines: text.setParagraph(spans, width: width, maxLines: maxLines), width: width,
            alignment: rtl ? .trailing : .leading)
    }
}
