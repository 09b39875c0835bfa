/// The boxes behind cards: white with a hairline, the travel card's fill, the dashed rest day.
import DisplayList
import ItineraryText

extension DayBuilder {
    /// How a card's box looks.
    enum CardLook {
        /// White with a hairline border.
        case plain
        /// Filled, with no visible border (travel).
        case filled
        /// A dashed border on a faint fill (rest day).
        case dashed
    }

    /// The backdrop of a card; `bar` adds the home team's bar down its left edge.
    func backdrop(_ look: CardLook, bar: Color? = nil) -> @Sendable (Double, Double) -> [DisplayItem] {
        let c = spec.card
        let radius = c.radius, border = c.border
        let fill: Color, stroke: Color?, dash: [Double]
        switch look {
        case .plain: (fill, stroke, dash) = (color(.cardFill), color(.cardBorder), [])
        case .filled: (fill, stroke, dash) = (color(.travelFill), nil, [])
        case .dashed: (fill, stroke, dash) = (color(.restFill), color(.restBorder), spec.restDayDash)
        }
        let b = spec.teamBar
        return { width, height in
            let box = Rect(x: 0, y: 0, width: width, height: height)
            var items: [DisplayItem] = [.rect(box, radius: radius, fill: fill, stroke: nil, strokeWidth: 0)]
            if let stroke, border > 0 {
                items.append(Shapes.innerBorder(box, radius: radius, width: border, color: stroke, dash: dash))
            }
            if let bar {
                let h = height - 2 * border - 2 * b.endInset
                // One bar, or thin lines side by side (a bar that reads without colour).
                for k in 0..<b.count where h > 0 {
                    items.append(
                        .rect(
                            Rect(
                                x: border + b.inset + Double(k) * (b.width + b.gap), y: border + b.endInset,
                                width: b.width, height: h),
                            radius: b.radius, fill: bar, stroke: nil, strokeWidth: 0))
                }
            }
            return items
        }
    }

    /// The square tile at the left of a card with an icon centred in it.
    func leadTile(_ icon: Icon, onFill: Bool = false) -> [DisplayItem] {
        let c = spec.card, i = spec.icons.tile
        let inset = (c.leadTile - i.size) / 2
        return [
            .rect(
                Rect(x: 0, y: 0, width: c.leadTile, height: c.leadTile), radius: c.leadTileRadius,
                fill: color(onFill ? .leadTileOnFill : .leadTile), stroke: nil, strokeWidth: 0)
        ]
            + icon.draw(at: Point(x: inset, y: inset), size: i.size, color: color(.leadIcon), strokeWidth: i.stroke)
    }

    /// A card's notes: an info icon, then the text, spanning content and side.
    func notes(_ text: String?, grid: CardGrid) -> IconParagraph? {
        guard let text, !text.isEmpty else { return nil }
        return IconParagraph(
            [span(text, .notes)], icon: .info, spec: spec.icons.inline, color: color(.inlineIcon),
            x: grid.contentX, width: grid.spanWidth, text: ctx.text,
            link: noteLinkLook)
    }

    /// A card of this section with the usual gaps.
    /// `name` says in the cue of a continued piece which card goes on (`STL @ CHC`, the hotel):
    /// pieces set as spans of their own (a team code is a word of its own).
    func card(
        grid: CardGrid, name: [String], head: CardPart, notes: IconParagraph? = nil, foot: CardPart? = nil,
        footGap: Double = 0,
        backdrop: @escaping @Sendable (Double, Double) -> [DisplayItem]
    ) -> CardBlock {
        var block = CardBlock(
            indent: gutter, width: grid.width, insets: grid.insets, head: head, notes: notes,
            notesGap: spec.card.rowGap,
            foot: foot, footGap: footGap, pageHeight: pageHeight, backdrop: backdrop)
        let cueWidth = grid.width - grid.insets.left - grid.insets.right
        block.cueSource = { continuationCue(name, width: cueWidth) }
        block.text = ctx.text
        return block
    }

    /// The caps `CONTINUED · STL @ CHC` atop each further piece of a card taller than a page
    /// (the name shortened to one line), and the space under it: the piece says which card goes
    /// on, and a piece in team colours names the teams in text.
    func continuationCue(_ name: [String], width: Double) -> (line: SetLine, gap: Double)? {
        let spans = [span(ctx.labels.continued + (name.isEmpty ? "" : " · "), .caps)] + name.map { span($0, .caps) }
        // One line: a long name is shortened at its end.
        guard var cue = line(spans) else { return nil }
        if cue.width > width, let short = line([span(spans.map(\.text).joined(), .caps)], maxWidth: width) {
            cue = short
        }
        return (cue, spec.card.rowGap)
    }
}
