/// A stay: bed icon, name and address, check-in/out and confirmation cells, nights at the side.
import ItineraryModel
import ItineraryText

extension DayLayout {
    func lodgingCard(_ stay: Lodging, dayZone: String) -> CardBlock {
        let grid = grid(side: spec.card.side)
        var cells: [(label: String, value: CellValue)] = []
        if let t = stay.checkIn { cells.append((ctx.labels.checkIn, .text(ctx.format.dayAndTime(t, zone: dayZone)))) }
        if let t = stay.checkOut { cells.append((ctx.labels.checkOut, .text(ctx.format.dayAndTime(t, zone: dayZone)))) }
        if let code = stay.confirmation { cells.append((ctx.labels.confirmation, .code(code))) }

        // Beside the name, the cells take the content column from `factCells.column` on, wrapping
        // onto more rows there; they go there only when each fits that column, else under the
        // name as usual. A fixed column lines the cells up from one stay to the next.
        let f = spec.factCells
        let cellsX = grid.contentX + f.column, cellsRight = grid.contentX + grid.contentWidth
        let beside = f.placement == .beside && !cells.isEmpty && f.column + spec.card.columnGap <= grid.contentWidth
            && factCellWidths(cells).allSatisfy { $0 <= cellsRight - cellsX + 0.001 }
        let mainWidth = beside ? f.column - spec.card.columnGap : grid.contentWidth

        var sketch = Sketch()
        sketch.add(leadTile(.bed))
        let x = grid.contentX
        let name = lines([span(stay.name, .cardTitle)], width: mainWidth)
        var y = sketch.lines(name, x: x, top: 0)
        if let address = stay.address {
            y = sketch.lines(lines([span(address, .meta)], width: mainWidth), x: x, top: y + spec.card.lineGap)
        }
        if beside {
            // The values share the address's baseline: the two columns read as one row.
            let valueBaseline = lineHeight(.caps) + spec.card.cellLabelGap + baseline(.cellValue)
            let top = stay.address == nil ? 0 : max(0, secondBaseline(after: name, role: .meta) - valueBaseline)
            y = max(y, factCells(cells, grid: grid, top: top, left: cellsX, right: cellsRight, into: &sketch))
        } else if !cells.isEmpty {
            y = factCells(cells, grid: grid, top: y + spec.card.cellsGap, into: &sketch)
        }

        if let n = SectionContext.nights(checkIn: stay.checkIn, checkOut: stay.checkOut, zone: dayZone) {
            sideFigure(span(ctx.format.count(n), .sideFigure), unit: span(label(n == 1 ? "nightOne" : "nightOther"), .meta),
                       grid: grid, firstBaseline: name.first?.baseline ?? 0,
                       secondBaseline: secondBaseline(after: name, role: .meta), into: &sketch)
        }
        let head = CardPart(height: max(spec.card.leadTile, y), items: sketch.items)
        return card(grid: grid, head: head, notes: notes(stay.notes, grid: grid), backdrop: backdrop(.plain))
    }
}
