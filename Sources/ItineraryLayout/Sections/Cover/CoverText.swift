/// Text helpers of the cover: its words, spans in named styles, and set paragraphs as parts.
import DisplayList
import ItineraryText

extension SectionContext {
    /// A word of the cover from `labels.<language>.cover`.
    func coverWord(_ key: String) -> String { labels.label("cover", key) }

    /// A span in a named template style, in capitals when the style asks for it (caps labels, chips).
    func coverSpan(_ text: String, _ style: String) -> StyledSpan {
        let upper = theme.template.styles[style]?.uppercase ?? false
        return StyledSpan(upper ? text.uppercased() : text, theme.style(named: style))
    }

    /// `text` set on one line (nil when empty).
    func coverLine(_ text: String, _ style: String) -> SetLine? {
        self.text.setParagraph([coverSpan(text, style)], width: nil).first
    }

    /// Set lines stacked at their line heights, left-aligned.
    func coverPart(_ lines: [SetLine]) -> CoverPart {
        var items: [DisplayItem] = []
        var y = 0.0
        for line in lines {
            items.append(.text(spans: line.spans, origin: Point(x: 0, y: y + line.baseline)))
            y += line.height
        }
        return CoverPart(items: items, height: y)
    }

    /// A paragraph broken to `width`.
    func coverParagraph(_ text: String, style: String, width: Double) -> CoverPart {
        coverPart(self.text.setParagraph([coverSpan(text, style)], width: width))
    }

    /// Lines of a one-style paragraph, at most `maxLines`: the last one kept ends in an ellipsis
    /// and holds as much of the rest as fits.
    func coverLines(_ text: String, style: String, width: Double, maxLines: Int) -> [SetLine] {
        self.text.setParagraph([coverSpan(text, style)], width: width, maxLines: maxLines)
    }
}
