/// Day by day: day headings and the cards of games, travel, lodging and plans.

/// Settings of the `days` section of a template: its geometry, and which text style and colour
/// token each part uses. Every key but `startsNewPage` is required, so the look lives in the
/// template file alone.
public struct DaysSpec: Sendable, TemplateSpec {
    public var startsNewPage: Bool = false
    public var title = SectionTitleSpec()
    public var betweenDays: Double = 0
    public var betweenCards: Double = 0
    public var afterHeading: Double = 0
    public var heading = DayHeadingSpec()
    public var card = CardSpec()
    public var customPaddingY: Double = 0
    public var customLabelGap: Double = 0
    public var teamBar = TeamBarSpec()
    public var teamCodeColor = ColorChoice.team
    public var leagueCode = LeagueCodeSpec()
    public var factCells = FactCellsSpec()
    public var cardRule = LineSpec()
    public var linkUnderline = UnderlineSpec()
    public var matchupAtSpace: Double = 0
    public var zoneGap: Double = 0
    public var ticket = TicketStripSpec()
    public var qrCode: QRCodeSpec?
    public var note = CalloutSpec()
    public var codeChip = ChipSpec()
    public var restDayDash: [Double] = []
    public var icons = DayIconsSpec()
    public var styles: RoleMap<DayStyle> = RoleMap()
    public var colors: RoleMap<DayColor> = RoleMap()

    static let schema = Schema(
        "Day by day: an H1 and lead, then each day's heading and its cards (day note, games, travel, stays, plans, or a rest day). Lengths in points.",
        [
            .flag("startsNewPage", \.startsNewPage, default: false, "start the section on a new page"),
            .part("title", \.title, "the H1 and lead"),
            .number(
                "betweenDays", \.betweenDays,
                "from a day's last card to the next day's heading; days never force a page break"),
            .number("betweenCards", \.betweenCards, "between two cards of a day, the day note included"),
            .number("afterHeading", \.afterHeading, "from the heading block to the first card"),
            .part("heading", \.heading, "the day heading"),
            .part("card", \.card, "the card box and its grid"),
            .number(
                "customPaddingY", \.customPaddingY,
                "plans' top and bottom padding (replacing the card's); their text is centred on the tile"),
            .number("customLabelGap", \.customLabelGap, "a plan's title to its caps category"),
            .part("teamBar", \.teamBar, "the home team's bar on a game card"),
            .number("matchupAtSpace", \.matchupAtSpace, "on each side of the `@` of a matchup"),
            .number("zoneGap", \.zoneGap, "a time to its zone abbreviation"),
            .part("ticket", \.ticket, "the perforated ticket strip at the foot of a game card"),
            .part("qrCode", \.qrCode, "a QR code of each ticket link and plan link, for paper; left out: none"),
            .part("note", \.note, "the day-note callout"),
            .part("codeChip", \.codeChip, "the chip behind a confirmation code"),
            .lengths("restDayDash", \.restDayDash, .dash, "the rest-day card's border dash pattern"),
            .part("icons", \.icons, "the icons of the day pages"),
            .part("styles", \.styles, "a style for every text role of the day pages"),
            .part("colors", \.colors, "a colour token for every colour role of the day pages"),
            .part(
                "teamCodeColor", \.teamCodeColor,
                "the matchup's team codes: `team` (each team's text colour) or one token"),
            .part("leagueCode", \.leagueCode, "the league of a game: a filled tile or an outlined chip"),
            .part("factCells", \.factCells, "where a stay's fact cells go"),
            .part(
                "cardRule", \.cardRule,
                "a rule between two cards of a day, in the middle of `betweenCards`; none after the day note; dropped at a page top"
            ),
            .part("linkUnderline", \.linkUnderline, "the line under ticket and plan links"),
        ])
}

/// The text roles of the day pages; each names a style of the template.
public enum DayStyle: String, TemplateRoleSet {
    case h1, lead, tileCaps, tileNumber, heading, dayTitle, caps, callout
    case leagueTile, matchup, matchupAt, fullNames, venueName, meta, notes, gameTime, zone, ticketValue, ticketLink
    case cardTitle, sideFigure, cellValue, code, customTitle, sideTime, restDayTitle, link

    public var meaning: String {
        switch self {
        case .h1: "the section's H1, `Day by day`"
        case .lead: "the lead line under the H1"
        case .tileCaps: "`DAY` in the day tile (in a rule heading, the `DAY` word)"
        case .tileNumber: "the day's number in the tile, `3` or `3–5` (in a rule heading, after `DAY`)"
        case .heading: "the H2, the date and city: `Sun, Jun 14 · Milwaukee`"
        case .dayTitle: "the day's own title, under the H2"
        case .caps:
            "caps labels: the heading's summary, `LOCAL START`, a ticket's and a stay's field labels, `TICKETS`, a plan's category, `CONTINUED` atop a card carried over"
        case .callout: "the day note"
        case .leagueTile: "the league's code in its tile or chip, `MLB`"
        case .matchup: "the matchup's team codes, `STL @ CHC`, in the colour `teamCodeColor` gives"
        case .matchupAt: "the `@` between the team codes"
        case .fullNames: "the teams' full names under the matchup"
        case .venueName: "the stadium's name, after the pin"
        case .meta:
            "addresses, a leg's mode and times, the line under a side figure (a leg's distance, `nights`), a plan's zone, the rest day's detail"
        case .notes: "a card's notes, after the info icon"
        case .gameTime: "a game's start time, `1:20 PM`"
        case .zone: "the zone after a game's time, `CDT` (and `(+1)` on another date)"
        case .ticketValue: "a ticket's section, row and seats"
        case .ticketLink: "the ticket's web address"
        case .cardTitle: "a leg's `From → To` and a stay's name"
        case .sideFigure: "a leg's duration and a stay's nights in the side column"
        case .cellValue: "a stay's check-in and check-out"
        case .code: "a stay's confirmation code, on its chip"
        case .customTitle: "a plan's title"
        case .sideTime: "a plan's time, in the side column"
        case .restDayTitle: "`Rest day` (`Rest days` for a run)"
        case .link: "a plan's web address; its colour also marks the addresses in notes and the day note"
        }
    }
}

/// The colour roles of the day pages; each names a colour token of the template.
public enum DayColor: String, TemplateRoleSet {
    public static let namesColorTokens = true
    case paper, tile, cardFill, cardBorder, travelFill, restFill, restBorder, perforation, noteFill, noteIcon
    case leadTile, leadTileOnFill, leadIcon, inlineIcon, linkIcon, leagueTile, arrow, teamFallback, codeChip

    public var meaning: String {
        switch self {
        case .paper: "the paper, which team colours are checked for contrast against (it paints nothing)"
        case .tile: "the day tile behind `DAY` and the number"
        case .cardFill: "the fill of a game, stay or plan card"
        case .cardBorder: "the border of a game, stay or plan card"
        case .travelFill: "the fill of a travel card"
        case .restFill: "the fill of a rest-day card"
        case .restBorder: "the dashed border of a rest-day card"
        case .perforation: "the dashed line across a ticket"
        case .noteFill: "the fill of the day note"
        case .noteIcon: "the info icon of the day note"
        case .leadTile: "the lead tile of a stay or plan card"
        case .leadTileOnFill: "the lead tile of a travel or rest-day card, on the card's fill"
        case .leadIcon: "the icon in a lead tile"
        case .inlineIcon: "the pin before a venue and the info icon before a card's notes"
        case .linkIcon: "the link icon after the ticket's address"
        case .leagueTile: "the league tile's fill, or the league chip's outline"
        case .arrow: "the `→` of a leg's `From → To`"
        case .teamFallback: "a team without colours: its code and its bar"
        case .codeChip: "the chip behind a confirmation code"
        }
    }
}

/// The card box and its grid: `[lead tile] columnGap [content] columnGap [side]`.
public struct CardSpec: Sendable, TemplateSpec {
    public var radius: Double = 0
    public var border: Double = 0
    public var padding = Insets()
    public var leadTile: Double = 0
    public var leadTileRadius: Double = 0
    public var leagueCodeInset: Double = 0
    public var columnGap: Double = 0
    public var side: Double = 0
    public var gameSide: Double = 0
    public var lineGap: Double = 0
    public var rowGap: Double = 0
    public var cellsGap: Double = 0
    public var cellSpacing: Double = 0
    public var cellLabelGap: Double = 0

    static let schema = Schema(
        "The card box and its grid: lead tile, content column, side column.",
        [
            .number("radius", \.radius, "the card's corner radius"),
            .number("border", \.border, "the border width; the border lies inside the box, the padding inside it"),
            .part("padding", \.padding, "inside the border"),
            .number("leadTile", \.leadTile, .aboveZero, "the square tile at the left of each card"),
            .number("leadTileRadius", \.leadTileRadius, "its corner radius"),
            .number(
                "leagueCodeInset", \.leagueCodeInset,
                "the least space between the league code and its tile's edges; a longer code is shortened"),
            .number("columnGap", \.columnGap, "lead tile to content, content to side"),
            .number("side", \.side, .aboveZero, "the right-hand column (times, durations, nights)"),
            .number("gameSide", \.gameSide, .aboveZero, "the same for game cards, whose times are larger"),
            .number("lineGap", \.lineGap, "a card's title to its second line"),
            .number("rowGap", \.rowGap, "above the venue row and the notes"),
            .number("cellsGap", \.cellsGap, "above a row of fact cells, and between rows of cells or ticket fields"),
            .number("cellSpacing", \.cellSpacing, "between two fact cells or ticket fields"),
            .number("cellLabelGap", \.cellLabelGap, "a cell's caps label to its value"),
        ])
}

/// The perforated strip at the foot of a game card with a ticket.
public struct TicketStripSpec: Sendable, TemplateSpec {
    public var gap: Double = 0
    public var rule: Double = 0
    public var dash: [Double] = []
    public var padding: Double = 0
    public var linkMinWidth: Double = 0

    static let schema = Schema(
        "The perforated strip at the foot of a game card with a ticket.",
        [
            .number("gap", \.gap, "above the perforation"),
            .number("rule", \.rule, .aboveZero, "the perforation's stroke width"),
            .lengths("dash", \.dash, .dash, "the perforation's dash pattern"),
            .number("padding", \.padding, "below the perforation"),
            .number(
                "linkMinWidth", \.linkMinWidth, .aboveZero,
                "the ticket link needs this much beside the fields, else it takes a row of its own"),
        ])
}

/// QR codes beside links. A code is at least `minimumSize` wide (18 mm, 51 pt, reads from
/// 30 cm on a home printer) and its modules at least `moduleSize` (so a long URL, which needs
/// more modules, gets a larger code); `gap` separates it from the text, which leaves it
/// `quietZone` modules of clear paper on every side as a scanner needs.
public struct QRCodeSpec: Sendable, TemplateSpec {
    public var minimumSize: Double = 0
    public var moduleSize: Double = 0
    public var quietZone: Int = 0
    public var gap: Double = 0
    public var color: String = ""

    static let schema = Schema(
        "QR codes beside links, drawn as vector squares.",
        [
            .number(
                "minimumSize", \.minimumSize, .aboveZero,
                "the least width of a code (51 pt, 18 mm, reads from 30 cm on a home printer)"),
            .number(
                "moduleSize", \.moduleSize, .aboveZero,
                "the least module: a long URL needs more modules and gets a larger code"),
            .whole(
                "quietZone", \.quietZone, 1...Int.max, "modules of clear paper kept round the code, as a scanner needs"),
            .number("gap", \.gap, "at least this much between the code and the text"),
            .color("color", \.color, "the code's dark modules"),
        ])

    /// The points per module for a code of `modules` modules a side.
    public func module(for modules: Int) -> Double { max(moduleSize, minimumSize / Double(max(1, modules))) }
}

/// A tinted box with an icon before its text.
public struct CalloutSpec: Sendable, TemplateSpec {
    public var radius: Double = 0
    public var paddingX: Double = 0
    public var paddingY: Double = 0

    static let schema = Schema(
        "A tinted box with an icon before its text.",
        [
            .number("radius", \.radius, "the box's corner radius"),
            .number("paddingX", \.paddingX, "inside the box, left and right"),
            .number("paddingY", \.paddingY, "inside the box, top and bottom"),
        ])
}

/// A small filled box behind a short text (a code, a team abbreviation).
public struct ChipSpec: Sendable, TemplateSpec {
    public var radius: Double = 0
    public var paddingX: Double = 0
    public var height: Double = 0

    static let schema = Schema(
        "A small filled box behind a short text.",
        [
            .number("radius", \.radius, "the chip's corner radius"),
            .number("paddingX", \.paddingX, "space each side of the text"),
            .number("height", \.height, .aboveZero, "the chip's height"),
        ])
}

/// An icon's size and stroke (in grid units), and the gap to the text after it.
public struct IconSpec: Sendable, TemplateSpec {
    public var size: Double = 0
    public var stroke: Double = 0
    public var gap: Double = 0

    static let schema = Schema(
        "An icon: its size, its stroke and the gap to the text after it.",
        [
            .number("size", \.size, .aboveZero, "the icon's side"),
            .number(
                "stroke", \.stroke, .aboveZero,
                "the stroke, in units of the icons' 24-unit grid (small icons take a heavier one to look as strong)"),
            .number("gap", \.gap, default: 0, "the space before the text that follows"),
        ], name: "Icon")
}

/// The icons of the day pages.
public struct DayIconsSpec: Sendable, TemplateSpec {
    public var tile = IconSpec()
    public var inline = IconSpec()
    public var note = IconSpec()
    public var link = IconSpec()

    static let schema = Schema(
        "The icons of the day pages.",
        [
            .part("tile", \.tile, "in a card's lead tile"),
            .part("inline", \.inline, "before a venue or notes line"),
            .part("note", \.note, "in the day-note callout"),
            .part("link", \.link, "after the ticket link"),
        ])
}

/// A set of roles (the day pages' text roles, their colour roles): each role names a style of
/// the template, or a colour token.
public protocol TemplateRoleSet: CodingKey, CaseIterable, Hashable, Sendable {
    /// Whether each role names a colour token (else a text style).
    static var namesColorTokens: Bool { get }
    /// What the role styles or colours, in one line (`the dashed line across a ticket`): the
    /// meaning of its key in the key reference.
    var meaning: String { get }
}

extension TemplateRoleSet {
    public static var namesColorTokens: Bool { false }
}

/// A JSON object naming a style or colour token for every role of `Role`: all required, no others.
public struct RoleMap<Role: TemplateRoleSet>: Sendable, TemplateSpec {
    private var names: [Role: String] = [:]

    // A key per role, documented by the role's meaning. Each role fills its entry of the map,
    // as a key fills a property.
    static var schema: Schema {
        Schema(
            Role.namesColorTokens ? "A colour token for every colour role." : "A style name for every text role.",
            Role.allCases.map { role in
                TemplateField(
                    Role.namesColorTokens
                        ? .color(role.stringValue, role.meaning) : .style(role.stringValue, role.meaning)
                ) {
                    o, key, map throws(TemplateError) in
                    map.names[role] = try Role.namesColorTokens ? o.color(key) : o.style(key)
                }
            },
            before: { o throws(TemplateError) in
                // An old template lacks several roles at once: name them all in one run.
                let written = Set(o.keys)
                let missing = Role.allCases.map(\.stringValue).filter { !written.contains($0) }
                guard missing.count > 1 else { return }
                throw TemplateError(
                    key: TemplateValue.text(o.path),
                    message: "\(missing.count) roles are missing: "
                        + missing.joined(separator: ", ")
                        + (Role.namesColorTokens
                            ? " (a colour token from `colors` each)" : " (a style name from `styles` each)"))
            })
    }

    /// The name given for `role`.
    public subscript(role: Role) -> String { names[role] ?? "" }
}
