/// Small settings that choose between two looks of one part (a tile or a chip, cells below or
/// beside, a line or none), so that one layout code serves every template.

/// A straight rule: its stroke width and colour token. A width of 0 draws nothing.
public struct LineSpec: Sendable, TemplateObjectReadable, Equatable {
    public var width: Double
    public var color: String

    static let schema = TemplateSchema(
        "A straight rule; a width of 0 draws none.",
        [
            .number("width", "the stroke width (0: no rule)"),
            .color("color", "the rule"),
        ], name: "Line")

    init(_ o: TemplateObject) throws(TemplateError) {
        width = try o.number("width")
        color = try o.color("color")
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

    public var kind: Kind
    public var height, radius, paddingX, border: Double

    static let schema = TemplateSchema(
        "How a game's league is shown at the left of its card.",
        [
            .choice(
                "kind", Kind.self,
                "`tile`: the lead tile filled with colour role `leagueTile`, the code centred; `chip`: an outlined chip in that colour on the matchup's line"
            ),
            .number("height", .aboveZero, when: "kind is \"chip\"", "the chip's height"),
            .number("radius", when: "kind is \"chip\"", "the chip's corner radius"),
            .number("paddingX", when: "kind is \"chip\"", "space each side of the code"),
            .number("border", .aboveZero, when: "kind is \"chip\"", "the chip's outline width"),
        ])

    init(_ o: TemplateObject) throws(TemplateError) {
        kind = try o.choice("kind", Kind.self)
        // A tile takes its size from the card's lead tile; only a chip needs its own.
        let chip = kind == .chip
        height = try o.number("height", needed: chip)
        radius = try o.number("radius", needed: chip)
        paddingX = try o.number("paddingX", needed: chip)
        border = try o.number("border", needed: chip)
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

    public var placement: Placement
    public var column: Double

    static let schema = TemplateSchema(
        "Where a stay's fact cells (check-in, check-out, confirmation) go.",
        [
            .choice(
                "placement", Placement.self,
                "`below`: a row under the name and address; `beside`: a column beside the name, from `column`, when each cell fits there and the row gets no taller (else below)"
            ),
            .number(
                "column", .aboveZero, when: "placement is \"beside\"",
                "where the cells' column starts, from the left of the card's content column"),
        ])

    init(_ o: TemplateObject) throws(TemplateError) {
        placement = try o.choice("placement", Placement.self)
        column = try o.number("column", needed: placement == .beside)
    }
}

/// A line under links, so that they read as links without colour. A width of 0 draws none.
public struct UnderlineSpec: Sendable, TemplateObjectReadable, Equatable {
    public var width: Double
    public var offset: Double

    static let schema = TemplateSchema(
        "A line under links, so that they read as links without colour.",
        [
            .number("width", "the stroke width (0: no underline)"),
            .number("offset", when: "width is above 0", "from the baseline down to the middle of the line"),
        ])

    init(_ o: TemplateObject) throws(TemplateError) {
        width = try o.number("width")
        offset = try o.number("offset", needed: width > 0)
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
