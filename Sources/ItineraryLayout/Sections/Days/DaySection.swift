/// Day by day: the section title, then every day's heading and its cards, in order.
import ItineraryModel
import ItineraryText

extension SectionContext {
    func dayBlocks() -> [any FlowBlock] {
        guard let spec = theme.template.days, !trip.days.isEmpty else { return [] }
        let layout = DayBuilder(self, spec: spec)
        var blocks = sectionTitle(
            layout.span(labels.label("days", "title"), .h1), lead: layout.span(labels.label("days", "lead"), .lead),
            spec: spec.title, anchor: "days")
        var i = 0
        while i < trip.days.count {
            // Days flow on: no page break of their own, only space.
            if i > 0 { blocks.append(Spacer(spec.betweenDays)) }
            let run = quietRun(from: i)
            blocks += run.count > 1 ? layout.restDays(run) : layout.day(i, trip.days[i])
            i = run.upperBound + 1
        }
        return blocks
    }
}

extension SectionContext {
    /// The days from `start` that are quiet in the same city as it (no items, title or note):
    /// shown as one heading and one card, so a season-long trip is not pages of the same card.
    /// Just `start...start` when the day is not quiet or the next one differs.
    func quietRun(from start: Int) -> ClosedRange<Int> {
        func quiet(_ day: Day) -> Bool { day.items.isEmpty && (day.title ?? "").isEmpty && (day.notes ?? "").isEmpty }
        guard quiet(trip.days[start]) else { return start...start }
        let city = trip.days[start].city.lowercased()
        var end = start
        while end + 1 < trip.days.count, quiet(trip.days[end + 1]), trip.days[end + 1].city.lowercased() == city {
            end += 1
        }
        return start...end
    }
}

extension DayBuilder {
    /// A run of quiet days in one city: one heading (`DAYS 3–5`) and one rest card.
    func restDays(_ days: ClosedRange<Int>) -> [any FlowBlock] {
        [heading(days), Spacer(spec.afterHeading), restDayCard(days)]
    }

    /// One day: the heading, the day note, then a card per item (or the rest-day card). The
    /// heading keeps with the note and the first card; no card splits unless taller than a page.
    func day(_ index: Int, _ day: Day) -> [any FlowBlock] {
        var cards: [any FlowBlock] = []
        if day.items.isEmpty { cards.append(restDayCard(day)) }
        for item in day.items {
            switch item {
            case let .game(game): cards.append(gameCard(game, on: day))
            case let .travel(leg): cards.append(travelCard(leg, on: day))
            case let .lodging(stay): cards.append(lodgingCard(stay, on: day))
            case let .custom(custom): cards.append(customCard(custom, on: day))
            }
        }
        let heading = heading(index, day)
        let hasNote = !(day.notes ?? "").isEmpty
        if let text = day.notes, !text.isEmpty {
            var note = dayNote(text)
            // When heading, note and first card cannot share any page, the note lets go of the
            // card: the paginator would otherwise move note and card on and strand the heading.
            let chain =
                heading.height + spec.afterHeading + note.height + spec.betweenCards
                + (cards.first?.minimumHeadHeight ?? 0)
            if chain > pageHeight + 0.001 { note.keepWithNext = false }
            cards.insert(note, at: 0)
        }
        var blocks: [any FlowBlock] = [heading, Spacer(spec.afterHeading)]
        for (n, card) in cards.enumerated() {
            if n > 0 { blocks += cardGap(afterNote: hasNote && n == 1) }
            blocks.append(card)
        }
        return blocks
    }
}
