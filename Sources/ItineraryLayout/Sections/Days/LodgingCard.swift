/// A stay: bed icon, name and address, check-in/out and confirmation cells, nights at the side.
import ItineraryModel
import ItineraryText

extension DayBuilder {
    func lodgingCard(_ stay: Lodging, on day: Day) -> CardBlock {
        let grid = grid(side: spec.card.side)
        let zone = ctx.zones.lodging(stay, on: day)
        var cells: [(label: String, value: CellValue)] = []
        // Local to the day's city, as the page says times are, unless the stay's zone is another
        // (its own `timeZone`) or unknown: then with its label (`Fri, Jun 12 · 3:00 PM UTC−5`).
        let labelled = zone != ctx.zones.zone(of: day).map(DisplayZone.named)
        if let t = stay.checkIn, let zone {
            cells.append((ctx.labels.checkIn, .text(ctx.format.dayAndTime(t, zone: zone, withZone: labelled))))
        }
        if let t = stay.checkOut, let zone {
            cells.append((ctx.labels.checkOut, .text(ctx.format.dayAndTime(t, zone: zone, withZone: labelled))))
        }
        if let code = stay.confirmation { cells.append((ctx.labels.confirmation, .code(Bidi.code(code)))) }

        // The same count as the overview's stays table (`Stay.nights`): from the dates, else the
        // days spent in the city; none where the trip does not say.
        let index = ctx.trip.days.firstIndex { $0.date == day.date } ?? 0
        let nights = Stay.nights(stay, zone: zone, day: index, in: ctx.trip).flatMap { $0 > 0 ? $0 : nil }
        let figure = nights.map { n in
            (span(ctx.format.count(n), .sideFigure), span(label(n == 1 ? "nightOne" : "nightOther"), .meta))
        }
        // The cells beside the name reach as far as the figure at the side leaves them (`1 night`
        // is narrower than the side column), so that a day of two digits does not send the
        // confirmation to a row of its own on one stay and not the next.
        let figureWidth = figure.map { max(ctx.text.advance(of: [$0.0]), ctx.text.advance(of: [$0.1])) } ?? 0
        let right = max(grid.contentX + grid.contentWidth, grid.right - figureWidth - spec.card.columnGap)
        // Beside the name only where the cells fit there and the card gets no taller.
        var text = stayText(stay, cells: cells, grid: grid, beside: false, right: right)
        if spec.factCells.placement == .beside, cellsFitBeside(cells, grid: grid, right: right) {
            let beside = stayText(stay, cells: cells, grid: grid, beside: true, right: right)
            if beside.bottom <= text.bottom + 0.001 { text = beside }
        }
        var sketch = Sketch()
        sketch.add(leadTile(.bed))
        sketch.add(text.sketch.items)
        let name = text.name
        if let figure {
            sideFigure(
                figure.0, unit: figure.1, grid: grid, firstBaseline: name.first?.baseline ?? 0,
                // Under the figure, on the second line's baseline, however long the name: a
                // name of many lines would take the unit away from its number.
                secondBaseline: secondBaseline(after: Array(name.prefix(1)), role: .meta), into: &sketch)
        }
        let head = CardPart(height: max(spec.card.leadTile, text.bottom), items: sketch.items)
        return card(
            grid: grid, name: [Bidi.isolated(stay.name)], head: head, notes: notes(stay.notes, grid: grid),
            backdrop: backdrop(.plain))
    }

    /// The cells' column: from `factCells.column` to the end of the content column.
    private func cellsColumn(_ grid: CardGrid, right: Double) -> (left: Double, right: Double) {
        (grid.contentX + spec.factCells.column, right)
    }

    /// Whether every cell fits the cells' column, leaving the name a column of its own.
    private func cellsFitBeside(_ cells: [(label: String, value: CellValue)], grid: CardGrid, right: Double) -> Bool {
        let column = cellsColumn(grid, right: right)
        return !cells.isEmpty && spec.factCells.column + spec.card.columnGap <= grid.contentWidth
            && factCellWidths(cells).allSatisfy { $0 <= column.right - column.left + 0.001 }
    }

    /// The name, the address and the cells, with the cells under the address, or beside both
    /// in their column (wrapping onto more rows there). A fixed column lines the cells up from
    /// one stay to the next.
    private func stayText(
        _ stay: Lodging, cells: [(label: String, value: CellValue)], grid: CardGrid,
        beside: Bool, right: Double
    ) -> (sketch: Sketch, name: [SetLine], bottom: Double) {
        let width = beside ? spec.factCells.column - spec.card.columnGap : grid.contentWidth
        var sketch = Sketch()
        let x = grid.contentX
        // The trip's places in the name and the address kept whole (`Dan Tel Aviv`, never `Tel` / `Aviv`).
        let name = lines([span(ctx.placesKeptWhole(LineBreaks.tiedCharacters(stay.name)), .cardTitle)], width: width)
        var y = sketch.lines(name, x: x, top: 0)
        if let address = stay.address {
            y = sketch.lines(
                lines([span(LineBreaks.postcodeTied(ctx.placesKeptWhole(address)), .meta)], width: width), x: x,
                top: y + spec.card.lineGap)
        }
        if beside {
            // The values share the address's baseline: the two columns read as one row.
            let valueBaseline = lineHeight(.caps) + spec.card.cellLabelGap + baseline(.cellValue)
            let top = stay.address == nil ? 0 : max(0, secondBaseline(after: name, role: .meta) - valueBaseline)
            let column = cellsColumn(grid, right: right)
            y = max(y, factCells(cells, grid: grid, top: top, left: column.left, right: column.right, into: &sketch))
        } else if !cells.isEmpty {
            y = factCells(cells, grid: grid, top: y + spec.card.cellsGap, into: &sketch)
        }
        return (sketch, name, y)
    }
}
