/// A paragraph with a small icon before its first line (card notes, the day note).
import DisplayList
import ItineraryText

/// Set lines with an icon hung in front of them; splits between lines like a `TextBlock`
/// (at least two lines on each side), the icon staying with the first piece.
struct IconParagraph {
    var text: TextBlock
    var icon: Icon?
    var iconSize: Double
    var iconStroke: Double
    var iconColor: Color
    /// Left edge of the icon, relative to the paragraph's origin; the text starts after icon and
    /// gap, whatever its script (the page's start side: `Bidi`).
    var x: Double

    /// Sets `spans` with the icon at `x` and the text `gap` after it, within `width` from `x`.
    /// `link`: web addresses in the text are links, set as it says (nil: plain text).
    init(
        _ spans: [StyledSpan], icon: Icon, spec: IconSpec, color: Color, x: Double, width: Double,
        text engine: TextEngine,
        link: NoteLinkLook? = nil
    ) {
        let indent = spec.size + spec.gap
        var set = spans, uris: [String] = [], linkStyle: TextStyle?
        if let link, spans.count == 1, let style = link.style(beside: spans[0].style) {
            (set, uris) = TextLinks.spans(spans[0].text, style: spans[0].style, linkStyle: style)
            linkStyle = style
        }
        let lines = engine.setParagraph(set, width: max(1, width - indent))
        text = TextBlock(lines: lines, indent: x + indent, width: max(1, width - indent))
        if let linkStyle, !uris.isEmpty {
            text.lineLinks = TextLinks.lineLinks(lines, uris: uris, linkStyle: linkStyle, engine: engine)
            if let link, link.underline.width > 0 {
                text.linkUnderline = LinkLine(
                    width: link.underline.width, offset: link.underline.offset, color: linkStyle.color)
            }
        }
        self.icon = icon
        iconSize = spec.size
        iconStroke = spec.stroke
        iconColor = color
        self.x = x
    }

    var height: Double { text.height }
    var lineCount: Int { text.lines.count }

    /// The height of the first `n` lines.
    func heightOfFirst(_ n: Int) -> Double { text.lines.prefix(n).reduce(0) { $0 + $1.height } }

    /// Splits so that the head fits `available`; nil when that would leave fewer than the
    /// minimum lines on either side.
    func split(available: Double) -> (head: IconParagraph, tail: IconParagraph)? {
        guard let (h, t) = text.split(available: available, fullPage: 0),
            let head = h as? TextBlock, let tail = t as? TextBlock
        else { return nil }
        var a = self, b = self
        a.text = head
        b.text = tail
        b.icon = nil
        return (a, b)
    }

    func draw(at origin: Point) -> [DisplayItem] {
        var items: [DisplayItem] = []
        if let icon, let first = text.lines.first {
            // Centred on the first line's box.
            let top = origin.y + (first.height - iconSize) / 2
            items += icon.draw(
                at: Point(x: origin.x + x, y: top), size: iconSize, color: iconColor, strokeWidth: iconStroke)
        }
        return items + text.draw(at: origin)
    }
}

/// How a web address inside a note is set: the template's link colour and weight, and its
/// underline.
struct NoteLinkLook {
    var color: Color
    var weight: Int
    var underline: UnderlineSpec

    /// The style of an address among text in `text`: the text's, in the link's colour. Where
    /// that is the text's own colour (the compact design's notes are ink, as its links are),
    /// in the link's weight too, so that the set lines tell an address's pieces by their style;
    /// nil where nobody could see the link on paper (same colour, no underline) or its pieces
    /// could not be told apart.
    func style(beside text: TextStyle) -> TextStyle? {
        var style = text
        style.color = color
        if style == text { style.weight = weight }
        guard style != text, color != text.color || underline.width > 0 else { return nil }
        return style
    }
}
