/// Turns paginated bodies into finished pages: body offset into the frame, running header, footer.
import DisplayList
import ItineraryText

/// Adds the page furniture once the page count is known ("Page N of M" needs M).
struct PageComposer {
    let theme: Theme
    let text: TextEngine
    /// Left part of the running header: the trip's name and its dates, set as
    /// `Midwest Ballpark Swing · Jun 12 – 21, 2026`. The name for a style and a width: a trip
    /// without one is named by its route, shortened to the room (`Boston → … → Baltimore`).
    let headerName: (_ style: TextStyle, _ room: Double) -> String
    let headerDates: String
    /// A count in the trip's locale's digits, for `Page N of M`.
    let count: (Int) -> String

    func compose(_ bodies: [PageBody]) -> [PageFrame] {
        let t = theme.template
        let page = theme.page
        return bodies.enumerated().map { index, body in
            // Body, header and footer all take this page's frame (the first page's own margins).
            let frame = theme.geometry.body(page: index)
            var items: [DisplayItem] = []
            for placed in body.blocks {
                items += placed.block.draw(at: Point(x: frame.x, y: frame.y + placed.y))
            }
            if index > 0 {
                // The item at the top edge: zero-height blocks placed first (a section's page
                // break, an anchor) share y = 0 with it, so look past them.
                let mark = body.blocks.first { $0.y < 0.001 && $0.block.mark != nil }?.block.mark ?? body.markAtTop
                items += header(mark: mark, left: frame.x, width: frame.width).tagged(.artifact)
            }
            if index > 0 || t.footer.onFirstPage {
                items += footer(page: index + 1, of: bodies.count, left: frame.x, width: frame.width).tagged(.artifact)
            }
            // A cover gets its own page label ("Cover"), so viewers number the pages after it
            // as printed: the cover counts as page 1.
            let coverLabel = theme.labels.label("cover", "pageLabel")
            let label = index == 0 && t.sections.first == .cover && !coverLabel.isEmpty ? coverLabel : nil
            return PageFrame(width: page.width, height: page.height, items: items, label: label)
        }
    }

    private func header(mark: String?, left x: Double, width: Double) -> [DisplayItem] {
        let t = theme.template
        let style = theme.style(named: t.header.style)
        let box = text.lineBox([style])
        // Above the band kept for the test-entitlement mark, as the footer is, when a template
        // sets its header that low.
        let below = max(box.height - box.baseline, text.metrics(style).descent)
        let y = min(t.header.textTop + box.baseline, theme.page.height - theme.geometry.reservedFoot - below)
        var items: [DisplayItem] = []
        var rightWidth = 0.0
        if let mark {
            let line = text.setParagraph([StyledSpan(mark, style)], width: nil).first
            if let line {
                rightWidth = line.width
                items.append(.text(spans: line.spans, origin: Point(x: x + width - line.width, y: y)))
            }
        }
        let room = max(0, width - rightWidth - 24)
        items.append(.text(spans: [headerLeft(style, room: room)], origin: Point(x: x, y: y)))
        let ruleY = t.header.textTop + t.header.ruleOffset
        items.append(
            .line(
                from: Point(x: x, y: ruleY), to: Point(x: x + width, y: ruleY),
                width: t.header.ruleWidth, color: theme.color(t.header.ruleColor), dash: []))
        return items
    }

    /// The name and dates in `room`: a long name is shortened, never the dates, while the
    /// name keeps a few words' room (else the whole line is cut at its end). Name and dates
    /// read from the left whatever their scripts: an Arabic name does not turn the header round.
    private func headerLeft(_ style: TextStyle, room: Double) -> StyledSpan {
        let dates = text.advance(of: [StyledSpan(" · " + headerDates, style)])
        let shown = headerName(style, max(room - dates, Self.leastNameRoom))
        let full = Bidi.list([shown, headerDates], separator: " · ")
        guard text.advance(of: [StyledSpan(full, style)]) > room else { return StyledSpan(full, style) }
        guard room - dates >= Self.leastNameRoom else {
            return text.ellipsize(StyledSpan(full, style), width: room, middle: false)
        }
        let name = text.ellipsize(StyledSpan(shown, style), width: room - dates, middle: false)
        return StyledSpan(Bidi.list([name.text, headerDates], separator: " · "), style)
    }

    /// The least room a shortened name keeps before the dates give way too.
    static let leastNameRoom = 60.0

    private func footer(page: Int, of pages: Int, left x: Double, width: Double) -> [DisplayItem] {
        let t = theme.template
        let f = t.footer
        let style = theme.style(named: f.style)
        let box = text.lineBox([style])
        let mark = theme.style(named: f.wordmarkStyle)
        // Above the band kept for the test-entitlement mark, when the template puts it inside:
        // the line box and both styles' descents (a line height set below the font's own).
        let below = max(box.height - box.baseline, text.metrics(style).descent, text.metrics(mark).descent)
        let baseline = min(
            theme.page.height - f.textTopFromBottom + box.baseline,
            theme.page.height - theme.geometry.reservedFoot - below)
        let label = Labels.fill(theme.labels.pageOf, ["page": count(page), "pages": count(pages)])
        let pageLine = text.setParagraph([StyledSpan(label, style)], width: nil)
        var items: [DisplayItem] = []
        if let line = pageLine.first {
            items.append(.text(spans: line.spans, origin: Point(x: x + width - line.width, y: baseline)))
        }
        // Wordmark: a disc in the accent colour, then the product name.
        // Centre the disc on the cap height (about 0.72 em in Inter) rather than the line box.
        let discCenterY = baseline - 0.36 * mark.size
        items.append(
            .circle(
                center: Point(x: x + f.wordmarkDisc / 2, y: discCenterY), radius: f.wordmarkDisc / 2,
                fill: theme.color(f.wordmarkColor)))
        items.append(
            .text(spans: [StyledSpan(f.wordmark, mark)], origin: Point(x: x + f.wordmarkDisc + 4, y: baseline)))
        return items
    }
}
