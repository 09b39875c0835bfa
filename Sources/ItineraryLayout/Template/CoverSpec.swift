/// The cover page: brand row, title, route line, meta row, route map, stat tiles.

/// Settings of the `cover` section of a template. Every size, gap, colour token and style
/// name of the cover lives here; the words live under `labels.<language>.cover`.
public struct CoverSpec: Sendable, Decodable {
    /// Start the section on a new page (unless already at the top of one).
    public var startsNewPage: Bool
    public var brand: CoverBrandSpec
    /// Vertical space below each part of the page.
    public var gaps: CoverGaps
    public var title: CoverTextSpec
    public var route: CoverRouteSpec
    public var meta: CoverMetaSpec
    public var map: RouteMapSpec
    public var stats: CoverStatsSpec
    /// The text style of the closing note.
    public var noteStyle: String

    /// The keys this section needs under `labels.<language>.cover`.
    public static let requiredLabels: [String] = [
        "tripItinerary", "leagues", "stops", "note",
        "day", "days", "game", "games", "stadium", "stadiums", "city", "cities", "distance", "driveTime",
        "north", "latitudeNorth", "latitudeSouth", "longitudeEast", "longitudeWest", "degrees", "noMap",
    ]

    enum CodingKeys: String, CodingKey, CaseIterable {
        case startsNewPage, brand, gaps, title, route, meta, map, stats, noteStyle
    }

    public init(from decoder: Decoder) throws {
        let c = try strictContainer(decoder, CodingKeys.self)
        startsNewPage = try c.decodeIfPresent(Bool.self, forKey: .startsNewPage) ?? false
        brand = try c.decode(CoverBrandSpec.self, forKey: .brand)
        gaps = try c.decode(CoverGaps.self, forKey: .gaps)
        title = try c.decode(CoverTextSpec.self, forKey: .title)
        route = try c.decode(CoverRouteSpec.self, forKey: .route)
        meta = try c.decode(CoverMetaSpec.self, forKey: .meta)
        map = try c.decode(RouteMapSpec.self, forKey: .map)
        stats = try c.decode(CoverStatsSpec.self, forKey: .stats)
        noteStyle = try c.decode(String.self, forKey: .noteStyle)
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
public struct CoverBrandSpec: Sendable, Decodable {
    /// Height of the row; the disc and the caps label are centred in it.
    public var height: Double
    public var disc: Double
    public var discColor: String
    public var seamColor: String
    /// Between the disc and the product name.
    public var gap: Double
    public var style: String
    public var labelStyle: String

    enum CodingKeys: String, CodingKey, CaseIterable { case height, disc, discColor, seamColor, gap, style, labelStyle }

    public init(from decoder: Decoder) throws {
        let c = try strictContainer(decoder, CodingKeys.self)
        height = try positive(c, .height)
        disc = try positive(c, .disc)
        discColor = try c.decode(String.self, forKey: .discColor)
        seamColor = try c.decode(String.self, forKey: .seamColor)
        gap = try nonNegative(c, .gap)
        style = try c.decode(String.self, forKey: .style)
        labelStyle = try c.decode(String.self, forKey: .labelStyle)
    }
}

/// Space below each part of the cover, from the top.
public struct CoverGaps: Sendable, Decodable {
    public var brand: Double
    public var title: Double
    public var route: Double
    public var meta: Double
    public var map: Double
    public var stats: Double

    enum CodingKeys: String, CodingKey, CaseIterable { case brand, title, route, meta, map, stats }

    public init(from decoder: Decoder) throws {
        let c = try strictContainer(decoder, CodingKeys.self)
        brand = try nonNegative(c, .brand)
        title = try nonNegative(c, .title)
        route = try nonNegative(c, .route)
        meta = try nonNegative(c, .meta)
        map = try nonNegative(c, .map)
        stats = try nonNegative(c, .stats)
    }
}

/// A block of text with a line limit (beyond it, the last line ends in an ellipsis).
public struct CoverTextSpec: Sendable, Decodable {
    public var style: String
    public var maxLines: Int

    enum CodingKeys: String, CodingKey, CaseIterable { case style, maxLines }

    public init(from decoder: Decoder) throws {
        let c = try strictContainer(decoder, CodingKeys.self)
        style = try c.decode(String.self, forKey: .style)
        maxLines = try CoverDecoding.positiveInt(c, .maxLines)
    }
}

/// The route line: every city, or when that takes more than `maxLines`, the first
/// `headCities`, an ellipsis, the last city and the number of stops.
public struct CoverRouteSpec: Sendable, Decodable {
    public var style: String
    public var maxLines: Int
    public var headCities: Int

    enum CodingKeys: String, CodingKey, CaseIterable { case style, maxLines, headCities }

    public init(from decoder: Decoder) throws {
        let c = try strictContainer(decoder, CodingKeys.self)
        style = try c.decode(String.self, forKey: .style)
        maxLines = try CoverDecoding.positiveInt(c, .maxLines)
        headCities = try CoverDecoding.positiveInt(c, .headCities)
    }
}

/// The meta row: caps label over a value, for dates, traveler and leagues.
public struct CoverMetaSpec: Sendable, Decodable {
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

    enum CodingKeys: String, CodingKey, CaseIterable {
        case labelStyle, valueStyle, labelGap, columnGap, chipStyle, chipColor, chipRadius, chipPaddingX, chipPaddingY, chipGap
        case leagueNameStyle, leagueNameGap
    }

    public init(from decoder: Decoder) throws {
        let c = try strictContainer(decoder, CodingKeys.self)
        labelStyle = try c.decode(String.self, forKey: .labelStyle)
        valueStyle = try c.decode(String.self, forKey: .valueStyle)
        labelGap = try nonNegative(c, .labelGap)
        columnGap = try nonNegative(c, .columnGap)
        chipStyle = try c.decode(String.self, forKey: .chipStyle)
        chipColor = try c.decode(String.self, forKey: .chipColor)
        chipRadius = try nonNegative(c, .chipRadius)
        chipPaddingX = try nonNegative(c, .chipPaddingX)
        chipPaddingY = try nonNegative(c, .chipPaddingY)
        chipGap = try nonNegative(c, .chipGap)
        leagueNameStyle = try c.decode(String.self, forKey: .leagueNameStyle)
        leagueNameGap = try nonNegative(c, .leagueNameGap)
    }
}

/// The stat tiles under the map.
public struct CoverStatsSpec: Sendable, Decodable {
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

    enum CodingKeys: String, CodingKey, CaseIterable {
        case weights, gap, radius, fill, paddingX, paddingY, valueStyle, unitStyle, labelStyle, labelGap, minimumValueSize
    }

    public init(from decoder: Decoder) throws {
        let c = try strictContainer(decoder, CodingKeys.self)
        weights = try c.decode([Double].self, forKey: .weights)
        guard weights.count == 6, weights.allSatisfy({ $0 > 0 && $0.isFinite }) else {
            throw DecodingError.dataCorruptedError(forKey: .weights, in: c, debugDescription: "must be 6 numbers above 0")
        }
        gap = try nonNegative(c, .gap)
        radius = try nonNegative(c, .radius)
        fill = try c.decode(String.self, forKey: .fill)
        paddingX = try nonNegative(c, .paddingX)
        paddingY = try nonNegative(c, .paddingY)
        valueStyle = try c.decode(String.self, forKey: .valueStyle)
        unitStyle = try c.decode(String.self, forKey: .unitStyle)
        labelStyle = try c.decode(String.self, forKey: .labelStyle)
        labelGap = try nonNegative(c, .labelGap)
        minimumValueSize = try positive(c, .minimumValueSize)
    }
}

/// Decoding helpers of the cover's settings (named apart from the shared ones in StrictDecoding.swift).
enum CoverDecoding {
    static func positiveInt<K: CodingKey>(_ c: KeyedDecodingContainer<K>, _ key: K) throws -> Int {
        let v = try c.decode(Int.self, forKey: key)
        guard v > 0 else { throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: "must be a whole number above 0") }
        return v
    }

    /// A list of numbers above 0 in increasing order, at least one.
    static func increasing<K: CodingKey>(_ c: KeyedDecodingContainer<K>, _ key: K) throws -> [Double] {
        let v = try c.decode([Double].self, forKey: key)
        guard !v.isEmpty, v.allSatisfy({ $0 > 0 && $0.isFinite }), zip(v, v.dropFirst()).allSatisfy({ $0 < $1 }) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: "must be numbers above 0 in increasing order")
        }
        return v
    }
}
