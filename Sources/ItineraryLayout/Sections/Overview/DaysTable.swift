/// The days table: one row per day (games, travel, distance, time), linked to the day, and a totals row.
import DisplayList
import ItineraryModel
import ItineraryText

extension OverviewBuilder {
    func daysTable() -> Table {
        let d = spec.days
        // One stop for every game time of the table, past its widest matchup: the times stand
        // in one column (a wide `NYC @ RBNY` pushed its own time out of line).
        let widest =
            context.trip.days.flatMap(TripTotals.games(on:)).map { context.text.advance(of: [matchup($0)]) }
            .max() ?? 0
        let timeTab = max(d.gameTimeTab, widest + d.gameTimeMinimumGap)
        let rows = context.trip.days.enumerated().map { i, day in
            TableRow(
                [
                    .text([span(format.count(i + 1), .day)]),
                    .text([span(dateText(day.date), .date)]),
                    .text([span(LineBreaks.wholePlace(day.city, longest: 24), .city)]),
                    gamesCell(day, timeTab: timeTab),
                    travelCell(day),
                ] + figureCells(TravelSums(TripTotals.legs(on: day))),
                link: dayLink(i))
        }
        return Table(
            width: context.width, columns: d.columns, geometry: geometry,
            header: headerCells(["day", "date", "city", "games", "travel", "distance", "time"]),
            rows: rows, totals: totalsCells(TripTotals(context.trip)), text: context.text,
            pageHeight: pageHeight, continuation: continuation)
    }

    /// One line per game: `MIN @ CHC`, then the local start time at the tab. No zone when the
    /// day's games share one (the day pages carry it); when they are in more than one, each
    /// time names its zone (`7:10 PM EDT`, `6:35 PM MST`), or the times would read out of order.
    private func gamesCell(_ day: Day, timeTab: Double) -> TableCell {
        let d = spec.days
        let games = TripTotals.games(on: day)
        if games.isEmpty {
            return day.items.isEmpty ? .text([span(label("restDay"), .restDay, color: color(.restDay))]) : emptyCell
        }
        let times = games.map { game in
            format.time(
                game.startTime,
                zone: context.zones.game(game) ?? .writtenOffset(seconds: game.startTime.writtenOffsetSeconds))
        }
        let zoned = Set(times.map(\.zone)).count > 1
        return TableCell(
            zip(games, times).map { game, shown in
                let time = zoned && !shown.zone.isEmpty ? shown.time + "\u{00A0}" + shown.zone : shown.time
                return CellParagraph(
                    [matchup(game)],
                    tab: CellTab(position: timeTab, minimumGap: d.gameTimeMinimumGap, spans: [span(time, .gameTime)]))
            })
    }

    /// `MIN @ CHC`, its codes isolated, with no-break spaces: a matchup reads as one word.
    private func matchup(_ game: Game) -> StyledSpan {
        let away = Bidi.isolated(context.teams[game.awayTeam]?.abbreviation ?? game.awayTeam)
        let home = Bidi.isolated(context.teams[game.homeTeam]?.abbreviation ?? game.homeTeam)
        return span("\(away)\u{00A0}@\u{00A0}\(home)", .matchup)
    }

    /// One paragraph per leg: the mode icon, then `From → To`. The icon, the origin and the arrow
    /// never break apart (no-break spaces); a wrapped destination hangs under the origin.
    private func travelCell(_ day: Day) -> TableCell {
        let d = spec.days
        let legs = TripTotals.legs(on: day)
        guard !legs.isEmpty else { return emptyCell }
        let iconColor = color(.travelIcon)
        return TableCell(
            legs.map { leg in
                // Each city stays whole (`Los Ángeles`, `Salt Lake City`), the line breaking after the
                // arrow; a longer name breaks between its words, so that a column too narrow for it
                // never cuts a word or a number (`Townsville Number 1` / `0`).
                // `From → To`, or from the right with `←` when both are right-to-left (Bidi.listParts).
                let (places, arrow) = Bidi.listParts([context.legPlace(leg.from), context.legPlace(leg.to)])
                let icon = CellMarker(
                    size: d.travelIcon.size,
                    items: Icon.travel(leg.mode).draw(at: Point(x: 0, y: 0), size: d.travelIcon.size, color: iconColor))
                return CellParagraph(
                    [
                        span(places[0] + "\u{00A0}", .travel), span(arrow, .arrow, color: color(.arrow)),
                        span(" " + places[1], .travel),
                    ],
                    indent: d.travelIndent, marker: icon)
            })
    }

    /// Distance and time cells: the sums of the legs, or `—`.
    private func figureCells(_ sums: TravelSums, role: OverviewStyle = .figure) -> [TableCell] {
        [
            sums.distanceMeters.map { .figure([span(format.distance(meters: $0), role)]) } ?? emptyCell,
            sums.durationSeconds.map { .figure([span(format.duration(seconds: $0), role)]) } ?? emptyCell,
        ]
    }

    /// `10 days · 6 cities` across the first three columns, `8 games`, the legs by mode, distance, time.
    private func totalsCells(_ totals: TripTotals) -> [TableCell] {
        let role = OverviewStyle.totals
        let place =
            counted(totals.days, one: "oneDay", many: "manyDays") + " · "
            + counted(totals.cities, one: "oneCity", many: "manyCities")
        // Drives first, as the design shows them; other modes follow only when the trip has them,
        // so the distance and time beside them never seem to belong to drives alone.
        let legs = context.legCounts(totals.legs)
        return [
            .text([span(place, role)], span: 3),
            .text([span(counted(totals.games, one: "oneGame", many: "manyGames"), role)]),
            legs.isEmpty ? emptyCell : .text([span(legs.joined(separator: " · "), role)]),
        ]
            + figureCells(totals.travel, role: role)
    }
}
