/// The perforated foot of a game card: seat fields at the left, the ticket link at the right.
import ItineraryModel
import ItineraryText

extension DayLayout {
    /// Nil when the ticket has nothing to show.
    func ticketStrip(_ ticket: Ticket, grid: CardGrid) -> CardPart? {
        let t = spec.ticket
        let fields = [(ctx.labels.section, ticket.section), (ctx.labels.row, ticket.row), (ctx.labels.seats, ticket.seats)]
            .compactMap { label, value in value.map { (label, $0) } }
        guard !fields.isEmpty || ticket.url != nil else { return nil }
        var sketch = Sketch()
        sketch.add([.line(from: Point(x: grid.contentX, y: t.rule / 2), to: Point(x: grid.right, y: t.rule / 2),
                          width: t.rule, color: color(.perforation), dash: t.dash)])
        let top = t.rule + t.padding
        let capsHeight = lineHeight(.caps)
        let valueTop = capsHeight + spec.card.cellLabelGap
        let valueBaseline = valueTop + baseline(.ticketValue)
        let rowHeight = valueTop + lineHeight(.ticketValue)

        // Fields: caps label over the value, only those present, wrapping onto more rows.
        var x = grid.contentX, rowTop = top
        var placed = false
        for (label, value) in fields {
            guard let caps = line([span(label, .caps)]),
                  let valueLine = line([span(value, .ticketValue)], maxWidth: grid.spanWidth) else { continue }
            let width = max(caps.width, valueLine.width)
            if placed && x + width > grid.right + 0.001 {
                x = grid.contentX
                rowTop += rowHeight + spec.card.cellsGap
            }
            sketch.line(caps, x: x, top: rowTop)
            sketch.line(valueLine, x: x, baseline: rowTop + valueBaseline)
            x += width + spec.card.cellSpacing
            placed = true
        }
        var bottom = placed ? rowTop + rowHeight : top

        // The link, with its caps label over it, ends at the right edge of the last row, its
        // baseline the values'; with too little room there it takes a row of its own.
        if let url = ticket.url {
            let icon = spec.icons.link
            let room = grid.right - (placed ? x : grid.contentX) - icon.size - icon.gap
            let beside = room >= t.linkMinWidth
            let linkRow = beside ? (placed ? rowTop : top) : bottom + spec.card.cellsGap
            let width = beside ? room : grid.spanWidth - icon.size - icon.gap
            let shown = ctx.text.ellipsize(span(Self.withoutScheme(url), .ticketLink), width: width, middle: true)
            if let link = line([shown]), let caps = line([span(ctx.labels.tickets, .caps)]) {
                let linkBaseline = linkRow + valueBaseline
                let linkTop = linkBaseline - link.baseline
                let textRight = grid.right - icon.size - icon.gap
                sketch.line(link, right: textRight, baseline: linkBaseline)
                sketch.add(underline(link, x: textRight - link.width, baseline: linkBaseline))
                sketch.line(caps, right: grid.right, baseline: linkTop - caps.height + caps.baseline)
                sketch.add(Icon.link.draw(at: Point(x: grid.right - icon.size, y: linkTop + (link.height - icon.size) / 2),
                                          size: icon.size, color: color(.linkIcon), strokeWidth: icon.stroke))
                sketch.add([.link(Rect(x: textRight - link.width, y: linkTop, width: link.width + icon.gap + icon.size, height: link.height),
                                  uri: url)])
                bottom = max(bottom, linkRow + rowHeight, linkTop + link.height)
            }
        }
        return CardPart(height: bottom, items: sketch.items)
    }

    /// A URL as people read it: without `https://` or `http://`.
    static func withoutScheme(_ url: String) -> String {
        for scheme in ["https://", "http://"] where url.lowercased().hasPrefix(scheme) { return String(url.dropFirst(scheme.count)) }
        return url
    }
}
