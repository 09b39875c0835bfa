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
        var body: [any FlowBlock] = [Stack(opening)]
        for row in rows.dropFirst() {
            body += [Spacer(spec.grid.gap), row]
        }
        let record = layout.record(visits.others)
        if !record.isEmpty { body += [Spacer(spec.sectionGap)] + record }
        // The section is kept on one page where it fits one: where it follows on from the last
        // day (compact), a grid split over two pages would leave a few cards alone on the last,
        // and the trip's last section starting on a page of its own costs no page. Taller than
        // a page, it runs on from where it starts.
        blocks.append(Stack(body))
        return blocks
    }
}
