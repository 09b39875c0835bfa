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
        var cut = Cut()
        switch spec.facts {
        case .below:
            blocks = [
                clamped([titleSpan(spec, width: width)], maxLines: spec.maxLines, cut: &cut.name),
                Spacer(spec.nameGap),
                clamped([factsSpan], maxLines: spec.maxLines, cut: &cut.facts),
            ]
        case .right:
            blocks = [titleLine(spec, facts: factsSpan, cut: &cut)]
        }
        blocks += wholeText(spec, cut: cut)
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
    private func titleLine(_ spec: TitleSpec, facts: StyledSpan, cut: inout Cut) -> any FlowBlock {
        let maxLines = spec.maxLines
        let factsLine = text.setParagraph([facts], width: nil).first
        let factsWidth = factsLine.map { $0.width + spec.nameGap } ?? 0
        guard let factsLine, factsWidth <= width / 2 else {
            return Stack([
                clamped([titleSpan(spec, width: width)], maxLines: maxLines, cut: &cut.name), Spacer(spec.nameGap),
                clamped([facts], maxLines: maxLines, cut: &cut.facts),
            ])
        }
        let name: [SetLine]
        (name, cut.name) = text.clampedParagraph(
            [titleSpan(spec, width: width - factsWidth)], width: width - factsWidth, maxLines: maxLines)
        var nameItems: [DisplayItem] = []
        var y = 0.0
        for line in name {
            nameItems.append(.text(spans: line.spans, origin: Point(x: line.offset, y: y + line.baseline)))
            y += line.height
        }
        let baseline = name.first?.baseline ?? factsLine.baseline
        let facts = DisplayItem.text(spans: factsLine.spans, origin: Point(x: width - factsLine.width, y: baseline))
        // A paragraph each, as when the facts go below: text loose in the section beside the
        // paragraph of a name printed whole would go unmarked (cairo 1.16 marks no text of an
        // element that has elements of its own).
        return Canvas(
            height: max(y, factsLine.height), items: nameItems.tagged(.paragraph) + [facts].tagged(.paragraph))
    }

    /// The name, or the route shortened to fit (`Boston → Bronx → … → Baltimore`).
    private func titleSpan(_ spec: TitleSpec, width: Double) -> StyledSpan {
        let style = spec.styles[.name]
        let shown = shownTitle(theme.span("", named: style).style, width: width, maxLines: spec.maxLines)
        return theme.span(trip.hasName ? titleText(shown) : shown, named: style)
    }

    /// A paragraph across the content width in at most `maxLines` lines, the last ending in …
    /// when cut (`cut` then set); from the page's start side whatever its script (`Bidi`: one
    /// edge per page).
    private func clamped(_ spans: [StyledSpan], maxLines: Int, cut: inout Bool) -> TextBlock {
        let (lines, wasCut) = text.clampedParagraph(spans, width: width, maxLines: maxLines)
        cut = cut || wasCut
        return TextBlock(lines: lines, width: width)
    }

    /// Which of the title block's paragraphs had to end in ….
    private struct Cut {
        var name = false
        var facts = false
    }

    /// What the title block had to cut, printed whole under it in the facts' style: the trip's
    /// name (not the route shortened to fit, which the days spell out), then the traveler
    /// (`Traveler: …`). Nothing the trip says is lost.
    private func wholeText(_ spec: TitleSpec, cut: Cut) -> [any FlowBlock] {
        var whole: [String] = []
        if cut.name, trip.hasName, let name = trip.name { whole.append(name) }
        if cut.facts, let traveler = trip.traveler { whole.append(labels.traveler + ": " + traveler) }
        guard !whole.isEmpty else { return [] }
        return [
            Spacer(spec.nameGap / 2),
            paragraph([theme.span(whole.joined(separator: "\n"), named: spec.styles[.facts])], width: width),
        ]
    }
}
