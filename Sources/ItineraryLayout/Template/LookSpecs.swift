/// Small settings that choose between two looks of one part (a tile or a chip, cells below or
/// beside, a line or none), so that one layout code serves every template.

/// A straight rule: its stroke width and colour token. A width of 0 draws nothing.
public struct LineSpec: Sendable, TemplateSpec, Equatable {
    public var width: Double = 0
    public var color: String = ""

    static let schema = Schema(
        "A straight rule; a width of 0 draws none.",
        [
            .number("width", \.width, "the stroke width (0: no rule)"),
            .color("color", \.color, "the rule"),
        ], name: "Line")
}

/// How the league of a game is shown at the left of its card.
public struct LeagueCodeSpec: Sendable, TemplateSpec, Equatable {
    /// The two looks of the league code.
    public enum Kind: String, Sendable, CaseIterable {
        /// The lead tile filled with the `leagueTile` colour, the code centred in it.
        case tile
        /// An outlined chip as wide as the code, in the `leagueTile` colour, on the first line.
        case chip
    }

    public var kind = Kind.tile
    public var height = 0.0, radius = 0.0, paddingX = 0.0, border = 0.0

    static let schema = Schema(
        "How a game's league is shown at the left of its card.",
        [
            .choice(
                "kind", \.kind,
                "`tile`: the lead tile filled with colour role `leagueTile`, the code centred; `chip`: an outlined chip in that colour on the matchup's line"
            ),
            .number("height", \.height, .aboveZero, when: chip, "the chip's height"),
            .number("radius", \.radius, when: chip, "the chip's corner radius"),
            .number("paddingX", \.paddingX, when: chip, "space each side of the code"),
            .number("border", \.border, .aboveZero, when: chip, "the chip's outline width"),
        ])

    // A tile takes its size from the card's lead tile; only a chip needs its own.
    private static let chip = TemplateCondition<Self>("kind is \"chip\"") { $0.kind == .chip }
}

/// Where a card's fact cells (check-in, check-out, confirmation) go.
public struct FactCellsSpec: Sendable, TemplateSpec, Equatable {
    /// Where the cells go.
    public enum Placement: String, Sendable, CaseIterable {
        /// In a row under the card's title and address.
        case below
        /// In a column of their own beside the title, from `column`; below when they do not fit there.
        case beside
    }

    public var placement = Placement.below
    public var column: Double = 0

    static let schema = Schema(
        "Where a stay's fact cells (check-in, check-out, confirmation) go.",
        [
            .choice(
                "placement", \.placement,
                "`below`: a row under the name and address; `beside`: a column beside the name, from `column`, when each cell fits there and the row gets no taller (else below)"
            ),
            .number(
                "column", \.column, .aboveZero, when: beside,
                "where the cells' column starts, from the left of the card's content column"),
        ])

    private static let beside = TemplateCondition<Self>("placement is \"beside\"") { $0.placement == .beside }
}

/// A line under links, so that they read as links without colour. A width of 0 draws none.
public struct UnderlineSpec: Sendable, TemplateSpec, Equatable {
    public var width: Double = 0
    public var offset: Double = 0

    static let schema = Schema(
        "A line under links, so that they read as links without colour.",
        [
            .number("width", \.width, "the stroke width (0: no underline)"),
            .number("offset", \.offset, when: drawn, "from the baseline down to the middle of the line"),
        ])

    private static let drawn = TemplateCondition<Self>("width is above 0") { $0.width > 0 }
}

extension LineSpec {
    /// No rule.
    static let none = LineSpec(width: 0, color: "")
}
