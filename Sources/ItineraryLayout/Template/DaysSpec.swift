/// Day by day: day headings and the cards of games, travel, lodging and plans.

/// Settings of the `days` section of a template: its geometry, and which text style and colour
/// token each part uses. Every key but `startsNewPage` is required, so the look lives in the
/// template file alone.
public struct DaysSpec: Sendable, TemplateObjectReadable {
    /// Start the section on a new page (unless already at the top of one).
    public var startsNewPage: Bool
    /// The H1 and lead at the top of the section.
    public var title: SectionTitleSpec
    /// Above each day after the first (from the last card to the next tile).
    public var betweenDays: Double
    /// Between two cards of a day (the day note counts as a card).
    public var betweenCards: Double
    /// From the bottom of the heading block to the first card.
    public var afterHeading: Double
    public var heading: DayHeadingSpec
    public var card: CardSpec
    /// Custom items: top and bottom padding (replacing the card's) and the gap above the category label.
    public var customPaddingY: Double
    public var customLabelGap: Double
    public var teamBar: TeamBarSpec
    /// The colour of the team codes in a matchup: `team` (each team's own) or a token.
    public var teamCodeColor: ColorChoice
    /// The league of a game: the lead tile filled, or an outlined chip.
    public var leagueCode: LeagueCodeSpec
    /// Where the fact cells of a stay go: under the title, or beside it.
    public var factCells: FactCellsSpec
    /// A rule between two cards of a day, in the middle of `betweenCards` (width 0: none).
    public var cardRule: LineSpec
    /// The line under ticket and plan links (width 0: none).
    public var linkUnderline: UnderlineSpec
    /// Space on each side of the `@` in a matchup.
    public var matchupAtSpace: Double
    /// Space between a time and its zone abbreviation.
    public var zoneGap: Double
    public var ticket: TicketStripSpec
    /// A QR code beside each ticket link and plan link, for paper (nil: none).
    public var qrCode: QRCodeSpec?
    /// The day-note callout.
    public var note: CalloutSpec
    /// The chip behind a confirmation code.
    public var codeChip: ChipSpec
    /// Dash pattern of the rest-day card's border.
    public var restDayDash: [Double]
    public var icons: DayIconsSpec
    public var styles: RoleMap<DayStyle>
    public var colors: RoleMap<DayColor>

    /// The keys this section needs under `labels.<language>.days`.
    public static let requiredLabels: [String] = [
        "title", "lead", "gameOne", "gameOther", "drive", "arrives", "nightOne", "nightOther",
        "daysCaps", "restDays", "restDaysDetail",
    ]

    static let keys = ["startsNewPage", "title", "betweenDays", "betweenCards", "afterHeading", "heading", "card", "customPaddingY", "customLabelGap", "teamBar", "matchupAtSpace", "zoneGap", "ticket", "qrCode", "note", "codeChip", "restDayDash", "icons", "styles", "colors", "teamCodeColor", "leagueCode", "factCells", "cardRule", "linkUnderline"]

    init(_ o: TemplateObject) throws(TemplateError) {
        startsNewPage = try o.bool("startsNewPage", default: false)
        title = try o.read("title")
        betweenDays = try o.nonNegative("betweenDays")
        betweenCards = try o.nonNegative("betweenCards")
        afterHeading = try o.nonNegative("afterHeading")
        heading = try o.read("heading")
        card = try o.read("card")
        customPaddingY = try o.nonNegative("customPaddingY")
        customLabelGap = try o.nonNegative("customLabelGap")
        teamBar = try o.read("teamBar")
        teamCodeColor = try o.read("teamCodeColor")
        leagueCode = try o.read("leagueCode")
        factCells = try o.read("factCells")
        cardRule = try o.read("cardRule")
        linkUnderline = try o.read("linkUnderline")
        matchupAtSpace = try o.nonNegative("matchupAtSpace")
        zoneGap = try o.nonNegative("zoneGap")
        ticket = try o.read("ticket")
        qrCode = try o.readIfPresent("qrCode")
        note = try o.read("note")
        codeChip = try o.read("codeChip")
        restDayDash = try o.dashPattern("restDayDash")
        icons = try o.read("icons")
        styles = try o.read("styles")
        colors = try o.read("colors")
    }

    /// Every style this section names, with the key that names it (the loader checks they exist).
    public var styleReferences: [(key: String, name: String)] { styles.references(prefix: "days.styles") }
    /// Every colour token this section names, with its key.
    public var colorReferences: [(key: String, name: String)] {
        var refs = colors.references(prefix: "days.colors")
        refs.append(("days.cardRule.color", cardRule.color))
        if let rule = heading.rule { refs.append(("days.heading.rule.color", rule.color)) }
        if let token = teamBar.color.token { refs.append(("days.teamBar.color", token)) }
        if let token = teamCodeColor.token { refs.append(("days.teamCodeColor", token)) }
        if let qrCode { refs.append(("days.qrCode.color", qrCode.color)) }
        return refs
    }
}

/// The text roles of the day pages; each names a style of the template.
public enum DayStyle: String, CodingKey, CaseIterable, Sendable {
    case h1, lead, tileCaps, tileNumber, heading, dayTitle, caps, callout
    case leagueTile, matchup, matchupAt, fullNames, venueName, meta, notes, gameTime, zone, ticketValue, ticketLink
    case cardTitle, sideFigure, cellValue, code, customTitle, sideTime, restDayTitle, link
}

/// The colour roles of the day pages; each names a colour token of the template.
public enum DayColor: String, CodingKey, CaseIterable, Sendable {
    /// The paper; team colours are checked for contrast against it.
    case paper
    case tile, cardFill, cardBorder, travelFill, restFill, restBorder, perforation, noteFill, noteIcon
    case leadTile, leadTileOnFill, leadIcon, inlineIcon, linkIcon, leagueTile, arrow, teamFallback, codeChip
}

/// A section's H1 with its lead line.
public struct SectionTitleSpec: Sendable, TemplateObjectReadable {
    /// Above the H1, when the section follows on from the one before (dropped at a page top).
    /// A section that starts a new page wants 0: the space would follow the page break.
    public var spaceBefore: Double
    /// Between the H1 and the lead.
    public var leadGap: Double
    /// Below the lead, before the section's content.
    public var spaceAfter: Double

    static let keys = ["spaceBefore", "leadGap", "spaceAfter"]

    init(_ o: TemplateObject) throws(TemplateError) {
        spaceBefore = try o.nonNegative("spaceBefore")
        leadGap = try o.nonNegative("leadGap")
        spaceAfter = try o.nonNegative("spaceAfter")
    }
}

/// The card box and its grid: `[lead tile] columnGap [content] columnGap [side]`.
public struct CardSpec: Sendable, TemplateObjectReadable {
    public var radius: Double
    /// Border width; the padding is inside it.
    public var border: Double
    public var padding: Insets
    /// The square tile at the left of each card.
    public var leadTile: Double
    public var leadTileRadius: Double
    /// The least space between the league code and the edges of its tile.
    public var leagueCodeInset: Double
    public var columnGap: Double
    /// Width of the right-hand column (times, durations, nights).
    public var side: Double
    /// The same for game cards, whose times are larger.
    public var gameSide: Double
    /// Between a card's title and its second line.
    public var lineGap: Double
    /// Above the venue and notes rows.
    public var rowGap: Double
    /// Above the row of fact cells (check-in, check-out, confirmation).
    public var cellsGap: Double
    /// Between two fact cells (and ticket fields).
    public var cellSpacing: Double
    /// Between a cell's caps label and its value.
    public var cellLabelGap: Double

    static let keys = ["radius", "border", "padding", "leadTile", "leadTileRadius", "leagueCodeInset", "columnGap", "side", "gameSide", "lineGap", "rowGap", "cellsGap", "cellSpacing", "cellLabelGap"]

    init(_ o: TemplateObject) throws(TemplateError) {
        radius = try o.nonNegative("radius")
        border = try o.nonNegative("border")
        padding = try o.read("padding")
        leadTile = try o.positive("leadTile")
        leadTileRadius = try o.nonNegative("leadTileRadius")
        leagueCodeInset = try o.nonNegative("leagueCodeInset")
        columnGap = try o.nonNegative("columnGap")
        side = try o.positive("side")
        gameSide = try o.positive("gameSide")
        lineGap = try o.nonNegative("lineGap")
        rowGap = try o.nonNegative("rowGap")
        cellsGap = try o.nonNegative("cellsGap")
        cellSpacing = try o.nonNegative("cellSpacing")
        cellLabelGap = try o.nonNegative("cellLabelGap")
    }
}

/// The perforated strip at the foot of a game card with a ticket.
public struct TicketStripSpec: Sendable, TemplateObjectReadable {
    /// Above the perforation.
    public var gap: Double
    /// The perforation's stroke width.
    public var rule: Double
    public var dash: [Double]
    /// Below the perforation.
    public var padding: Double
    /// The ticket link gets at least this width beside the fields, else it takes a row of its own.
    public var linkMinWidth: Double

    static let keys = ["gap", "rule", "dash", "padding", "linkMinWidth"]

    init(_ o: TemplateObject) throws(TemplateError) {
        gap = try o.nonNegative("gap")
        rule = try o.positive("rule")
        dash = try o.dashPattern("dash")
        padding = try o.nonNegative("padding")
        linkMinWidth = try o.positive("linkMinWidth")
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

    static let keys = ["minimumSize", "moduleSize", "quietZone", "gap", "color"]

    init(_ o: TemplateObject) throws(TemplateError) {
        minimumSize = try o.positive("minimumSize")
        moduleSize = try o.positive("moduleSize")
        quietZone = try o.positiveInt("quietZone")
        gap = try o.nonNegative("gap")
        color = try o.string("color")
    }

    /// The points per module for a code of `modules` modules a side.
    public func module(for modules: Int) -> Double { max(moduleSize, minimumSize / Double(max(1, modules))) }
}

/// A tinted box with an icon before its text.
public struct CalloutSpec: Sendable, TemplateObjectReadable {
    public var radius: Double
    public var paddingX: Double
    public var paddingY: Double

    static let keys = ["radius", "paddingX", "paddingY"]

    init(_ o: TemplateObject) throws(TemplateError) {
        radius = try o.nonNegative("radius")
        paddingX = try o.nonNegative("paddingX")
        paddingY = try o.nonNegative("paddingY")
    }
}

/// A small filled box behind a short text (a code, a team abbreviation).
public struct ChipSpec: Sendable, TemplateObjectReadable {
    public var radius: Double
    public var paddingX: Double
    public var height: Double

    static let keys = ["radius", "paddingX", "height"]

    init(_ o: TemplateObject) throws(TemplateError) {
        radius = try o.nonNegative("radius")
        paddingX = try o.nonNegative("paddingX")
        height = try o.positive("height")
    }
}

/// An icon's size and stroke (in grid units), and the gap to the text after it.
public struct IconSpec: Sendable, TemplateObjectReadable {
    public var size: Double
    public var stroke: Double
    public var gap: Double

    static let keys = ["size", "stroke", "gap"]

    init(_ o: TemplateObject) throws(TemplateError) {
        size = try o.positive("size")
        stroke = try o.positive("stroke")
        gap = try o.nonNegative("gap", default: 0)
    }
}

/// The icons of the day pages.
public struct DayIconsSpec: Sendable, TemplateObjectReadable {
    /// In a card's lead tile.
    public var tile: IconSpec
    /// Before a venue or notes line.
    public var inline: IconSpec
    /// In the day-note callout.
    public var note: IconSpec
    /// After the ticket link.
    public var link: IconSpec

    static let keys = ["tile", "inline", "note", "link"]

    init(_ o: TemplateObject) throws(TemplateError) {
        tile = try o.read("tile")
        inline = try o.read("inline")
        note = try o.read("note")
        link = try o.read("link")
    }
}

/// A JSON object naming a style or colour token for every role of `Role`: all required, no others.
public struct RoleMap<Role: CodingKey & CaseIterable & Hashable & Sendable>: Sendable, TemplateObjectReadable {
    private var names: [Role: String] = [:]

    static var keys: [String] { Role.allCases.map(\.stringValue) }

    init(_ o: TemplateObject) throws(TemplateError) {
        for role in Role.allCases { names[role] = try o.string(role.stringValue) }
    }

    /// The name given for `role`.
    public subscript(role: Role) -> String { names[role] ?? "" }

    func references(prefix: String) -> [(key: String, name: String)] {
        Role.allCases.map { ("\(prefix).\($0.stringValue)", self[$0]) }
    }
}
