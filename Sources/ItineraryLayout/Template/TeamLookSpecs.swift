/// How teams are drawn: in their own colours or in the template's, as a bar or as lines, a
/// chip filled or outlined.

/// A colour that is either the team's own (from the trip's team colours, made safe for the
/// paper) or a fixed colour token. Written `"team"` or the token's name.
public enum ColorChoice: Sendable, TemplateReadable, Equatable {
    /// The team's own colour.
    case team
    /// A colour token of the template.
    case token(String)

    static let kind = TemplateKind.shape("`\"team\"` or a colour token")

    init(_ value: TemplateValue) throws(TemplateError) {
        self = try value.string() == "team" ? .team : .token(value.colorName())
    }

    public var token: String? {
        if case let .token(name) = self { return name }
        return nil
    }
}

/// The home team's bar down the left edge of a game card: one bar, or several thin lines.
public struct TeamBarSpec: Sendable, TemplateSpec {
    public var width: Double = 0
    public var inset: Double = 0
    public var endInset: Double = 0
    public var radius: Double = 0
    public var color = ColorChoice.team
    public var count: Int = 0
    public var gap: Double = 0

    static let schema = Schema(
        "The home team's bar down the left edge of a game card.",
        [
            .number("width", \.width, .aboveZero, "the width of each bar"),
            .number("inset", \.inset, "from the card's inner left edge"),
            .number(
                "endInset", \.endInset,
                "from the card's inner top and bottom: the bar is the card's height less twice this"),
            .number("radius", \.radius, "each bar's corner radius"),
            .part("color", \.color, "`team`: the home team's bar colour; or one token for every team"),
            .whole("count", \.count, 1...4, "bars side by side"),
            .number("gap", \.gap, when: several, "between two bars"),
        ])

    private static let several = TemplateCondition<Self>("count is above 1") { $0.count > 1 }
}

/// The home team's chip on a stadium card: filled (with the team's colour or a token), outlined, or both.
public struct TeamChipSpec: Sendable, TemplateSpec {
    public var radius: Double = 0
    public var paddingX: Double = 0
    public var height: Double = 0
    public var fill: ColorChoice?
    public var border: Double = 0
    public var borderColor: String?

    static let schema = Schema(
        "The home team's chip on a stadium card: filled, outlined, or both.",
        [
            .number("radius", \.radius, "the chip's corner radius"),
            .number("paddingX", \.paddingX, "space each side of the code"),
            .number("height", \.height, .aboveZero, "the chip's height"),
            .part(
                "fill", \.fill,
                "`team`: the team's text colour (colour role `chipFallback` without one); a token; left out: no fill"),
            .number("border", \.border, "the outline's width (0: none)"),
            .color("borderColor", \.borderColor, when: outlined, "the outline"),
        ])

    private static let outlined = TemplateCondition<Self>("border is above 0") { $0.border > 0 }
}
