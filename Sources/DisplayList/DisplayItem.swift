/// One positioned drawing operation, and the structure marks that tag them.
import ItineraryText

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
    /// A clickable area that opens an external URI. `name` is what a screen reader announces
    /// for it (`Tickets: STL @ CHC, Fri, Jun 12`), given where the link is made: the PDF's
    /// link annotation carries it as `/Contents`.
    case link(Rect, uri: String, name: String)
    /// A clickable area that jumps to a named destination in this document, and its name as
    /// a screen reader announces it (the day's title for a row that links to the day).
    case internalLink(Rect, destination: String, name: String)
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
