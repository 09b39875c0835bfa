/// The rule between two cards of a day, for templates whose cards are borderless rows.
import DisplayList
import ItineraryText

/// A rule across a card's width with space under it. Like the space it replaces, it is dropped
/// at the top of a page, and it keeps with the card after it: a page never ends on a rule.
struct CardDivider: FlowBlock {
    var indent: Double
    var width: Double
    var rule: LineSpec
    var color: Color
    var spaceBelow: Double

    var height: Double { spaceBelow }
    var isDiscardable: Bool { true }
    var keepWithNext: Bool { true }

    func draw(at origin: Point) -> [DisplayItem] {
        let y = origin.y
        return [
            .line(
                from: Point(x: origin.x + indent, y: y), to: Point(x: origin.x + indent + width, y: y),
                width: rule.width, color: color, dash: [])
        ]
    }
}

extension DayBuilder {
    /// What goes between two cards: space, or space with the card rule in its middle. None
    /// after the day note, a box of its own.
    func cardGap(afterNote: Bool) -> [any FlowBlock] {
        let rule = spec.cardRule
        guard rule.width > 0, !afterNote else { return [Spacer(spec.betweenCards)] }
        return [
            Spacer(spec.betweenCards / 2),
            CardDivider(
                indent: gutter, width: cardWidth, rule: rule, color: ctx.theme.color(rule.color),
                spaceBelow: spec.betweenCards / 2),
        ]
    }
}
