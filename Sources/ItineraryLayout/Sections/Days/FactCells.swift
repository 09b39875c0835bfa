/// A row of fact cells: caps label over a value, side by side, wrapping when out of room.
import DisplayList
import ItineraryText

extension DayBuilder {
    /// One cell's value: plain text, or a code on a chip.
    enum CellValue {
        case text(String)
        case code(String)
    }

    /// Places the cells from `top` across the span, or between `left` and `right` when given;
    /// returns the bottom.
    func factCells(
        _ cells: [(label: String, value: CellValue)], grid: CardGrid, top: Double, left: Double? = nil,
        right: Double? = nil,
        into sketch: inout Sketch
    ) -> Double {
        let c = spec.card, chip = spec.codeChip
        let capsHeight = lineHeight(.caps)
        let valueTop = capsHeight + c.cellLabelGap
        let rowHeight = valueTop + lineHeight(.cellValue)
        let left = left ?? grid.contentX, right = right ?? grid.right
        var x = left, y = top, rowGrowth = 0.0
        var placed = false
        for cell in cells {
            guard let caps = line([span(cell.label, .caps)]) else { continue }
            // A value wider than the row wraps onto lines of its own, never cut with … (a code
            // breaks after a hyphen, each line on its chip); its row grows by them.
            let values: [SetLine]
            let padding: Double
            switch cell.value {
            case let .text(text): (values, padding) = (lines([span(text, .cellValue)], width: right - left), 0)
            case let .code(code):
                (values, padding) = (lines([span(code, .code)], width: right - left - 2 * chip.paddingX), chip.paddingX)
            }
            guard !values.isEmpty else { continue }
            let width = max(caps.width, (values.map(\.width).max() ?? 0) + 2 * padding)
            if placed && x + width > right + 0.001 {
                x = left
                y += rowHeight + rowGrowth + c.cellsGap
                rowGrowth = 0
            }
            let valueLineHeight = lineHeight(.cellValue)
            let extra = Double(values.count - 1) * valueLineHeight
            // A cell's label and value are one thing: an empty box around both keeps a page
            // break of a tall card from falling between them (it draws nothing).
            sketch.add([
                .rect(
                    Rect(x: x, y: y, width: width, height: rowHeight + extra), radius: 0, fill: nil, stroke: nil,
                    strokeWidth: 0)
            ])
            sketch.line(caps, x: x, top: y)
            for (i, value) in values.enumerated() {
                let lineTop = y + valueTop + Double(i) * valueLineHeight
                if padding > 0 {
                    sketch.add([
                        .rect(
                            Rect(
                                x: x, y: lineTop + (valueLineHeight - chip.height) / 2,
                                width: value.width + 2 * padding, height: chip.height), radius: chip.radius,
                            fill: color(.codeChip), stroke: nil, strokeWidth: 0)
                    ])
                }
                // Values of any style share the cell's baseline.
                sketch.line(value, x: x + padding, baseline: lineTop + baseline(.cellValue))
            }
            rowGrowth = max(rowGrowth, extra)
            x += width + c.cellSpacing
            placed = true
        }
        return placed ? y + rowHeight + rowGrowth : top
    }
}

extension DayBuilder {
    /// The width of each cell: the wider of its caps label and its value.
    func factCellWidths(_ cells: [(label: String, value: CellValue)]) -> [Double] {
        cells.compactMap { cell -> Double? in
            guard let caps = line([span(cell.label, .caps)]) else { return nil }
            switch cell.value {
            case let .text(text): return line([span(text, .cellValue)]).map { max(caps.width, $0.width) }
            case let .code(code):
                return line([span(code, .code)]).map { max(caps.width, $0.width + 2 * spec.codeChip.paddingX) }
            }
        }
    }
}
