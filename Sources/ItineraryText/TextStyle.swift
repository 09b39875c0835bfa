/// Styles and styled runs of text: what the layout engine asks the text engine to set.

/// An sRGB colour with components in 0…1.
public struct Color: Sendable, Hashable {
    public var red: Double
    public var green: Double
    public var blue: Double

    public init(red: Double, green: Double, blue: Double) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// `#RRGGBB`; nil for anything else.
    public init?(hex: String) {
        let b = Array(hex.utf8)
        guard b.count == 7, b[0] == UInt8(ascii: "#"), let v = UInt32(String(hex.dropFirst()), radix: 16) else {
            return nil
        }
        self.init(
            red: Double((v >> 16) & 0xFF) / 255, green: Double((v >> 8) & 0xFF) / 255, blue: Double(v & 0xFF) / 255)
    }

    public static let black = Color(red: 0, green: 0, blue: 0)
    public static let white = Color(red: 1, green: 1, blue: 1)
}

/// How a run of text looks. Sizes are in points (PDF user units).
public struct TextStyle: Sendable, Hashable {
    public var family: String
    /// CSS weight: 400 regular, 500 medium, 600 semibold, 700 bold.
    public var weight: Int
    public var italic: Bool
    public var size: Double
    /// The height of one line box; the glyphs sit in it by the CSS half-leading model.
    public var lineHeight: Double
    /// Letter spacing in percent of the size (−2.5 tightens a display title).
    public var tracking: Double
    public var color: Color
    /// OpenType features in CSS syntax, e.g. `"tnum"` or `"tnum, case"`; empty for none.
    public var features: String
    /// Set on a capsule tinted with its colour: a flag's country code (`TextEngine.flagChip`).
    public var onChip = false

    public init(
        family: String, weight: Int = 400, italic: Bool = false, size: Double, lineHeight: Double,
        tracking: Double = 0, color: Color = .black, features: String = ""
    ) {
        self.family = family
        self.weight = weight
        self.italic = italic
        self.size = size
        self.lineHeight = lineHeight
        self.tracking = tracking
        self.color = color
        self.features = features
    }
}

/// A stretch of text in one style.
public struct StyledSpan: Sendable, Hashable {
    public var text: String
    public var style: TextStyle

    public init(_ text: String, _ style: TextStyle) {
        self.text = text
        self.style = style
    }
}

/// Where a set line sits across the width it is given: at its left edge (`leading`; pages read left
/// to right), centred, or at its right edge (`trailing`).
public enum TextAlignment: Sendable, Hashable {
    case leading, center, trailing
}

/// One line of a paragraph after line breaking, ready to be placed.
public struct SetLine: Sendable, Hashable {
    /// The spans that make up this line, trailing break spaces removed.
    public var spans: [StyledSpan]
    /// Advance width of the line in points.
    public var width: Double
    /// Distance from the top of the line box to the baseline.
    public var baseline: Double
    /// The line box height (the largest line height among the line's styles).
    public var height: Double
    /// How far from the paragraph's start side (the left) a line set from there starts: 0 but
    /// in a right-to-left paragraph of several lines, whose lines end flush at the right of the
    /// width it was set in, where their reader starts each line.
    public var offset: Double = 0

    public init(spans: [StyledSpan], width: Double, baseline: Double, height: Double) {
        self.spans = spans
        self.width = width
        self.baseline = baseline
        self.height = height
    }

    public var text: String { spans.map(\.text).joined() }
}
