/// The layout engine's output: a list of positioned drawing operations per page.
import ItineraryText

/// A point in page coordinates: points from the top-left corner, y downwards.
public struct Point: Sendable, Hashable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }
}

public struct Rect: Sendable, Hashable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
}

/// One step of a vector path.
public enum PathElement: Sendable, Hashable {
    case move(Point)
    case line(Point)
    /// A cubic Bézier curve: two control points, then the end point.
    case curve(Point, Point, Point)
    /// A circular arc around `center` from `start` to `end` radians (clockwise in page space).
    case arc(center: Point, radius: Double, start: Double, end: Double)
    case close
}

public enum LineCap: Sendable, Hashable { case butt, round, square }
public enum LineJoin: Sendable, Hashable { case miter, round, bevel }

/// How a path is painted: filled, stroked, or both (fill first).
public struct PathStyle: Sendable, Hashable {
    public var fill: Color?
    public var stroke: Color?
    public var lineWidth: Double
    public var lineCap: LineCap
    public var lineJoin: LineJoin
    public var dash: [Double]

    public init(fill: Color? = nil, stroke: Color? = nil, lineWidth: Double = 1, lineCap: LineCap = .butt,
                lineJoin: LineJoin = .miter, dash: [Double] = []) {
        self.fill = fill
        self.stroke = stroke
        self.lineWidth = lineWidth
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.dash = dash
    }
}

/// One drawing operation. The renderer translates each into Cairo calls and nothing more.
public enum DisplayItem: Sendable, Hashable {
    /// Any vector shape: icons, map routes, arrowheads.
    case path([PathElement], style: PathStyle)
    /// A line of set text with its baseline starting at `origin`.
    case text(spans: [StyledSpan], origin: Point)
    /// The outline of a line of text stroked `width` wide in `color`, drawn under the same
    /// `.text` as a halo that keeps map labels legible over lines. It carries no text itself.
    case textHalo(spans: [StyledSpan], origin: Point, color: Color, width: Double)
    /// A straight stroke.
    case line(from: Point, to: Point, width: Double, color: Color, dash: [Double])
    /// A filled and/or stroked rounded rectangle.
    case rect(Rect, radius: Double, fill: Color?, stroke: Color?, strokeWidth: Double)
    /// A filled circle.
    case circle(center: Point, radius: Double, fill: Color)
    /// A grid of square cells `cell` wide from `origin`, row by row, `columns` to a row, the
    /// set ones filled with `color`: a QR code, drawn as one 1-bit stencil image rather than a
    /// path of thousands of points for the PDF writer to print.
    case cells(BitGrid, origin: Point, cell: Double, color: Color)
    /// A clickable area that opens an external URI.
    case link(Rect, uri: String)
    /// A clickable area that jumps to a named destination in this document.
    case internalLink(Rect, destination: String)
    /// A named destination at a point of this page.
    case destination(name: String, at: Point)
    /// Opens an element of the tagged PDF's structure: the items up to the matching
    /// `.endStructure` are its content, read in that order. Elements nest, and may stay open
    /// across pages (a section, a table split over two). `alternate` is what a screen reader
    /// says instead of the content (a figure's words). Images ignore them.
    case beginStructure(StructureRole, alternate: String? = nil)
    /// Closes the innermost open element, which must be of this role.
    case endStructure(StructureRole)
}

/// The structure elements the layout marks, by their PDF standard structure types.
public enum StructureRole: String, Sendable, Hashable, CaseIterable {
    /// A part of the document: the cover, the overview, the days, the progress.
    case section = "Sect"
    /// A section's title (Overview, Day by day, Stadium progress).
    case heading1 = "H1"
    /// A day's heading.
    case heading2 = "H2"
    case paragraph = "P"
    /// A group read as one unit: a card.
    case division = "Div"
    case table = "Table"
    case tableRow = "TR"
    case tableHeaderCell = "TH"
    case tableCell = "TD"
    /// The route map.
    case figure = "Figure"
    /// A piece of a heading drawn apart from the rest (the `DAY` and the number in a day's tile).
    case span = "Span"
    /// Page furniture (running header, footer, the test-entitlement notice, the cover's brand
    /// row): not content. cairo 1.16 refuses content in an `Artifact` tag, so it is written as a
    /// `Private` element, and the PDF renderer's accessibility update rewrites each into
    /// `/Artifact` marked content outside the structure tree. (Image output ignores the marks.)
    case artifact = "Private"
}

extension Array where Element == DisplayItem {
    /// These items as the content of one structure element (unchanged when empty).
    public func tagged(_ role: StructureRole) -> [DisplayItem] {
        isEmpty ? self : [.beginStructure(role)] + self + [.endStructure(role)]
    }

    /// These items with each text item not already inside an element made one of its own (the
    /// title, times and address of a card; a cover label, its value and each league chip), each
    /// read as a paragraph rather than run together ("MLBMajor League Baseball").
    public func looseTextTagged(_ role: StructureRole) -> [DisplayItem] {
        var depth = 0
        return flatMap { item -> [DisplayItem] in
            switch item {
            case .beginStructure: depth += 1
            case .endStructure: depth -= 1
            case .text where depth == 0: return [.beginStructure(role), item, .endStructure(role)]
            default: break
            }
            return [item]
        }
    }

}

/// One page of output.
public struct PageFrame: Sendable, Hashable {
    public var width: Double
    public var height: Double
    public var items: [DisplayItem]
    /// The page label shown by PDF viewers (e.g. "Cover"); nil for the page number.
    public var label: String?

    public init(width: Double, height: Double, items: [DisplayItem] = [], label: String? = nil) {
        self.width = width
        self.height = height
        self.items = items
        self.label = label
    }
}

/// A bookmark in the PDF outline.
public struct OutlineEntry: Sendable, Hashable {
    public var title: String
    public var destination: String
    public var children: [OutlineEntry]
    public init(title: String, destination: String, children: [OutlineEntry] = []) {
        self.title = title
        self.destination = destination
        self.children = children
    }
}

/// Document-level facts written into the PDF's information dictionary.
public struct DocumentMetadata: Sendable, Hashable {
    public var title: String
    public var author: String?
    public var subject: String?
    public var keywords: String?
    /// The document's language as a BCP 47 tag (`en-US`), for screen readers' voices.
    public var language: String?
    /// What each link is for, as a screen reader announces it: by URI, and by `#` and the name
    /// for a link to a destination in the document (`#day-3` → `Day 3: Sun, Jun 14 · Milwaukee`).
    public var linkDescriptions: [String: String]
    public init(title: String, author: String? = nil, subject: String? = nil, keywords: String? = nil,
                language: String? = nil, linkDescriptions: [String: String] = [:]) {
        self.title = title
        self.author = author
        self.subject = subject
        self.keywords = keywords
        self.language = language
        self.linkDescriptions = linkDescriptions
    }
}

/// A laid-out itinerary: pages of display items, the outline and the metadata.
public struct LaidOutDocument: Sendable, Hashable {
    public var pages: [PageFrame]
    public var outline: [OutlineEntry]
    public var metadata: DocumentMetadata
    /// Characters no bundled font covers, to report as a warning (never drawn as silent tofu).
    public var uncoveredScalars: [Unicode.Scalar]
    /// The text engine and document its lines were set in (nil: not recorded, as for display
    /// lists made by hand): a renderer given another engine, or this one after it began another
    /// document, refuses to draw rather than set the text again.
    public var laidOutWith: TextEngine.DocumentMark?

    public init(pages: [PageFrame], outline: [OutlineEntry], metadata: DocumentMetadata, uncoveredScalars: [Unicode.Scalar] = [],
                laidOutWith: TextEngine.DocumentMark? = nil) {
        self.pages = pages
        self.outline = outline
        self.metadata = metadata
        self.uncoveredScalars = uncoveredScalars
        self.laidOutWith = laidOutWith
    }
}

/// Rows of on/off cells, packed a bit each.
public struct BitGrid: Sendable, Hashable {
    public let columns: Int
    public let rows: Int
    /// Row-major, `columns × rows` entries.
    public let cells: [Bool]

    public init(columns: Int, cells: [Bool]) {
        precondition(columns > 0 && cells.count % columns == 0, "a grid holds whole rows")
        self.columns = columns
        self.rows = cells.count / columns
        self.cells = cells
    }

    public subscript(row: Int, column: Int) -> Bool { cells[row * columns + column] }
}
