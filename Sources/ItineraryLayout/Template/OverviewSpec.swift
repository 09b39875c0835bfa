/// The overview: a table of days (each row links to its day) and a table of stays.

/// Settings of the `overview` section of a template: the section title, the table's rules and
/// paddings, each table's columns, and which text style and colour token each part uses (role
/// maps, as the other sections have). Every key but `startsNewPage` is required.
public struct OverviewSpec: Sendable, TemplateSpec {
    public var startsNewPage: Bool = false
    public var title = SectionTitleSpec()
    public var staysTitle = SubTitle()
    public var table = TableSpec()
    public var days = DaysTable()
    public var stays = StaysTable()
    public var styles: RoleMap<OverviewStyle> = RoleMap()
    public var colors: RoleMap<OverviewColor> = RoleMap()

    static let schema = Schema(
        "The overview: an H1 and lead, the table of days with a totals row, then the table of stays.",
        [
            .flag("startsNewPage", \.startsNewPage, default: false, "start the section on a new page"),
            .part("title", \.title, "the H1 and lead"),
            .part("staysTitle", \.staysTitle, "the heading of the table of stays"),
            .part("table", \.table, "what both tables share"),
            .part("days", \.days, "the table of days"),
            .part("stays", \.stays, "the table of stays"),
            .part("styles", \.styles, "a style for every text role of the overview"),
            .part("colors", \.colors, "a colour token for every colour role of the overview"),
        ])

    // MARK: Parts

    /// The title over a second table (`Where you're staying`), in the text role `staysTitle`.
    public struct SubTitle: Sendable, TemplateSpec {
        public var spaceBefore: Double = 0
        public var spaceAfter: Double = 0

        static let schema = Schema(
            "A heading between the tables.",
            [
                .moved("style", of: OverviewSpec.self, to: .staysTitle),
                .number("spaceBefore", \.spaceBefore, "above it"),
                .number("spaceAfter", \.spaceAfter, "below it, before the table"),
                // Named as a section title's spaces are.
                .retired("spaceAbove", "renamed `spaceBefore`, as in a section title"),
                .retired("spaceBelow", "renamed `spaceAfter`, as in a section title"),
            ])
    }

    /// What both tables share: gaps, paddings, rules and page-break rules.
    public struct TableSpec: Sendable, TemplateSpec {
        public var columnGap: Double = 0
        public var overhang: Double = 0
        public var headerPaddingBottom: Double = 0
        public var headerRule = LineSpec()
        public var rowPaddingTop: Double = 0
        public var rowPaddingBottom: Double = 0
        public var rowRule = LineSpec()
        public var totalsRule = LineSpec()
        public var minimumRowsUnderHeader: Int = 0
        public var rowsKeptWithTotals: Int = 0

        static let schema = Schema(
            "What both tables share: gaps, rules, the header row and the totals row.",
            [
                .number("columnGap", \.columnGap, "between two columns"),
                .number(
                    "overhang", \.overhang,
                    "room in the column gap that tabbed text (a game's time) may take rather than go to a line of its own; a larger one is taken as `columnGap`"
                ),
                .moved("headerStyle", of: OverviewSpec.self, to: .header),
                .number("headerPaddingBottom", \.headerPaddingBottom, "below the header's text"),
                .part("headerRule", \.headerRule, "under the header"),
                .number("rowPaddingTop", \.rowPaddingTop, "above a row's text"),
                .number("rowPaddingBottom", \.rowPaddingBottom, "below a row's text"),
                .part("rowRule", \.rowRule, "between two rows"),
                .moved("totalsStyle", of: OverviewSpec.self, to: .totals),
                .part("totalsRule", \.totalsRule, "above the totals"),
                .moved("emptyStyle", of: OverviewSpec.self, to: .empty),
                .whole(
                    "minimumRowsUnderHeader", \.minimumRowsUnderHeader, 1...Int.max,
                    "a header never ends a page with fewer rows under it"),
                .whole(
                    "rowsKeptWithTotals", \.rowsKeptWithTotals, 0...Int.max,
                    "rows that go to the next page with the totals"),
                .retired("cellStyle", "no longer used (each column's style is set in `overview.styles`): delete it"),
            ])
    }

    /// A column: its width (points, gap included, or `"rest"`) and alignment (`left`, `right`).
    public struct ColumnSpec: Sendable, TemplateSpec {
        public var width = TableColumn.Width.rest
        var align = Alignment.left

        static let schema = Schema(
            "A table column.",
            [
                .part("width", \.width, "the column's width; `rest`: what the fixed columns leave"),
                .choice("align", \.align, default: .left, "the cells' alignment"),
            ], name: "Column")

        /// The two ways a column's cells line up.
        enum Alignment: String, CaseIterable { case left, right }

        public var column: TableColumn { TableColumn(width, alignment: align == .right ? .trailing : .leading) }
    }

    /// An icon's size; its colour is the colour role `travelIcon`.
    public struct IconSpec: Sendable, TemplateSpec {
        public var size: Double = 0

        static let schema = Schema(
            "An icon in a table cell.",
            [
                .number("size", \.size, "the icon's side"),
                .moved("color", of: OverviewSpec.self, recoloured: .travelIcon),
            ])
    }

    /// The days table: one row per day, a totals row at the end.
    public struct DaysTable: Sendable, TemplateSpec {
        /// The `columns` object.
        public var columnSpecs = DaysColumns()
        public var gameTimeTab: Double = 0
        public var gameTimeMinimumGap: Double = 0
        public var travelIcon = IconSpec()
        public var travelIndent: Double = 0

        static let schema = Schema(
            "The table of days: one row per day, its games and legs in the cells.",
            [
                .part("columns", \.columnSpecs, "the columns, left to right"),
                .moved("dayStyle", of: OverviewSpec.self, to: .day),
                .moved("dateStyle", of: OverviewSpec.self, to: .date),
                .moved("cityStyle", of: OverviewSpec.self, to: .city),
                .moved("matchupStyle", of: OverviewSpec.self, to: .matchup),
                .moved("gameTimeStyle", of: OverviewSpec.self, to: .gameTime),
                .moved("travelStyle", of: OverviewSpec.self, to: .travel),
                .moved("arrowStyle", of: OverviewSpec.self, to: .arrow, recoloured: .arrow),
                .moved("figureStyle", of: OverviewSpec.self, to: .figure),
                .moved("restDayStyle", of: OverviewSpec.self, to: .restDay, recoloured: .restDay),
                .number("gameTimeTab", \.gameTimeTab, "a game's time is set at this tab stop in its cell"),
                .number(
                    "gameTimeMinimumGap", \.gameTimeMinimumGap, "at least this much between the matchup and its time"),
                .part("travelIcon", \.travelIcon, "the icon before a leg"),
                .number("travelIndent", \.travelIndent, "a leg's text, after its icon"),
            ])

        public var columns: [TableColumn] { columnSpecs.all }
    }

    /// The columns of the table of days.
    public struct DaysColumns: Sendable, TemplateSpec {
        public var day = ColumnSpec(), date = ColumnSpec(), city = ColumnSpec(), games = ColumnSpec()
        public var travel = ColumnSpec(), distance = ColumnSpec(), time = ColumnSpec()

        static let schema = Schema(
            "The columns of the table of days.",
            [
                .part("day", \.day, "the day column"), .part("date", \.date, "the date column"),
                .part("city", \.city, "the city column"), .part("games", \.games, "the games column"),
                .part("travel", \.travel, "the travel column"), .part("distance", \.distance, "the distance column"),
                .part("time", \.time, "the time column"),
            ])

        /// Left to right.
        var all: [TableColumn] { [day, date, city, games, travel, distance, time].map(\.column) }
    }

    /// A confirmation code's chip: corner radius and padding; its text is the text role `code`
    /// and its fill the colour role `codeChip`.
    public struct ChipSpec: Sendable, TemplateSpec {
        public var radius: Double = 0
        public var paddingY: Double = 0
        public var paddingX: Double = 0

        static let schema = Schema(
            "A filled chip behind a short text.",
            [
                .moved("style", of: OverviewSpec.self, to: .code),
                .moved("fill", of: OverviewSpec.self, recoloured: .codeChip),
                .number("radius", \.radius, "its corner radius"),
                .number("paddingY", \.paddingY, "above and below the text"),
                .number("paddingX", \.paddingX, "each side of the text"),
            ])
    }

    /// The stays table: one row per lodging.
    public struct StaysTable: Sendable, TemplateSpec {
        /// The `columns` object.
        public var columnSpecs = StaysColumns()
        public var code = ChipSpec()

        static let schema = Schema(
            "The table of stays: one row per stay.",
            [
                .part("columns", \.columnSpecs, "the columns, left to right"),
                .moved("hotelStyle", of: OverviewSpec.self, to: .hotel),
                .moved("dateStyle", of: OverviewSpec.self, to: .stayDate),
                .moved("timeStyle", of: OverviewSpec.self, to: .stayTime),
                .moved("nightsStyle", of: OverviewSpec.self, to: .nights),
                .part("code", \.code, "the confirmation code's chip"),
            ])

        public var columns: [TableColumn] { columnSpecs.all }
    }

    /// The columns of the table of stays.
    public struct StaysColumns: Sendable, TemplateSpec {
        public var hotel = ColumnSpec(), checkIn = ColumnSpec(), checkOut = ColumnSpec(), nights = ColumnSpec()
        public var confirmation = ColumnSpec()

        static let schema = Schema(
            "The columns of the table of stays.",
            [
                .part("hotel", \.hotel, "the hotel column"), .part("checkIn", \.checkIn, "the checkIn column"),
                .part("checkOut", \.checkOut, "the checkOut column"), .part("nights", \.nights, "the nights column"),
                .part("confirmation", \.confirmation, "the confirmation column"),
            ])

        /// Left to right.
        var all: [TableColumn] { [hotel, checkIn, checkOut, nights, confirmation].map(\.column) }
    }
}

/// The text roles of the overview; each names a style of the template.
public enum OverviewStyle: String, TemplateRoleSet {
    case h1, lead, staysTitle, header, totals, empty
    case day, date, city, matchup, gameTime, travel, arrow, figure, restDay
    case hotel, stayDate, stayTime, nights, code

    public var meaning: String {
        switch self {
        case .h1: "the section's H1, `Overview`"
        case .lead: "the lead line under the H1"
        case .staysTitle: "the heading of the table of stays, `Where you're staying`"
        case .header: "both tables' caps header row, and the `CONTINUED` atop a row carried over"
        case .totals: "the totals row, `10 days · 6 cities`"
        case .empty: "the `—` of a cell with nothing to show"
        case .day: "the day's number, `3`"
        case .date: "the day's date, `Fri, Jun 12`"
        case .city: "the day's city"
        case .matchup: "a game in the Games cell, `MIN @ CHC`"
        case .gameTime: "a game's start time, at `gameTimeTab`"
        case .travel: "the cities of a leg, `From → To`"
        case .arrow: "the `→` of a leg, coloured by `colors.arrow`"
        case .figure: "a day's distance and time"
        case .restDay: "`Rest day` in the Games cell of a day without items, coloured by `colors.restDay`"
        case .hotel: "a stay's name"
        case .stayDate: "the date of a check-in or check-out"
        case .stayTime: "the time after that date, `3:00 PM`"
        case .nights: "a stay's nights"
        case .code: "a stay's confirmation code, on its chip"
        }
    }
}

/// The colour roles of the overview; each names a colour token of the template.
public enum OverviewColor: String, TemplateRoleSet {
    public static let namesColorTokens = true
    case arrow, restDay, travelIcon, codeChip

    public var meaning: String {
        switch self {
        case .arrow: "the `→` of a leg, over its style's colour"
        case .restDay: "`Rest day`, over its style's colour"
        case .travelIcon: "the mode's icon before a leg"
        case .codeChip: "the chip behind a confirmation code"
        }
    }
}

// The first overview templates wrote each text role in place (`"dayStyle": "tableCellStrong"`,
// `{ "style", "color" }`): such keys are refused with the role that replaces them.
extension OverviewSpec: RoleMapped {
    typealias StyleRole = OverviewStyle
    typealias ColorRole = OverviewColor
    static let sectionKey = "overview"
}
