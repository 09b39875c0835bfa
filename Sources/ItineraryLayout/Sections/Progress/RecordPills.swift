/// The rest of the record: venues that match no stadium, as outline pills under a caps heading.
import DisplayList
import ItineraryText

extension ProgressBuilder {
    /// The heading, the pills (wrapping onto more rows) and the caption, kept together.
    func record(_ names: [String]) -> [any FlowBlock] {
        guard !names.isEmpty else { return [] }
        let p = spec.pills
        let width = ctx.width
        // A canvas per row of pills: a record longer than a page flows on between rows.
        var rows: [Canvas] = []
        var items: [DisplayItem] = []
        var x = 0.0, rowHeight = 0.0
        for name in names {
            let inset = p.border + p.paddingX
            guard let text = line([span(name, .pill)], maxWidth: width - 2 * inset) else { continue }
            let w = text.width + 2 * inset, h = text.height + 2 * (p.border + p.paddingY)
            if x > 0 && x + w > width + 0.001 {
                rows.append(Canvas(height: rowHeight, items: items))
                (x, rowHeight, items) = (0, 0, [])
            }
            let box = Rect(x: x, y: 0, width: w, height: h)
            items.append(Shapes.innerBorder(box, radius: h / 2, width: p.border, color: color(.pillBorder)))
            // Each name a paragraph of its own: read apart, not run together.
            items += [
                DisplayItem.text(
                    spans: text.spans, origin: Point(x: x + inset, y: p.border + p.paddingY + text.baseline))
            ].tagged(.paragraph)
            x += w + p.gap
            rowHeight = max(rowHeight, h)
        }
        if !items.isEmpty { rows.append(Canvas(height: rowHeight, items: items)) }
        guard let first = rows.first else { return [] }
        // The heading never ends a page without its first row of pills.
        var parts: [any FlowBlock] = [Stack([capsHeading(label("alsoInRecord")), Spacer(p.headingGap), first])]
        for row in rows.dropFirst() { parts += [Spacer(p.gap), row] }
        let caption = label("recordCaption")
        if !caption.isEmpty {
            parts += [
                Spacer(spec.captionGap), TextBlock(lines: lines([span(caption, .caption)], width: width), width: width),
            ]
        }
        return [Stack(parts)]
    }
}
