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
        let factsSpan = theme.span(Bidi.list(facts, separator: " · "), named: spec.styles[.facts])
        var blocks: [any FlowBlock]
        switch spec.facts {
        case .below:
            blocks = [
                clamped([titleSpan(spec, width: width)], maxLines: spec.maxLines),
                Spacer(spec.nameGap),
                clamped([factsSpan], maxLines: spec.maxLines),
            ]
        case .right:
            blocks = [titleLine(spec, facts: factsSpan)]
        }
        if spec.summary {
            let games = trip.days.flatMap(\.items).filter { if case .game = $0 { return true } else { return false } }
                .count
            let cities = Set(trip.days.map { $0.city.lowercased() }).count
            let summary = [
                counted(trip.days.count, "day", "days"), counted(games, "game", "games"),
                counted(cities, "city", "cities"),
            ]
            blocks.append(
                paragraph([theme.span(summary.joined(separator: " · "), named: spec.styles[.summary])], width: width))
        }
        blocks.append(Spacer(spec.spaceAfter))
        return blocks
    }

    /// The name at the left, wrapping short of the facts, which sit at the right on its first
    /// baseline (`nameGap` at least between them). Facts too wide to leave the name half the
    /// line take a line of their own under it.
    private func titleLine(_ spec: TitleSpec, facts: StyledSpan) -> any FlowBlock {
        let maxLines = spec.maxLines
        let factsLine = text.setParagraph([facts], width: nil).first
        let factsWidth = factsLine.map { $0.width + spec.nameGap } ?? 0
        guard let factsLine, factsWidth <= width / 2 else {
            return Stack([
                clamped([titleSpan(spec, width: width)], maxLines: maxLines), Spacer(spec.nameGap),
                clamped([facts], maxLines: maxLines),
            ])
        }
        let name = text.setParagraph(
            [titleSpan(spec, width: width - factsWidth)], width: width - factsWidth, maxLines: maxLines)
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
    private func titleSpan(_ spec: TitleSpec, width: Double) -> StyledSpan {
        let style = spec.styles[.name]
        let shown = shownTitle(theme.span("", named: style).style, width: width, maxLines: spec.maxLines)
        return theme.span(trip.hasName ? titleText(shown) : shown, named: style)
    }

    /// A paragraph across the content width in at most `maxLines` lines, the last ending in …
    /// when cut; from the page's start side whatever its script (`Bidi`: one edge per page).
    private func clamped(_ spans: [StyledSpan], maxLines: Int) -> TextBlock {
        TextBlock(lines: text.setParagraph(spans, width: width, maxLines: maxLines), width: width)
    }
}
