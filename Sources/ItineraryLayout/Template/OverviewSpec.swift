/// The overview: a table of days (each row links to its day) and a table of stays.

/// Settings of the `overview` section of a template: the section title, the table's rules and
/// paddings, and each table's columns and text roles. Every key but `startsNewPage` is required.
public struct OverviewSpec: Sendable, TemplateObjectReadable {
    public var startsNewPage: Bool
    public var title: Title
    public var staysTitle: SubTitle
    public var table: TableSpec
    public var days: DaysTable
    public var stays: StaysTable

    static let schema = TemplateSchema(
        "The overview: an H1 and lead, the table of days with a totals row, then the table of stays.",
        [
            .flag("startsNewPage", default: false, "start the section on a new page"),
            .part("title", Title.self, "the H1 and lead"),
            .part("staysTitle", SubTitle.self, "the heading of the table of stays"),
            .part("table", TableSpec.self, "what both tables share"),
            .part("days", DaysTable.self, "the table of days"),
            .part("stays", StaysTable.self, "the table of stays"),
        ])

    init(_ o: TemplateObject) throws(TemplateError) {
        startsNewPage = try o.flag("startsNewPage")
        title = try o.read("title")
        staysTitle = try o.read("staysTitle")
        table = try o.read("table")
        days = try o.read("days")
        stays = try o.read("stays")
    }

    // MARK: Parts

    /// Text in a named style, optionally in another colour token. Written as the style's name,
    /// or as `{ "style": "tableCell", "color": "ink3" }`.
    public struct TextRole: Sendable, TemplateReadable, Equatable {
        public var style: String
        public var color: String?

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
    public struct Title: Sendable, TemplateObjectReadable {
        public var visible: Bool
        public var style: TextRole
        public var lead: TextRole
        public var leadGap: Double
        public var spaceBelow: Double

        static let schema = TemplateSchema(
            "The overview's H1 and lead.",
            [
                .flag("visible", "print the H1 and lead; hidden, the section still names itself in the running header"),
                .part("style", TextRole.self, "the H1"),
                .part("lead", TextRole.self, "the lead"),
                .number("leadGap", "between the H1 and the lead"),
                .number("spaceBelow", "below the lead"),
            ])

        init(_ o: TemplateObject) throws(TemplateError) {
            visible = try o.flag("visible")
            style = try o.read("style")
            lead = try o.read("lead")
            leadGap = try o.number("leadGap")
            spaceBelow = try o.number("spaceBelow")
        }
    }

    /// The title over a second table (`Where you're staying`).
    public struct SubTitle: Sendable, TemplateObjectReadable {
        public var style: TextRole
        public var spaceAbove: Double
        public var spaceBelow: Double

        static let schema = TemplateSchema(
            "A heading between the tables.",
            [
                .part("style", TextRole.self, "the heading"),
                .number("spaceAbove", "above it"),
                .number("spaceBelow", "below it"),
            ])

        init(_ o: TemplateObject) throws(TemplateError) {
            style = try o.read("style")
            spaceAbove = try o.number("spaceAbove")
            spaceBelow = try o.number("spaceBelow")
        }
    }

    /// What both tables share: gaps, paddings, rules, page-break rules and the common text roles.
    public struct TableSpec: Sendable, TemplateObjectReadable {
        public var columnGap: Double
        public var overhang: Double
        public var headerStyle: TextRole
        public var headerPaddingBottom: Double
        public var headerRule: LineSpec
        public var rowPaddingTop: Double
        public var rowPaddingBottom: Double
        public var rowRule: LineSpec
        public var totalsStyle: TextRole
        public var totalsRule: LineSpec
        public var emptyStyle: TextRole
        public var minimumRowsUnderHeader: Int
        public var rowsKeptWithTotals: Int

        static let schema = TemplateSchema(
            "What both tables share: gaps, rules, the header row and the totals row.",
            [
                .number("columnGap", "between two columns"),
                .number(
                    "overhang",
                    "room in the column gap that tabbed text (a game's time) may take rather than go to a line of its own; a larger one is taken as `columnGap`"
                ),
                .part("headerStyle", TextRole.self, "the caps header row"),
                .number("headerPaddingBottom", "below the header's text"),
                .part("headerRule", LineSpec.self, "under the header"),
                .number("rowPaddingTop", "above a row's text"),
                .number("rowPaddingBottom", "below a row's text"),
                .part("rowRule", LineSpec.self, "between two rows"),
                .part("totalsStyle", TextRole.self, "the totals row"),
                .part("totalsRule", LineSpec.self, "above the totals"),
                .part("emptyStyle", TextRole.self, "an empty cell's dash"),
                .whole("minimumRowsUnderHeader", 1...Int.max, "a header never ends a page with fewer rows under it"),
                .whole("rowsKeptWithTotals", 0...Int.max, "rows that go to the next page with the totals"),
                .retired("cellStyle", "no longer used (each column's style is set in `days` and `stays`): delete it"),
            ])

        init(_ o: TemplateObject) throws(TemplateError) {
            columnGap = try o.number("columnGap")
            overhang = try o.number("overhang")
            headerStyle = try o.read("headerStyle")
            headerPaddingBottom = try o.number("headerPaddingBottom")
            headerRule = try o.read("headerRule")
            rowPaddingTop = try o.number("rowPaddingTop")
            rowPaddingBottom = try o.number("rowPaddingBottom")
            rowRule = try o.read("rowRule")
            totalsStyle = try o.read("totalsStyle")
            totalsRule = try o.read("totalsRule")
            emptyStyle = try o.read("emptyStyle")
            minimumRowsUnderHeader = try o.whole("minimumRowsUnderHeader")
            rowsKeptWithTotals = try o.whole("rowsKeptWithTotals")
        }

    }

    /// A column: its width (points, gap included, or `"rest"`) and alignment (`left`, `right`).
    public struct ColumnSpec: Sendable, TemplateObjectReadable {
        public var column: TableColumn

        static let schema = TemplateSchema(
            "A table column.",
            [
                TemplateKey(
                    name: "width", kind: .numberOrWord(.atLeastZero, "rest"), presence: .required,
                    doc: "the column's width; `rest`: what the fixed columns leave"),
                .choice("align", Alignment.self, default: .left, "the cells' alignment"),
            ], name: "Column")

        /// The two ways a column's cells line up.
        enum Alignment: String, CaseIterable { case left, right }

        init(_ o: TemplateObject) throws(TemplateError) {
            let width: TableColumn.Width
            if case let .string(word)? = o.optionalValue("width")?.json {
                guard word == "rest" else {
                    throw o.error("width", "must be a number or \"rest\"")
                }
                width = .rest
            } else {
                width = .fixed(try o.number("width"))
            }
            column = TableColumn(
                width, alignment: try o.choice("align", Alignment.self) == .right ? .trailing : .leading)
        }
    }

    /// An icon's size and colour token.
    public struct IconSpec: Sendable, TemplateObjectReadable {
        public var size: Double
        public var color: String

        static let schema = TemplateSchema(
            "An icon in a table cell.",
            [
                .number("size", "the icon's side"),
                .color("color", "its stroke"),
            ])

        init(_ o: TemplateObject) throws(TemplateError) {
            size = try o.number("size")
            color = try o.color("color")
        }
    }

    /// The days table: one row per day, a totals row at the end.
    public struct DaysTable: Sendable, TemplateObjectReadable {
        public var day, date, city, games, travel, distance, time: ColumnSpec
        public var dayStyle, dateStyle, cityStyle, matchupStyle, gameTimeStyle, travelStyle, arrowStyle, figureStyle,
            restDayStyle: TextRole
        public var gameTimeTab: Double
        public var gameTimeMinimumGap: Double
        public var travelIcon: IconSpec
        public var travelIndent: Double

        static let columns = TemplateSchema(
            "The columns of the table of days.",
            ["day", "date", "city", "games", "travel", "distance", "time"].map {
                .part($0, ColumnSpec.self, "the \($0) column")
            })

        static let schema = TemplateSchema(
            "The table of days: one row per day, its games and legs in the cells.",
            [
                TemplateKey(
                    name: "columns", kind: .object(columns), presence: .required, doc: "the columns, left to right"),
                .part("dayStyle", TextRole.self, "the day's number"),
                .part("dateStyle", TextRole.self, "the date"),
                .part("cityStyle", TextRole.self, "the city"),
                .part("matchupStyle", TextRole.self, "a game's matchup"),
                .part("gameTimeStyle", TextRole.self, "its start time"),
                .part("travelStyle", TextRole.self, "a leg"),
                .part("arrowStyle", TextRole.self, "the leg's arrow"),
                .part("figureStyle", TextRole.self, "distances and times"),
                .part("restDayStyle", TextRole.self, "`Rest day`"),
                .number("gameTimeTab", "a game's time is set at this tab stop in its cell"),
                .number("gameTimeMinimumGap", "at least this much between the matchup and its time"),
                .part("travelIcon", IconSpec.self, "the icon before a leg"),
                .number("travelIndent", "a leg's text, after its icon"),
            ])

        init(_ o: TemplateObject) throws(TemplateError) {
            let cols = try o.value("columns").object(Self.columns)
            day = try cols.read("day")
            date = try cols.read("date")
            city = try cols.read("city")
            games = try cols.read("games")
            travel = try cols.read("travel")
            distance = try cols.read("distance")
            time = try cols.read("time")
            dayStyle = try o.read("dayStyle"); dateStyle = try o.read("dateStyle"); cityStyle = try o.read("cityStyle")
            matchupStyle = try o.read("matchupStyle"); gameTimeStyle = try o.read("gameTimeStyle");
            travelStyle = try o.read("travelStyle")
            arrowStyle = try o.read("arrowStyle"); figureStyle = try o.read("figureStyle");
            restDayStyle = try o.read("restDayStyle")
            gameTimeTab = try o.number("gameTimeTab")
            gameTimeMinimumGap = try o.number("gameTimeMinimumGap")
            travelIcon = try o.read("travelIcon")
            travelIndent = try o.number("travelIndent")
        }

        public var columns: [TableColumn] { [day, date, city, games, travel, distance, time].map(\.column) }

    }

    /// A confirmation code's chip: text role, fill token, corner radius and padding.
    public struct ChipSpec: Sendable, TemplateObjectReadable {
        public var style: TextRole
        public var fill: String
        public var radius: Double
        public var paddingY: Double
        public var paddingX: Double

        static let schema = TemplateSchema(
            "A filled chip behind a short text.",
            [
                .part("style", TextRole.self, "its text"),
                .color("fill", "the chip"),
                .number("radius", "its corner radius"),
                .number("paddingY", "above and below the text"),
                .number("paddingX", "each side of the text"),
            ])

        init(_ o: TemplateObject) throws(TemplateError) {
            style = try o.read("style")
            fill = try o.color("fill")
            radius = try o.number("radius")
            paddingY = try o.number("paddingY")
            paddingX = try o.number("paddingX")
        }
    }

    /// The stays table: one row per lodging.
    public struct StaysTable: Sendable, TemplateObjectReadable {
        public var hotel, checkIn, checkOut, nights, confirmation: ColumnSpec
        public var hotelStyle, dateStyle, timeStyle, nightsStyle: TextRole
        public var code: ChipSpec

        static let columns = TemplateSchema(
            "The columns of the table of stays.",
            ["hotel", "checkIn", "checkOut", "nights", "confirmation"].map {
                .part($0, ColumnSpec.self, "the \($0) column")
            })

        static let schema = TemplateSchema(
            "The table of stays: one row per stay.",
            [
                TemplateKey(
                    name: "columns", kind: .object(columns), presence: .required, doc: "the columns, left to right"),
                .part("hotelStyle", TextRole.self, "the stay's name"),
                .part("dateStyle", TextRole.self, "check-in and check-out dates"),
                .part("timeStyle", TextRole.self, "their times"),
                .part("nightsStyle", TextRole.self, "the count of nights"),
                .part("code", ChipSpec.self, "the confirmation code's chip"),
            ])

        init(_ o: TemplateObject) throws(TemplateError) {
            let cols = try o.value("columns").object(Self.columns)
            hotel = try cols.read("hotel")
            checkIn = try cols.read("checkIn")
            checkOut = try cols.read("checkOut")
            nights = try cols.read("nights")
            confirmation = try cols.read("confirmation")
            hotelStyle = try o.read("hotelStyle")
            dateStyle = try o.read("dateStyle")
            timeStyle = try o.read("timeStyle")
            nightsStyle = try o.read("nightsStyle")
            code = try o.read("code")
        }

        public var columns: [TableColumn] { [hotel, checkIn, checkOut, nights, confirmation].map(\.column) }

    }
}
