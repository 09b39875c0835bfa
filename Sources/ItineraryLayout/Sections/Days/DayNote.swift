/// The day note: a tinted callout with an info icon, first among the day's cards.
import DisplayList
import ItineraryModel
import ItineraryText

extension DayBuilder {
    /// The note as a card of its own, kept with the card after it (it splits only when taller than a page).
    func dayNote(_ text: String) -> CardBlock {
        let n = spec.note
        let insets = CardInsets(top: n.paddingY, right: n.paddingX, bottom: n.paddingY, left: n.paddingX)
        let inner = cardWidth - n.paddingX * 2
        let paragraph = IconParagraph(
            [span(text, .callout)], icon: .info, spec: spec.icons.note, color: color(.noteIcon),
            x: 0, width: inner, text: ctx.text, link: noteLinkLook)
        let fill = color(.noteFill), radius = n.radius
        var block = CardBlock(
            indent: gutter, width: cardWidth, insets: insets, head: nil, notes: paragraph,
            pageHeight: pageHeight
        ) { w, h in
            [.rect(Rect(x: 0, y: 0, width: w, height: h), radius: radius, fill: fill, stroke: nil, strokeWidth: 0)]
        }
        block.keepWithNext = true
        block.cueSource = { continuationCue([], width: inner) }
        block.text = ctx.text
        return block
    }
}
