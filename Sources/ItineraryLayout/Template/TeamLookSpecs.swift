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
public struct TeamBarSpec: Sendable, TemplateObjectReadable {
    public var width: Double
    public var inset: Double
    public var endInset: Double
    public var radius: Double
    public var color: ColorChoice
    public var count: Int
    public var gap: Double

    static let schema = TemplateSchema(
        "The home team's bar down the left edge of a game card.",
        [
            .number("width", .aboveZero, "the width of each bar"),
            .number("inset", "from the card's inner left edge"),
            .number("endInset", "from the card's inner top and bottom: the bar is the card's height less twice this"),
            .number("radius", "each bar's corner radius"),
            .part("color", ColorChoice.self, "`team`: the home team's bar colour; or one token for every team"),
            .whole("count", 1...4, "bars side by side"),
            .number("gap", when: "count is above 1", "between two bars"),
        ])

    init(_ o: TemplateObject) throws(TemplateError) {
        width = try o.number("width")
        inset = try o.number("inset")
        endInset = try o.number("endInset")
        radius = try o.number("radius")
        color = try o.read("color")
        count = try o.whole("count")
        gap = try o.number("gap", needed: count > 1)
    }
}

/// The home team's chip on a stadium card: filled (with the team's colour or a token), outlined, or both.
public struct TeamChipSpec: Sendable, TemplateObjectReadable {
    public var radius: Double
    public var paddingX: Double
    public var height: Double
    public var fill: ColorChoice?
    public var border: Double
    public var borderColor: String?

    static let schema = TemplateSchema(
        "The home team's chip on a stadium card: filled, outlined, or both.",
        [
            .number("radius", "the chip's corner radius"),
            .number("paddingX", "space each side of the code"),
            .number("height", .aboveZero, "the chip's height"),
            .part(
                "fill", ColorChoice.self, optional: true,
                "`team`: the team's text colour (colour role `chipFallback` without one); a token; left out: no fill"),
            .number("border", "the outline's width (0: none)"),
            .color("borderColor", when: "border is above 0", "the outline"),
        ])

    init(_ o: TemplateObject) throws(TemplateError) {
        radius = try o.number("radius")
        paddingX = try o.number("paddingX")
        height = try o.number("height")
        fill = try o.readIfPresent("fill")
        border = try o.number("border")
        borderColor = try o.optionalColor("borderColor", needed: border > 0)
    }
}
