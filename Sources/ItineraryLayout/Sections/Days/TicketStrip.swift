/// The perforated foot of a game card: seat fields at the left, the ticket link at the right.
import DisplayList
import ItineraryModel
import ItineraryText

extension DayBuilder {
    /// Nil when the ticket has nothing to show. `linkName` names the ticket's link and its QR
    /// code for a screen reader.
    func ticketStrip(_ ticket: Ticket, grid: CardGrid, linkName: String) -> CardPart? {
        let t = spec.ticket
        let fields = [
            (ctx.labels.section, ticket.section), (ctx.labels.row, ticket.row), (ctx.labels.seats, ticket.seats),
        ]
        .compactMap { label, value in value.map { (label, $0) } }
        guard !fields.isEmpty || ticket.url != nil else { return nil }
        var sketch = Sketch()
        sketch.add([
            .line(
                from: Point(x: grid.contentX, y: t.rule / 2), to: Point(x: grid.right, y: t.rule / 2),
                width: t.rule, color: color(.perforation), dash: t.dash)
        ])
        let top = t.rule + t.padding
        // The QR code of the link takes the strip's right end; the fields and the link end before it.
        let qr = ticket.url.flatMap { qrCode(for: $0, top: t.rule, maxWidth: grid.spanWidth / 3) }
        let right = grid.right - (qr.map { $0.width + $0.gap } ?? 0)
        let capsHeight = lineHeight(.caps)
        let valueTop = capsHeight + spec.card.cellLabelGap
        let valueBaseline = valueTop + baseline(.ticketValue)
        let rowHeight = valueTop + lineHeight(.ticketValue)

        // Fields: caps label over the value, only those present, wrapping onto more rows. A value
        // wider than the strip wraps onto lines of its own (a long section name is printed
        // whole, never cut with …); its row grows by them.
        var x = grid.contentX, rowTop = top, rowGrowth = 0.0
        var placed = false
        for (label, value) in fields {
            guard let caps = line([span(label, .caps)]) else { continue }
            let valueLines = lines([span(value, .ticketValue)], width: right - grid.contentX)
            guard !valueLines.isEmpty else { continue }
            let width = max(caps.width, valueLines.map(\.width).max() ?? 0)
            if placed && x + width > right + 0.001 {
                x = grid.contentX
                rowTop += rowHeight + rowGrowth + spec.card.cellsGap
                rowGrowth = 0
            }
            sketch.line(caps, x: x, top: rowTop)
            var lineBaseline = rowTop + valueBaseline
            for valueLine in valueLines {
                sketch.line(valueLine, x: x, baseline: lineBaseline)
                lineBaseline += valueLine.height
            }
            rowGrowth = max(rowGrowth, Array(valueLines.dropFirst()).totalHeight)
            x += width + spec.card.cellSpacing
            placed = true
        }
        var bottom = placed ? rowTop + rowHeight + rowGrowth : top

        // The link, with its caps label over it, ends at the right edge of the last row, its
        // baseline the values'; with too little room there it takes a row of its own.
        if let url = ticket.url {
            let icon = spec.icons.link
            let room = right - (placed ? x : grid.contentX) - icon.size - icon.gap
            let full = right - grid.contentX - icon.size - icon.gap
            var beside = room >= t.linkMinWidth
            var printed = printedLinkLines(url, .ticketLink, width: beside ? room : full)
            // Beside the values only where it prints whole there; else on a row of its own.
            if beside, !printed.whole, room < full {
                beside = false
                printed = printedLinkLines(url, .ticketLink, width: full)
            }
            let linkRow = beside ? (placed ? rowTop : top) : bottom + spec.card.cellsGap
            let links = printed.lines
            if let link = links.first, let caps = line([span(ctx.labels.tickets, .caps)]) {
                let linkBaseline = linkRow + valueBaseline
                let linkTop = linkBaseline - link.baseline
                let textRight = right - icon.size - icon.gap
                // The label first, so that it is read before the address it names.
                sketch.line(caps, right: right, baseline: linkTop - caps.height + caps.baseline)
                // The icon beside the first line; an address in two lines keeps to the right.
                sketch.add(
                    Icon.link.draw(
                        at: Point(x: right - icon.size, y: linkTop + (link.height - icon.size) / 2),
                        size: icon.size, color: color(.linkIcon), strokeWidth: icon.stroke))
                var lineTop = linkTop
                for (i, piece) in links.enumerated() {
                    let baseline = lineTop + piece.baseline
                    sketch.line(piece, right: textRight, baseline: baseline)
                    sketch.add(underline(piece, x: textRight - piece.width, baseline: baseline))
                    let reach = i == 0 ? icon.gap + icon.size : 0
                    sketch.add([
                        .link(
                            Rect(
                                x: textRight - piece.width, y: lineTop, width: piece.width + reach, height: piece.height
                            ),
                            uri: url, name: linkName)
                    ])
                    lineTop += piece.height
                }
                bottom = max(bottom, linkRow + rowHeight, lineTop)
            }
        }
        if let qr, let url = ticket.url {
            let origin = Point(x: grid.right - qr.width, y: qr.top)
            sketch.add([
                qr.code.draw(at: origin, module: qr.module, color: ctx.theme.color(qr.spec.color)),
                .link(Rect(x: origin.x, y: origin.y, width: qr.width, height: qr.width), uri: url, name: linkName),
            ])
            bottom = max(bottom, qr.top + qr.width)
        }
        return CardPart(height: bottom, items: sketch.items)
    }

    /// The QR code of `url` as the template sizes it: its width, the gap the text leaves before
    /// it (at least the quiet zone), and its top, a quiet zone below `clearFrom`. Nil without a
    /// `qrCode` spec, or for a URL too long to print readably in `maxWidth` (hundreds of
    /// characters: the link's text is still there).
    func qrCode(
        for url: String, top clearFrom: Double, maxWidth: Double
    ) -> (code: QRCode, spec: QRCodeSpec, module: Double, width: Double, gap: Double, top: Double)? {
        guard let spec = spec.qrCode, let code = ctx.qrCodes.code(url) else { return nil }
        let module = spec.module(for: code.size)
        guard module * Double(code.size) <= maxWidth else { return nil }
        let quiet = Double(spec.quietZone) * module
        return (code, spec, module, module * Double(code.size), max(spec.gap, quiet), clearFrom + quiet)
    }
}
