/// A card on the day pages: a box with a backdrop around a fixed part, optional notes and a foot.
import ItineraryText

/// A fixed-size drawing inside a card, relative to the card's content origin.
struct CardPart {
    var height: Double
    var items: [DisplayItem]
}

/// A card that never splits, unless it is taller than a page: then it splits only inside its
/// notes, with at least two lines on each side, and every piece gets its own backdrop (border,
/// fill, team bar) so each page shows a whole-looking card.
struct CardBlock: FlowBlock {
    /// From the content box's left edge to the card.
    var indent: Double
    var width: Double
    var insets: CardInsets
    /// Everything above the notes (absent on a continuation piece).
    var head: CardPart?
    var notes: IconParagraph?
    /// Between the head and the notes.
    var notesGap: Double
    /// Everything below the notes, such as the ticket strip (present on the last piece only).
    var foot: CardPart?
    /// Between the notes (or head) and the foot.
    var footGap: Double
    /// The box behind the content, for a piece of the given size, relative to its top-left corner.
    var backdrop: @Sendable (_ width: Double, _ height: Double) -> [DisplayItem]
    /// The body height of a page: a card no taller than this is never split.
    var pageHeight: Double
    var keepWithNext: Bool = false

    init(indent: Double, width: Double, insets: CardInsets, head: CardPart?, notes: IconParagraph? = nil, notesGap: Double = 0,
         foot: CardPart? = nil, footGap: Double = 0, pageHeight: Double,
         backdrop: @escaping @Sendable (_ width: Double, _ height: Double) -> [DisplayItem]) {
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

    /// The content's parts from the top: (y offset, height) of head, notes and foot.
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

    var height: Double { insets.top + layout.end + insets.bottom }

    /// Whole, unless the card is taller than a page: then its head with the first lines of notes.
    var minimumHeadHeight: Double {
        guard height > pageHeight + 0.001, let notes, notes.lineCount >= 2 * notes.text.minimumLinesPerSide else { return height }
        let before = head.map { $0.height + notesGap } ?? 0
        return insets.top + before + notes.heightOfFirst(notes.text.minimumLinesPerSide) + insets.bottom
    }

    func split(available: Double, fullPage: Double) -> (head: any FlowBlock, tail: any FlowBlock)? {
        // A card that fits on a page moves to the next one whole.
        guard height > fullPage + 0.001, let notes else { return nil }
        let before = insets.top + (head.map { $0.height + notesGap } ?? 0)
        guard let (n1, n2) = notes.split(available: available - before - insets.bottom) else { return nil }
        var first = self, rest = self
        first.notes = n1
        first.foot = nil
        first.keepWithNext = false
        rest.head = nil
        rest.notes = n2
        return (first, rest)
    }

    func draw(at origin: Point) -> [DisplayItem] {
        let x = origin.x + indent
        let l = layout
        // The card's fill, border and team bar are decoration: an artifact, not the card's content.
        var items = backdrop(width, height).map { $0.offset(by: Point(x: x, y: origin.y)) }.tagged(.artifact)
        let cx = x + insets.left, cy = origin.y + insets.top
        if let head { items += head.items.map { $0.offset(by: Point(x: cx, y: cy + l.head)) } }
        if let notes { items += notes.draw(at: Point(x: cx, y: cy + l.notes)) }
        if let foot { items += foot.items.map { $0.offset(by: Point(x: cx, y: cy + l.foot)) } }
        // A card is read as one group, in drawing order (each piece of a split card as its own),
        // each of its lines a paragraph.
        return items.looseTextTagged(.paragraph).tagged(.division)
    }
}
