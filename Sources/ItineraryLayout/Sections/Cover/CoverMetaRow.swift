/// The cover's meta row: DATES, TRAVELER and LEAGUES, each a caps label over its value.
import DisplayList
import ItineraryModel
import ItineraryText

extension SectionContext {
    /// The leagues of the trip's games, in order of first appearance.
    var coverLeagues: [String] {
        var seen = Set<String>(), leagues: [String] = []
        for day in trip.days {
            for case let .game(g) in day.items where seen.insert(g.league).inserted { leagues.append(g.league) }
        }
        return leagues
    }

    /// Columns sit `columnGap` apart after the wider of their label and value. With one league
    /// its full name follows the chip (codes without a name show the chip alone). When the row
    /// would be wider than the page, the league's full name goes first, then the traveler's
    /// name wraps in its column.
    /// `travelerCut`: the traveler's name when its lines had to end in … (the cover then prints
    /// it whole in its note).
    func coverMetaRow(_ spec: CoverMetaSpec) -> (part: CoverPart, travelerCut: String?) {
        let valueBox = text.lineBox([coverStyle(.metaValue)])
        let labelBox = text.lineBox([coverStyle(.metaLabel)])
        let valueTop = labelBox.height + spec.labelGap
        func labelWidth(_ s: String) -> Double { coverLine(s, .metaLabel)?.width ?? 0 }

        let dates = coverLine(format.dateRange(trip.startDate, trip.endDate), .metaValue)
        let datesWidth = max(dates?.width ?? 0, labelWidth(labels.dates))
        let traveler = trip.traveler.flatMap { $0.isEmpty ? nil : $0 }
        let leagues = coverLeagues
        let fullName = leagues.count == 1 ? leagueName(leagues[0], labels: "cover") : nil
        // The chips keep to the row: what the dates leave, less a quarter of the row for a traveler.
        let chipRoom = width - datesWidth - spec.columnGap - (traveler == nil ? 0 : width / 4 + spec.columnGap)
        var chips = leagueChips(leagues, fullName: fullName, spec: spec, valueBox: valueBox, room: chipRoom)
        func leaguesWidth() -> Double {
            leagues.isEmpty ? 0 : spec.columnGap + max(chips.width, labelWidth(coverWord("leagues")))
        }
        /// Room left for the traveler column.
        func travelerRoom() -> Double { width - datesWidth - spec.columnGap - leaguesWidth() }
        if let traveler, fullName != nil,
            max(coverLine(traveler, .metaValue)?.width ?? 0, labelWidth(labels.traveler)) > travelerRoom()
        {
            chips = leagueChips(leagues, fullName: nil, spec: spec, valueBox: valueBox, room: chipRoom)
        }

        var columns: [(label: String, items: [DisplayItem], width: Double)] = []
        if let dates {
            columns.append(
                (
                    labels.dates, [.text(spans: dates.spans, origin: Point(x: 0, y: valueTop + dates.baseline))],
                    dates.width
                ))
        }
        var valueHeight = valueBox.height
        var travelerCut: String?
        if let traveler {
            // Wrapped in its column, not cut: `The Kowalczyk-Nakamura family (4)` on two lines.
            let (lines, cut) = text.clampedParagraph(
                [coverSpan(traveler, .metaValue)], width: max(travelerRoom(), 1), maxLines: spec.travelerLines)
            if cut { travelerCut = traveler }
            if !lines.isEmpty {
                let part = coverPart(lines)
                valueHeight = max(valueHeight, part.height)
                columns.append(
                    (
                        labels.traveler, part.items.map { $0.offset(by: Point(x: 0, y: valueTop)) },
                        lines.map(\.width).max() ?? 0
                    ))
            }
        }
        if !leagues.isEmpty {
            columns.append(
                (coverWord("leagues"), chips.items.map { $0.offset(by: Point(x: 0, y: valueTop)) }, chips.width))
        }

        var items: [DisplayItem] = []
        var x = 0.0
        for column in columns {
            // Each label and its value a group, the label read first, as a paragraph of its own
            // (`Dates`, then `Jun 12 – 21, 2026`), and each piece of the value too.
            var pair: [DisplayItem] = []
            if let label = coverLine(column.label, .metaLabel) {
                pair += [DisplayItem.text(spans: label.spans, origin: Point(x: x, y: label.baseline))].tagged(
                    .paragraph)
            }
            pair += column.items.map { $0.offset(by: Point(x: x, y: 0)) }.looseTextTagged(.paragraph)
            items += pair.tagged(.division)
            x += max(column.width, labelWidth(column.label)) + spec.columnGap
        }
        return (CoverPart(items: items, height: valueTop + valueHeight), travelerCut)
    }

    /// Ink chips with the league codes, centred on the value line, then the full name on its
    /// baseline. Chips that would pass `room` give way to a count of them (`+3`), and so does
    /// the full name: the row never runs off the paper, and the day cards show every code.
    private func leagueChips(
        _ leagues: [String], fullName: String?, spec: CoverMetaSpec,
        valueBox: (baseline: Double, height: Double), room: Double
    ) -> (items: [DisplayItem], width: Double) {
        let chipBox = text.lineBox([coverStyle(.chip)])
        let chipHeight = chipBox.height + 2 * spec.chipPaddingY
        let top = (valueBox.height - chipHeight) / 2
        var items: [DisplayItem] = []
        var x = 0.0
        /// An ink chip holding `code`, after the chips so far.
        func chip(_ code: SetLine) {
            if x > 0 { x += spec.chipGap }
            let w = code.width + 2 * spec.chipPaddingX
            items.append(
                .rect(
                    Rect(x: x, y: top, width: w, height: chipHeight), radius: spec.chipRadius,
                    fill: coverColor(.chip), stroke: nil, strokeWidth: 0))
            items.append(
                .text(
                    spans: code.spans,
                    origin: Point(x: x + spec.chipPaddingX, y: top + spec.chipPaddingY + chipBox.baseline)))
            x += w
        }
        /// Words on the value line after the chips: the count of the rest, or the full name.
        func after(_ words: SetLine) {
            x += spec.leagueNameGap
            items.append(.text(spans: words.spans, origin: Point(x: x, y: valueBox.baseline)))
            x += words.width
        }
        for (index, league) in leagues.enumerated() {
            guard let code = coverLine(leagueCode(league), .chip) else { continue }
            let w = code.width + 2 * spec.chipPaddingX
            let left = leagues.count - index - 1
            let more =
                left == 0
                ? 0 : (coverLine("+" + format.count(left), .leagueName)?.width ?? 0) + spec.leagueNameGap
            if x + (x > 0 ? spec.chipGap : 0) + w + more > room, index > 0 || w > room {
                // The rest as a count; a first chip wider than the row is set shortened.
                if index == 0,
                    let short = coverLine(
                        text.ellipsize(
                            coverSpan(leagueCode(league), .chip),
                            width: max(0, room - more - 2 * spec.chipPaddingX), middle: false
                        ).text,
                        .chip)
                {
                    chip(short)
                }
                let rest = leagues.count - index - (index == 0 ? 1 : 0)
                if rest > 0, let count = coverLine("+" + format.count(rest), .leagueName) { after(count) }
                return (items, x)
            }
            chip(code)
        }
        // A trip's own name for its league may be long: shortened to the room left, with a `…`.
        let nameRoom = room - x - spec.leagueNameGap
        if let fullName, nameRoom > 0,
            let name = coverLine(
                text.ellipsize(coverSpan(fullName, .leagueName), width: nameRoom, middle: false).text,
                .leagueName)
        {
            after(name)
        }
        return (items, x)
    }
}
