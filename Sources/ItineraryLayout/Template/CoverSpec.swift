/// The cover page: brand row, title, route line, meta row, route map, stat tiles.

/// Settings of the `cover` section of a template. Every size and gap of the cover lives here,
/// the style and colour token of each part in the role maps `styles` and `colors` (as in the
/// other sections; the route map, a figure with settings of its own, names its own); the words
/// live under `labels.<language>.cover`.
public struct CoverSpec: Sendable, TemplateSpec {
    public var startsNewPage: Bool = false
    public var brand = CoverBrandSpec()
    public var gaps = CoverGaps()
    public var title = CoverTextSpec()
    public var route = CoverRouteSpec()
    public var meta = CoverMetaSpec()
    public var map = RouteMapSpec()
    public var mapKey: CoverMapKeySpec?
    public var stats = CoverStatsSpec()
    public var styles: RoleMap<CoverStyle> = RoleMap()
    public var colors: RoleMap<CoverColor> = RoleMap()

    static let schema = Schema(
        "The cover: one page, always: brand row, title, route line, meta row, route map, its key, stat tiles and a note. It is one block exactly as tall as its page's body frame.",
        [
            .flag("startsNewPage", \.startsNewPage, default: false, "start the section on a new page"),
            .part("brand", \.brand, "the top row"),
            .part("gaps", \.gaps, "the space below each part"),
            .part(
                "title", \.title,
                "the trip's name, or its default (the route); beyond `maxLines` the last line ends in …"),
            .part("route", \.route, "the cities joined by ` → `"),
            .part("meta", \.meta, "the row of dates, traveler and leagues"),
            .part("map", \.map, "the route map"),
            .part("mapKey", \.mapKey, "the key under the map (left out: none)"),
            .part("stats", \.stats, "the stat tiles"),
            .moved("noteStyle", of: CoverSpec.self, to: .note),
            .part("styles", \.styles, "a style for every text role of the cover"),
            .part("colors", \.colors, "a colour token for every colour role of the cover"),
        ])
}

/// The text roles of the cover; each names a style of the template.
public enum CoverStyle: String, TemplateRoleSet {
    case brand, brandLabel, title, route, metaLabel, metaValue, chip, leagueName
    case mapKey, mapKeyNumber, continued, statValue, statUnit, statLabel, note

    public var meaning: String {
        switch self {
        case .brand: "the product name in the brand row (`footer.wordmark`)"
        case .brandLabel: "`TRIP ITINERARY`, at the right of the brand row"
        case .title: "the trip's name (or its route)"
        case .route: "the route line under the title, `Chicago → Milwaukee → …`"
        case .metaLabel: "the meta row's caps labels, `DATES`, `TRAVELER`, `LEAGUES`"
        case .metaValue: "the meta row's dates and traveler"
        case .chip: "a league's code, on its chip"
        case .leagueName: "the full name of the trip's one league after its chip, or the `+3` of leagues left out"
        case .mapKey: "the cities of the map's key"
        case .mapKeyNumber: "the stop numbers before each city of the key, `3·5`"
        case .continued: "the `CONTINUED · MAP KEY` cue atop the rest of the key on page 2"
        case .statValue: "a stat tile's figure, `1,173`"
        case .statUnit: "a figure's unit, `mi`"
        case .statLabel: "a stat tile's caps label, `DISTANCE`"
        case .note: "the closing note"
        }
    }
}

/// The colour roles of the cover; each names a colour token of the template.
public enum CoverColor: String, TemplateRoleSet {
    public static let namesColorTokens = true
    case disc, seam, chip, statTile

    public var meaning: String {
        switch self {
        case .disc: "the brand row's disc"
        case .seam: "the two seam arcs on the disc"
        case .chip: "the league chips of the meta row"
        case .statTile: "the stat tiles"
        }
    }
}

/// The brand row: a disc with seam arcs and the product name, and a caps label at the right.
public struct CoverBrandSpec: Sendable, TemplateSpec {
    public var height: Double = 0
    public var disc: Double = 0
    public var gap: Double = 0

    static let schema = Schema(
        "The brand row: a disc with seam arcs and the product name (`footer.wordmark`), a caps label at the right.",
        [
            .number("height", \.height, .aboveZero, "the row's height; the disc and the caps label are centred in it"),
            .number("disc", \.disc, .aboveZero, "the disc's diameter"),
            .moved("discColor", of: CoverSpec.self, recoloured: .disc),
            .moved("seamColor", of: CoverSpec.self, recoloured: .seam),
            .number("gap", \.gap, "disc to name"),
            .moved("style", of: CoverSpec.self, to: .brand), .moved("labelStyle", of: CoverSpec.self, to: .brandLabel),
        ])
}

/// Space below each part of the cover, from the top.
public struct CoverGaps: Sendable, TemplateSpec {
    public var brand: Double = 0
    public var title: Double = 0
    public var route: Double = 0
    public var meta: Double = 0
    public var map: Double = 0
    public var mapKey: Double = 0
    public var stats: Double = 0

    static let schema = Schema(
        "Space below each part of the cover, from the top.",
        [
            .number("brand", \.brand, "below the brand row"),
            .number("title", \.title, "below the title"),
            .number("route", \.route, "below the route line"),
            .number("meta", \.meta, "below the meta row"),
            .number("map", \.map, "below the map's key (or the map, without one), above the tiles"),
            .number("mapKey", \.mapKey, default: 6, "between the map and its key"),
            .number("stats", \.stats, "below the tiles"),
        ])
}

/// A block of text with a line limit (beyond it, the last line ends in an ellipsis).
public struct CoverTextSpec: Sendable, TemplateSpec {
    public var maxLines: Int = 0
    public var smallScale: Double = 1

    static let schema = Schema(
        "A block of text with a line limit.",
        [
            .moved("style", of: CoverSpec.self, to: .title),
            .whole("maxLines", \.maxLines, 1...Int.max, "beyond this many lines the last one ends in …"),
            .number(
                "smallScale", \.smallScale, NumberRule(aboveZero: true, signed: false, maximum: 1), default: 1,
                "the trip's name (the title only) longer than `maxLines` is set smaller, in steps down to this share of its size, before it is cut; 1 cuts it at its size"
            ),
        ])
}

/// The map's key: every stop's number and city, so a printed map whose markers sit close (or
/// whose labels had no room) can still be read. Beyond `maxLines`, it ends in an ellipsis.
public struct CoverMapKeySpec: Sendable, TemplateSpec {
    public var maxLines: Int = 0
    public var smallScale: Double = 0
    public var minimumMapHeight: Double = 0

    static let schema = Schema(
        "The map's key, `1 Chicago · 2 Milwaukee · …`: every place in order, so that a printed map whose markers sit close can be read. It never leaves a place out: a key longer than `maxLines` is set smaller, on as many lines as it takes, the map giving up the height; what does not fit above the map's least height goes on under the cover, on page 2.",
        [
            .moved("style", of: CoverSpec.self, to: .mapKey),
            .moved("numberStyle", of: CoverSpec.self, to: .mapKeyNumber),
            .whole(
                "maxLines", \.maxLines, 1...Int.max,
                "the most lines at the styles' size; a longer key is set at `smallScale`"),
            .number(
                "smallScale", \.smallScale, .aboveZero(atMost: 1), default: 0.85,
                "the size of a key longer than `maxLines`, as a share of its styles' size"),
            .number(
                "minimumMapHeight", \.minimumMapHeight, default: 160, "the least height the map keeps for a long key"),
        ])
}

/// The route line: every city, or when that takes more than `maxLines`, the first
/// `headCities`, an ellipsis, the last city and the number of stops.
public struct CoverRouteSpec: Sendable, TemplateSpec {
    public var maxLines: Int = 0
    public var headCities: Int = 0

    static let schema = Schema(
        "The route line: every city, or when that takes more than `maxLines`, `A → B → C → … → Z · 36 stops`.",
        [
            .moved("style", of: CoverSpec.self, to: .route),
            .whole("maxLines", \.maxLines, 1...Int.max, "the most lines the full route may take"),
            .whole("headCities", \.headCities, 1...Int.max, "the cities shown before the … of a shortened route"),
        ])
}

/// The meta row: caps label over a value, for dates, traveler and leagues.
public struct CoverMetaSpec: Sendable, TemplateSpec {
    public var labelGap: Double = 0
    public var columnGap: Double = 0
    public var chipRadius: Double = 0
    public var chipPaddingX: Double = 0
    public var chipPaddingY: Double = 0
    public var chipGap: Double = 0
    public var leagueNameGap: Double = 0
    public var travelerLines: Int = 2

    static let schema = Schema(
        "The meta row: a caps label over a value for dates, traveler and leagues (a column without a value is left out). When the row is too wide the league's full name goes first, then the traveler's name wraps (to `travelerLines`, the last ending in … only beyond them).",
        [
            .moved("labelStyle", of: CoverSpec.self, to: .metaLabel),
            .moved("valueStyle", of: CoverSpec.self, to: .metaValue),
            .number("labelGap", \.labelGap, "between a label and its value"),
            .number("columnGap", \.columnGap, "after the wider of a column's label and value"),
            .moved("chipStyle", of: CoverSpec.self, to: .chip),
            .moved("chipColor", of: CoverSpec.self, recoloured: .chip),
            .number("chipRadius", \.chipRadius, "their corner radius"),
            .number("chipPaddingX", \.chipPaddingX, "space each side of the code"),
            .number("chipPaddingY", \.chipPaddingY, "space above and below it"),
            .number("chipGap", \.chipGap, "between two chips, in order of first game"),
            .moved("leagueNameStyle", of: CoverSpec.self, to: .leagueName),
            .number("leagueNameGap", \.leagueNameGap, "between the chip and that name"),
            .whole(
                "travelerLines", \.travelerLines, 1...4, default: 2,
                "lines the traveler's name may take in its column; beyond them the last ends in …"),
        ])
}

/// The stat tiles under the map.
public struct CoverStatsSpec: Sendable, TemplateSpec {
    public var weights: [Double] = []
    public var gap: Double = 0
    public var radius: Double = 0
    public var paddingX: Double = 0
    public var paddingY: Double = 0
    public var labelGap: Double = 0
    public var minimumValueSize: Double = 0

    static let schema = Schema(
        "Six stat tiles under the map: days, games, stadiums, cities, distance (every leg, in the trip's units), travel time.",
        [
            .lengths("weights", \.weights, .exactly(6), "the six tiles' relative widths"),
            .number("gap", \.gap, "between two tiles"),
            .number("radius", \.radius, "a tile's corner radius"),
            .moved("fill", of: CoverSpec.self, recoloured: .statTile),
            .number("paddingX", \.paddingX, "inside a tile, left and right"),
            .number("paddingY", \.paddingY, "inside a tile, top and bottom"),
            .moved("valueStyle", of: CoverSpec.self, to: .statValue),
            .moved("unitStyle", of: CoverSpec.self, to: .statUnit),
            .moved("labelStyle", of: CoverSpec.self, to: .statLabel),
            .number("labelGap", \.labelGap, "between the figure and the label"),
            .number(
                "minimumValueSize", \.minimumValueSize, .aboveZero,
                "a figure too wide for its tile is set a point smaller at a time, down to this size"),
        ])
}

// The first cover templates named each part's style and colour in place (`"noteStyle": "note"`):
// such keys are refused with the role that replaces them.
extension CoverSpec: RoleMapped {
    typealias StyleRole = CoverStyle
    typealias ColorRole = CoverColor
    static let sectionKey = "cover"
}
