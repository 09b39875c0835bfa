/// Stadium progress: the count, the segmented bar, the visited stadiums and the rest of the record.

/// Settings of the `progress` section of a template. Every key but `startsNewPage` is required.
public struct ProgressSpec: Sendable, TemplateObjectReadable {
    /// Start the section on a new page (unless already at the top of one).
    public var startsNewPage: Bool
    public var title: SectionTitleSpec
    /// Between the count and the `of 30 MLB ballparks` after it.
    public var heroGap: Double
    /// From the hero line to the bar.
    public var barGap: Double
    public var bar: ProgressBarSpec
    /// From the bar to the caps heading of the grid, and from the grid to the record heading.
    public var sectionGap: Double
    /// From the grid's caps heading to the grid.
    public var headingGap: Double
    public var grid: StadiumGridSpec
    public var card: StadiumCardSpec
    /// The home team's chip on a stadium card.
    public var chip: TeamChipSpec
    public var pills: PillSpec
    /// From the pills to the caption under them.
    public var captionGap: Double
    /// The kind of venue each league plays in (`ballpark`, `arena`, `stadium`): it picks the
    /// nouns of the labels. Leagues not listed use `defaultVenueKind`.
    public var venueKinds: [String: String]
    public var defaultVenueKind: String
    public var styles: RoleMap<ProgressStyle>
    public var colors: RoleMap<ProgressColor>

    /// The keys this section needs under `labels.<language>.progressSection`; each venue kind
    /// also needs its own nouns (see `labelKeys(kind:)`).
    public static let requiredLabels: [String] = ["lead", "heroOf", "toGo", "onThisTrip", "beforeThisTrip", "alsoInRecord", "recordCaption"]

    /// The nouns of one venue kind: singular, plural, and the grid heading.
    public static func labelKeys(kind: String) -> [String] { [kind + "One", kind + "Other", kind + "Visited"] }

    static let keys = ["startsNewPage", "title", "heroGap", "barGap", "bar", "sectionGap", "headingGap", "grid", "card", "chip", "pills", "captionGap", "venueKinds", "defaultVenueKind", "styles", "colors"]

    init(_ o: TemplateObject) throws(TemplateError) {
        startsNewPage = try o.bool("startsNewPage", default: false)
        title = try o.read("title")
        heroGap = try o.nonNegative("heroGap")
        barGap = try o.nonNegative("barGap")
        bar = try o.read("bar")
        sectionGap = try o.nonNegative("sectionGap")
        headingGap = try o.nonNegative("headingGap")
        grid = try o.read("grid")
        card = try o.read("card")
        chip = try o.read("chip")
        pills = try o.read("pills")
        captionGap = try o.nonNegative("captionGap")
        venueKinds = try o.stringMap("venueKinds")
        defaultVenueKind = try o.string("defaultVenueKind")
        styles = try o.read("styles")
        colors = try o.read("colors")
    }

    /// The venue kind of a league (`MLB` → `ballpark`).
    public func venueKind(league: String) -> String { venueKinds[league.uppercased()] ?? defaultVenueKind }

    /// Every venue kind the template can print.
    public var venueKindsUsed: [String] { Array(Set(venueKinds.values).union([defaultVenueKind])).sorted() }

    /// Every style this section names, with the key that names it (the loader checks they exist).
    public var styleReferences: [(key: String, name: String)] { styles.references(prefix: "progress.styles") }
    /// Every colour token this section names, with its key.
    public var colorReferences: [(key: String, name: String)] {
        var refs = colors.references(prefix: "progress.colors")
        if let token = bar.borderColor { refs.append(("progress.bar.borderColor", token)) }
        if let token = chip.fill?.token { refs.append(("progress.chip.fill", token)) }
        if let token = chip.borderColor { refs.append(("progress.chip.borderColor", token)) }
        return refs
    }
}

/// The text roles of the progress page; each names a style of the template.
public enum ProgressStyle: String, CodingKey, CaseIterable, Sendable {
    case h1, lead, heroCount, heroOf, heroPercent, caps, chip, stadiumName, team, foot, pill, caption
}

/// The colour roles of the progress page; each names a colour token of the template.
public enum ProgressColor: String, CodingKey, CaseIterable, Sendable {
    /// The paper; team colours are checked for contrast against it.
    case paper
    case visited, track, cardBorder, cardRule, pillBorder, chipFallback
}

/// The bar of one segment per stadium.
public struct ProgressBarSpec: Sendable, TemplateObjectReadable {
    public var height: Double
    public var gap: Double
    public var radius: Double
    /// Above this many stadiums the bar is one piece, with `solidRadius`.
    public var maxSegments: Int
    public var solidRadius: Double
    /// An outline round every segment (0: none), so that an unvisited white segment still shows.
    public var border: Double
    /// The outline's colour token (needed when `border` is above 0).
    public var borderColor: String?

    static let keys = ["height", "gap", "radius", "maxSegments", "solidRadius", "border", "borderColor"]

    init(_ o: TemplateObject) throws(TemplateError) {
        height = try o.positive("height")
        gap = try o.nonNegative("gap")
        radius = try o.nonNegative("radius")
        maxSegments = try o.count("maxSegments", in: 1...1_000)
        solidRadius = try o.nonNegative("solidRadius")
        border = try o.nonNegative("border")
        borderColor = try o.optionalString("borderColor")
        if border > 0, borderColor == nil {
            throw o.error("borderColor", "required when border is above 0")
        }
    }
}

/// The grid of stadium cards.
public struct StadiumGridSpec: Sendable, TemplateObjectReadable {
    public var columns: Int
    /// Between columns and between rows.
    public var gap: Double

    static let keys = ["columns", "gap"]

    init(_ o: TemplateObject) throws(TemplateError) {
        columns = try o.count("columns", in: 1...12)
        gap = try o.nonNegative("gap")
    }
}

/// One stadium card: chip row, name, team, a rule, and the visit line.
public struct StadiumCardSpec: Sendable, TemplateObjectReadable {
    public var radius: Double
    public var border: Double
    public var padding: Insets
    /// From the chip row to the stadium name.
    public var nameGap: Double
    /// From the team to the rule.
    public var ruleGap: Double
    public var rule: Double
    /// From the rule to the visit line.
    public var footGap: Double

    static let keys = ["radius", "border", "padding", "nameGap", "ruleGap", "rule", "footGap"]

    init(_ o: TemplateObject) throws(TemplateError) {
        radius = try o.nonNegative("radius")
        border = try o.nonNegative("border")
        padding = try o.read("padding")
        nameGap = try o.nonNegative("nameGap")
        ruleGap = try o.nonNegative("ruleGap")
        rule = try o.positive("rule")
        footGap = try o.nonNegative("footGap")
    }
}

/// Outline pills of the venues that match no stadium.
public struct PillSpec: Sendable, TemplateObjectReadable {
    /// From the caps heading to the first row of pills.
    public var headingGap: Double
    public var border: Double
    public var paddingX: Double
    public var paddingY: Double
    /// Between two pills, across and down.
    public var gap: Double

    static let keys = ["headingGap", "border", "paddingX", "paddingY", "gap"]

    init(_ o: TemplateObject) throws(TemplateError) {
        headingGap = try o.nonNegative("headingGap")
        border = try o.positive("border")
        paddingX = try o.nonNegative("paddingX")
        paddingY = try o.nonNegative("paddingY")
        gap = try o.nonNegative("gap")
    }
}
