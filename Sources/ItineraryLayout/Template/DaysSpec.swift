/// Day by day: day headings and the cards of games, travel, lodging and plans.

/// Settings of the `days` section of a template: its geometry, and which text style and colour
/// token each part uses. Every key but `startsNewPage` is required, so the look lives in the
/// template file alone.
public struct DaysSpec: Sendable, Decodable {
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
        "title", "lead", "gameOne", "gameOther", "flightOne", "flightOther", "drive", "arrives", "nightOne", "nightOther",
    ]

    enum CodingKeys: String, CodingKey, CaseIterable {
        case startsNewPage, title, betweenDays, betweenCards, afterHeading, heading, card, customPaddingY, customLabelGap
        case teamBar, matchupAtSpace, zoneGap, ticket, note, codeChip, restDayDash, icons, styles, colors
        case teamCodeColor, leagueCode, factCells, cardRule, linkUnderline
    }

    public init(from decoder: Decoder) throws {
        let c = try strictContainer(decoder, CodingKeys.self)
        startsNewPage = try c.decodeIfPresent(Bool.self, forKey: .startsNewPage) ?? false
        title = try c.decode(SectionTitleSpec.self, forKey: .title)
        betweenDays = try nonNegative(c, .betweenDays)
        betweenCards = try nonNegative(c, .betweenCards)
        afterHeading = try nonNegative(c, .afterHeading)
        heading = try c.decode(DayHeadingSpec.self, forKey: .heading)
        card = try c.decode(CardSpec.self, forKey: .card)
        customPaddingY = try nonNegative(c, .customPaddingY)
        customLabelGap = try nonNegative(c, .customLabelGap)
        teamBar = try c.decode(TeamBarSpec.self, forKey: .teamBar)
        teamCodeColor = try c.decode(ColorChoice.self, forKey: .teamCodeColor)
        leagueCode = try c.decode(LeagueCodeSpec.self, forKey: .leagueCode)
        factCells = try c.decode(FactCellsSpec.self, forKey: .factCells)
        cardRule = try c.decode(LineSpec.self, forKey: .cardRule)
        linkUnderline = try c.decode(UnderlineSpec.self, forKey: .linkUnderline)
        matchupAtSpace = try nonNegative(c, .matchupAtSpace)
        zoneGap = try nonNegative(c, .zoneGap)
        ticket = try c.decode(TicketStripSpec.self, forKey: .ticket)
        note = try c.decode(CalloutSpec.self, forKey: .note)
        codeChip = try c.decode(ChipSpec.self, forKey: .codeChip)
        restDayDash = try dashPattern(c, .restDayDash)
        icons = try c.decode(DayIconsSpec.self, forKey: .icons)
        styles = try c.decode(RoleMap<DayStyle>.self, forKey: .styles)
        colors = try c.decode(RoleMap<DayColor>.self, forKey: .colors)
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
public struct SectionTitleSpec: Sendable, Decodable {
    /// Above the H1, when the section follows on from the one before (dropped at a page top).
    /// A section that starts a new page wants 0: the space would follow the page break.
    public var spaceBefore: Double
    /// Between the H1 and the lead.
    public var leadGap: Double
    /// Below the lead, before the section's content.
    public var spaceAfter: Double

    enum CodingKeys: String, CodingKey, CaseIterable { case spaceBefore, leadGap, spaceAfter }

    public init(from decoder: Decoder) throws {
        let c = try strictContainer(decoder, CodingKeys.self)
        spaceBefore = try nonNegative(c, .spaceBefore)
        leadGap = try nonNegative(c, .leadGap)
        spaceAfter = try nonNegative(c, .spaceAfter)
    }
}

/// The card box and its grid: `[lead tile] columnGap [content] columnGap [side]`.
public struct CardSpec: Sendable, Decodable {
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

    enum CodingKeys: String, CodingKey, CaseIterable {
        case radius, border, padding, leadTile, leadTileRadius, leagueCodeInset, columnGap, side, gameSide, lineGap, rowGap, cellsGap, cellSpacing, cellLabelGap
    }

    public init(from decoder: Decoder) throws {
        let c = try strictContainer(decoder, CodingKeys.self)
        radius = try nonNegative(c, .radius)
        border = try nonNegative(c, .border)
        padding = try c.decode(Insets.self, forKey: .padding)
        leadTile = try positive(c, .leadTile)
        leadTileRadius = try nonNegative(c, .leadTileRadius)
        leagueCodeInset = try nonNegative(c, .leagueCodeInset)
        columnGap = try nonNegative(c, .columnGap)
        side = try positive(c, .side)
        gameSide = try positive(c, .gameSide)
        lineGap = try nonNegative(c, .lineGap)
        rowGap = try nonNegative(c, .rowGap)
        cellsGap = try nonNegative(c, .cellsGap)
        cellSpacing = try nonNegative(c, .cellSpacing)
        cellLabelGap = try nonNegative(c, .cellLabelGap)
    }
}

/// The perforated strip at the foot of a game card with a ticket.
public struct TicketStripSpec: Sendable, Decodable {
    /// Above the perforation.
    public var gap: Double
    /// The perforation's stroke width.
    public var rule: Double
    public var dash: [Double]
    /// Below the perforation.
    public var padding: Double
    /// The ticket link gets at least this width beside the fields, else it takes a row of its own.
    public var linkMinWidth: Double

    enum CodingKeys: String, CodingKey, CaseIterable { case gap, rule, dash, padding, linkMinWidth }

    public init(from decoder: Decoder) throws {
        let c = try strictContainer(decoder, CodingKeys.self)
        gap = try nonNegative(c, .gap)
        rule = try positive(c, .rule)
        dash = try dashPattern(c, .dash)
        padding = try nonNegative(c, .padding)
        linkMinWidth = try positive(c, .linkMinWidth)
    }
}

/// A tinted box with an icon before its text.
public struct CalloutSpec: Sendable, Decodable {
    public var radius: Double
    public var paddingX: Double
    public var paddingY: Double

    enum CodingKeys: String, CodingKey, CaseIterable { case radius, paddingX, paddingY }

    public init(from decoder: Decoder) throws {
        let c = try strictContainer(decoder, CodingKeys.self)
        radius = try nonNegative(c, .radius)
        paddingX = try nonNegative(c, .paddingX)
        paddingY = try nonNegative(c, .paddingY)
    }
}

/// A small filled box behind a short text (a code, a team abbreviation).
public struct ChipSpec: Sendable, Decodable {
    public var radius: Double
    public var paddingX: Double
    public var height: Double

    enum CodingKeys: String, CodingKey, CaseIterable { case radius, paddingX, height }

    public init(from decoder: Decoder) throws {
        let c = try strictContainer(decoder, CodingKeys.self)
        radius = try nonNegative(c, .radius)
        paddingX = try nonNegative(c, .paddingX)
        height = try positive(c, .height)
    }
}

/// An icon's size and stroke (in grid units), and the gap to the text after it.
public struct IconSpec: Sendable, Decodable {
    public var size: Double
    public var stroke: Double
    public var gap: Double

    enum CodingKeys: String, CodingKey, CaseIterable { case size, stroke, gap }

    public init(from decoder: Decoder) throws {
        let c = try strictContainer(decoder, CodingKeys.self)
        size = try positive(c, .size)
        stroke = try positive(c, .stroke)
        gap = try nonNegative(c, .gap, default: 0)
    }
}

/// The icons of the day pages.
public struct DayIconsSpec: Sendable, Decodable {
    /// In a card's lead tile.
    public var tile: IconSpec
    /// Before a venue or notes line.
    public var inline: IconSpec
    /// In the day-note callout.
    public var note: IconSpec
    /// After the ticket link.
    public var link: IconSpec

    enum CodingKeys: String, CodingKey, CaseIterable { case tile, inline, note, link }

    public init(from decoder: Decoder) throws {
        let c = try strictContainer(decoder, CodingKeys.self)
        tile = try c.decode(IconSpec.self, forKey: .tile)
        inline = try c.decode(IconSpec.self, forKey: .inline)
        note = try c.decode(IconSpec.self, forKey: .note)
        link = try c.decode(IconSpec.self, forKey: .link)
    }
}

/// A JSON object naming a style or colour token for every role of `Role`: all required, no others.
public struct RoleMap<Role: CodingKey & CaseIterable & Hashable & Sendable>: Sendable, Decodable {
    private var names: [Role: String] = [:]

    public init(from decoder: Decoder) throws {
        let c = try strictContainer(decoder, Role.self)
        for role in Role.allCases { names[role] = try c.decode(String.self, forKey: role) }
    }

    /// The name given for `role`.
    public subscript(role: Role) -> String { names[role] ?? "" }

    func references(prefix: String) -> [(key: String, name: String)] {
        Role.allCases.map { ("\(prefix).\($0.stringValue)", self[$0]) }
    }
}

/// A dash pattern: one or more lengths above 0.
func dashPattern<K: CodingKey>(_ c: KeyedDecodingContainer<K>, _ key: K) throws -> [Double] {
    let v = try c.decode([Double].self, forKey: key)
    guard !v.isEmpty, v.allSatisfy({ $0 > 0 && $0.isFinite }) else {
        throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: "must be a list of lengths above 0")
    }
    return v
}
