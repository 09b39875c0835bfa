/// A design as data: paper, margins, colours, text styles, spacing and labels from `Templates/*.json`.
import ItineraryText

/// Everything the layout engine needs to know about how an itinerary looks.
/// Decoded from a template file by `TemplateLoader`; no style value lives in Swift code.
public struct Template: Sendable, TemplateObjectReadable {
    public let name: String
    public let description: String?
    public let paper: String
    public let papers: [String: PaperSize]
    public let margins: Insets
    public let firstPageMargins: Insets
    public let header: HeaderSpec
    public let footer: FooterSpec
    public let colors: [String: Color]
    public let fontFamily: String
    public let styles: [String: StyleSpec]
    public let spacing: Spacing
    public let labels: [String: Labels]
    public let sections: [SectionName]
    public let cover: CoverSpec?
    public let title: TitleSpec?
    public let overview: OverviewSpec?
    public let days: DaysSpec?
    public let progress: ProgressSpec?
    /// The least share of its height a page ends a section with (the `Paginator` balancing).
    public let sectionEndFill: Double

    /// Why `paper` cannot be chosen, or nil when the template has it: the one wording of a
    /// missing paper, for an export, `validate --template` and a batch's plan alike. A template
    /// may declare any paper (`legal`, `tabloid`); its `papers` are the names a caller may choose.
    public func paperProblem(_ paper: String) -> String? {
        papers[paper] == nil
            ? "has no paper \"\(paper)\" (it has \(papers.keys.sorted().joined(separator: ", ")))" : nil
    }

    static let schema = TemplateSchema(
        "A template file: the whole design.",
        [
            .text("name", "the design's name, for people (`--template` takes the file's name, or its path)"),
            .text("description", optional: true, "one line saying what the design is, for people"),
            .text("paper", "the paper used when the caller chooses none: a key of `papers`"),
            .map("papers", of: PaperSize.self, "the papers the template is laid out for, by name (`letter`, `a4`)"),
            .part("margins", Insets.self, "the body frame's margins on every page"),
            TemplateKey(
                name: "firstPageMargins", kind: Insets.kind, presence: .optional(.same("margins")),
                doc: "the first page's margins; a cover first may differ in width, flowing content may not"),
            .part("header", HeaderSpec.self, "the running header, from the second page on"),
            .part("footer", FooterSpec.self, "the footer: wordmark at the left, `Page N of M` at the right"),
            .number(
                "sectionEndFill", NumberRule(aboveZero: false, signed: false, maximum: 1), default: 0.3,
                "a page before a section that starts a new page holds at least this share of its height where whole blocks of the page before can move onto it without adding a page (the last page is left as it is); 0 turns it off"
            ),
            .map("colors", of: .hexColor, "colour tokens by name; every other key names colours by these tokens"),
            .text("fontFamily", "the font family every style uses (the fonts of `Fonts/fonts.lock`)"),
            .map("styles", of: StyleSpec.self, "text styles by name; `title`, `subtitle` and `meta` are required"),
            .part("spacing", Spacing.self, "the gaps of the `title` section"),
            .map(
                "labels", of: Labels.self,
                "the words printed, by language code (`en`, `es`); `en` is required and is the fallback"),
            .words("sections", "the sections to print, in order: `cover`, `title`, `overview`, `days`, `progress`"),
            .part("cover", CoverSpec.self, when: "`cover` is listed", "the cover page's settings"),
            .part("title", TitleSpec.self, when: "`title` is listed", "the title block's settings"),
            .part("overview", OverviewSpec.self, when: "`overview` is listed", "the overview tables' settings"),
            .part("days", DaysSpec.self, when: "`days` is listed", "the day pages' settings"),
            .part("progress", ProgressSpec.self, when: "`progress` is listed", "the stadium progress settings"),
        ])

    init(_ o: TemplateObject) throws(TemplateError) {
        name = try o.text("name")
        description = try o.optionalText("description")
        paper = try o.text("paper")
        papers = try o.readMap("papers")
        margins = try o.read("margins")
        firstPageMargins = try o.readIfPresent("firstPageMargins") ?? margins
        header = try o.read("header")
        footer = try o.read("footer")
        sectionEndFill = try o.number("sectionEndFill")
        colors = try o.hexColors("colors")
        fontFamily = try o.text("fontFamily")
        styles = try o.readMap("styles")
        spacing = try o.read("spacing")
        labels = try o.readMap("labels")
        let names = try o.words("sections")
        var sections: [SectionName] = []
        for (i, name) in names.enumerated() {
            let key = TemplateValue.text(o.path + ["sections", "[\(i)]"])
            guard let section = SectionName(rawValue: name) else {
                throw TemplateError(
                    key: key,
                    message:
                        "unknown section \"\(name)\" (known: \(SectionName.allCases.map(\.rawValue).joined(separator: ", ")))"
                )
            }
            // A section printed twice is a slip, not a design.
            guard !sections.contains(section) else {
                throw TemplateError(key: key, message: "\"\(name)\" is listed twice")
            }
            sections.append(section)
        }
        self.sections = sections
        // A listed section needs its settings.
        cover = try o.readIfPresent("cover", needed: sections.contains(.cover))
        title = try o.readIfPresent("title", needed: sections.contains(.title))
        overview = try o.readIfPresent("overview", needed: sections.contains(.overview))
        days = try o.readIfPresent("days", needed: sections.contains(.days))
        progress = try o.readIfPresent("progress", needed: sections.contains(.progress))
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

    /// The PDF format's largest page side (200 inches).
    static let maximumSide = 14_400.0

    static let schema = TemplateSchema(
        "A paper size, in points.",
        [
            .number("width", .aboveZero(atMost: maximumSide), "the page's width (at most 200 inches, the PDF limit)"),
            .number("height", .aboveZero(atMost: maximumSide), "the page's height"),
        ])

    init(_ o: TemplateObject) throws(TemplateError) {
        width = try o.number("width")
        height = try o.number("height")
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

    static let schema = TemplateSchema(
        "Four insets, in points: margins from the paper's edges, or padding inside a box.",
        [
            .number("top", "at the top"), .number("right", "at the right"),
            .number("bottom", "at the bottom"), .number("left", "at the left"),
        ], name: "Insets")

    init(_ o: TemplateObject) throws(TemplateError) {
        top = try o.number("top")
        right = try o.number("right")
        bottom = try o.number("bottom")
        left = try o.number("left")
    }
}

/// The running header: a line of small print and a rule under it, from the second page on.
public struct HeaderSpec: Sendable, TemplateObjectReadable {
    public var textTop: Double
    public var ruleOffset: Double
    public var ruleWidth: Double
    public var style: String
    public var ruleColor: String

    static let schema = TemplateSchema(
        "The running header: the trip's name and dates at the left, the day or section at the right, a rule under them.",
        [
            .number("textTop", "from the page top to the top of the header's line box"),
            .number("ruleOffset", "from the text top down to the rule"),
            .number("ruleWidth", "the rule's stroke width"),
            .style("style", "the header's text"),
            .color("ruleColor", "the rule"),
        ])

    init(_ o: TemplateObject) throws(TemplateError) {
        textTop = try o.number("textTop")
        ruleOffset = try o.number("ruleOffset")
        ruleWidth = try o.number("ruleWidth")
        style = try o.style("style")
        ruleColor = try o.color("ruleColor")
    }
}

/// The footer: the wordmark at the left, "Page N of M" at the right.
public struct FooterSpec: Sendable, TemplateObjectReadable {
    public var textTopFromBottom: Double
    public var style: String
    public var wordmarkStyle: String
    public var wordmarkDisc: Double
    public var wordmarkColor: String
    public var wordmark: String
    public var onFirstPage: Bool

    static let schema = TemplateSchema(
        "The footer: the wordmark at the left, `Page N of M` at the right.",
        [
            .number("textTopFromBottom", "from the page bottom up to the top of the footer's line box"),
            .style("style", "`Page N of M`"),
            .text("wordmark", "the product name beside the disc (the cover's brand row prints it too)"),
            .style("wordmarkStyle", "the product name"),
            .number("wordmarkDisc", "the wordmark disc's diameter"),
            .color("wordmarkColor", "the wordmark disc"),
            .flag(
                "onFirstPage", default: true,
                "whether page 1 carries the footer (a cover does not; it still counts as page 1)"),
        ])

    init(_ o: TemplateObject) throws(TemplateError) {
        textTopFromBottom = try o.number("textTopFromBottom")
        style = try o.style("style")
        wordmarkStyle = try o.style("wordmarkStyle")
        wordmarkDisc = try o.number("wordmarkDisc")
        wordmarkColor = try o.color("wordmarkColor")
        wordmark = try o.text("wordmark")
        onFirstPage = try o.flag("onFirstPage")
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

    static let schema = TemplateSchema(
        "A text style; other keys name it.",
        [
            .whole("weight", 100...900, default: 400, "the font weight: 400 regular, 600 semibold, 700 bold"),
            .flag("italic", default: false, "set in italics"),
            .number("size", .aboveZero(atMost: 144), "the font size, in points"),
            .number("lineHeight", .aboveZero(atMost: 144), "the distance between baselines"),
            .number("tracking", .any, default: 0, "extra space between letters, in percent of the size"),
            .color("color", "the text's colour"),
            .text(
                "features", default: "",
                "OpenType features in CSS syntax (`\"tnum\"`, `\"tnum, case\"`); kerning is always on"),
            .flag("uppercase", default: false, "set in capitals (caps labels)"),
        ])

    init(_ o: TemplateObject) throws(TemplateError) {
        weight = try o.whole("weight")
        italic = try o.flag("italic")
        size = try o.number("size")
        lineHeight = try o.number("lineHeight")
        tracking = try o.number("tracking")
        color = try o.color("color")
        features = try o.text("features")
        uppercase = try o.flag("uppercase")
    }
}

/// The gaps of the `title` section.
public struct Spacing: Sendable, TemplateObjectReadable {
    public var afterTitle: Double
    public var afterTitleBlock: Double

    static let schema = TemplateSchema(
        "The gaps of the `title` section.",
        [
            .number(
                "afterTitle",
                "between the trip's name and the line under it; with the facts at the right, the least room between them"
            ),
            .number("afterTitleBlock", "below the title block"),
            .retired("betweenDays", "no longer used (the layout takes it from `days.betweenDays`): delete it"),
            .retired("afterDayHeading", "no longer used (the layout takes it from `days.afterHeading`): delete it"),
            .retired("betweenItems", "no longer used (the layout takes it from `days.betweenCards`): delete it"),
            .retired("itemIndent", "no longer used (the layout takes it from `days.heading`): delete it"),
            .retired("itemLineGap", "no longer used (the layout takes it from `days.card.lineGap`): delete it"),
            .retired("dayRuleWidth", "no longer used (the layout takes it from the section settings): delete it"),
        ])

    init(_ o: TemplateObject) throws(TemplateError) {
        afterTitle = try o.number("afterTitle")
        afterTitleBlock = try o.number("afterTitleBlock")
    }
}
