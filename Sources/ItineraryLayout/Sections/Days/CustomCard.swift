/// A plan of the traveller's own: category icon, title, caps category, time and zone at the side.
import DisplayList
import ItineraryModel
import ItineraryText

extension DayBuilder {
    func customCard(_ item: CustomItem, on day: Day) -> CardBlock {
        let grid = grid(side: spec.card.side, paddingY: spec.customPaddingY)
        let x = grid.contentX
        let tile = spec.card.leadTile

        // The main column: title, the category (none for `other`), then any address and link.
        var main = Sketch()
        let title = lines([span(item.title, .customTitle)], width: grid.contentWidth)
        var y = main.lines(title, x: x, top: 0)
        if item.category != .other, let name = ctx.labels.categories[item.category.rawValue],
            let caps = line([span(name, .caps)], maxWidth: grid.contentWidth)
        {
            y += spec.customLabelGap
            main.line(caps, x: x, top: y)
            y += caps.height
        }
        if let address = item.address {
            y = main.lines(
                lines([span(LineBreaks.postcodeTied(address), .meta)], width: grid.contentWidth), x: x,
                top: y + spec.card.lineGap)
        }
        if let url = item.url {
            let links = printedLinkLines(url, .link, width: grid.contentWidth).lines
            if !links.isEmpty { y += spec.card.lineGap }
            for link in links {
                main.line(link, x: x, top: y)
                main.add(underline(link, x: x, baseline: y + link.baseline))
                main.add([.link(Rect(x: x, y: y, width: link.width, height: link.height), uri: url, name: item.title)])
                y += link.height
            }
        }
        let mainHeight = y

        // The side: the time over its zone.
        var side = Sketch()
        var sideHeight = 0.0
        if let time = item.time, let zone = ctx.zones.custom(item, on: day),
            let t = line([span(ctx.format.time(time, zone: zone).time, .sideTime)])
        {
            side.line(t, right: grid.right, top: 0)
            sideHeight = t.height
            let label = [ctx.format.time(time, zone: zone).zone, ctx.format.dayShift(time, zone: zone, from: day.date)]
                .compactMap { $0 }.joined(separator: " ")
            if let z = line([span(label, .meta)]) {
                side.line(z, right: grid.right, top: sideHeight)
                sideHeight += z.height
            }
        }
        // Under them, the link's QR code, for paper.
        if let url = item.url, let qr = qrCode(for: url, top: sideHeight, maxWidth: spec.card.side) {
            let top = sideHeight == 0 ? 0 : qr.top
            let origin = Point(x: grid.right - qr.width, y: top)
            side.add([
                qr.code.draw(at: origin, module: qr.module, color: ctx.theme.color(qr.spec.color)),
                .link(Rect(x: origin.x, y: origin.y, width: qr.width, height: qr.width), uri: url, name: item.title),
            ])
            sideHeight = top + qr.width
        }

        // A short card centres both columns on the tile; a taller one hangs them from its top.
        // A side taller than the tile (its time over a QR code) hangs from the title's baseline
        // too, however short the main column: centred, it would start above the card.
        var sketch = Sketch()
        sketch.add(leadTile(Icon.category(item.category)))
        let mainTop = mainHeight < tile ? (tile - mainHeight) / 2 : 0
        sketch.add(main.offset(0, mainTop))
        let sideTop: Double
        if mainHeight <= tile && sideHeight <= tile {
            sideTop = (tile - sideHeight) / 2
        } else {
            // On the title's baseline.
            sideTop = max(0, mainTop + (title.first?.baseline ?? 0) - baseline(.sideTime))
        }
        sketch.add(side.offset(0, sideTop))
        let rowHeight = max(tile, mainTop + mainHeight, sideTop + sideHeight)
        let head = CardPart(height: rowHeight, items: sketch.items)
        return card(
            grid: grid, name: [Bidi.isolated(item.title)], head: head, notes: notes(item.notes, grid: grid),
            backdrop: backdrop(.plain))
    }
}
