/// A stay: bed icon, name and address, check-in/out and confirmation cells, nights at the side.
import ItineraryModel
import ItineraryText

extension DayLayout {
    func lodgingCard(_ stay: Lodging, dayZone: String) -> CardBlock {
        let grid = grid(side: spec.card.side)
        var sketch = Sketch()
        sketch.add(leadTile(.bed))
        let x = grid.contentX
        let name = lines([span(stay.name, .cardTitle)], width: grid.contentWidth)
        var y = sketch.lines(name, x: x, top: 0)
        if let address = stay.address {
            y = sketch.lines(lines([span(address, .meta)], width: grid.contentWidth), x: x, top: y + spec.card.lineGap)
        }

        var cells: [(label: String, value: CellValue)] = []
        if let t = stay.checkIn { cells.append((ctx.labels.checkIn, .text(ctx.format.dayAndTime(t, zone: dayZone)))) }
        if let t = stay.checkOut { cells.append((ctx.labels.checkOut, .text(ctx.format.dayAndTime(t, zone: dayZone)))) }
        if let code = stay.confirmation { cells.append((ctx.labels.confirmation, .code(code))) }
        if !cells.isEmpty { y = factCells(cells, grid: grid, top: y + spec.card.cellsGap, into: &sketch) }

        if let n = SectionContext.nights(checkIn: stay.checkIn, checkOut: stay.checkOut, zone: dayZone) {
            sideFigure(span(ctx.format.count(n), .sideFigure), unit: span(label(n == 1 ? "nightOne" : "nightOther"), .meta),
                       grid: grid, firstBaseline: name.first?.baseline ?? 0,
                       secondBaseline: secondBaseline(after: name, role: .meta), into: &sketch)
        }
        let head = CardPart(height: max(spec.card.leadTile, y), items: sketch.items)
        return card(grid: grid, head: head, notes: notes(stay.notes, grid: grid), backdrop: backdrop(.plain))
    }
}
