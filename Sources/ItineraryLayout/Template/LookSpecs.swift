/// Small settings that choose between two looks of one part (a tile or a chip, cells below or
/// beside, a line or none), so that one layout code serves every template.

/// A straight rule: its stroke width and colour token. A width of 0 draws nothing.
public struct LineSpec: Sendable, TemplateObjectReadable, Equatable {
    /// Stroke width.
    public var width: Double
    /// A colour token.
    public var color: String

    static let keys = ["width", "color"]

    init(_ o: TemplateObject) throws(TemplateError) {
        width = try o.nonNegative("width")
        color = try o.string("color")
    }
}

/// How the league of a game is shown at the left of its card.
public struct LeagueCodeSpec: Sendable, TemplateObjectReadable, Equatable {
    /// The two looks of the league code.
    public enum Kind: String, Sendable, CaseIterable {
        /// The lead tile filled with the `leagueTile` colour, the code centred in it.
        case tile
        /// An outlined chip as wide as the code, in the `leagueTile` colour, on the first line.
        case chip
    }

    /// A filled tile or an outlined chip.
    public var kind: Kind
    /// The chip's height, corner radius, padding each side of the code and outline width.
    public var height, radius, paddingX, border: Double

    static let keys = ["kind", "height", "radius", "paddingX", "border"]

    init(_ o: TemplateObject) throws(TemplateError) {
        kind = try o.choice("kind", Kind.self)
        // A tile takes its size from the card's lead tile; only a chip needs its own.
        let needed = kind == .chip ? "required when kind is \"chip\"" : nil
        height = try o.number("height", requiredBecause: needed, positive: true)
        radius = try o.number("radius", requiredBecause: needed)
        paddingX = try o.number("paddingX", requiredBecause: needed)
        border = try o.number("border", requiredBecause: needed, positive: true)
    }
}

/// Where a card's fact cells (check-in, check-out, confirmation) go.
public struct FactCellsSpec: Sendable, TemplateObjectReadable, Equatable {
    /// Where the cells go.
    public enum Placement: String, Sendable, CaseIterable {
        /// In a row under the card's title and address.
        case below
        /// In a column of their own beside the title, from `column`; below when they do not fit there.
        case beside
    }

    /// Below the name, or beside it.
    public var placement: Placement
    /// Where the cells' column starts, from the left of the card's content column.
    public var column: Double

    static let keys = ["placement", "column"]

    init(_ o: TemplateObject) throws(TemplateError) {
        placement = try o.choice("placement", Placement.self)
        column = try o.number("column", requiredBecause: placement == .beside ? "required when placement is \"beside\"" : nil, positive: true)
    }
}

/// A line under links, so that they read as links without colour. A width of 0 draws none.
public struct UnderlineSpec: Sendable, TemplateObjectReadable, Equatable {
    /// Stroke width (0: no underline).
    public var width: Double
    /// From the baseline down to the middle of the line.
    public var offset: Double

    static let keys = ["width", "offset"]

    init(_ o: TemplateObject) throws(TemplateError) {
        width = try o.nonNegative("width")
        offset = try o.number("offset", requiredBecause: width > 0 ? "required when width is above 0" : nil)
    }
}

extension LineSpec {
    /// No rule.
    static let none = LineSpec(width: 0, color: "")

    init(width: Double, color: String) {
        self.width = width
        self.color = color
    }
}
