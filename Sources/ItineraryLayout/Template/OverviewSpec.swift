/// The overview: a table of days (each row links to its day) and a table of stays.

/// Settings of the `overview` section of a template: the section title, the table's rules and
/// paddings, and each table's columns and text roles. Every key but `startsNewPage` is required.
public struct OverviewSpec: Sendable, Decodable {
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
        "oneDrive", "manyDrives", "oneFlight", "manyFlights", "oneTrain", "manyTrains",
        "oneBus", "manyBuses", "oneWalk", "manyWalks", "oneOtherLeg", "manyOtherLegs",
    ]

    enum CodingKeys: String, CodingKey, CaseIterable { case startsNewPage, title, staysTitle, table, days, stays }

    public init(from decoder: Decoder) throws {
        let c = try strictContainer(decoder, CodingKeys.self)
        startsNewPage = try c.decodeIfPresent(Bool.self, forKey: .startsNewPage) ?? false
        title = try c.decode(Title.self, forKey: .title)
        staysTitle = try c.decode(SubTitle.self, forKey: .staysTitle)
        table = try c.decode(TableSpec.self, forKey: .table)
        days = try c.decode(DaysTable.self, forKey: .days)
        stays = try c.decode(StaysTable.self, forKey: .stays)
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
    public struct TextRole: Sendable, Decodable, Equatable {
        public var style: String
        public var color: String?

        enum CodingKeys: String, CodingKey, CaseIterable { case style, color }

        public init(from decoder: Decoder) throws {
            if let name = try? decoder.singleValueContainer().decode(String.self) {
                style = name
                color = nil
                return
            }
            let c = try strictContainer(decoder, CodingKeys.self)
            style = try c.decode(String.self, forKey: .style)
            color = try c.decodeIfPresent(String.self, forKey: .color)
        }
    }

    /// The H1 and the lead line under it.
    public struct Title: Sendable, Decodable {
        /// Print the H1 and lead; without them the section still names itself in the running
        /// header (a template whose title block heads the page needs no second title).
        public var visible: Bool
        public var style: TextRole
        public var lead: TextRole
        /// Space between the title and the lead line.
        public var leadGap: Double
        /// Space between the lead line and the first table.
        public var spaceBelow: Double

        enum CodingKeys: String, CodingKey, CaseIterable { case visible, style, lead, leadGap, spaceBelow }

        public init(from decoder: Decoder) throws {
            let c = try strictContainer(decoder, CodingKeys.self)
            visible = try c.decode(Bool.self, forKey: .visible)
            style = try c.decode(TextRole.self, forKey: .style)
            lead = try c.decode(TextRole.self, forKey: .lead)
            leadGap = try nonNegative(c, .leadGap)
            spaceBelow = try nonNegative(c, .spaceBelow)
        }
    }

    /// The title over a second table (`Where you're staying`).
    public struct SubTitle: Sendable, Decodable {
        public var style: TextRole
        public var spaceAbove: Double
        public var spaceBelow: Double

        enum CodingKeys: String, CodingKey, CaseIterable { case style, spaceAbove, spaceBelow }

        public init(from decoder: Decoder) throws {
            let c = try strictContainer(decoder, CodingKeys.self)
            style = try c.decode(TextRole.self, forKey: .style)
            spaceAbove = try nonNegative(c, .spaceAbove)
            spaceBelow = try nonNegative(c, .spaceBelow)
        }
    }

    /// What both tables share: gaps, paddings, rules, page-break rules and the common text roles.
    public struct TableSpec: Sendable, Decodable {
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

        enum CodingKeys: String, CodingKey, CaseIterable {
            case columnGap, overhang, headerStyle, headerPaddingBottom, headerRule, rowPaddingTop, rowPaddingBottom, rowRule
            case totalsStyle, totalsRule, emptyStyle, minimumRowsUnderHeader, rowsKeptWithTotals
        }

        public init(from decoder: Decoder) throws {
            let c = try strictContainer(decoder, CodingKeys.self)
            columnGap = try nonNegative(c, .columnGap)
            overhang = try nonNegative(c, .overhang)
            headerStyle = try c.decode(TextRole.self, forKey: .headerStyle)
            headerPaddingBottom = try nonNegative(c, .headerPaddingBottom)
            headerRule = try c.decode(LineSpec.self, forKey: .headerRule)
            rowPaddingTop = try nonNegative(c, .rowPaddingTop)
            rowPaddingBottom = try nonNegative(c, .rowPaddingBottom)
            rowRule = try c.decode(LineSpec.self, forKey: .rowRule)
            totalsStyle = try c.decode(TextRole.self, forKey: .totalsStyle)
            totalsRule = try c.decode(LineSpec.self, forKey: .totalsRule)
            emptyStyle = try c.decode(TextRole.self, forKey: .emptyStyle)
            minimumRowsUnderHeader = try count(c, .minimumRowsUnderHeader, atLeast: 1)
            rowsKeptWithTotals = try count(c, .rowsKeptWithTotals, atLeast: 0)
        }

        var roles: [(key: String, role: TextRole)] {
            [("headerStyle", headerStyle), ("totalsStyle", totalsStyle), ("emptyStyle", emptyStyle)]
        }
    }

    /// A column: its width (points, gap included, or `"rest"`) and alignment (`left`, `right`).
    public struct ColumnSpec: Sendable, Decodable {
        public var column: TableColumn

        enum CodingKeys: String, CodingKey, CaseIterable { case width, align }

        public init(from decoder: Decoder) throws {
            let c = try strictContainer(decoder, CodingKeys.self)
            let width: TableColumn.Width
            if let word = try? c.decode(String.self, forKey: .width) {
                guard word == "rest" else {
                    throw DecodingError.dataCorruptedError(forKey: .width, in: c, debugDescription: "must be a number or \"rest\"")
                }
                width = .rest
            } else {
                width = .fixed(try nonNegative(c, .width))
            }
            let align = try c.decodeIfPresent(String.self, forKey: .align) ?? "left"
            guard align == "left" || align == "right" else {
                throw DecodingError.dataCorruptedError(forKey: .align, in: c, debugDescription: "must be \"left\" or \"right\"")
            }
            column = TableColumn(width, alignment: align == "right" ? .trailing : .leading)
        }
    }

    /// An icon's size and colour token.
    public struct IconSpec: Sendable, Decodable {
        public var size: Double
        public var color: String

        enum CodingKeys: String, CodingKey, CaseIterable { case size, color }

        public init(from decoder: Decoder) throws {
            let c = try strictContainer(decoder, CodingKeys.self)
            size = try nonNegative(c, .size)
            color = try c.decode(String.self, forKey: .color)
        }
    }

    /// The days table: one row per day, a totals row at the end.
    public struct DaysTable: Sendable, Decodable {
        public var day, date, city, games, travel, distance, time: ColumnSpec
        public var dayStyle, dateStyle, cityStyle, matchupStyle, gameTimeStyle, travelStyle, arrowStyle, figureStyle, restDayStyle: TextRole
        /// Where a game's time starts, from the Games cell's left edge.
        public var gameTimeTab: Double
        /// The least space before the time when a matchup runs past the tab.
        public var gameTimeMinimumGap: Double
        public var travelIcon: IconSpec
        /// Where the travel text starts, beside the icon; wrapped lines hang there too.
        public var travelIndent: Double

        enum CodingKeys: String, CodingKey, CaseIterable {
            case columns, dayStyle, dateStyle, cityStyle, matchupStyle, gameTimeStyle, travelStyle, arrowStyle, figureStyle, restDayStyle
            case gameTimeTab, gameTimeMinimumGap, travelIcon, travelIndent
        }
        enum ColumnKeys: String, CodingKey, CaseIterable { case day, date, city, games, travel, distance, time }

        public init(from decoder: Decoder) throws {
            let c = try strictContainer(decoder, CodingKeys.self)
            let cols = try strictNested(c, .columns, ColumnKeys.self)
            day = try cols.decode(ColumnSpec.self, forKey: .day)
            date = try cols.decode(ColumnSpec.self, forKey: .date)
            city = try cols.decode(ColumnSpec.self, forKey: .city)
            games = try cols.decode(ColumnSpec.self, forKey: .games)
            travel = try cols.decode(ColumnSpec.self, forKey: .travel)
            distance = try cols.decode(ColumnSpec.self, forKey: .distance)
            time = try cols.decode(ColumnSpec.self, forKey: .time)
            func role(_ k: CodingKeys) throws -> TextRole { try c.decode(TextRole.self, forKey: k) }
            dayStyle = try role(.dayStyle); dateStyle = try role(.dateStyle); cityStyle = try role(.cityStyle)
            matchupStyle = try role(.matchupStyle); gameTimeStyle = try role(.gameTimeStyle); travelStyle = try role(.travelStyle)
            arrowStyle = try role(.arrowStyle); figureStyle = try role(.figureStyle); restDayStyle = try role(.restDayStyle)
            gameTimeTab = try nonNegative(c, .gameTimeTab)
            gameTimeMinimumGap = try nonNegative(c, .gameTimeMinimumGap)
            travelIcon = try c.decode(IconSpec.self, forKey: .travelIcon)
            travelIndent = try nonNegative(c, .travelIndent)
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
    public struct ChipSpec: Sendable, Decodable {
        public var style: TextRole
        public var fill: String
        public var radius: Double
        public var paddingY: Double
        public var paddingX: Double

        enum CodingKeys: String, CodingKey, CaseIterable { case style, fill, radius, paddingY, paddingX }

        public init(from decoder: Decoder) throws {
            let c = try strictContainer(decoder, CodingKeys.self)
            style = try c.decode(TextRole.self, forKey: .style)
            fill = try c.decode(String.self, forKey: .fill)
            radius = try nonNegative(c, .radius)
            paddingY = try nonNegative(c, .paddingY)
            paddingX = try nonNegative(c, .paddingX)
        }
    }

    /// The stays table: one row per lodging.
    public struct StaysTable: Sendable, Decodable {
        public var hotel, checkIn, checkOut, nights, confirmation: ColumnSpec
        public var hotelStyle, dateStyle, timeStyle, nightsStyle: TextRole
        public var code: ChipSpec

        enum CodingKeys: String, CodingKey, CaseIterable { case columns, hotelStyle, dateStyle, timeStyle, nightsStyle, code }
        enum ColumnKeys: String, CodingKey, CaseIterable { case hotel, checkIn, checkOut, nights, confirmation }

        public init(from decoder: Decoder) throws {
            let c = try strictContainer(decoder, CodingKeys.self)
            let cols = try strictNested(c, .columns, ColumnKeys.self)
            hotel = try cols.decode(ColumnSpec.self, forKey: .hotel)
            checkIn = try cols.decode(ColumnSpec.self, forKey: .checkIn)
            checkOut = try cols.decode(ColumnSpec.self, forKey: .checkOut)
            nights = try cols.decode(ColumnSpec.self, forKey: .nights)
            confirmation = try cols.decode(ColumnSpec.self, forKey: .confirmation)
            hotelStyle = try c.decode(TextRole.self, forKey: .hotelStyle)
            dateStyle = try c.decode(TextRole.self, forKey: .dateStyle)
            timeStyle = try c.decode(TextRole.self, forKey: .timeStyle)
            nightsStyle = try c.decode(TextRole.self, forKey: .nightsStyle)
            code = try c.decode(ChipSpec.self, forKey: .code)
        }

        /// The columns in printed order.
        public var columns: [TableColumn] { [hotel, checkIn, checkOut, nights, confirmation].map(\.column) }

        var roles: [(key: String, role: TextRole)] {
            [("hotelStyle", hotelStyle), ("dateStyle", dateStyle), ("timeStyle", timeStyle), ("nightsStyle", nightsStyle), ("code.style", code.style)]
        }
    }
}

/// A whole number no smaller than `atLeast`.
private func count<K: CodingKey>(_ c: KeyedDecodingContainer<K>, _ key: K, atLeast minimum: Int) throws -> Int {
    let v = try c.decode(Int.self, forKey: key)
    guard v >= minimum else { throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: "must be a whole number of \(minimum) or more") }
    return v
}

/// A nested object whose keys must all be `Keys` (the columns of a table).
private func strictNested<K: CodingKey, Keys: CodingKey & CaseIterable>(_ c: KeyedDecodingContainer<K>, _ key: K,
                                                                       _ keys: Keys.Type) throws -> KeyedDecodingContainer<Keys> {
    try strictContainer(c.superDecoder(forKey: key), keys)
}
