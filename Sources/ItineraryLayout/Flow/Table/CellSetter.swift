/// Breaking a cell's paragraphs into lines and placing them, its icon, tab and chip, in the cell's box.
import DisplayList
import ItineraryText

/// A cell after line breaking: display items relative to the top-left of its content box.
struct SetCell {
    var height: Double
    /// The first line's baseline from the cell's top (0 for an empty cell).
    var firstBaseline: Double
    var items: [DisplayItem]
}

/// One visual line of a paragraph: pieces of set text at x offsets, sharing a line box.
private struct VisualLine {
    var pieces: [(x: Double, line: SetLine)]
    var baseline: Double
    var height: Double
}

extension TableCell {
    /// Sets the paragraphs one under another, each wrapping within `width`. `overhang` is the
    /// room in the column gap that tabbed text may take rather than go to a line of its own.
    func set(width: Double, overhang: Double, alignment: TextAlignment, text: TextEngine) -> SetCell {
        func lines(_ paragraphs: [CellParagraph]) -> [(CellParagraph, [VisualLine])] {
            paragraphs.map { ($0, $0.visualLines(width: width, overhang: overhang, alignment: alignment, text: text)) }
        }
        var set = lines(paragraphs)
        if let whenWrapping, set.contains(where: { $0.1.count > 1 }) { set = lines(whenWrapping) }

        var items: [DisplayItem] = []
        var y = 0.0
        var firstBaseline: Double?
        // A cell of several paragraphs tags each as a `P`, and a cell with text at a tab stop
        // (a game's matchup, then its time) each piece, so they are read as two things, not as
        // "STL @ CHC1:20 PM".
        let pieceRole: StructureRole? = set.contains { $0.0.tab != nil } ? .paragraph : nil
        let role: StructureRole? = set.count > 1 && pieceRole == nil ? .paragraph : nil
        for (paragraph, lines) in set {
            guard let first = lines.first else { continue }
            if let role { items.append(.beginStructure(role)) }
            defer { if let role { items.append(.endStructure(role)) } }
            if firstBaseline == nil { firstBaseline = y + first.baseline }
            if let marker = paragraph.marker {
                let top = y + (first.height - marker.size) / 2
                items += marker.items.map { $0.offset(by: Point(x: 0, y: top)) }
            }
            for line in lines {
                for (x, piece) in line.pieces {
                    if let chip = paragraph.chip, let style = piece.spans.first?.style {
                        let m = text.metrics(style)
                        let box = Rect(
                            x: x - chip.paddingX, y: y + line.baseline - m.ascent - chip.paddingY,
                            width: piece.width + 2 * chip.paddingX, height: m.ascent + m.descent + 2 * chip.paddingY)
                        items.append(.rect(box, radius: chip.radius, fill: chip.fill, stroke: nil, strokeWidth: 0))
                    }
                    let item = DisplayItem.text(spans: piece.spans, origin: Point(x: x, y: y + line.baseline))
                    items += pieceRole.map { [item].tagged($0) } ?? [item]
                }
                y += line.height
            }
        }
        return SetCell(height: y, firstBaseline: firstBaseline ?? 0, items: items)
    }
}

extension CellParagraph {
    /// The paragraph's lines with every piece placed horizontally in a cell of `width`.
    /// The width the paragraph takes set on one line: indent, chip, text and tabbed text.
    func naturalWidth(text: TextEngine) -> Double {
        let inset = chip?.paddingX ?? 0
        var end = indent + inset + text.advance(of: spans) + inset
        if let tab { end = max(tab.position, end + tab.minimumGap) + text.advance(of: tab.spans) }
        return end
    }

    /// The least width that sets the paragraph (without its tab) breaking only where a line
    /// may break (`TextEngine.widestUnbreakable`): narrower, a line is cut between letters.
    /// `prepared`: where the paragraph breaks as a line too narrow for its words does, with the
    /// break rules of `LineBreaks.prepared` (a code after its hyphens, with three characters on
    /// each side): the widest piece of a code wider than its column.
    func unbreakableWidth(text: TextEngine, prepared: Bool = false) -> Double {
        let set = prepared ? spans.map { StyledSpan(LineBreaks.prepared($0.text), $0.style) } : spans
        return indent + 2 * (chip?.paddingX ?? 0) + text.widestUnbreakable(set)
    }

    /// The least width, to the point, that sets the paragraph (without its tab) in as few lines
    /// as `most` does, when that is at most `maxLines`; `.infinity` otherwise.
    func fewestLinesWidth(text: TextEngine, atMost most: Double, maxLines: Int) -> Double {
        let inset = 2 * (chip?.paddingX ?? 0) + indent
        let lines = text.setParagraph(spans, width: most - inset).count
        guard lines <= maxLines else { return .infinity }
        var low = 0.0, high = (most - inset).rounded(.up)
        // Bisection to the point: fewer lines never come from a narrower column.
        while high - low > 1 {
            let mid = ((low + high) / 2).rounded()
            if text.setParagraph(spans, width: mid).count <= lines { high = mid } else { low = mid }
        }
        return high + inset
    }

    fileprivate func visualLines(
        width: Double, overhang: Double, alignment: TextAlignment, text: TextEngine
    ) -> [VisualLine] {
        let inset = chip?.paddingX ?? 0
        let left = indent + inset
        let room = max(1, width - left - inset)
        var set = text.setParagraph(spans, width: wraps ? room : nil)
        // Text whose lines all fit the room as it is set (a right-to-left date that Pango's
        // breaking, measuring its runs before they are shaped together, takes for a little
        // wider: `خميس، / 4 فبراير` beside `أربعاء، 10 فبراير` on one line) is not broken.
        if set.count > 1, text.advance(of: spans) <= room + 0.01 { set = text.setParagraph(spans, width: nil) }
        var lines: [VisualLine] = set.map { line in
            let x: Double
            switch alignment {
            case .leading: x = left + line.offset  // a right-to-left paragraph's lines end flush right
            case .center: x = left + (room - line.width) / 2
            case .trailing: x = width - inset - line.width
            }
            return VisualLine(pieces: [(x, line)], baseline: line.baseline, height: line.height)
        }
        guard let tab, let tabbed = text.setParagraph(tab.spans, width: nil).first else { return lines }
        let limit = width + overhang + 0.001
        if let last = lines.last, let end = last.pieces.last.map({ $0.x + $0.line.width }) {
            let x = max(tab.position, end + tab.minimumGap)
            if x + tabbed.width <= limit {
                lines[lines.count - 1].pieces.append((x, tabbed))
                lines[lines.count - 1].baseline = max(last.baseline, tabbed.baseline)
                lines[lines.count - 1].height = max(last.height, tabbed.height)
                return lines
            }
        }
        // No room after the text (or no text): a line of its own, at the stop when it fits there.
        let x = tab.position + tabbed.width <= limit ? tab.position : left
        lines.append(VisualLine(pieces: [(x, tabbed)], baseline: tabbed.baseline, height: tabbed.height))
        return lines
    }
}
