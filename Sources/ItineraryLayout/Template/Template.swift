/// A design as data: paper, margins, colours, text styles, spacing and labels from `Templates/*.json`.
import ItineraryText

/// Everything the layout engine needs to know about how an itinerary looks.
/// Decoded from a template file by `TemplateLoader`; no style value lives in Swift code.
public struct Template: Sendable, TemplateObjectReadable {
    public let name: String
    public let description: String?
    /// The paper used when the caller does not choose one: a key of `papers`.
    public let paper: String
    public let papers: [String: PaperSize]
    public let margins: Insets
    /// Margins of the first page (it carries no running header).
    public let firstPageMargins: Insets
    public let header: HeaderSpec
    public let footer: FooterSpec
    /// Colour tokens by name, `#RRGGBB`.
    public let colors: [String: String]
    public let fontFamily: String
    public let styles: [String: StyleSpec]
    public let spacing: Spacing
    /// Labels by language code (`en`, `es`); `en` is required and is the fallback.
    public let labels: [String: Labels]
    /// The sections to print, in order.
    public let sections: [SectionName]
    /// Each listed section's settings (a listed section must have them).
    public let cover: CoverSpec?
    public let title: TitleSpec?
    public let overview: OverviewSpec?
    public let days: DaysSpec?
    public let progress: ProgressSpec?

    static let keys = ["name", "description", "paper", "papers", "margins", "firstPageMargins", "header", "footer", "colors", "fontFamily", "styles", "spacing", "labels", "sections", "cover", "title", "overview", "days", "progress"]

    init(_ o: TemplateObject) throws(TemplateError) {
        name = try o.string("name")
        description = try o.optionalString("description")
        paper = try o.string("paper")
        papers = try o.readMap("papers")
        margins = try o.read("margins")
        firstPageMargins = try o.readIfPresent("firstPageMargins") ?? margins
        header = try o.read("header")
        footer = try o.read("footer")
        colors = try o.stringMap("colors")
        fontFamily = try o.string("fontFamily")
        styles = try o.readMap("styles")
        spacing = try o.read("spacing")
        labels = try o.readMap("labels")
        let names = try o.strings("sections")
        var sections: [SectionName] = []
        for (i, name) in names.enumerated() {
            guard let section = SectionName(rawValue: name) else {
                throw TemplateError(key: TemplateValue.text(o.path + ["sections", "[\(i)]"]), message: "unknown section \"\(name)\" (known: \(SectionName.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            sections.append(section)
        }
        self.sections = sections
        cover = try o.readIfPresent("cover")
        title = try o.readIfPresent("title")
        overview = try o.readIfPresent("overview")
        days = try o.readIfPresent("days")
        progress = try o.readIfPresent("progress")
        for section in sections where !hasSpec(section) {
            // A listed section needs its settings.
            throw o.error(section.rawValue, "required key is missing")
        }
    }

    private func hasSpec(_ section: SectionName) -> Bool {
        switch section {
        case .cover: return cover != nil
        case .title: return title != nil
        case .overview: return overview != nil
        case .days: return days != nil
        case .progress: return progress != nil
        }
    }

    /// Whether a section starts on a new page.
    public func startsNewPage(_ section: SectionName) -> Bool {
        switch section {
        case .cover: return cover?.startsNewPage ?? false
        case .title: return title?.startsNewPage ?? false
        case .overview: return overview?.startsNewPage ?? false
        case .days: return days?.startsNewPage ?? false
        case .progress: return progress?.startsNewPage ?? false
        }
    }
}

public struct PaperSize: Sendable, TemplateObjectReadable, Equatable {
    public var width: Double
    public var height: Double

    static let keys = ["width", "height"]

    /// The PDF format's largest page side (200 inches).
    static let maximumSide = 14_400.0

    init(_ o: TemplateObject) throws(TemplateError) {
        width = try o.positive("width")
        height = try o.positive("height")
        for (key, value) in [("width", width), ("height", height)] where value > Self.maximumSide {
            throw o.error(key, "must be at most \(Int(Self.maximumSide)) pt (200 inches, the PDF limit)")
        }
    }
}

public struct Insets: Sendable, TemplateObjectReadable, Equatable {
    public var top: Double
    public var right: Double
    public var bottom: Double
    public var left: Double

    public init(top: Double, right: Double, bottom: Double, left: Double) {
        self.top = top
        self.right = right
        self.bottom = bottom
        self.left = left
    }

    static let keys = ["top", "right", "bottom", "left"]

    init(_ o: TemplateObject) throws(TemplateError) {
        top = try o.nonNegative("top")
        right = try o.nonNegative("right")
        bottom = try o.nonNegative("bottom")
        left = try o.nonNegative("left")
    }
}

/// The running header: a line of small print and a rule under it, from the second page on.
public struct HeaderSpec: Sendable, TemplateObjectReadable {
    /// Distance from the page top to the top of the header's line box.
    public var textTop: Double
    /// Distance from the text top down to the rule.
    public var ruleOffset: Double
    public var ruleWidth: Double
    public var style: String
    public var ruleColor: String

    static let keys = ["textTop", "ruleOffset", "ruleWidth", "style", "ruleColor"]

    init(_ o: TemplateObject) throws(TemplateError) {
        textTop = try o.nonNegative("textTop")
        ruleOffset = try o.nonNegative("ruleOffset")
        ruleWidth = try o.nonNegative("ruleWidth")
        style = try o.string("style")
        ruleColor = try o.string("ruleColor")
    }
}

/// The footer: the wordmark at the left, "Page N of M" at the right.
public struct FooterSpec: Sendable, TemplateObjectReadable {
    /// Distance from the page bottom up to the top of the footer's line box.
    public var textTopFromBottom: Double
    public var style: String
    public var wordmarkStyle: String
    /// Diameter of the wordmark's disc.
    public var wordmarkDisc: Double
    public var wordmarkColor: String
    /// The product name printed beside the disc.
    public var wordmark: String
    /// Whether the first page carries the footer (a cover does not; it still counts as page 1).
    public var onFirstPage: Bool

    static let keys = ["textTopFromBottom", "style", "wordmark", "wordmarkStyle", "wordmarkDisc", "wordmarkColor", "onFirstPage"]

    init(_ o: TemplateObject) throws(TemplateError) {
        textTopFromBottom = try o.nonNegative("textTopFromBottom")
        style = try o.string("style")
        wordmarkStyle = try o.string("wordmarkStyle")
        wordmarkDisc = try o.nonNegative("wordmarkDisc")
        wordmarkColor = try o.string("wordmarkColor")
        wordmark = try o.string("wordmark")
        onFirstPage = try o.bool("onFirstPage", default: true)
    }
}

/// A named text style; `color` names a colour token.
public struct StyleSpec: Sendable, TemplateObjectReadable {
    public var weight: Int
    public var italic: Bool
    public var size: Double
    public var lineHeight: Double
    public var tracking: Double
    public var color: String
    public var features: String
    public var uppercase: Bool

    static let keys = ["weight", "italic", "size", "lineHeight", "tracking", "color", "features", "uppercase"]

    init(_ o: TemplateObject) throws(TemplateError) {
        weight = try o.optionalInt("weight") ?? 400
        guard (100...900).contains(weight) else {
            throw o.error("weight", "must be between 100 and 900")
        }
        italic = try o.bool("italic", default: false)
        size = try o.positive("size")
        lineHeight = try o.positive("lineHeight")
        tracking = try o.double("tracking", default: 0)
        color = try o.string("color")
        features = try o.optionalString("features") ?? ""
        uppercase = try o.bool("uppercase", default: false)
    }
}

/// The gaps of the `title` section.
public struct Spacing: Sendable, TemplateObjectReadable {
    /// Between the trip's name and the line of dates and traveler under it; with the facts at
    /// the right, the least room between the name and them.
    public var afterTitle: Double
    /// Below the title block.
    public var afterTitleBlock: Double

    static let keys = ["afterTitle", "afterTitleBlock"]

    init(_ o: TemplateObject) throws(TemplateError) {
        afterTitle = try o.nonNegative("afterTitle")
        afterTitleBlock = try o.nonNegative("afterTitleBlock")
    }
}
