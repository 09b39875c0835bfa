/// The cover page: brand row, title, route line, meta row, route map, stat tiles.

/// Settings of the `cover` section of a template. Every size, gap, colour token and style
/// name of the cover lives here; the words live under `labels.<language>.cover`.
public struct CoverSpec: Sendable, TemplateObjectReadable {
    /// Start the section on a new page (unless already at the top of one).
    public var startsNewPage: Bool
    public var brand: CoverBrandSpec
    /// Vertical space below each part of the page.
    public var gaps: CoverGaps
    public var title: CoverTextSpec
    public var route: CoverRouteSpec
    public var meta: CoverMetaSpec
    public var map: RouteMapSpec
    /// The numbered key under the map (nil, in a template older than it: none).
    public var mapKey: CoverMapKeySpec?
    public var stats: CoverStatsSpec
    /// The text style of the closing note.
    public var noteStyle: String

    /// The keys this section needs under `labels.<language>.cover`.
    public static let requiredLabels: [String] = [
        "tripItinerary", "leagues", "stops", "note",
        "day", "days", "game", "games", "stadium", "stadiums", "city", "cities", "distance", "travelTime",
        "north", "latitudeNorth", "latitudeSouth", "longitudeEast", "longitudeWest", "degrees", "noMap",
    ]

    static let keys = ["startsNewPage", "brand", "gaps", "title", "route", "meta", "map", "mapKey", "stats", "noteStyle"]

    init(_ o: TemplateObject) throws(TemplateError) {
        startsNewPage = try o.bool("startsNewPage", default: false)
        brand = try o.read("brand")
        gaps = try o.read("gaps")
        title = try o.read("title")
        route = try o.read("route")
        meta = try o.read("meta")
        map = try o.read("map")
        mapKey = try o.readIfPresent("mapKey")
        stats = try o.read("stats")
        noteStyle = try o.string("noteStyle")
    }

    /// Every style this section names, with its key path under `cover`, for the loader to check.
    public var styleReferences: [(key: String, name: String)] {
        [("brand.style", brand.style), ("brand.labelStyle", brand.labelStyle), ("title.style", title.style),
         ("route.style", route.style), ("meta.labelStyle", meta.labelStyle), ("meta.valueStyle", meta.valueStyle),
         ("meta.chipStyle", meta.chipStyle), ("meta.leagueNameStyle", meta.leagueNameStyle),
         ("stats.valueStyle", stats.valueStyle), ("stats.unitStyle", stats.unitStyle), ("stats.labelStyle", stats.labelStyle),
         ("noteStyle", noteStyle), ("map.graticule.style", map.graticule.style),
         ("map.labels.cityStyle", map.labels.cityStyle), ("map.labels.datesStyle", map.labels.datesStyle),
         ("map.labels.denseCityStyle", map.labels.denseCityStyle), ("map.labels.denseDatesStyle", map.labels.denseDatesStyle),
         ("map.scaleBar.style", map.scaleBar.style), ("map.emptyStyle", map.emptyStyle)]
            + map.markers.tiers.enumerated().map { ("map.markers.tiers[\($0.offset)].style", $0.element.style) }
            + (mapKey.map { [("mapKey.style", $0.style), ("mapKey.numberStyle", $0.numberStyle)] } ?? [])
    }

    /// Every colour token this section names, with its key path under `cover`.
    public var colorReferences: [(key: String, name: String)] {
        [("brand.discColor", brand.discColor), ("brand.seamColor", brand.seamColor), ("meta.chipColor", meta.chipColor),
         ("stats.fill", stats.fill), ("map.fill", map.fill), ("map.frameColor", map.frameColor),
         ("map.graticule.color", map.graticule.color), ("map.route.casingColor", map.route.casingColor),
         ("map.route.color", map.route.color), ("map.markers.fill", map.markers.fill), ("map.markers.stroke", map.markers.stroke),
         ("map.labels.halo", map.labels.halo), ("map.scaleBar.color", map.scaleBar.color)]
    }
}

/// The brand row: a disc with seam arcs and the product name, and a caps label at the right.
public struct CoverBrandSpec: Sendable, TemplateObjectReadable {
    /// Height of the row; the disc and the caps label are centred in it.
    public var height: Double
    public var disc: Double
    public var discColor: String
    public var seamColor: String
    /// Between the disc and the product name.
    public var gap: Double
    public var style: String
    public var labelStyle: String

    static let keys = ["height", "disc", "discColor", "seamColor", "gap", "style", "labelStyle"]

    init(_ o: TemplateObject) throws(TemplateError) {
        height = try o.positive("height")
        disc = try o.positive("disc")
        discColor = try o.string("discColor")
        seamColor = try o.string("seamColor")
        gap = try o.nonNegative("gap")
        style = try o.string("style")
        labelStyle = try o.string("labelStyle")
    }
}

/// Space below each part of the cover, from the top.
public struct CoverGaps: Sendable, TemplateObjectReadable {
    public var brand: Double
    public var title: Double
    public var route: Double
    public var meta: Double
    public var map: Double
    /// Between the map and its key (the key is followed by `map`); 6 when left out.
    public var mapKey: Double
    public var stats: Double

    static let keys = ["brand", "title", "route", "meta", "map", "mapKey", "stats"]

    init(_ o: TemplateObject) throws(TemplateError) {
        brand = try o.nonNegative("brand")
        title = try o.nonNegative("title")
        route = try o.nonNegative("route")
        meta = try o.nonNegative("meta")
        map = try o.nonNegative("map")
        mapKey = try o.optionalValue("mapKey") == nil ? 6 : o.nonNegative("mapKey")
        stats = try o.nonNegative("stats")
    }
}

/// A block of text with a line limit (beyond it, the last line ends in an ellipsis).
public struct CoverTextSpec: Sendable, TemplateObjectReadable {
    public var style: String
    public var maxLines: Int

    static let keys = ["style", "maxLines"]

    init(_ o: TemplateObject) throws(TemplateError) {
        style = try o.string("style")
        maxLines = try o.positiveInt("maxLines")
    }
}

/// The map's key: every stop's number and city, so a printed map whose markers sit close (or
/// whose labels had no room) can still be read. Beyond `maxLines`, it ends in an ellipsis.
public struct CoverMapKeySpec: Sendable, TemplateObjectReadable {
    public var style: String
    public var numberStyle: String
    public var maxLines: Int

    static let keys = ["style", "numberStyle", "maxLines"]

    init(_ o: TemplateObject) throws(TemplateError) {
        style = try o.string("style")
        numberStyle = try o.string("numberStyle")
        maxLines = try o.positiveInt("maxLines")
    }
}

/// The route line: every city, or when that takes more than `maxLines`, the first
/// `headCities`, an ellipsis, the last city and the number of stops.
public struct CoverRouteSpec: Sendable, TemplateObjectReadable {
    public var style: String
    public var maxLines: Int
    public var headCities: Int

    static let keys = ["style", "maxLines", "headCities"]

    init(_ o: TemplateObject) throws(TemplateError) {
        style = try o.string("style")
        maxLines = try o.positiveInt("maxLines")
        headCities = try o.positiveInt("headCities")
    }
}

/// The meta row: caps label over a value, for dates, traveler and leagues.
public struct CoverMetaSpec: Sendable, TemplateObjectReadable {
    public var labelStyle: String
    public var valueStyle: String
    /// Between the caps label and the value.
    public var labelGap: Double
    /// Between one column's widest line and the next column.
    public var columnGap: Double
    public var chipStyle: String
    public var chipColor: String
    public var chipRadius: Double
    public var chipPaddingX: Double
    public var chipPaddingY: Double
    /// Between two chips.
    public var chipGap: Double
    public var leagueNameStyle: String
    /// Between the chip and the league's full name.
    public var leagueNameGap: Double

    static let keys = ["labelStyle", "valueStyle", "labelGap", "columnGap", "chipStyle", "chipColor", "chipRadius", "chipPaddingX", "chipPaddingY", "chipGap", "leagueNameStyle", "leagueNameGap"]

    init(_ o: TemplateObject) throws(TemplateError) {
        labelStyle = try o.string("labelStyle")
        valueStyle = try o.string("valueStyle")
        labelGap = try o.nonNegative("labelGap")
        columnGap = try o.nonNegative("columnGap")
        chipStyle = try o.string("chipStyle")
        chipColor = try o.string("chipColor")
        chipRadius = try o.nonNegative("chipRadius")
        chipPaddingX = try o.nonNegative("chipPaddingX")
        chipPaddingY = try o.nonNegative("chipPaddingY")
        chipGap = try o.nonNegative("chipGap")
        leagueNameStyle = try o.string("leagueNameStyle")
        leagueNameGap = try o.nonNegative("leagueNameGap")
    }
}

/// The stat tiles under the map.
public struct CoverStatsSpec: Sendable, TemplateObjectReadable {
    /// Relative widths of Days, Games, Stadiums, Cities, Distance and Drive time.
    public var weights: [Double]
    public var gap: Double
    public var radius: Double
    public var fill: String
    public var paddingX: Double
    public var paddingY: Double
    public var valueStyle: String
    public var unitStyle: String
    public var labelStyle: String
    /// Between the value and the caps label under it.
    public var labelGap: Double
    /// A value too wide for its tile is set smaller, down to this size.
    public var minimumValueSize: Double

    static let keys = ["weights", "gap", "radius", "fill", "paddingX", "paddingY", "valueStyle", "unitStyle", "labelStyle", "labelGap", "minimumValueSize"]

    init(_ o: TemplateObject) throws(TemplateError) {
        weights = try o.doubles("weights")
        guard weights.count == 6, weights.allSatisfy({ $0 > 0 && $0.isFinite }) else {
            throw o.error("weights", "must be 6 numbers above 0")
        }
        gap = try o.nonNegative("gap")
        radius = try o.nonNegative("radius")
        fill = try o.string("fill")
        paddingX = try o.nonNegative("paddingX")
        paddingY = try o.nonNegative("paddingY")
        valueStyle = try o.string("valueStyle")
        unitStyle = try o.string("unitStyle")
        labelStyle = try o.string("labelStyle")
        labelGap = try o.nonNegative("labelGap")
        minimumValueSize = try o.positive("minimumValueSize")
    }
}
