/// What a table cell holds: paragraphs of styled text, with an optional icon, tab or chip.
import ItineraryText

/// The content of one cell: paragraphs stacked from the top, each wrapping within the cell.
public struct TableCell {
    public var paragraphs: [CellParagraph]
    /// How many columns the cell covers (a totals label across three columns).
    public var span: Int

    public init(_ paragraphs: [CellParagraph], span: Int = 1) {
        self.paragraphs = paragraphs
        self.span = max(1, span)
    }

    /// A cell of one plain paragraph.
    public static func text(_ spans: [StyledSpan], span: Int = 1) -> TableCell {
        TableCell([CellParagraph(spans)], span: span)
    }

    /// An empty cell.
    public static var empty: TableCell { TableCell([]) }
}

/// A paragraph in a cell. Every line starts at `indent` (so with a marker, wrapped lines hang under the text).
public struct CellParagraph {
    public var spans: [StyledSpan]
    /// Distance from the cell's left edge to the start of every line.
    public var indent: Double
    /// A small drawing (an icon) at the cell's left edge, centred on the first line.
    public var marker: CellMarker?
    /// A second run of text set at a tab stop after the first.
    public var tab: CellTab?
    /// A rounded box drawn behind each line (a confirmation code).
    public var chip: CellChip?

    public init(_ spans: [StyledSpan], indent: Double = 0, marker: CellMarker? = nil, tab: CellTab? = nil, chip: CellChip? = nil) {
        self.spans = spans
        self.indent = indent
        self.marker = marker
        self.tab = tab
        self.chip = chip
    }
}

/// A drawing placed before a paragraph's first line.
public struct CellMarker {
    /// Its height; it is centred on the first line box.
    public var size: Double
    /// Display items relative to the drawing's top-left corner.
    public var items: [DisplayItem]

    public init(size: Double, items: [DisplayItem]) {
        self.size = size
        self.items = items
    }
}

/// Text that starts at a fixed distance from the cell's left edge, like a tab stop.
public struct CellTab {
    /// Distance from the cell's left edge.
    public var position: Double
    /// The least space between the paragraph's text and the tabbed text. When the text reaches
    /// past the stop, the tabbed text follows it; when it would then overflow the cell, it goes
    /// to a line of its own at the stop.
    public var minimumGap: Double
    public var spans: [StyledSpan]

    public init(position: Double, minimumGap: Double, spans: [StyledSpan]) {
        self.position = position
        self.minimumGap = minimumGap
        self.spans = spans
    }
}

/// A filled, rounded box around each line of a paragraph, padded beyond the glyphs.
public struct CellChip: Sendable, Hashable {
    public var fill: Color
    public var radius: Double
    /// Space between the glyphs' ascent/descent and the box's top/bottom.
    public var paddingY: Double
    /// Space between the text and the box's sides; the box stays inside the cell.
    public var paddingX: Double

    public init(fill: Color, radius: Double, paddingY: Double, paddingX: Double) {
        self.fill = fill
        self.radius = radius
        self.paddingY = paddingY
        self.paddingX = paddingX
    }
}
