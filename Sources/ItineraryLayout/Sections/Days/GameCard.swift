/// A game: league tile, matchup in team colours, full names, venue, notes, start time, tickets.
import DisplayList
import ItineraryModel
import ItineraryText

extension DayBuilder {
    func gameCard(_ game: Game, on day: Day) -> CardBlock {
        let grid = grid(side: spec.card.gameSide)
        let home = ctx.teams[game.homeTeam], away = ctx.teams[game.awayTeam]
        let paper = color(.paper), fallback = color(.teamFallback)
        let homeColors = TeamColors(home, paper: paper, fallback: fallback)
        let awayColors = TeamColors(away, paper: paper, fallback: fallback)
        let stadium = ctx.stadiums[game.stadium]
        var sketch = Sketch()
        let matchupBaseline = baseline(.matchup)
        sketch.add(
            spec.leagueCode.kind == .tile ? leagueTile(game.league) : leagueChip(game.league, baseline: matchupBaseline)
        )

        // Matchup: `AWAY @ HOME`, the codes in their text colours (or the template's), the `@` receding.
        let x = grid.contentX
        var mx = x
        let parts = [
            span(away?.abbreviation ?? game.awayTeam, .matchup, color: teamColor(spec.teamCodeColor, awayColors.text)),
            span("@", .matchupAt),
            span(home?.abbreviation ?? game.homeTeam, .matchup, color: teamColor(spec.teamCodeColor, homeColors.text)),
        ]
        // One paragraph, read "STL @ CHC".
        sketch.add([.beginStructure(.paragraph)])
        for (i, part) in parts.enumerated() {
            guard let (l, lead) = i == 0 ? line([part]).map({ ($0, 0.0) }) : spacedLine(part) else { continue }
            if i > 0 { mx += spec.matchupAtSpace }
            sketch.line(l, x: mx - lead, baseline: matchupBaseline)
            mx += l.width - lead
        }
        sketch.add([.endStructure(.paragraph)])
        var y = lineHeight(.matchup) + spec.card.lineGap

        // Full names under it; the caps `LOCAL START` shares their first baseline, so only the
        // first line stops short of it: the lines after it run under the side. A name written
        // without spaces is one word (`横浜DeNAベイスターズ` never breaks inside).
        let caps = line([span(ctx.labels.localStart, .caps)])
        let names = lines(
            [
                span(
                    Bidi.matchup(
                        away: LineBreaks.tiedCharacters(away?.name ?? game.awayTeam), at: ctx.labels.at,
                        home: LineBreaks.tiedCharacters(home?.name ?? game.homeTeam)),
                    .fullNames)
            ],
            width: grid.spanWidth,
            firstLineShorter: min(
                grid.spanWidth - grid.contentWidth, (caps?.width ?? 0) + spec.card.columnGap))
        let namesBaseline = y + (names.first?.baseline ?? baseline(.fullNames))
        y = sketch.lines(names, x: x, top: y)

        // Side: the start time and zone on the matchup baseline.
        // A validated trip gives every game a stadium; the written offset stands in otherwise.
        let zone = ctx.zones.game(game) ?? .writtenOffset(seconds: game.startTime.writtenOffsetSeconds)
        let (time, abbreviation) = ctx.format.time(game.startTime, zone: zone)
        let zoneLabel = [abbreviation, ctx.format.dayShift(game.startTime, zone: zone, from: day.date)].compactMap {
            $0
        }.joined(separator: " ")
        // One paragraph, the time read before its zone ("1:20 PM CDT").
        if let zone = spacedLine(span(zoneLabel, .zone)), let timeLine = line([span(time, .gameTime)]) {
            sketch.add([.beginStructure(.paragraph)])
            sketch.line(
                timeLine, right: grid.right - (zone.line.width - zone.lead) - spec.zoneGap, baseline: matchupBaseline)
            sketch.line(zone.line, right: grid.right, baseline: matchupBaseline)
            sketch.add([.endStructure(.paragraph)])
        }
        if let caps {
            sketch.line(caps, right: grid.right, baseline: namesBaseline)
        }

        // Venue: a pin, the stadium in ink, the address receding.
        if let stadium {
            var venue = [span(stadium.name, .venueName)]
            if let address = stadium.address {
                venue.append(span(" · " + LineBreaks.postcodeTied(ctx.placesKeptWhole(address)), .meta))
            }
            y += spec.card.rowGap
            y = inlineRow(venue, icon: .pin, grid: grid, top: y, into: &sketch)
        }
        let head = CardPart(height: max(spec.card.leadTile, y), items: sketch.items)
        let matchup = [away?.abbreviation ?? game.awayTeam, " @ ", home?.abbreviation ?? game.homeTeam]
        // The ticket link's name says whose game and when: `Tickets: STL @ CHC, Fri, Jun 12`.
        let linkName = "\(ctx.labels.tickets): \(matchup.joined()), \(ctx.format.dayDate(day.date))"
        let foot = game.ticket.flatMap { ticketStrip($0, grid: grid, linkName: linkName) }
        return card(
            grid: grid, name: matchup, head: head, notes: notes(game.notes, grid: grid), foot: foot,
            footGap: spec.ticket.gap,
            backdrop: backdrop(.plain, bar: teamColor(spec.teamBar.color, homeColors.bar)))
    }

    /// The team's own colour, or the token the template puts in its place.
    private func teamColor(_ choice: ColorChoice, _ own: Color) -> Color {
        switch choice {
        case .team: return own
        case let .token(name): return ctx.theme.color(name)
        }
    }

    /// A row spanning content and side with a small icon before its text; returns its bottom.
    func inlineRow(_ spans: [StyledSpan], icon: Icon, grid: CardGrid, top: Double, into sketch: inout Sketch) -> Double
    {
        let i = spec.icons.inline
        let rows = lines(spans, width: max(1, grid.spanWidth - i.size - i.gap))
        guard let first = rows.first else { return top }
        sketch.add(
            icon.draw(
                at: Point(x: grid.contentX, y: top + (first.height - i.size) / 2), size: i.size,
                color: color(.inlineIcon), strokeWidth: i.stroke))
        return sketch.lines(rows, x: grid.contentX + i.size + i.gap, top: top)
    }
}
