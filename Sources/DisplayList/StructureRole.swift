/// The structure elements the layout marks for tagged PDF.

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
