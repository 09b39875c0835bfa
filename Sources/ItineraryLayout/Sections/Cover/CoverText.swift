/// Text helpers of the cover: its words, spans in named styles, and set paragraphs as parts.
import DisplayList
import ItineraryText

extension SectionContext {
    /// A word of the cover from `labels.<language>.cover`.
    func coverWord(_ key: String) -> String { labels.label("cover", key) }

    /// The style a text role of the cover names (`cover.styles`).
    func coverStyle(_ role: CoverStyle) -> TextStyle { theme.style(named: theme.template.cover?.styles[role] ?? "") }

    /// The colour of a colour role of the cover (`cover.colors`).
    func coverColor(_ role: CoverColor) -> Color { theme.color(theme.template.cover?.colors[role] ?? "") }

    /// A span in a text role's style, in capitals when the style asks for it (caps labels, chips).
    func coverSpan(_ text: String, _ role: CoverStyle) -> StyledSpan {
        theme.span(text, named: theme.template.cover?.styles[role] ?? "")
    }

    /// `text` set on one line (nil when empty).
    func coverLine(_ text: String, _ style: CoverStyle) -> SetLine? {
        self.text.setParagraph([coverSpan(text, style)], width: nil).first
    }

    /// Set lines stacked at their line heights, left-aligned.
    func coverPart(_ lines: [SetLine]) -> CoverPart {
        var items: [DisplayItem] = []
        var y = 0.0
        for line in lines {
            items.append(.text(spans: line.spans, origin: Point(x: line.offset, y: y + line.baseline)))
            y += line.height
        }
        return CoverPart(items: items, height: y)
    }

    /// A paragraph broken to `width`.
    func coverParagraph(_ text: String, style: CoverStyle, width: Double) -> CoverPart {
        coverPart(self.text.setParagraph([coverSpan(text, style)], width: width))
    }

    /// Lines of a one-style paragraph, at most `maxLines`: the last one kept ends in an ellipsis
    /// and holds as much of the rest as fits.
    func coverLines(_ text: String, style: CoverStyle, width: Double, maxLines: Int) -> [SetLine] {
        self.text.setParagraph([coverSpan(text, style)], width: width, maxLines: maxLines)
    }
}
