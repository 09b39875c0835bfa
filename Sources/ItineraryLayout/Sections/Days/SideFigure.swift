/// The right-hand column of a card: a figure on the title's baseline, its unit on the next line's.
import ItineraryText

extension DayBuilder {
    /// Draws `figure` on `firstBaseline` and `unit` on `secondBaseline`, both ending at the grid's right edge.
    func sideFigure(
        _ figure: StyledSpan?, unit: StyledSpan?, grid: CardGrid, firstBaseline: Double, secondBaseline: Double,
        into sketch: inout Sketch
    ) {
        if let figure, let l = line([figure]) { sketch.line(l, right: grid.right, baseline: firstBaseline) }
        if let unit, let l = line([unit]) { sketch.line(l, right: grid.right, baseline: secondBaseline) }
    }

    /// The baseline of the line that follows a card title set from the top: the title's
    /// lines, the line gap, then a `role` line.
    func secondBaseline(after title: [SetLine], role: DayStyle) -> Double {
        title.totalHeight + spec.card.lineGap + baseline(role)
    }
}
