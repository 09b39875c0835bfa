/// How teams are drawn: in their own colours or in the template's, as a bar or as lines, a
/// chip filled or outlined.

/// A colour that is either the team's own (from the trip's team colours, made safe for the
/// paper) or a fixed colour token. Written `"team"` or the token's name.
public enum ColorChoice: Sendable, TemplateReadable, Equatable {
    /// The team's own colour.
    case team
    /// A colour token of the template.
    case token(String)

    init(_ value: TemplateValue) throws(TemplateError) {
        let name = try value.string()
        self = name == "team" ? .team : .token(name)
    }

    /// The token named, if any (for the loader's check).
    public var token: String? {
        if case let .token(name) = self { return name }
        return nil
    }
}

/// The home team's bar down the left edge of a game card: one bar, or several thin lines.
public struct TeamBarSpec: Sendable, TemplateObjectReadable {
    /// Width of each bar.
    public var width: Double
    /// From the card's inner left edge.
    public var inset: Double
    /// From the card's inner top and bottom edges.
    public var endInset: Double
    /// Corner radius of each bar.
    public var radius: Double
    /// `team` (the home team's colour) or a token.
    public var color: ColorChoice
    /// How many bars, side by side.
    public var count: Int
    /// Between two bars (needed when `count` is above 1).
    public var gap: Double

    static let keys = ["width", "inset", "endInset", "radius", "color", "count", "gap"]

    init(_ o: TemplateObject) throws(TemplateError) {
        width = try o.positive("width")
        inset = try o.nonNegative("inset")
        endInset = try o.nonNegative("endInset")
        radius = try o.nonNegative("radius")
        color = try o.read("color")
        count = try o.int("count")
        guard (1...4).contains(count) else {
            throw o.error("count", "must be a whole number from 1 to 4")
        }
        gap = try o.number("gap", requiredBecause: count > 1 ? "required when count is above 1" : nil)
    }
}

/// The home team's chip on a stadium card: filled (with the team's colour or a token), outlined, or both.
public struct TeamChipSpec: Sendable, TemplateObjectReadable {
    /// Corner radius, padding each side of the code, and height.
    public var radius: Double
    public var paddingX: Double
    public var height: Double
    /// `team` (the team's text colour, `chipFallback` without one), a token, or nil for no fill.
    public var fill: ColorChoice?
    /// Outline width (0: none).
    public var border: Double
    /// The outline's colour token (needed when `border` is above 0).
    public var borderColor: String?

    static let keys = ["radius", "paddingX", "height", "fill", "border", "borderColor"]

    init(_ o: TemplateObject) throws(TemplateError) {
        radius = try o.nonNegative("radius")
        paddingX = try o.nonNegative("paddingX")
        height = try o.positive("height")
        fill = try o.readIfPresent("fill")
        border = try o.nonNegative("border")
        borderColor = try o.optionalString("borderColor")
        if border > 0, borderColor == nil {
            throw o.error("borderColor", "required when border is above 0")
        }
    }
}
