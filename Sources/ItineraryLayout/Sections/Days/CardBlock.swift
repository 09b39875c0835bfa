/// A card on the day pages: a box with a backdrop around a fixed part, optional notes and a foot.
import DisplayList
import ItineraryText

/// A fixed-size drawing inside a card, relative to the card's content origin.
struct CardPart {
    var height: Double
    var items: [DisplayItem]
}

/// A card that never splits, unless it is taller than a page. Then it splits between any two
/// lines (of its head, its notes, with at least two lines on each side, or its foot), every
/// piece gets its own backdrop (border, fill, team bar) so each page shows a whole-looking
/// card, and each piece after the first starts with a caps cue (`CONTINUED`): nothing of a
/// long name, address or code is lost, and nobody reads the rest as a card of its own.
struct CardBlock: FlowBlock {
    /// From the content box's left edge to the card.
    var indent: Double
    var width: Double
    var insets: CardInsets
    /// Everything above the notes (absent on a continuation piece that starts lower).
    var head: CardPart?
    var notes: IconParagraph?
    /// Between the head and the notes.
    var notesGap: Double
    /// Everything below the notes, such as the ticket strip (on the last piece only).
    var foot: CardPart?
    /// Between the notes (or head) and the foot.
    var footGap: Double
    /// The box behind the content, for a piece of the given size, relative to its top-left corner.
    var backdrop: @Sendable (_ width: Double, _ height: Double) -> [DisplayItem]
    /// The body height of a page: a card no taller than this is never split.
    var pageHeight: Double
    var keepWithNext: Bool = false
    /// Sets the line that opens a continuation piece, and the space under it. Only a card taller
    /// than a page is ever cut, so the line is set when a piece needs it, not for every card.
    var cueSource: (() -> (line: SetLine, gap: Double)?)?
    var cue: (line: SetLine, gap: Double)? { cueSource?() }
    /// Finds the lines of the head and the foot; nil: the card splits only inside its notes.
    var text: TextEngine?
    /// True for every piece after the first: it starts with the cue.
    var continues = false

    init(
        indent: Double, width: Double, insets: CardInsets, head: CardPart?, notes: IconParagraph? = nil,
        notesGap: Double = 0,
        foot: CardPart? = nil, footGap: Double = 0, pageHeight: Double,
        backdrop: @escaping @Sendable (_ width: Double, _ height: Double) -> [DisplayItem]
    ) {
        self.indent = indent
        self.width = width
        self.insets = insets
        self.head = head
        self.notes = notes.flatMap { $0.lineCount > 0 ? $0 : nil }
        self.notesGap = notesGap
        self.foot = foot
        self.footGap = footGap
        self.pageHeight = pageHeight
        self.backdrop = backdrop
    }

    /// The cue's height with the space under it, on a piece that shows it.
    private var cueHeight: Double { continues ? cue.map { $0.line.height + $0.gap } ?? 0 : 0 }

    /// The content's parts from the top (below the cue): (y offset, height) of head, notes and foot.
    private var layout: (head: Double, notes: Double, foot: Double, end: Double) {
        var y = 0.0
        var started = false
        func place(_ h: Double?, gap: Double) -> Double {
            guard let h else { return y }
            if started { y += gap }
            let at = y
            y += h
            started = true
            return at
        }
        let headY = place(head?.height, gap: 0)
        let notesY = place(notes?.height, gap: notesGap)
        let footY = place(foot?.height, gap: footGap)
        return (headY, notesY, footY, y)
    }

    var height: Double { insets.top + cueHeight + layout.end + insets.bottom }

    /// Whether a fixed part of this height fits whole on a continuation piece of a `page` tall.
    private func fitsAPiece(_ partHeight: Double, page: Double) -> Bool {
        insets.top + (cue.map { $0.line.height + $0.gap } ?? 0) + partHeight + insets.bottom <= page + 0.001
    }

    /// Whole, unless the card is taller than a page: then its smallest first piece (what `split`
    /// would leave at the foot of a page: a head that fits a page stays whole).
    var minimumHeadHeight: Double {
        guard height > pageHeight + 0.001 else { return height }
        let frame = insets.top + cueHeight + insets.bottom
        if let head {
            if !fitsAPiece(head.height, page: pageHeight), let text,
                let first = VerticalCut.cuts(of: head.items, text: text).first
            {
                return frame + first.headEnd
            }
            if notes != nil || foot != nil { return frame + head.height }
        }
        if let notes, notes.lineCount >= 2 * notes.text.minimumLinesPerSide {
            return frame + (head.map { $0.height + notesGap } ?? 0)
                + notes.heightOfFirst(notes.text.minimumLinesPerSide)
        }
        return height
    }

    func split(available: Double, fullPage: Double) -> (head: any FlowBlock, tail: any FlowBlock)? {
        // A card that fits on a page moves to the next one whole.
        guard height > fullPage + 0.001 else { return nil }
        let page = fullPage > 0 ? fullPage : available
        let room = available - insets.top - cueHeight - insets.bottom
        let l = layout
        var first = self, rest = self
        first.keepWithNext = false
        rest.continues = true
        // Where the content reaches past `room`: inside the notes, between lines; inside the
        // head or the foot only when that part is too tall for a page of its own (a part that
        // fits one moves on whole).
        if let head, l.head + head.height > room + 0.001 {
            guard !fitsAPiece(head.height, page: page), let text,
                let cut = VerticalCut.lowest(VerticalCut.cuts(of: head.items, text: text), within: room - l.head)
            else { return nil }
            let (above, below) = cut.split(head.items, text: text)
            first.head = CardPart(height: cut.headEnd, items: above)
            (first.notes, first.foot) = (nil, nil)
            rest.head = CardPart(height: head.height - cut.tailStart, items: below)
            return (first, rest)
        }
        if let notes, l.notes + notes.height > room + 0.001 {
            if let (n1, n2) = notes.split(available: room - l.notes) {
                first.notes = n1
                first.foot = nil
                rest.head = nil
                rest.notes = n2
                return (first, rest)
            }
            // Not even the first lines fit: the notes start on the next piece.
            guard head != nil else { return nil }
            (first.notes, first.foot) = (nil, nil)
            rest.head = nil
            return (first, rest)
        }
        guard let foot else { return nil }
        let before = head != nil || notes != nil
        if !(before && fitsAPiece(foot.height, page: page)), let text,
            let cut = VerticalCut.lowest(VerticalCut.cuts(of: foot.items, text: text), within: room - l.foot)
        {
            let (above, below) = cut.split(foot.items, text: text)
            first.foot = CardPart(height: cut.headEnd, items: above)
            (rest.head, rest.notes) = (nil, nil)
            rest.foot = CardPart(height: foot.height - cut.tailStart, items: below)
            return (first, rest)
        }
        guard before else { return nil }
        first.foot = nil
        (rest.head, rest.notes) = (nil, nil)
        return (first, rest)
    }

    func draw(at origin: Point) -> [DisplayItem] {
        let x = origin.x + indent
        let l = layout
        // The card's fill, border and team bar are decoration: an artifact, not the card's content.
        var items = backdrop(width, height).map { $0.offset(by: Point(x: x, y: origin.y)) }.tagged(.artifact)
        let cx = x + insets.left
        var cy = origin.y + insets.top
        if continues, let cue {
            items.append(.text(spans: cue.line.spans, origin: Point(x: cx, y: cy + cue.line.baseline)))
            cy += cue.line.height + cue.gap
        }
        if let head { items += head.items.map { $0.offset(by: Point(x: cx, y: cy + l.head)) } }
        if let notes { items += notes.draw(at: Point(x: cx, y: cy + l.notes)) }
        if let foot { items += foot.items.map { $0.offset(by: Point(x: cx, y: cy + l.foot)) } }
        // A card is read as one group, in drawing order (each piece of a split card as its own),
        // each of its lines a paragraph.
        return items.looseTextTagged(.paragraph).tagged(.division)
    }
}
