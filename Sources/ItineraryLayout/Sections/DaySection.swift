/// Day by day: a heading per day, then each item with its label, details and notes.
import Foundation
import ItineraryModel
import ItineraryText

extension SectionContext {
    func dayBlocks() -> [any FlowBlock] {
        var blocks: [any FlowBlock] = []
        for (i, day) in trip.days.enumerated() {
            if i > 0 { blocks.append(Spacer(spacing.betweenDays)) }
            blocks += self.day(i, day)
        }
        return blocks
    }

    private func day(_ index: Int, _ day: Day) -> [any FlowBlock] {
        let zone = zones.dayZones[index]
        var heading: [any FlowBlock] = [Anchor(name: Self.destination(day: index))]
        let title = [theme.span("\(labels.day) \(index + 1)", .dayHeading, color: "accentText"),
                     theme.span(" · \(format.dayDate(day.date)) · \(day.city)", .dayHeading)]
        heading.append(paragraph(title, width: width))
        if let subtitle = day.title { heading.append(paragraph([theme.span(subtitle, .dayTitle)], width: width)) }
        var blocks: [any FlowBlock] = [sectionRule(), Stack(heading, keepWithNext: true, mark: dayTitle(index: index, day: day))]
        if let notes = day.notes {
            blocks.append(Spacer(spacing.itemLineGap * 2))
            var note = paragraph([theme.span(notes, .meta)], width: width)
            note.keepWithNext = true
            blocks.append(note)
        }
        blocks.append(Spacer(spacing.afterDayHeading))
        if day.items.isEmpty {
            blocks.append(item(label: "", title: [theme.span(labels.restDay, .restDay)], side: [],
                               details: [[theme.span(Labels.fill(labels.restDayDetail, ["city": day.city]), .meta)]]))
        }
        for (n, entry) in day.items.enumerated() {
            if n > 0 { blocks.append(Spacer(spacing.betweenItems)) }
            blocks.append(item(entry, dayZone: zone, day: day))
        }
        return blocks
    }

    private func item(_ entry: Item, dayZone: String, day: Day) -> any FlowBlock {
        switch entry {
        case let .game(game): return gameItem(game, dayZone: dayZone)
        case let .travel(leg): return travelItem(leg, dayZone: dayZone)
        case let .lodging(stay): return lodgingItem(stay, zone: dayZone)
        case let .custom(custom): return customItem(custom, zone: dayZone)
        }
    }

    private func gameItem(_ game: Game, dayZone: String) -> any FlowBlock {
        let home = teams[game.homeTeam], away = teams[game.awayTeam]
        let stadium = stadiums[game.stadium]
        let zone = stadium?.timeZone ?? dayZone
        let (time, abbreviation) = format.time(game.startTime, zone: zone)
        let title = [theme.span(away?.abbreviation ?? game.awayTeam, .itemTitle),
                     theme.span(" @ ", .itemTitle, color: "ink4"),
                     theme.span(home?.abbreviation ?? game.homeTeam, .itemTitle)]
        var details: [[StyledSpan]] = []
        if let away, let home { details.append([theme.span("\(away.name) \(labels.at) \(home.name)", .body)]) }
        if let stadium {
            var venue = [theme.span(stadium.name, .meta, color: "ink")]
            if let address = stadium.address { venue.append(theme.span(" · " + address, .meta)) }
            details.append(venue)
        }
        var links: [String?] = Array(repeating: nil, count: details.count)
        if let ticket = game.ticket {
            var seat: [String] = []
            if let s = ticket.section { seat.append("\(labels.section) \(s)") }
            if let r = ticket.row { seat.append("\(labels.row) \(r)") }
            if let s = ticket.seats { seat.append("\(labels.seats) \(s)") }
            if !seat.isEmpty {
                details.append([theme.span(seat.joined(separator: " · "), .meta)])
                links.append(nil)
            }
            if let url = ticket.url {
                details.append([linkSpan(url)])
                links.append(url)
            }
        }
        return item(label: game.league, title: title,
                    side: [theme.span(time, .itemTime), theme.span("\u{2009}" + abbreviation, .meta)],
                    details: details, links: links, notes: game.notes)
    }

    private func travelItem(_ leg: TravelLeg, dayZone: String) -> any FlowBlock {
        let title = [theme.span(leg.from, .itemTitle), theme.span(" → ", .itemTitle, color: "ink3"), theme.span(leg.to, .itemTitle)]
        var facts = [labels.modes[leg.mode.rawValue] ?? leg.mode.rawValue]
        if let meters = leg.distanceMeters { facts.append(format.distance(meters: meters)) }
        if let depart = leg.departTime {
            // Departures are shown in the origin's zone. An origin without a stadium takes the
            // day's zone when the time was written with that zone's offset (a neighbourhood of
            // the day's city), else keeps the written offset: the traveller's own statement.
            let zone = zones.zone(of: leg.from) ?? CityZones.zone(dayZone, ifOffsetMatches: depart)
            let (time, abbreviation) = format.time(depart, zone: zone)
            facts.append("\(labels.departs) \(time) \(abbreviation)")
        }
        let side = leg.durationSeconds.map { [theme.span(format.duration(seconds: $0), .itemTime)] } ?? []
        return item(label: labels.modes[leg.mode.rawValue] ?? "", title: title, side: side,
                    details: [[theme.span(facts.joined(separator: " · "), .meta)]], notes: leg.notes)
    }

    private func lodgingItem(_ stay: Lodging, zone: String) -> any FlowBlock {
        var details: [[StyledSpan]] = []
        if let address = stay.address { details.append([theme.span(address, .meta)]) }
        var facts: [String] = []
        if let checkIn = stay.checkIn { facts.append("\(labels.checkIn) \(format.dayAndTime(checkIn, zone: zone, withZone: true))") }
        if let checkOut = stay.checkOut { facts.append("\(labels.checkOut) \(format.dayAndTime(checkOut, zone: zone, withZone: true))") }
        if let code = stay.confirmation { facts.append("\(labels.confirmation) \(code)") }
        if !facts.isEmpty { details.append([theme.span(facts.joined(separator: " · "), .meta)]) }
        return item(label: labels.lodging, title: [theme.span(stay.name, .itemTitle)], side: [],
                    details: details, notes: stay.notes)
    }

    private func customItem(_ custom: CustomItem, zone: String) -> any FlowBlock {
        var details: [[StyledSpan]] = []
        var links: [String?] = []
        if let address = custom.address {
            details.append([theme.span(address, .meta)])
            links.append(nil)
        }
        if let url = custom.url {
            details.append([linkSpan(url)])
            links.append(url)
        }
        var side: [StyledSpan] = []
        if let time = custom.time {
            let (t, z) = format.time(time, zone: zone)
            side = [theme.span(t, .itemTime), theme.span("\u{2009}" + z, .meta)]
        }
        return item(label: labels.categories[custom.category.rawValue] ?? "", title: [theme.span(custom.title, .itemTitle)],
                    side: side, details: details, links: links, notes: custom.notes)
    }

    /// One item: a caps label in the left column, the title with an optional side figure,
    /// detail lines under the title, then notes. Kept on one page unless taller than a page.
    private func item(label: String, title: [StyledSpan], side: [StyledSpan], details: [[StyledSpan]],
                      links: [String?] = [], notes: String? = nil) -> any FlowBlock {
        let sideLine = side.isEmpty ? nil : text.setParagraph(side, width: nil).first
        let titleWidth = width - indent - (sideLine.map { $0.width + 12 } ?? 0)
        let titleBlock = paragraph(title, width: titleWidth)
        var columns: [(x: Double, block: any FlowBlock)] = [(indent, titleBlock)]
        if let first = titleBlock.lines.first {
            if !label.isEmpty {
                columns.append((0, labelBlock(label, alignedWith: first)))
            }
            if var sideLine {
                sideLine.height = first.height
                sideLine.baseline = first.baseline
                columns.append((width - sideLine.width, TextBlock(lines: [sideLine], width: sideLine.width)))
            }
        }
        var children: [any FlowBlock] = [Columns(columns)]
        for (i, line) in details.enumerated() {
            var block = paragraph(line, width: width - indent)
            block.indent = indent
            block.linkURI = i < links.count ? links[i] : nil
            children.append(block)
        }
        if let notes {
            var block = paragraph([theme.span(notes, .meta, color: "ink2")], width: width - indent)
            block.indent = indent
            children.append(Spacer(spacing.itemLineGap))
            children.append(block)
        }
        return Stack(children, gap: spacing.itemLineGap)
    }
}
