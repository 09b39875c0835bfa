/// Day by day: day headings and the cards of games, travel, lodging and plans.

/// Settings of the `days` section of a template: its geometry, and which text style and colour
/// token each part uses. Every key but `startsNewPage` is required, so the look lives in the
/// template file alone.
public struct DaysSpec: Sendable, TemplateObjectReadable {
    public var startsNewPage: Bool
    public var title: SectionTitleSpec
    public var betweenDays: Double
    public var betweenCards: Double
    public var afterHeading: Double
    public var heading: DayHeadingSpec
    public var card: CardSpec
    public var customPaddingY: Double
    public var customLabelGap: Double
    public var teamBar: TeamBarSpec
    public var teamCodeColor: ColorChoice
    public var leagueCode: LeagueCodeSpec
    public var factCells: FactCellsSpec
    public var cardRule: LineSpec
    public var linkUnderline: UnderlineSpec
    public var matchupAtSpace: Double
    public var zoneGap: Double
    public var ticket: TicketStripSpec
    public var qrCode: QRCodeSpec?
    public var note: CalloutSpec
    public var codeChip: ChipSpec
    public var restDayDash: [Double]
    public var icons: DayIconsSpec
    public var styles: RoleMap<DayStyle>
    public var colors: RoleMap<DayColor>

    static let schema = TemplateSchema(
        "Day by day: an H1 and lead, then each day's heading and its cards (day note, games, travel, stays, plans, or a rest day). Lengths in points.",
        [
            .flag("startsNewPage", default: false, "start the section on a new page"),
            .part("title", SectionTitleSpec.self, "the H1 and lead"),
            .number("betweenDays", "from a day's last card to the next day's heading; days never force a page break"),
            .number("betweenCards", "between two cards of a day, the day note included"),
            .number("afterHeading", "from the heading block to the first card"),
            .part("heading", DayHeadingSpec.self, "the day heading"),
            .part("card", CardSpec.self, "the card box and its grid"),
            .number(
                "customPaddingY",
                "plans' top and bottom padding (replacing the card's); their text is centred on the tile"),
            .number("customLabelGap", "a plan's title to its caps category"),
            .part("teamBar", TeamBarSpec.self, "the home team's bar on a game card"),
            .number("matchupAtSpace", "on each side of the `@` of a matchup"),
            .number("zoneGap", "a time to its zone abbreviation"),
            .part("ticket", TicketStripSpec.self, "the perforated ticket strip at the foot of a game card"),
            .part(
                "qrCode", QRCodeSpec.self, optional: true,
                "a QR code of each ticket link and plan link, for paper; left out: none"),
            .part("note", CalloutSpec.self, "the day-note callout"),
            .part("codeChip", ChipSpec.self, "the chip behind a confirmation code"),
            .lengths("restDayDash", .dash, "the rest-day card's border dash pattern"),
            .part("icons", DayIconsSpec.self, "the icons of the day pages"),
            .part("styles", RoleMap<DayStyle>.self, "a style for every text role of the day pages"),
            .part("colors", RoleMap<DayColor>.self, "a colour token for every colour role of the day pages"),
            .part(
                "teamCodeColor", ColorChoice.self,
                "the matchup's team codes: `team` (each team's text colour) or one token"),
            .part("leagueCode", LeagueCodeSpec.self, "the league of a game: a filled tile or an outlined chip"),
            .part("factCells", FactCellsSpec.self, "where a stay's fact cells go"),
            .part(
                "cardRule", LineSpec.self,
                "a rule between two cards of a day, in the middle of `betweenCards`; none after the day note; dropped at a page top"
            ),
            .part("linkUnderline", UnderlineSpec.self, "the line under ticket and plan links"),
        ])

    init(_ o: TemplateObject) throws(TemplateError) {
        startsNewPage = try o.flag("startsNewPage")
        title = try o.read("title")
        betweenDays = try o.number("betweenDays")
        betweenCards = try o.number("betweenCards")
        afterHeading = try o.number("afterHeading")
        heading = try o.read("heading")
        card = try o.read("card")
        customPaddingY = try o.number("customPaddingY")
        customLabelGap = try o.number("customLabelGap")
        teamBar = try o.read("teamBar")
        teamCodeColor = try o.read("teamCodeColor")
        leagueCode = try o.read("leagueCode")
        factCells = try o.read("factCells")
        cardRule = try o.read("cardRule")
        linkUnderline = try o.read("linkUnderline")
        matchupAtSpace = try o.number("matchupAtSpace")
        zoneGap = try o.number("zoneGap")
        ticket = try o.read("ticket")
        qrCode = try o.readIfPresent("qrCode")
        note = try o.read("note")
        codeChip = try o.read("codeChip")
        restDayDash = try o.lengths("restDayDash")
        icons = try o.read("icons")
        styles = try o.read("styles")
        colors = try o.read("colors")
    }
}

/// The text roles of the day pages; each names a style of the template.
public enum DayStyle: String, TemplateRoleSet {
    case h1, lead, tileCaps, tileNumber, heading, dayTitle, caps, callout
    case leagueTile, matchup, matchupAt, fullNames, venueName, meta, notes, gameTime, zone, ticketValue, ticketLink
    case cardTitle, sideFigure, cellValue, code, customTitle, sideTime, restDayTitle, link
}

/// The colour roles of the day pages; each names a colour token of the template.
public enum DayColor: String, TemplateRoleSet {
    public static let namesColorTokens = true
    /// The paper; team colours are checked for contrast against it.
    case paper
    case tile, cardFill, cardBorder, travelFill, restFill, restBorder, perforation, noteFill, noteIcon
    case leadTile, leadTileOnFill, leadIcon, inlineIcon, linkIcon, leagueTile, arrow, teamFallback, codeChip
}

/// A section's H1 with its lead line.
public struct SectionTitleSpec: Sendable, TemplateObjectReadable {
    public var spaceBefore: Double
    public var leadGap: Double
    public var spaceAfter: Double

    static let schema = TemplateSchema(
        "A section's H1 with its lead line.",
        [
            .number(
                "spaceBefore",
                "above the H1 when the section follows on (dropped at a page top; keep 0 with `startsNewPage`)"),
            .number("leadGap", "between the H1 and the lead"),
            .number("spaceAfter", "below the lead, before the section's content"),
        ], name: "Section title")

    init(_ o: TemplateObject) throws(TemplateError) {
        spaceBefore = try o.number("spaceBefore")
        leadGap = try o.number("leadGap")
        spaceAfter = try o.number("spaceAfter")
    }
}

/// The card box and its grid: `[lead tile] columnGap [content] columnGap [side]`.
public struct CardSpec: Sendable, TemplateObjectReadable {
    public var radius: Double
    public var border: Double
    public var padding: Insets
    public var leadTile: Double
    public var leadTileRadius: Double
    public var leagueCodeInset: Double
    public var columnGap: Double
    public var side: Double
    public var gameSide: Double
    public var lineGap: Double
    public var rowGap: Double
    public var cellsGap: Double
    public var cellSpacing: Double
    public var cellLabelGap: Double

    static let schema = TemplateSchema(
        "The card box and its grid: lead tile, content column, side column.",
        [
            .number("radius", "the card's corner radius"),
            .number("border", "the border width; the border lies inside the box, the padding inside it"),
            .part("padding", Insets.self, "inside the border"),
            .number("leadTile", .aboveZero, "the square tile at the left of each card"),
            .number("leadTileRadius", "its corner radius"),
            .number(
                "leagueCodeInset",
                "the least space between the league code and its tile's edges; a longer code is shortened"),
            .number("columnGap", "lead tile to content, content to side"),
            .number("side", .aboveZero, "the right-hand column (times, durations, nights)"),
            .number("gameSide", .aboveZero, "the same for game cards, whose times are larger"),
            .number("lineGap", "a card's title to its second line"),
            .number("rowGap", "above the venue row and the notes"),
            .number("cellsGap", "above a row of fact cells, and between rows of cells or ticket fields"),
            .number("cellSpacing", "between two fact cells or ticket fields"),
            .number("cellLabelGap", "a cell's caps label to its value"),
        ])

    init(_ o: TemplateObject) throws(TemplateError) {
        radius = try o.number("radius")
        border = try o.number("border")
        padding = try o.read("padding")
        leadTile = try o.number("leadTile")
        leadTileRadius = try o.number("leadTileRadius")
        leagueCodeInset = try o.number("leagueCodeInset")
        columnGap = try o.number("columnGap")
        side = try o.number("side")
        gameSide = try o.number("gameSide")
        lineGap = try o.number("lineGap")
        rowGap = try o.number("rowGap")
        cellsGap = try o.number("cellsGap")
        cellSpacing = try o.number("cellSpacing")
        cellLabelGap = try o.number("cellLabelGap")
    }
}

/// The perforated strip at the foot of a game card with a ticket.
public struct TicketStripSpec: Sendable, TemplateObjectReadable {
    public var gap: Double
    public var rule: Double
    public var dash: [Double]
    public var padding: Double
    public var linkMinWidth: Double

    static let schema = TemplateSchema(
        "The perforated strip at the foot of a game card with a ticket.",
        [
            .number("gap", "above the perforation"),
            .number("rule", .aboveZero, "the perforation's stroke width"),
            .lengths("dash", .dash, "the perforation's dash pattern"),
            .number("padding", "below the perforation"),
            .number(
                "linkMinWidth", .aboveZero,
                "the ticket link needs this much beside the fields, else it takes a row of its own"),
        ])

    init(_ o: TemplateObject) throws(TemplateError) {
        gap = try o.number("gap")
        rule = try o.number("rule")
        dash = try o.lengths("dash")
        padding = try o.number("padding")
        linkMinWidth = try o.number("linkMinWidth")
    }
}

/// QR codes beside links. A code is at least `minimumSize` wide (18 mm, 51 pt, reads from
/// 30 cm on a home printer) and its modules at least `moduleSize` (so a long URL, which needs
/// more modules, gets a larger code); `gap` separates it from the text, which leaves it
/// `quietZone` modules of clear paper on every side as a scanner needs.
public struct QRCodeSpec: Sendable, TemplateObjectReadable {
    public var minimumSize: Double
    public var moduleSize: Double
    public var quietZone: Int
    public var gap: Double
    public var color: String

    static let schema = TemplateSchema(
        "QR codes beside links, drawn as vector squares.",
        [
            .number(
                "minimumSize", .aboveZero,
                "the least width of a code (51 pt, 18 mm, reads from 30 cm on a home printer)"),
            .number("moduleSize", .aboveZero, "the least module: a long URL needs more modules and gets a larger code"),
            .whole("quietZone", 1...Int.max, "modules of clear paper kept round the code, as a scanner needs"),
            .number("gap", "at least this much between the code and the text"),
            .color("color", "the code's dark modules"),
        ])

    init(_ o: TemplateObject) throws(TemplateError) {
        minimumSize = try o.number("minimumSize")
        moduleSize = try o.number("moduleSize")
        quietZone = try o.whole("quietZone")
        gap = try o.number("gap")
        color = try o.color("color")
    }

    /// The points per module for a code of `modules` modules a side.
    public func module(for modules: Int) -> Double { max(moduleSize, minimumSize / Double(max(1, modules))) }
}

/// A tinted box with an icon before its text.
public struct CalloutSpec: Sendable, TemplateObjectReadable {
    public var radius: Double
    public var paddingX: Double
    public var paddingY: Double

    static let schema = TemplateSchema(
        "A tinted box with an icon before its text.",
        [
            .number("radius", "the box's corner radius"),
            .number("paddingX", "inside the box, left and right"),
            .number("paddingY", "inside the box, top and bottom"),
        ])

    init(_ o: TemplateObject) throws(TemplateError) {
        radius = try o.number("radius")
        paddingX = try o.number("paddingX")
        paddingY = try o.number("paddingY")
    }
}

/// A small filled box behind a short text (a code, a team abbreviation).
public struct ChipSpec: Sendable, TemplateObjectReadable {
    public var radius: Double
    public var paddingX: Double
    public var height: Double

    static let schema = TemplateSchema(
        "A small filled box behind a short text.",
        [
            .number("radius", "the chip's corner radius"),
            .number("paddingX", "space each side of the text"),
            .number("height", .aboveZero, "the chip's height"),
        ])

    init(_ o: TemplateObject) throws(TemplateError) {
        radius = try o.number("radius")
        paddingX = try o.number("paddingX")
        height = try o.number("height")
    }
}

/// An icon's size and stroke (in grid units), and the gap to the text after it.
public struct IconSpec: Sendable, TemplateObjectReadable {
    public var size: Double
    public var stroke: Double
    public var gap: Double

    static let schema = TemplateSchema(
        "An icon: its size, its stroke and the gap to the text after it.",
        [
            .number("size", .aboveZero, "the icon's side"),
            .number(
                "stroke", .aboveZero,
                "the stroke, in units of the icons' 24-unit grid (small icons take a heavier one to look as strong)"),
            .number("gap", default: 0, "the space before the text that follows"),
        ], name: "Icon")

    init(_ o: TemplateObject) throws(TemplateError) {
        size = try o.number("size")
        stroke = try o.number("stroke")
        gap = try o.number("gap")
    }
}

/// The icons of the day pages.
public struct DayIconsSpec: Sendable, TemplateObjectReadable {
    public var tile: IconSpec
    public var inline: IconSpec
    public var note: IconSpec
    public var link: IconSpec

    static let schema = TemplateSchema(
        "The icons of the day pages.",
        [
            .part("tile", IconSpec.self, "in a card's lead tile"),
            .part("inline", IconSpec.self, "before a venue or notes line"),
            .part("note", IconSpec.self, "in the day-note callout"),
            .part("link", IconSpec.self, "after the ticket link"),
        ])

    init(_ o: TemplateObject) throws(TemplateError) {
        tile = try o.read("tile")
        inline = try o.read("inline")
        note = try o.read("note")
        link = try o.read("link")
    }
}

/// A set of roles (the day pages' text roles, their colour roles): each role names a style of
/// the template, or a colour token.
public protocol TemplateRoleSet: CodingKey, CaseIterable, Hashable, Sendable {
    /// Whether each role names a colour token (else a text style).
    static var namesColorTokens: Bool { get }
}

extension TemplateRoleSet {
    public static var namesColorTokens: Bool { false }
}

/// A JSON object naming a style or colour token for every role of `Role`: all required, no others.
public struct RoleMap<Role: TemplateRoleSet>: Sendable, TemplateObjectReadable {
    private var names: [Role: String] = [:]

    // The roles' own names are the documentation: an empty doc line lists them in one row.
    static var schema: TemplateSchema {
        TemplateSchema(
            Role.namesColorTokens ? "A colour token for every colour role." : "A style name for every text role.",
            Role.allCases.map { Role.namesColorTokens ? .color($0.stringValue, "") : .style($0.stringValue, "") })
    }

    init(_ o: TemplateObject) throws(TemplateError) {
        for role in Role.allCases {
            names[role] = try Role.namesColorTokens ? o.color(role.stringValue) : o.style(role.stringValue)
        }
    }

    /// The name given for `role`.
    public subscript(role: Role) -> String { names[role] ?? "" }
}
