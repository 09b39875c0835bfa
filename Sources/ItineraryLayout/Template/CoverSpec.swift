/// The cover page: brand row, title, route line, meta row, route map, stat tiles.

/// Settings of the `cover` section of a template. Every size, gap, colour token and style
/// name of the cover lives here; the words live under `labels.<language>.cover`.
public struct CoverSpec: Sendable, TemplateObjectReadable {
    public var startsNewPage: Bool
    public var brand: CoverBrandSpec
    public var gaps: CoverGaps
    public var title: CoverTextSpec
    public var route: CoverRouteSpec
    public var meta: CoverMetaSpec
    public var map: RouteMapSpec
    public var mapKey: CoverMapKeySpec?
    public var stats: CoverStatsSpec
    public var noteStyle: String

    static let schema = TemplateSchema(
        "The cover: one page, always: brand row, title, route line, meta row, route map, its key, stat tiles and a note. It is one block exactly as tall as its page's body frame.",
        [
            .flag("startsNewPage", default: false, "start the section on a new page"),
            .part("brand", CoverBrandSpec.self, "the top row"),
            .part("gaps", CoverGaps.self, "the space below each part"),
            .part(
                "title", CoverTextSpec.self,
                "the trip's name, or its default (the route); beyond `maxLines` the last line ends in …"),
            .part("route", CoverRouteSpec.self, "the cities joined by ` → `"),
            .part("meta", CoverMetaSpec.self, "the row of dates, traveler and leagues"),
            .part("map", RouteMapSpec.self, "the route map"),
            .part("mapKey", CoverMapKeySpec.self, optional: true, "the key under the map (left out: none)"),
            .part("stats", CoverStatsSpec.self, "the stat tiles"),
            .style("noteStyle", "the closing note"),
        ])

    init(_ o: TemplateObject) throws(TemplateError) {
        startsNewPage = try o.flag("startsNewPage")
        brand = try o.read("brand")
        gaps = try o.read("gaps")
        title = try o.read("title")
        route = try o.read("route")
        meta = try o.read("meta")
        map = try o.read("map")
        mapKey = try o.readIfPresent("mapKey")
        stats = try o.read("stats")
        noteStyle = try o.style("noteStyle")
    }
}

/// The brand row: a disc with seam arcs and the product name, and a caps label at the right.
public struct CoverBrandSpec: Sendable, TemplateObjectReadable {
    public var height: Double
    public var disc: Double
    public var discColor: String
    public var seamColor: String
    public var gap: Double
    public var style: String
    public var labelStyle: String

    static let schema = TemplateSchema(
        "The brand row: a disc with seam arcs and the product name (`footer.wordmark`), a caps label at the right.",
        [
            .number("height", .aboveZero, "the row's height; the disc and the caps label are centred in it"),
            .number("disc", .aboveZero, "the disc's diameter"),
            .color("discColor", "the disc"),
            .color("seamColor", "the mark's two seam arcs"),
            .number("gap", "disc to name"),
            .style("style", "the product name"),
            .style("labelStyle", "`TRIP ITINERARY`, right-aligned"),
        ])

    init(_ o: TemplateObject) throws(TemplateError) {
        height = try o.number("height")
        disc = try o.number("disc")
        discColor = try o.color("discColor")
        seamColor = try o.color("seamColor")
        gap = try o.number("gap")
        style = try o.style("style")
        labelStyle = try o.style("labelStyle")
    }
}

/// Space below each part of the cover, from the top.
public struct CoverGaps: Sendable, TemplateObjectReadable {
    public var brand: Double
    public var title: Double
    public var route: Double
    public var meta: Double
    public var map: Double
    public var mapKey: Double
    public var stats: Double

    static let schema = TemplateSchema(
        "Space below each part of the cover, from the top.",
        [
            .number("brand", "below the brand row"),
            .number("title", "below the title"),
            .number("route", "below the route line"),
            .number("meta", "below the meta row"),
            .number("map", "below the map's key (or the map, without one), above the tiles"),
            .number("mapKey", default: 6, "between the map and its key"),
            .number("stats", "below the tiles"),
        ])

    init(_ o: TemplateObject) throws(TemplateError) {
        brand = try o.number("brand")
        title = try o.number("title")
        route = try o.number("route")
        meta = try o.number("meta")
        map = try o.number("map")
        mapKey = try o.number("mapKey")
        stats = try o.number("stats")
    }
}

/// A block of text with a line limit (beyond it, the last line ends in an ellipsis).
public struct CoverTextSpec: Sendable, TemplateObjectReadable {
    public var style: String
    public var maxLines: Int

    static let schema = TemplateSchema(
        "A block of text with a line limit.",
        [
            .style("style", "the text"),
            .whole("maxLines", 1...Int.max, "beyond this many lines the last one ends in …"),
        ])

    init(_ o: TemplateObject) throws(TemplateError) {
        style = try o.style("style")
        maxLines = try o.whole("maxLines")
    }
}

/// The map's key: every stop's number and city, so a printed map whose markers sit close (or
/// whose labels had no room) can still be read. Beyond `maxLines`, it ends in an ellipsis.
public struct CoverMapKeySpec: Sendable, TemplateObjectReadable {
    public var style: String
    public var numberStyle: String
    public var maxLines: Int
    public var smallScale: Double
    public var minimumMapHeight: Double

    static let schema = TemplateSchema(
        "The map's key, `1 Chicago · 2 Milwaukee · …`: every place in order, so that a printed map whose markers sit close can be read. It never leaves a place out: a key longer than `maxLines` is set smaller, on as many lines as it takes, the map giving up the height; what does not fit above the map's least height goes on under the cover, on page 2.",
        [
            .style("style", "the cities"),
            .style("numberStyle", "the numbers"),
            .whole("maxLines", 1...Int.max, "the most lines at the styles' size; a longer key is set at `smallScale`"),
            .number(
                "smallScale", .aboveZero(atMost: 1), default: 0.85,
                "the size of a key longer than `maxLines`, as a share of its styles' size"),
            .number("minimumMapHeight", default: 160, "the least height the map keeps for a long key"),
        ])

    init(_ o: TemplateObject) throws(TemplateError) {
        style = try o.style("style")
        numberStyle = try o.style("numberStyle")
        maxLines = try o.whole("maxLines")
        smallScale = try o.number("smallScale")
        minimumMapHeight = try o.number("minimumMapHeight")
    }
}

/// The route line: every city, or when that takes more than `maxLines`, the first
/// `headCities`, an ellipsis, the last city and the number of stops.
public struct CoverRouteSpec: Sendable, TemplateObjectReadable {
    public var style: String
    public var maxLines: Int
    public var headCities: Int

    static let schema = TemplateSchema(
        "The route line: every city, or when that takes more than `maxLines`, `A → B → C → … → Z · 36 stops`.",
        [
            .style("style", "the line"),
            .whole("maxLines", 1...Int.max, "the most lines the full route may take"),
            .whole("headCities", 1...Int.max, "the cities shown before the … of a shortened route"),
        ])

    init(_ o: TemplateObject) throws(TemplateError) {
        style = try o.style("style")
        maxLines = try o.whole("maxLines")
        headCities = try o.whole("headCities")
    }
}

/// The meta row: caps label over a value, for dates, traveler and leagues.
public struct CoverMetaSpec: Sendable, TemplateObjectReadable {
    public var labelStyle: String
    public var valueStyle: String
    public var labelGap: Double
    public var columnGap: Double
    public var chipStyle: String
    public var chipColor: String
    public var chipRadius: Double
    public var chipPaddingX: Double
    public var chipPaddingY: Double
    public var chipGap: Double
    public var leagueNameStyle: String
    public var leagueNameGap: Double

    static let schema = TemplateSchema(
        "The meta row: a caps label over a value for dates, traveler and leagues (a column without a value is left out). When the row is too wide the league's full name goes first, then the traveler is shortened.",
        [
            .style("labelStyle", "the caps labels"),
            .style("valueStyle", "the values"),
            .number("labelGap", "between a label and its value"),
            .number("columnGap", "after the wider of a column's label and value"),
            .style("chipStyle", "a league's code in its chip"),
            .color("chipColor", "the league chips"),
            .number("chipRadius", "their corner radius"),
            .number("chipPaddingX", "space each side of the code"),
            .number("chipPaddingY", "space above and below it"),
            .number("chipGap", "between two chips, in order of first game"),
            .style("leagueNameStyle", "with one league, its full name after the chip"),
            .number("leagueNameGap", "between the chip and that name"),
        ])

    init(_ o: TemplateObject) throws(TemplateError) {
        labelStyle = try o.style("labelStyle")
        valueStyle = try o.style("valueStyle")
        labelGap = try o.number("labelGap")
        columnGap = try o.number("columnGap")
        chipStyle = try o.style("chipStyle")
        chipColor = try o.color("chipColor")
        chipRadius = try o.number("chipRadius")
        chipPaddingX = try o.number("chipPaddingX")
        chipPaddingY = try o.number("chipPaddingY")
        chipGap = try o.number("chipGap")
        leagueNameStyle = try o.style("leagueNameStyle")
        leagueNameGap = try o.number("leagueNameGap")
    }
}

/// The stat tiles under the map.
public struct CoverStatsSpec: Sendable, TemplateObjectReadable {
    public var weights: [Double]
    public var gap: Double
    public var radius: Double
    public var fill: String
    public var paddingX: Double
    public var paddingY: Double
    public var valueStyle: String
    public var unitStyle: String
    public var labelStyle: String
    public var labelGap: Double
    public var minimumValueSize: Double

    static let schema = TemplateSchema(
        "Six stat tiles under the map: days, games, stadiums, cities, distance (every leg, in the trip's units), travel time.",
        [
            .lengths("weights", .exactly(6), "the six tiles' relative widths"),
            .number("gap", "between two tiles"),
            .number("radius", "a tile's corner radius"),
            .color("fill", "the tiles"),
            .number("paddingX", "inside a tile, left and right"),
            .number("paddingY", "inside a tile, top and bottom"),
            .style("valueStyle", "the figure"),
            .style("unitStyle", "its unit after a thin space (`1,173 mi`, `18 h 52 m`)"),
            .style("labelStyle", "the caps label under it"),
            .number("labelGap", "between the figure and the label"),
            .number(
                "minimumValueSize", .aboveZero,
                "a figure too wide for its tile is set a point smaller at a time, down to this size"),
        ])

    init(_ o: TemplateObject) throws(TemplateError) {
        weights = try o.lengths("weights")
        gap = try o.number("gap")
        radius = try o.number("radius")
        fill = try o.color("fill")
        paddingX = try o.number("paddingX")
        paddingY = try o.number("paddingY")
        valueStyle = try o.style("valueStyle")
        unitStyle = try o.style("unitStyle")
        labelStyle = try o.style("labelStyle")
        labelGap = try o.number("labelGap")
        minimumValueSize = try o.number("minimumValueSize")
    }
}
