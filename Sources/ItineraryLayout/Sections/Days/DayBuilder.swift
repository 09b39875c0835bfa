/// The days section's template settings resolved once: styles, colours and the card grid.
import ItineraryModel
import ItineraryText

/// Everything the day cards share. Built from a `SectionContext` and the template's `days` settings.
struct DayBuilder {
    let ctx: SectionContext
    let spec: DaysSpec

    init(_ ctx: SectionContext, spec: DaysSpec) {
        self.ctx = ctx
        self.spec = spec
    }

    // MARK: Geometry

    /// From the content box's left edge to every card: the day tile and the gap after it (none
    /// when the heading is a rule).
    var gutter: Double { spec.heading.gutter }
    var cardWidth: Double { ctx.width - gutter }
    /// The body height of a page after the first: a card splits only when taller than this.
    var pageHeight: Double { ctx.theme.geometry.body(page: 1).height }

    /// The grid of a card with the given side column and vertical padding (nil: the card's own).
    func grid(side: Double, paddingY: Double? = nil) -> CardGrid {
        let c = spec.card
        let b = c.border
        return CardGrid(
            width: cardWidth,
            insets: CardInsets(
                top: b + (paddingY ?? c.padding.top), right: b + c.padding.right,
                bottom: b + (paddingY ?? c.padding.bottom), left: b + c.padding.left),
            leadTile: c.leadTile, columnGap: c.columnGap, side: side)
    }

    // MARK: Styles, colours, words

    func style(_ role: DayStyle) -> TextStyle { ctx.theme.style(named: spec.styles[role]) }
    func color(_ role: DayColor) -> Color { ctx.theme.color(spec.colors[role]) }

    /// A span in a role's style (upper-cased when the style asks for it), optionally recoloured.
    func span(_ text: String, _ role: DayStyle, color: Color? = nil) -> StyledSpan {
        ctx.theme.span(text, named: spec.styles[role], color: color)
    }

    /// A word of the `days` labels.
    func label(_ key: String) -> String { ctx.labels.label("days", key) }

    // MARK: Text

    /// `spans` broken into lines no wider than `width` (nil: one line per hard break).
    func lines(_ spans: [StyledSpan], width: Double?, firstLineShorter: Double = 0) -> [SetLine] {
        ctx.text.setParagraph(spans, width: width, firstLineShorter: firstLineShorter)
    }

    /// `spans` set on one line, shortened with an ellipsis at the end when wider than `maxWidth`.
    func line(_ spans: [StyledSpan], maxWidth: Double? = nil) -> SetLine? { ctx.line(spans, maxWidth: maxWidth) }

    /// `span` set after a space, and that space's width. Drawn `lead` left of where the bare
    /// text goes, it looks the same and is read as a word of its own: a piece placed apart
    /// from the one before would otherwise run into it ("1:20 PMCDT"). Right-to-left text is
    /// set bare (a leading space would move to its far side), and so is text that starts with a
    /// combining mark (it would attach to the space).
    func spacedLine(_ s: StyledSpan) -> (line: SetLine, lead: Double)? {
        guard let bare = line([s]) else { return nil }
        let combining: Set<Unicode.GeneralCategory> = [.nonspacingMark, .spacingMark, .enclosingMark]
        guard !TextEngine.hasRightToLeft(s.text),
            !(s.text.unicodeScalars.first.map { combining.contains($0.properties.generalCategory) } ?? false)
        else { return (bare, 0) }
        var spaced = s
        spaced.text = " " + s.text
        guard let l = line([spaced]) else { return (bare, 0) }
        return (l, l.width - bare.width)
    }

    /// One line of `span` no wider than `width`: set smaller (down to `minimumScale` of its size,
    /// in half-point steps) when it is too wide, then ellipsized if even that is too wide. The
    /// line box and baseline stay those of the full size, so nothing around it moves.
    func fittedLine(_ span: StyledSpan, width: Double, minimumScale: Double = 0.6) -> SetLine? {
        guard let full = ctx.text.setParagraph([span], width: nil).first else { return nil }
        guard full.width > width, full.width > 0 else { return full }
        var smaller = span
        let size = max(span.style.size * minimumScale, ((span.style.size * width / full.width) * 2).rounded(.down) / 2)
        smaller.style.size = size
        smaller.style.tracking = span.style.tracking * size / span.style.size
        guard var line = ctx.text.setParagraph([smaller], width: nil).first else { return full }
        if line.width > width,
            let cut = ctx.text.setParagraph([ctx.text.ellipsize(smaller, width: width, middle: false)], width: nil)
                .first
        {
            line = cut
        }
        line.height = full.height
        line.baseline = full.baseline
        return line
    }

    /// Distance from the top of a line box to its baseline for a role.
    func baseline(_ role: DayStyle) -> Double { ctx.text.lineBox([style(role)]).baseline }
    func lineHeight(_ role: DayStyle) -> Double { style(role).lineHeight }
}

/// Insets from a card's outer edge to its content: border plus padding.
struct CardInsets {
    var top, right, bottom, left: Double
}

/// A card's columns: `[lead tile] gap [content] gap [side]`, in coordinates relative to the
/// content origin (inside border and padding). Rows after the first span content and side.
struct CardGrid {
    let width: Double
    let insets: CardInsets
    let leadTile: Double
    let columnGap: Double
    let side: Double

    var innerWidth: Double { width - insets.left - insets.right }
    /// Left edge of the content column.
    var contentX: Double { leadTile + columnGap }
    var contentWidth: Double { max(0, innerWidth - contentX - columnGap - side) }
    /// Width of a row that spans content and side.
    var spanWidth: Double { innerWidth - contentX }
    /// Right edge of the side column (right-aligned figures end here).
    var right: Double { innerWidth }
}
