/// The overview: a table of days (each row links to its day) and a table of stays.

/// Settings of the `overview` section of a template: the section title, the table's rules and
/// paddings, and each table's columns and text roles. Every key but `startsNewPage` is required.
public struct OverviewSpec: Sendable, TemplateObjectReadable {
    /// Start the section on a new page (unless already at the top of one).
    public var startsNewPage: Bool
    public var title: Title
    public var staysTitle: SubTitle
    public var table: TableSpec
    public var days: DaysTable
    public var stays: StaysTable

    /// The keys this section needs under `labels.<language>.overview`.
    public static let requiredLabels: [String] = [
        "title", "lead", "staysTitle",
        "day", "date", "city", "games", "travel", "distance", "time",
        "hotel", "checkIn", "checkOut", "nights", "confirmation",
        "restDay", "oneDay", "manyDays", "oneCity", "manyCities", "oneGame", "manyGames",
    ] + legLabels.flatMap { [$0.one, $0.many] }

    /// `{n} flight` / `{n} flights` and so on for every travel mode, in the order they are
    /// listed: the overview's totals and the day headings' summaries count legs in these words
    /// (so a template that prints the days needs them too).
    public static let legLabels: [(mode: String, one: String, many: String)] = [
        ("drive", "oneDrive", "manyDrives"), ("flight", "oneFlight", "manyFlights"), ("train", "oneTrain", "manyTrains"),
        ("bus", "oneBus", "manyBuses"), ("walk", "oneWalk", "manyWalks"), ("other", "oneOtherLeg", "manyOtherLegs"),
    ]

    static let keys = ["startsNewPage", "title", "staysTitle", "table", "days", "stays"]

    init(_ o: TemplateObject) throws(TemplateError) {
        startsNewPage = try o.bool("startsNewPage", default: false)
        title = try o.read("title")
        staysTitle = try o.read("staysTitle")
        table = try o.read("table")
        days = try o.read("days")
        stays = try o.read("stays")
    }

    /// Every text style the section names, with the key that names it (for the template check).
    public var styleReferences: [(key: String, style: String)] {
        var refs: [(String, String)] = [("title.style", title.style.style), ("title.lead", title.lead.style),
                                        ("staysTitle.style", staysTitle.style.style)]
        refs += table.roles.map { ("table.\($0.key)", $0.role.style) }
        refs += days.roles.map { ("days.\($0.key)", $0.role.style) }
        refs += stays.roles.map { ("stays.\($0.key)", $0.role.style) }
        return refs
    }

    /// Every colour token the section names, with the key that names it.
    public var colorReferences: [(key: String, color: String)] {
        var refs: [(String, String)] = [("table.headerRule.color", table.headerRule.color), ("table.rowRule.color", table.rowRule.color),
                                        ("table.totalsRule.color", table.totalsRule.color), ("days.travelIcon.color", days.travelIcon.color),
                                        ("stays.code.fill", stays.code.fill)]
        let roles = [("title.style", title.style), ("title.lead", title.lead), ("staysTitle.style", staysTitle.style)]
            + table.roles.map { ("table.\($0.key)", $0.role) } + days.roles.map { ("days.\($0.key)", $0.role) }
            + stays.roles.map { ("stays.\($0.key)", $0.role) }
        for (key, role) in roles { if let color = role.color { refs.append(("\(key).color", color)) } }
        return refs
    }

    // MARK: Parts

    /// Text in a named style, optionally in another colour token. Written as the style's name,
    /// or as `{ "style": "tableCell", "color": "ink3" }`.
    public struct TextRole: Sendable, TemplateReadable, Equatable {
        public var style: String
        public var color: String?

        init(_ value: TemplateValue) throws(TemplateError) {
            if case let .string(name) = value.json {
                style = name
                color = nil
                return
            }
            let o = try value.object(allowing: ["style", "color"])
            style = try o.string("style")
            color = try o.optionalString("color")
        }
    }

    /// The H1 and the lead line under it.
    public struct Title: Sendable, TemplateObjectReadable {
        /// Print the H1 and lead; without them the section still names itself in the running
        /// header (a template whose title block heads the page needs no second title).
        public var visible: Bool
        public var style: TextRole
        public var lead: TextRole
        /// Space between the title and the lead line.
        public var leadGap: Double
        /// Space between the lead line and the first table.
        public var spaceBelow: Double

        static let keys = ["visible", "style", "lead", "leadGap", "spaceBelow"]

        init(_ o: TemplateObject) throws(TemplateError) {
            visible = try o.bool("visible")
            style = try o.read("style")
            lead = try o.read("lead")
            leadGap = try o.nonNegative("leadGap")
            spaceBelow = try o.nonNegative("spaceBelow")
        }
    }

    /// The title over a second table (`Where you're staying`).
    public struct SubTitle: Sendable, TemplateObjectReadable {
        public var style: TextRole
        public var spaceAbove: Double
        public var spaceBelow: Double

        static let keys = ["style", "spaceAbove", "spaceBelow"]

        init(_ o: TemplateObject) throws(TemplateError) {
            style = try o.read("style")
            spaceAbove = try o.nonNegative("spaceAbove")
            spaceBelow = try o.nonNegative("spaceBelow")
        }
    }

    /// What both tables share: gaps, paddings, rules, page-break rules and the common text roles.
    public struct TableSpec: Sendable, TemplateObjectReadable {
        /// The space at the right of every column but the last; column widths include it.
        public var columnGap: Double
        /// How far into a column gap a game's time may reach before it takes a line of its own.
        public var overhang: Double
        public var headerStyle: TextRole
        public var headerPaddingBottom: Double
        public var headerRule: LineSpec
        public var rowPaddingTop: Double
        public var rowPaddingBottom: Double
        public var rowRule: LineSpec
        public var totalsStyle: TextRole
        public var totalsRule: LineSpec
        /// The `—` of an empty cell.
        public var emptyStyle: TextRole
        public var minimumRowsUnderHeader: Int
        public var rowsKeptWithTotals: Int

        static let keys = ["columnGap", "overhang", "headerStyle", "headerPaddingBottom", "headerRule", "rowPaddingTop", "rowPaddingBottom", "rowRule", "totalsStyle", "totalsRule", "emptyStyle", "minimumRowsUnderHeader", "rowsKeptWithTotals"]

        init(_ o: TemplateObject) throws(TemplateError) {
            columnGap = try o.nonNegative("columnGap")
            overhang = try o.nonNegative("overhang")
            headerStyle = try o.read("headerStyle")
            headerPaddingBottom = try o.nonNegative("headerPaddingBottom")
            headerRule = try o.read("headerRule")
            rowPaddingTop = try o.nonNegative("rowPaddingTop")
            rowPaddingBottom = try o.nonNegative("rowPaddingBottom")
            rowRule = try o.read("rowRule")
            totalsStyle = try o.read("totalsStyle")
            totalsRule = try o.read("totalsRule")
            emptyStyle = try o.read("emptyStyle")
            minimumRowsUnderHeader = try o.count("minimumRowsUnderHeader", atLeast: 1)
            rowsKeptWithTotals = try o.count("rowsKeptWithTotals", atLeast: 0)
        }

        var roles: [(key: String, role: TextRole)] {
            [("headerStyle", headerStyle), ("totalsStyle", totalsStyle), ("emptyStyle", emptyStyle)]
        }
    }

    /// A column: its width (points, gap included, or `"rest"`) and alignment (`left`, `right`).
    public struct ColumnSpec: Sendable, TemplateObjectReadable {
        public var column: TableColumn

        static let keys = ["width", "align"]

        init(_ o: TemplateObject) throws(TemplateError) {
            let width: TableColumn.Width
            if case let .string(word)? = o.optionalValue("width")?.json {
                guard word == "rest" else {
                    throw o.error("width", "must be a number or \"rest\"")
                }
                width = .rest
            } else {
                width = .fixed(try o.nonNegative("width"))
            }
            let align = try o.optionalString("align") ?? "left"
            guard align == "left" || align == "right" else {
                throw o.error("align", "must be \"left\" or \"right\"")
            }
            column = TableColumn(width, alignment: align == "right" ? .trailing : .leading)
        }
    }

    /// An icon's size and colour token.
    public struct IconSpec: Sendable, TemplateObjectReadable {
        public var size: Double
        public var color: String

        static let keys = ["size", "color"]

        init(_ o: TemplateObject) throws(TemplateError) {
            size = try o.nonNegative("size")
            color = try o.string("color")
        }
    }

    /// The days table: one row per day, a totals row at the end.
    public struct DaysTable: Sendable, TemplateObjectReadable {
        public var day, date, city, games, travel, distance, time: ColumnSpec
        public var dayStyle, dateStyle, cityStyle, matchupStyle, gameTimeStyle, travelStyle, arrowStyle, figureStyle, restDayStyle: TextRole
        /// Where a game's time starts, from the Games cell's left edge.
        public var gameTimeTab: Double
        /// The least space before the time when a matchup runs past the tab.
        public var gameTimeMinimumGap: Double
        public var travelIcon: IconSpec
        /// Where the travel text starts, beside the icon; wrapped lines hang there too.
        public var travelIndent: Double

        static let keys = ["columns", "dayStyle", "dateStyle", "cityStyle", "matchupStyle", "gameTimeStyle", "travelStyle", "arrowStyle", "figureStyle", "restDayStyle", "gameTimeTab", "gameTimeMinimumGap", "travelIcon", "travelIndent"]
        static let columnKeys = ["day", "date", "city", "games", "travel", "distance", "time"]

        init(_ o: TemplateObject) throws(TemplateError) {
            let cols = try o.object("columns", allowing: Self.columnKeys)
            day = try cols.read("day")
            date = try cols.read("date")
            city = try cols.read("city")
            games = try cols.read("games")
            travel = try cols.read("travel")
            distance = try cols.read("distance")
            time = try cols.read("time")
            dayStyle = try o.read("dayStyle"); dateStyle = try o.read("dateStyle"); cityStyle = try o.read("cityStyle")
            matchupStyle = try o.read("matchupStyle"); gameTimeStyle = try o.read("gameTimeStyle"); travelStyle = try o.read("travelStyle")
            arrowStyle = try o.read("arrowStyle"); figureStyle = try o.read("figureStyle"); restDayStyle = try o.read("restDayStyle")
            gameTimeTab = try o.nonNegative("gameTimeTab")
            gameTimeMinimumGap = try o.nonNegative("gameTimeMinimumGap")
            travelIcon = try o.read("travelIcon")
            travelIndent = try o.nonNegative("travelIndent")
        }

        /// The columns in printed order.
        public var columns: [TableColumn] { [day, date, city, games, travel, distance, time].map(\.column) }

        var roles: [(key: String, role: TextRole)] {
            [("dayStyle", dayStyle), ("dateStyle", dateStyle), ("cityStyle", cityStyle), ("matchupStyle", matchupStyle),
             ("gameTimeStyle", gameTimeStyle), ("travelStyle", travelStyle), ("arrowStyle", arrowStyle),
             ("figureStyle", figureStyle), ("restDayStyle", restDayStyle)]
        }
    }

    /// A confirmation code's chip: text role, fill token, corner radius and padding.
    public struct ChipSpec: Sendable, TemplateObjectReadable {
        public var style: TextRole
        public var fill: String
        public var radius: Double
        public var paddingY: Double
        public var paddingX: Double

        static let keys = ["style", "fill", "radius", "paddingY", "paddingX"]

        init(_ o: TemplateObject) throws(TemplateError) {
            style = try o.read("style")
            fill = try o.string("fill")
            radius = try o.nonNegative("radius")
            paddingY = try o.nonNegative("paddingY")
            paddingX = try o.nonNegative("paddingX")
        }
    }

    /// The stays table: one row per lodging.
    public struct StaysTable: Sendable, TemplateObjectReadable {
        public var hotel, checkIn, checkOut, nights, confirmation: ColumnSpec
        public var hotelStyle, dateStyle, timeStyle, nightsStyle: TextRole
        public var code: ChipSpec

        static let keys = ["columns", "hotelStyle", "dateStyle", "timeStyle", "nightsStyle", "code"]
        static let columnKeys = ["hotel", "checkIn", "checkOut", "nights", "confirmation"]

        init(_ o: TemplateObject) throws(TemplateError) {
            let cols = try o.object("columns", allowing: Self.columnKeys)
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

        /// The columns in printed order.
        public var columns: [TableColumn] { [hotel, checkIn, checkOut, nights, confirmation].map(\.column) }

        var roles: [(key: String, role: TextRole)] {
            [("hotelStyle", hotelStyle), ("dateStyle", dateStyle), ("timeStyle", timeStyle), ("nightsStyle", nightsStyle), ("code.style", code.style)]
        }
    }
}
