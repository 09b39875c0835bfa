/// A design as data: paper, margins, colours, text styles, spacing and labels from `Templates/*.json`.
import ItineraryText

/// Everything the layout engine needs to know about how an itinerary looks.
/// Decoded from a template file by `TemplateLoader`; no style value lives in Swift code.
public struct Template: Sendable, TemplateSpec {
    public internal(set) var name: String = ""
    public internal(set) var description: String?
    public internal(set) var paper: String = ""
    public internal(set) var papers: [String: PaperSize] = [:]
    public internal(set) var margins = Insets()
    public internal(set) var firstPageMargins = Insets()
    public internal(set) var header = HeaderSpec()
    public internal(set) var footer = FooterSpec()
    public internal(set) var colors: [String: Color] = [:]
    public internal(set) var fontFamily: String = ""
    public internal(set) var styles: [String: StyleSpec] = [:]
    public internal(set) var labels: [String: Labels] = [:]
    public internal(set) var sections: [SectionName] = []
    public internal(set) var cover: CoverSpec?
    public internal(set) var title: TitleSpec?
    public internal(set) var overview: OverviewSpec?
    public internal(set) var days: DaysSpec?
    public internal(set) var progress: ProgressSpec?
    /// The least share of its height a page ends a section with (the `Paginator` balancing).
    public internal(set) var sectionEndFill: Double = 0
    /// The least share of its height a page ending a section holds before the next section is
    /// started under it (the `Paginator`'s `sectionJoinFill`).
    public internal(set) var sectionJoinFill: Double = 0
    /// How far below the body frame a page's last block may end (`PageGeometry.overrun`).
    public internal(set) var bodyOverrun: Double = 0
    /// The share of the space between blocks the page before the last may give up to take the
    /// last page's blocks (the `Paginator`'s `lastPageSqueeze`).
    public internal(set) var lastPageSqueeze: Double = 0
    /// The least share of its height the last page holds where the page before can give it
    /// blocks (the `Paginator`'s `lastPageFill`).
    public internal(set) var lastPageFill: Double = 0

    /// Why `paper` cannot be chosen, or nil when the template has it: the one wording of a
    /// missing paper, for an export, `validate --template` and a batch's plan alike. A template
    /// may declare any paper (`legal`, `tabloid`); its `papers` are the names a caller may choose.
    /// `name` is the template as the caller named it (a name or a path), when there is one to give.
    public func paperProblem(_ paper: String, name: String? = nil) -> String? {
        guard papers[paper] == nil else { return nil }
        return
            "the template \(name.map { $0 + " " } ?? "")has no paper \"\(paper)\" (it has \(papers.keys.sorted().joined(separator: ", ")))"
    }

    static let schema = Schema(
        "A template file: the whole design.",
        [
            .text("name", \.name, "the design's name, for people (`--template` takes the file's name, or its path)"),
            .text("description", \.description, "one line saying what the design is, for people"),
            .text("paper", \.paper, "the paper used when the caller chooses none: a key of `papers`"),
            .map("papers", \.papers, "the papers the template is laid out for, by name (`letter`, `a4`)"),
            .part("margins", \.margins, "the body frame's margins on every page"),
            .part(
                "firstPageMargins", \.firstPageMargins, sameAs: "margins", \.margins,
                "the first page's margins; a cover first may differ in width, flowing content may not"),
            .part("header", \.header, "the running header, from the second page on"),
            .part("footer", \.footer, "the footer: wordmark at the left, `Page N of M` at the right"),
            .number(
                "sectionEndFill", \.sectionEndFill, NumberRule(aboveZero: false, signed: false, maximum: 1),
                default: 0.3,
                "a page before a section that starts a new page holds at least this share of its height where whole blocks of the page before can move onto it without adding a page (the last page is left as it is, but for one block alone on it, carried over from the page before: the block before goes with it where the page before keeps this share); 0 turns it off"
            ),
            .number(
                "sectionJoinFill", \.sectionJoinFill, NumberRule(aboveZero: false, signed: false, maximum: 1),
                default: 0.5,
                "a page that ends a section (one not opened by it) and holds less than this share of its height after `sectionEndFill`'s balancing takes the start of the next section under what it holds, where that saves a page; 0 keeps every section on a new page"
            ),
            .number(
                "bodyOverrun", \.bodyOverrun, NumberRule(aboveZero: false, signed: false, maximum: 36), default: 8,
                "how far (points) below the body frame a page's last block may end rather than go to the next page, where it keeps with nothing after it: a card that misses the page by a point stays; never into the lower half of the room between the body and the footer"
            ),
            .number(
                "lastPageSqueeze", \.lastPageSqueeze, NumberRule(aboveZero: false, signed: false, maximum: 0.5),
                default: 0.5,
                "the largest share of the space between blocks that the page before the last gives up to take the last page's blocks, where no section opens the last page (a trip's last day is not a page of its own for want of a few points); only as much as that needs is given up; 0 turns it off"
            ),
            .number(
                "lastPageFill", \.lastPageFill, NumberRule(aboveZero: false, signed: false, maximum: 0.5),
                default: 0.25,
                "a last page that no section opens and that holds less than this share of its height takes blocks from the page before (the latest whole day that leaves that page `sectionEndFill`, else the latest card), so a trip does not end on a page holding one rest day; 0 turns it off"
            ),
            .hexColors("colors", \.colors, "colour tokens by name; every other key names colours by these tokens"),
            .text("fontFamily", \.fontFamily, "the font family every style uses (the fonts of `Fonts/fonts.lock`)"),
            .map("styles", \.styles, "text styles by name, each named by the sections' roles"),
            .retired(
                "spacing",
                "moved into the `title` section: `afterTitle` is `title.nameGap`, `afterTitleBlock` is `title.spaceAfter`, and the styles `title`, `subtitle` and `meta` it printed in are named by `title.styles.name`, `facts` and `summary` (a template without a `title` section deletes it)"
            ),
            .map(
                "labels", \.labels,
                "the words printed, by language code (`en`, `es`); `en` is required and is the fallback"),
            TemplateField(
                .words("sections", "the sections to print, in order: `cover`, `title`, `overview`, `days`, `progress`")
            ) { o, key, template throws(TemplateError) in template.sections = try sections(o, key) },
            .part("cover", \.cover, when: listed(.cover), "the cover page's settings"),
            .part("title", \.title, when: listed(.title), "the title block's settings"),
            .part("overview", \.overview, when: listed(.overview), "the overview tables' settings"),
            .part("days", \.days, when: listed(.days), "the day pages' settings"),
            .part("progress", \.progress, when: listed(.progress), "the stadium progress settings"),
        ])

    /// A listed section needs its settings.
    private static func listed(_ section: SectionName) -> TemplateCondition<Self> {
        TemplateCondition(Labels.listed([section])) { $0.sections.contains(section) }
    }

    /// The names at `key`, each a known section, none twice.
    private static func sections(_ o: TemplateObject, _ key: String) throws(TemplateError) -> [SectionName] {
        var sections: [SectionName] = []
        for (i, name) in try o.words(key).enumerated() {
            let at = TemplateValue.text(o.path + [key, "[\(i)]"])
            guard let section = SectionName(rawValue: name) else {
                throw TemplateError(
                    key: at,
                    message:
                        "unknown section \"\(name)\" (known: \(SectionName.allCases.map(\.rawValue).joined(separator: ", ")))"
                )
            }
            // A section printed twice is a slip, not a design.
            guard !sections.contains(section) else {
                throw TemplateError(key: at, message: "\"\(name)\" is listed twice")
            }
            sections.append(section)
        }
        return sections
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

/// A paper the template offers (a value of its `papers`, such as `letter` or `a4`): width and height
/// in points, each from 2 to 200 inches, the longer at most ten times the shorter.
public struct PaperSize: Sendable, TemplateSpec, Equatable {
    public var width: Double = 0
    public var height: Double = 0

    /// The PDF format's largest page side (200 inches).
    static let maximumSide = 14_400.0
    /// Two inches: a business card is smaller, an itinerary page is not, and every page must
    /// have room for the test-entitlement mark's words at their full size.
    static let minimumSide = 144.0
    /// How many times its shorter side a paper's longer side may be: a printed page, a banner or
    /// a roll cut to pages, never a strip whose mark or content could only be drawn too small to read.
    static let maximumAspectRatio = 10.0

    static let schema = Schema(
        "A paper size, in points.",
        [
            .number(
                "width", \.width, .between(minimumSide, maximumSide),
                "the page's width (2 to 200 inches: 200 is the PDF limit)"),
            .number(
                "height", \.height, .between(minimumSide, maximumSide),
                "the page's height (the longer side at most 10 times the shorter)"),
        ],
        validate: { paper, object throws(TemplateError) in
            let long = max(paper.width, paper.height), short = min(paper.width, paper.height)
            guard long <= short * maximumAspectRatio else {
                throw object.error(
                    paper.width > paper.height ? "width" : "height",
                    "\(format(paper.width)) × \(format(paper.height)) pt is \(format((long / short * 10).rounded() / 10)) times as \(paper.width > paper.height ? "wide as it is tall" : "tall as it is wide"); a paper's longer side may be at most \(format(maximumAspectRatio)) times its shorter"
                )
            }
        })

    private static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}

/// Four distances in points, one per edge: a page's margins from the paper's edges, or padding
/// inside a box.
public struct Insets: Sendable, TemplateSpec, Equatable {
    public var top: Double = 0
    public var right: Double = 0
    public var bottom: Double = 0
    public var left: Double = 0

    init() {}

    public init(top: Double, right: Double, bottom: Double, left: Double) {
        self.top = top
        self.right = right
        self.bottom = bottom
        self.left = left
    }

    static let schema = Schema(
        "Four insets, in points: margins from the paper's edges, or padding inside a box.",
        [
            .number("top", \.top, "at the top"), .number("right", \.right, "at the right"),
            .number("bottom", \.bottom, "at the bottom"), .number("left", \.left, "at the left"),
        ], name: "Insets")
}

/// The running header: a line of small print and a rule under it, from the second page on.
public struct HeaderSpec: Sendable, TemplateSpec {
    public var textTop: Double = 0
    public var ruleOffset: Double = 0
    public var ruleWidth: Double = 0
    public var style: String = ""
    public var ruleColor: String = ""

    static let schema = Schema(
        "The running header: the trip's name and dates at the left, the day or section at the right, a rule under them.",
        [
            .number("textTop", \.textTop, "from the page top to the top of the header's line box"),
            .number("ruleOffset", \.ruleOffset, "from the text top down to the rule"),
            .number("ruleWidth", \.ruleWidth, "the rule's stroke width"),
            .style("style", \.style, "the header's text"),
            .color("ruleColor", \.ruleColor, "the rule"),
        ])
}

/// The footer: the wordmark at the left, "Page N of M" at the right.
public struct FooterSpec: Sendable, TemplateSpec {
    public var textTopFromBottom: Double = 0
    public var style: String = ""
    public var wordmarkStyle: String = ""
    public var wordmarkDisc: Double = 0
    public var wordmarkColor: String = ""
    public var wordmark: String = ""
    public var onFirstPage: Bool = false

    static let schema = Schema(
        "The footer: the wordmark at the left, `Page N of M` at the right.",
        [
            .number(
                "textTopFromBottom", \.textTopFromBottom, "from the page bottom up to the top of the footer's line box"),
            .style("style", \.style, "`Page N of M`"),
            .text("wordmark", \.wordmark, "the product name beside the disc (the cover's brand row prints it too)"),
            .style("wordmarkStyle", \.wordmarkStyle, "the product name"),
            .number("wordmarkDisc", \.wordmarkDisc, "the wordmark disc's diameter"),
            .color("wordmarkColor", \.wordmarkColor, "the wordmark disc"),
            .flag(
                "onFirstPage", \.onFirstPage, default: true,
                "whether page 1 carries the footer (a cover does not; it still counts as page 1)"),
        ])
}

/// A named text style; `color` names a colour token.
public struct StyleSpec: Sendable, TemplateSpec {
    public var weight: Int = 0
    public var italic: Bool = false
    public var size: Double = 0
    public var lineHeight: Double = 0
    public var tracking: Double = 0
    public var color: String = ""
    public var features: String = ""
    public var uppercase: Bool = false

    static let schema = Schema(
        "A text style; other keys name it.",
        [
            .whole("weight", \.weight, 100...900, default: 400, "the font weight: 400 regular, 600 semibold, 700 bold"),
            .flag("italic", \.italic, default: false, "set in italics"),
            .number("size", \.size, .aboveZero(atMost: 144), "the font size, in points"),
            .number("lineHeight", \.lineHeight, .aboveZero(atMost: 144), "the distance between baselines"),
            .number("tracking", \.tracking, .any, default: 0, "extra space between letters, in percent of the size"),
            .color("color", \.color, "the text's colour"),
            .text(
                "features", \.features, default: "",
                "OpenType features in CSS syntax (`\"tnum\"`, `\"tnum, case\"`); kerning is always on"),
            .flag("uppercase", \.uppercase, default: false, "set in capitals (caps labels)"),
        ])
}
