/// The grid of visited stadiums: a card each, three to a row, the rows of equal height.
import DisplayList
import ItineraryModel
import ItineraryText

extension ProgressBuilder {
    /// The grid's rows, each a canvas of cards as tall as its tallest card.
    func gridRows(_ entries: [StadiumVisits.Entry]) -> [Canvas] {
        let g = spec.grid
        let cardWidth = (ctx.width - g.gap * Double(g.columns - 1)) / Double(g.columns)
        let dates = MonthDayFormatter(locale: ctx.format.locale, dates: ctx.format.caches.dates)
        var rows: [Canvas] = []
        var start = 0
        while start < entries.count {
            let row = entries[start..<min(entries.count, start + g.columns)]
            let cards = row.map { stadiumCard($0, width: cardWidth, dates: dates) }
            let height = cards.map(\.height).max() ?? 0
            var items: [DisplayItem] = []
            for (i, card) in cards.enumerated() {
                // A group per card, each line of it a paragraph, as a day's cards are read.
                items += card.draw(height).map { $0.offset(by: Point(x: Double(i) * (cardWidth + g.gap), y: 0)) }
                    .looseTextTagged(.paragraph).tagged(.division)
            }
            rows.append(Canvas(height: height, items: items))
            start += g.columns
        }
        return rows
    }

    /// A card laid out for its width; drawn at the row's height with its foot at the bottom, so
    /// that the feet of a row line up.
    struct StadiumCard {
        /// The card's own height; its row may draw it taller.
        var height: Double
        var draw: (_ height: Double) -> [DisplayItem]
    }

    private func stadiumCard(_ entry: StadiumVisits.Entry, width: Double, dates: MonthDayFormatter) -> StadiumCard {
        let c = spec.card, chip = spec.chip
        let left = c.border + c.padding.left, inner = width - left - c.border - c.padding.right
        var top: [DisplayItem] = []
        let stadium = entry.stadium

        // Chip row: the home team's code on its text colour, the caps place at the right. A
        // stadium whose tenant in the record's league the trip does not name (visited before
        // the trip, or only for another league's games) has the same parts: the league's code
        // on the chip, its full name on the team line.
        let team = entry.homeTeam.flatMap { ctx.teams[$0] }
        let chipTextBaseline = (chip.height - style(.chip).lineHeight) / 2 + baseline(.chip)
        var chipWidth = 0.0
        if let code = line([span(team?.abbreviation ?? ctx.leagueCode(progress.league), .chip)], maxWidth: inner / 2) {
            chipWidth = code.width + 2 * chip.paddingX
            let box = Rect(x: left, y: c.border + c.padding.top, width: chipWidth, height: chip.height)
            top += chipBox(box, team: team)
            top.append(
                .text(
                    spans: code.spans,
                    origin: Point(x: left + chip.paddingX, y: c.border + c.padding.top + chipTextBaseline)))
        }
        // The city and region; the city alone when both do not fit (`LOS ÁNGELES`, not
        // `LOS ÁNGELES, CALIFORN…`); shortened only when even the city does not.
        let room = max(1, inner - chipWidth - spec.grid.gap)
        let withRegion = [stadium.city, stadium.region].compactMap { $0 }.joined(separator: ", ")
        let place = ctx.text.advance(of: [span(withRegion, .caps)]) <= room ? withRegion : stadium.city
        var y = c.border + c.padding.top + chip.height + c.nameGap
        if ctx.text.advance(of: [span(place, .caps)]) <= room {
            if let caps = line([span(place, .caps)], maxWidth: room) {
                top.append(
                    .text(
                        spans: caps.spans,
                        origin: Point(x: left + inner - caps.width, y: c.border + c.padding.top + chipTextBaseline)))
            }
        } else {
            // A city too long for the chip's row (`NEWCASTLE UPON TYNE` beside the chip) has
            // the card's width, under the chip, rather than be cut there.
            let caps = ctx.text.setParagraph(
                [span(ctx.placesKeptWhole(stadium.city), .caps)], width: inner, maxLines: Self.cityMaxLines)
            for l in caps {
                top.append(.text(spans: l.spans, origin: Point(x: left + l.offset, y: y + l.baseline)))
                y += l.height
            }
            y += c.nameGap
        }
        for l in ctx.text.setParagraph([span(stadium.name, .stadiumName)], width: inner, maxLines: c.nameMaxLines) {
            top.append(.text(spans: l.spans, origin: Point(x: left + l.offset, y: y + l.baseline)))
            y += l.height
        }
        for l in ctx.text.setParagraph([span(team?.name ?? leagueName, .team)], width: inner, maxLines: c.teamMaxLines)
        {
            top.append(.text(spans: l.spans, origin: Point(x: left + l.offset, y: y + l.baseline)))
            y += l.height
        }

        // Foot: a hairline, then when the trip visits (or that it was an earlier visit).
        let visits = StadiumVisits.runs(entry.dates).map { TripFormatter.unbreakable(dates.string($0)) }
        // The dates a list of their own (`Bidi.listParts`): right-to-left dates read from the
        // right, the first at the right, not scattered among the label's words.
        let footText =
            visits.isEmpty
            ? label("beforeThisTrip")
            : label("onThisTrip") + " · " + Bidi.listParts(visits).parts.joined(separator: " · ")
        let footLines = lines([span(footText, .foot)], width: inner)
        let footHeight =
            c.ruleGap + c.rule + c.footGap + footLines.reduce(0) { $0 + $1.height } + c.padding.bottom + c.border
        let height = y + footHeight
        let border = color(.cardBorder), rule = color(.cardRule), radius = c.radius
        let draw: (Double) -> [DisplayItem] = { h in
            let box = Rect(x: 0, y: 0, width: width, height: h)
            var items: [DisplayItem] = [Shapes.innerBorder(box, radius: radius, width: c.border, color: border)] + top
            var fy = h - footHeight + c.ruleGap + c.rule / 2
            items.append(
                .line(
                    from: Point(x: left, y: fy), to: Point(x: left + inner, y: fy), width: c.rule, color: rule, dash: []
                ))
            fy += c.rule / 2 + c.footGap
            for l in footLines {
                items.append(.text(spans: l.spans, origin: Point(x: left + l.offset, y: fy + l.baseline)))
                fy += l.height
            }
            return items
        }
        return StadiumCard(height: height, draw: draw)
    }

    /// The most lines a stadium card's city takes under its chip before it is cut with `…`.
    static let cityMaxLines = 2

    /// The chip's fill (the team's text colour, the fallback without a team, or a token) and
    /// outline, as the template sets them.
    private func chipBox(_ box: Rect, team: Team?) -> [DisplayItem] {
        let chip = spec.chip
        var items: [DisplayItem] = []
        switch chip.fill {
        case .team?:
            let fill =
                team.map { TeamColors($0, paper: color(.paper), fallback: color(.chipFallback)).text }
                ?? color(.chipFallback)
            items.append(.rect(box, radius: chip.radius, fill: fill, stroke: nil, strokeWidth: 0))
        case let .token(name)?:
            items.append(.rect(box, radius: chip.radius, fill: ctx.theme.color(name), stroke: nil, strokeWidth: 0))
        case nil:
            break
        }
        if chip.border > 0, let token = chip.borderColor {
            items.append(
                Shapes.innerBorder(box, radius: chip.radius, width: chip.border, color: ctx.theme.color(token)))
        }
        return items
    }
}
