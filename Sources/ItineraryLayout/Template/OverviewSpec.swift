/// The overview: a table of days (each row links to its day) and a table of stays.

/// Settings of the `overview` section of a template: the section title, the table's rules and
/// paddings, and each table's columns and text roles. Every key but `startsNewPage` is required.
public struct OverviewSpec: Sendable, TemplateSpec {
    public var startsNewPage: Bool = false
    public var title = Title()
    public var staysTitle = SubTitle()
    public var table = TableSpec()
    public var days = DaysTable()
    public var stays = StaysTable()

    static let schema = Schema(
        "The overview: an H1 and lead, the table of days with a totals row, then the table of stays.",
        [
            .flag("startsNewPage", \.startsNewPage, default: false, "start the section on a new page"),
            .part("title", \.title, "the H1 and lead"),
            .part("staysTitle", \.staysTitle, "the heading of the table of stays"),
            .part("table", \.table, "what both tables share"),
            .part("days", \.days, "the table of days"),
            .part("stays", \.stays, "the table of stays"),
        ])

    // MARK: Parts

    /// Text in a named style, optionally in another colour token. Written as the style's name,
    /// or as `{ "style": "tableCell", "color": "ink3" }`.
    public struct TextRole: Sendable, TemplateReadable, Equatable {
        public var style = ""
        public var color: String?

        init() {}

        static let kind = TemplateKind.shape(
            "style name, or `{ \"style\", \"color\" }` (a colour token replacing the style's)")
        private static let schema = TemplateSchema(
            "A text role: a style, optionally recoloured.",
            [
                .style("style", "the style"), .color("color", optional: true, "a colour token replacing the style's"),
            ])

        init(_ value: TemplateValue) throws(TemplateError) {
            if case .string = value.json {
                style = try value.styleName()
                color = nil
                return
            }
            let o = try value.object(Self.schema)
            style = try o.style("style")
            color = try o.optionalColor("color")
        }
    }

    /// The H1 and the lead line under it.
    public struct Title: Sendable, TemplateSpec {
        public var visible: Bool = false
        public var style = TextRole()
        public var lead = TextRole()
        public var leadGap: Double = 0
        public var spaceBelow: Double = 0

        static let schema = Schema(
            "The overview's H1 and lead.",
            [
                .flag(
                    "visible", \.visible,
                    "print the H1 and lead; hidden, the section still names itself in the running header"),
                .part("style", \.style, "the H1"),
                .part("lead", \.lead, "the lead"),
                .number("leadGap", \.leadGap, "between the H1 and the lead"),
                .number("spaceBelow", \.spaceBelow, "below the lead"),
            ])
    }

    /// The title over a second table (`Where you're staying`).
    public struct SubTitle: Sendable, TemplateSpec {
        public var style = TextRole()
        public var spaceAbove: Double = 0
        public var spaceBelow: Double = 0

        static let schema = Schema(
            "A heading between the tables.",
            [
                .part("style", \.style, "the heading"),
                .number("spaceAbove", \.spaceAbove, "above it"),
                .number("spaceBelow", \.spaceBelow, "below it"),
            ])
    }

    /// What both tables share: gaps, paddings, rules, page-break rules and the common text roles.
    public struct TableSpec: Sendable, TemplateSpec {
        public var columnGap: Double = 0
        public var overhang: Double = 0
        public var headerStyle = TextRole()
        public var headerPaddingBottom: Double = 0
        public var headerRule = LineSpec()
        public var rowPaddingTop: Double = 0
        public var rowPaddingBottom: Double = 0
        public var rowRule = LineSpec()
        public var totalsStyle = TextRole()
        public var totalsRule = LineSpec()
        public var emptyStyle = TextRole()
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
                .part("headerStyle", \.headerStyle, "the caps header row"),
                .number("headerPaddingBottom", \.headerPaddingBottom, "below the header's text"),
                .part("headerRule", \.headerRule, "under the header"),
                .number("rowPaddingTop", \.rowPaddingTop, "above a row's text"),
                .number("rowPaddingBottom", \.rowPaddingBottom, "below a row's text"),
                .part("rowRule", \.rowRule, "between two rows"),
                .part("totalsStyle", \.totalsStyle, "the totals row"),
                .part("totalsRule", \.totalsRule, "above the totals"),
                .part("emptyStyle", \.emptyStyle, "an empty cell's dash"),
                .whole(
                    "minimumRowsUnderHeader", \.minimumRowsUnderHeader, 1...Int.max,
                    "a header never ends a page with fewer rows under it"),
                .whole(
                    "rowsKeptWithTotals", \.rowsKeptWithTotals, 0...Int.max,
                    "rows that go to the next page with the totals"),
                .retired("cellStyle", "no longer used (each column's style is set in `days` and `stays`): delete it"),
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

    /// An icon's size and colour token.
    public struct IconSpec: Sendable, TemplateSpec {
        public var size: Double = 0
        public var color: String = ""

        static let schema = Schema(
            "An icon in a table cell.",
            [
                .number("size", \.size, "the icon's side"),
                .color("color", \.color, "its stroke"),
            ])
    }

    /// The days table: one row per day, a totals row at the end.
    public struct DaysTable: Sendable, TemplateSpec {
        /// The `columns` object.
        public var columnSpecs = DaysColumns()
        public var dayStyle = TextRole(), dateStyle = TextRole(), cityStyle = TextRole(), matchupStyle = TextRole()
        public var gameTimeStyle = TextRole(), travelStyle = TextRole(), arrowStyle = TextRole()
        public var figureStyle = TextRole(), restDayStyle = TextRole()
        public var gameTimeTab: Double = 0
        public var gameTimeMinimumGap: Double = 0
        public var travelIcon = IconSpec()
        public var travelIndent: Double = 0

        static let schema = Schema(
            "The table of days: one row per day, its games and legs in the cells.",
            [
                .part("columns", \.columnSpecs, "the columns, left to right"),
                .part("dayStyle", \.dayStyle, "the day's number"),
                .part("dateStyle", \.dateStyle, "the date"),
                .part("cityStyle", \.cityStyle, "the city"),
                .part("matchupStyle", \.matchupStyle, "a game's matchup"),
                .part("gameTimeStyle", \.gameTimeStyle, "its start time"),
                .part("travelStyle", \.travelStyle, "a leg"),
                .part("arrowStyle", \.arrowStyle, "the leg's arrow"),
                .part("figureStyle", \.figureStyle, "distances and times"),
                .part("restDayStyle", \.restDayStyle, "`Rest day`"),
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

    /// A confirmation code's chip: text role, fill token, corner radius and padding.
    public struct ChipSpec: Sendable, TemplateSpec {
        public var style = TextRole()
        public var fill: String = ""
        public var radius: Double = 0
        public var paddingY: Double = 0
        public var paddingX: Double = 0

        static let schema = Schema(
            "A filled chip behind a short text.",
            [
                .part("style", \.style, "its text"),
                .color("fill", \.fill, "the chip"),
                .number("radius", \.radius, "its corner radius"),
                .number("paddingY", \.paddingY, "above and below the text"),
                .number("paddingX", \.paddingX, "each side of the text"),
            ])
    }

    /// The stays table: one row per lodging.
    public struct StaysTable: Sendable, TemplateSpec {
        /// The `columns` object.
        public var columnSpecs = StaysColumns()
        public var hotelStyle = TextRole(), dateStyle = TextRole(), timeStyle = TextRole(), nightsStyle = TextRole()
        public var code = ChipSpec()

        static let schema = Schema(
            "The table of stays: one row per stay.",
            [
                .part("columns", \.columnSpecs, "the columns, left to right"),
                .part("hotelStyle", \.hotelStyle, "the stay's name"),
                .part("dateStyle", \.dateStyle, "check-in and check-out dates"),
                .part("timeStyle", \.timeStyle, "their times"),
                .part("nightsStyle", \.nightsStyle, "the count of nights"),
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
