/// Stadium progress: the count against the league's total, a bar of one segment per stadium,
/// a card per visited stadium (this trip's first), and the rest of the record by name.
import ItineraryModel
import ItineraryText

extension SectionContext {
    func progressBlocks() -> [any FlowBlock] {
        guard let progress = trip.progress, let spec = theme.template.progress else { return [] }
        let layout = ProgressBuilder(ctx: self, spec: spec, progress: progress)
        var blocks = sectionTitle(
            layout.span(labels.progress, .h1), lead: layout.span(layout.label("lead", layout.words), .lead),
            spec: spec.title, anchor: "progress")

        let visits = StadiumVisits(trip: trip, visitedIds: progress.visitedStadiumIds, league: progress.league)
        let rows = layout.gridRows(visits.entries)
        // The hero, the bar and the first row of cards stay together.
        var opening: [any FlowBlock] = [layout.hero(), Spacer(spec.barGap), layout.bar()]
        if let first = rows.first {
            // Kept as one, should the opening split: the caps heading never ends a page alone.
            opening += [
                Spacer(spec.sectionGap),
                Stack([
                    layout.capsHeading(layout.label(layout.venueKind + "Visited")),
                    Spacer(spec.headingGap), first,
                ]),
            ]
        }
        blocks.append(Stack(opening))
        for row in rows.dropFirst() {
            blocks += [Spacer(spec.grid.gap), row]
        }
        let record = layout.record(visits.others)
        if !record.isEmpty { blocks += [Spacer(spec.sectionGap)] + record }
        return blocks
    }
}
