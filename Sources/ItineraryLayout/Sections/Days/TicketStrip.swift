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

        // Fields: caps label over the value, only those present.
        var x = grid.contentX
        var fieldsBottom = top
        for (label, value) in fields {
            guard let caps = line([span(label, .caps)]),
                  let valueLine = line([span(value, .ticketValue)], maxWidth: grid.spanWidth) else { continue }
            sketch.line(caps, x: x, top: top)
            sketch.line(valueLine, x: x, baseline: top + valueBaseline)
            x += max(caps.width, valueLine.width) + spec.card.cellSpacing
            fieldsBottom = top + valueTop + lineHeight(.ticketValue)
        }

        // The link, with its caps label over it, ends at the right edge; its baseline is the values'.
        var bottom = fieldsBottom
        if let url = ticket.url {
            let icon = spec.icons.link
            let besideFields = fields.isEmpty ? grid.spanWidth : grid.right - x
            let beside = besideFields - icon.size - icon.gap >= t.linkMinWidth
            // Too little room beside the fields: the link takes a row of its own under them.
            let rowTop = beside ? top : fieldsBottom + t.padding
            let room = (beside ? besideFields : grid.spanWidth) - icon.size - icon.gap
            let shown = ctx.text.ellipsize(span(Self.withoutScheme(url), .ticketLink), width: room, middle: true)
            if let link = line([shown]), let caps = line([span(ctx.labels.tickets, .caps)]) {
                let linkBaseline = rowTop + valueBaseline
                let linkTop = linkBaseline - link.baseline
                let textRight = grid.right - icon.size - icon.gap
                sketch.line(link, right: textRight, baseline: linkBaseline)
                sketch.line(caps, right: grid.right, baseline: linkTop - caps.height + caps.baseline)
                sketch.add(Icon.link.draw(at: Point(x: grid.right - icon.size, y: linkTop + (link.height - icon.size) / 2),
                                          size: icon.size, color: color(.linkIcon), strokeWidth: icon.stroke))
                sketch.add([.link(Rect(x: textRight - link.width, y: linkTop, width: link.width + icon.gap + icon.size, height: link.height),
                                  uri: url)])
                bottom = max(bottom, max(rowTop + valueTop + lineHeight(.ticketValue), linkTop + link.height))
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
