/// What a table cell holds: paragraphs of styled text, with an optional icon, tab or chip.
import DisplayList
import ItineraryText

/// The content of one cell: paragraphs stacked from the top, each wrapping within the cell.
public struct TableCell {
    public var paragraphs: [CellParagraph]
    /// How many columns the cell covers (a totals label across three columns).
    public var span: Int
    /// Paragraphs set instead when one of `paragraphs` would take more than one line
    /// (a date and a time on two lines rather than broken anywhere).
    public var whenWrapping: [CellParagraph]?

    public init(_ paragraphs: [CellParagraph], span: Int = 1, whenWrapping: [CellParagraph]? = nil) {
        self.paragraphs = paragraphs
        self.span = max(1, span)
        self.whenWrapping = whenWrapping
    }

    /// A cell of one plain paragraph.
    public static func text(_ spans: [StyledSpan], span: Int = 1) -> TableCell {
        TableCell([CellParagraph(spans)], span: span)
    }

    /// A cell of one line that never wraps (a figure).
    public static func figure(_ spans: [StyledSpan], span: Int = 1) -> TableCell {
        TableCell([CellParagraph(spans, wraps: false)], span: span)
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
    /// False for a figure that must stay on one line: it may then reach into the column gap
    /// on its aligned side rather than break (`74,545 mi` in a narrow totals cell).
    public var wraps: Bool

    public init(
        _ spans: [StyledSpan], indent: Double = 0, marker: CellMarker? = nil, tab: CellTab? = nil,
        chip: CellChip? = nil, wraps: Bool = true
    ) {
        self.spans = spans
        self.indent = indent
        self.marker = marker
        self.tab = tab
        self.chip = chip
        self.wraps = wraps
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
    /// past the stop, the tabbed text follows it. The tabbed text may reach into the column's
    /// gap; beyond that, it goes to a line of its own at the stop.
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
