/// The route map's settings: `cover.map` in a template.

/// Sizes, colours, styles and placement weights of the cover's route map.
public struct RouteMapSpec: Sendable, Decodable {
    /// Height with a one-line title; the map never takes more than the page leaves it.
    public var height: Double
    /// Taken off the height for each title line after the first.
    public var heightPerExtraTitleLine: Double
    /// Inside the frame, around the fitted route.
    public var padding: Insets
    /// The least span shown on each axis, in degrees (a one-city trip).
    public var minimumSpanDegrees: Double
    public var cornerRadius: Double
    public var fill: String
    public var frameColor: String
    public var frameWidth: Double
    /// Style of the centred line shown when no stop has a location.
    public var emptyStyle: String
    public var graticule: GraticuleSpec
    public var route: RouteLegSpec
    public var markers: MarkerSpec
    public var labels: MapLabelSpec
    public var scaleBar: ScaleBarSpec

    enum CodingKeys: String, CodingKey, CaseIterable {
        case height, heightPerExtraTitleLine, padding, minimumSpanDegrees, cornerRadius, fill, frameColor, frameWidth, emptyStyle
        case graticule, route, markers, labels, scaleBar
    }

    public init(from decoder: Decoder) throws {
        let c = try strictContainer(decoder, CodingKeys.self)
        height = try positive(c, .height)
        heightPerExtraTitleLine = try nonNegative(c, .heightPerExtraTitleLine)
        padding = try c.decode(Insets.self, forKey: .padding)
        minimumSpanDegrees = try positive(c, .minimumSpanDegrees)
        cornerRadius = try nonNegative(c, .cornerRadius)
        fill = try c.decode(String.self, forKey: .fill)
        frameColor = try c.decode(String.self, forKey: .frameColor)
        frameWidth = try nonNegative(c, .frameWidth)
        emptyStyle = try c.decode(String.self, forKey: .emptyStyle)
        graticule = try c.decode(GraticuleSpec.self, forKey: .graticule)
        route = try c.decode(RouteLegSpec.self, forKey: .route)
        markers = try c.decode(MarkerSpec.self, forKey: .markers)
        labels = try c.decode(MapLabelSpec.self, forKey: .labels)
        scaleBar = try c.decode(ScaleBarSpec.self, forKey: .scaleBar)
    }
}

/// Lines of latitude and longitude, and their degree labels.
public struct GraticuleSpec: Sendable, Decodable {
    /// Degree steps, finest first: a step is used while the map spans less than `stepsBelow[i]` degrees.
    public var steps: [Double]
    /// The span limits that go with `steps` (one fewer: the last step has no limit).
    public var stepsBelow: [Double]
    public var color: String
    public var lineWidth: Double
    public var style: String
    /// Baseline of the longitude labels, from the frame's top.
    public var topBaseline: Double
    /// Longitude labels start this far right of their line; latitude labels sit this far above theirs.
    public var labelOffset: Double
    /// Left edge of the latitude labels, from the frame's left.
    public var leftInset: Double

    enum CodingKeys: String, CodingKey, CaseIterable { case steps, stepsBelow, color, lineWidth, style, topBaseline, labelOffset, leftInset }

    public init(from decoder: Decoder) throws {
        let c = try strictContainer(decoder, CodingKeys.self)
        steps = try CoverDecoding.increasing(c, .steps)
        stepsBelow = try CoverDecoding.increasing(c, .stepsBelow)
        guard stepsBelow.count == steps.count - 1 else {
            throw DecodingError.dataCorruptedError(forKey: .stepsBelow, in: c, debugDescription: "must have one number fewer than steps")
        }
        color = try c.decode(String.self, forKey: .color)
        lineWidth = try nonNegative(c, .lineWidth)
        style = try c.decode(String.self, forKey: .style)
        topBaseline = try nonNegative(c, .topBaseline)
        labelOffset = try nonNegative(c, .labelOffset)
        leftInset = try nonNegative(c, .leftInset)
    }
}

/// The legs between stops: a paper casing under an accent line, bowed to the right, with an arrowhead.
public struct RouteLegSpec: Sendable, Decodable {
    public var casingColor: String
    public var casingWidth: Double
    public var color: String
    public var lineWidth: Double
    /// The bow as a fraction of the leg's length, and its cap in points.
    public var bow: Double
    public var maxBow: Double
    public var arrowLength: Double
    public var arrowWidth: Double
    /// A thin stroke around the arrowhead that rounds its corners.
    public var arrowOutline: Double

    enum CodingKeys: String, CodingKey, CaseIterable {
        case casingColor, casingWidth, color, lineWidth, bow, maxBow, arrowLength, arrowWidth, arrowOutline
    }

    public init(from decoder: Decoder) throws {
        let c = try strictContainer(decoder, CodingKeys.self)
        casingColor = try c.decode(String.self, forKey: .casingColor)
        casingWidth = try nonNegative(c, .casingWidth)
        color = try c.decode(String.self, forKey: .color)
        lineWidth = try positive(c, .lineWidth)
        bow = try nonNegative(c, .bow)
        maxBow = try nonNegative(c, .maxBow)
        arrowLength = try nonNegative(c, .arrowLength)
        arrowWidth = try nonNegative(c, .arrowWidth)
        arrowOutline = try nonNegative(c, .arrowOutline)
    }
}

/// Numbered capsules, one per place.
public struct MarkerSpec: Sendable, Decodable {
    public var fill: String
    public var stroke: String
    public var strokeWidth: Double
    /// Sizes by the number of places, smallest count first; the last tier takes any count.
    public var tiers: [MarkerTier]
    /// The number's baseline sits this fraction of its size below the marker's centre.
    public var baselineShift: Double
    /// A capsule is the number's width plus this many radii (and never narrower than a circle).
    public var textPadding: Double
    /// Stop numbers shown on a revisited place before the rest are counted (`5 · 32 · +2`).
    public var maxNumbers: Int

    enum CodingKeys: String, CodingKey, CaseIterable { case fill, stroke, strokeWidth, tiers, baselineShift, textPadding, maxNumbers }

    public init(from decoder: Decoder) throws {
        let c = try strictContainer(decoder, CodingKeys.self)
        fill = try c.decode(String.self, forKey: .fill)
        stroke = try c.decode(String.self, forKey: .stroke)
        strokeWidth = try nonNegative(c, .strokeWidth)
        tiers = try c.decode([MarkerTier].self, forKey: .tiers)
        guard !tiers.isEmpty, tiers.last?.maxPlaces == nil, tiers.dropLast().allSatisfy({ $0.maxPlaces != nil }) else {
            throw DecodingError.dataCorruptedError(forKey: .tiers, in: c, debugDescription: "must end with one tier without maxPlaces, every other tier having one")
        }
        baselineShift = try c.decode(Double.self, forKey: .baselineShift)
        textPadding = try nonNegative(c, .textPadding)
        maxNumbers = try CoverDecoding.positiveInt(c, .maxNumbers)
    }
}

/// One marker size: used while the map has at most `maxPlaces` places.
public struct MarkerTier: Sendable, Decodable, Equatable {
    public var maxPlaces: Int?
    public var radius: Double
    public var style: String

    public init(maxPlaces: Int?, radius: Double, style: String) {
        self.maxPlaces = maxPlaces; self.radius = radius; self.style = style
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case maxPlaces, radius, style }

    public init(from decoder: Decoder) throws {
        let c = try strictContainer(decoder, CodingKeys.self)
        maxPlaces = try c.decodeIfPresent(Int.self, forKey: .maxPlaces)
        radius = try positive(c, .radius)
        style = try c.decode(String.self, forKey: .style)
    }
}

/// City labels: styles, halo, the candidate positions' gap and the placement score.
public struct MapLabelSpec: Sendable, Decodable {
    public var cityStyle: String
    public var datesStyle: String
    /// Styles once the map has more places than `maxPlacesWithDates` (then no dates are shown).
    public var denseCityStyle: String
    public var denseDatesStyle: String
    public var maxPlacesWithDates: Int
    public var halo: String
    public var haloWidth: Double
    /// Between a marker's edge and its label.
    public var gap: Double
    /// A longer city name is shortened with an ellipsis.
    public var maxWidth: Double
    public var weights: LabelWeights

    enum CodingKeys: String, CodingKey, CaseIterable {
        case cityStyle, datesStyle, denseCityStyle, denseDatesStyle, maxPlacesWithDates, halo, haloWidth, gap, maxWidth, weights
    }

    public init(from decoder: Decoder) throws {
        let c = try strictContainer(decoder, CodingKeys.self)
        cityStyle = try c.decode(String.self, forKey: .cityStyle)
        datesStyle = try c.decode(String.self, forKey: .datesStyle)
        denseCityStyle = try c.decode(String.self, forKey: .denseCityStyle)
        denseDatesStyle = try c.decode(String.self, forKey: .denseDatesStyle)
        maxPlacesWithDates = try c.decode(Int.self, forKey: .maxPlacesWithDates)
        halo = try c.decode(String.self, forKey: .halo)
        haloWidth = try nonNegative(c, .haloWidth)
        gap = try nonNegative(c, .gap)
        maxWidth = try positive(c, .maxWidth)
        weights = try c.decode(LabelWeights.self, forKey: .weights)
    }
}

/// The label placer's score: lower is better; a best score of `drop` or more drops the label.
public struct LabelWeights: Sendable, Decodable, Equatable {
    /// Times the candidate's index (E, W, NE, SE, NW, SW, N, S).
    public var position: Double
    /// For each route sample inside the label.
    public var routeSample: Double
    /// Samples taken along each leg.
    public var samplesPerLeg: Int
    /// When the label meets a marker or a placed label.
    public var overlap: Double
    /// When the label leaves the frame (less `frameInset`) or enters the scale-bar zone.
    public var outside: Double
    public var drop: Double
    /// Room kept around a marker, beyond its radius.
    public var markerClearance: Double
    public var frameInset: Double

    public init(position: Double, routeSample: Double, samplesPerLeg: Int, overlap: Double, outside: Double, drop: Double,
                markerClearance: Double, frameInset: Double) {
        self.position = position; self.routeSample = routeSample; self.samplesPerLeg = samplesPerLeg
        self.overlap = overlap; self.outside = outside; self.drop = drop
        self.markerClearance = markerClearance; self.frameInset = frameInset
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case position, routeSample, samplesPerLeg, overlap, outside, drop, markerClearance, frameInset
    }

    public init(from decoder: Decoder) throws {
        let c = try strictContainer(decoder, CodingKeys.self)
        position = try nonNegative(c, .position)
        routeSample = try nonNegative(c, .routeSample)
        samplesPerLeg = try CoverDecoding.positiveInt(c, .samplesPerLeg)
        overlap = try nonNegative(c, .overlap)
        outside = try nonNegative(c, .outside)
        drop = try positive(c, .drop)
        markerClearance = try nonNegative(c, .markerClearance)
        frameInset = try nonNegative(c, .frameInset)
    }
}

/// The scale bar and north arrow in the bottom-right corner.
public struct ScaleBarSpec: Sendable, Decodable {
    /// From the frame's right and bottom edges to the bar's right end and its line.
    public var right: Double
    public var bottom: Double
    /// Candidate lengths in miles or kilometres; the first at least `minimumLength` points long wins.
    public var lengths: [Double]
    public var minimumLength: Double
    public var color: String
    public var lineWidth: Double
    public var tickHeight: Double
    public var style: String
    /// Between the ticks' tops and the labels' baseline.
    public var textGap: Double
    /// The corner kept free of city labels.
    public var zoneWidth: Double
    public var zoneHeight: Double
    /// The north arrow: its centre this far left of the bar, its tip `northTop` above the bar's line.
    public var northGap: Double
    public var northTop: Double
    public var northHeight: Double
    public var northWidth: Double
    /// How far the arrow's back corners reach below its notch.
    public var northNotch: Double
    /// Baseline of the `N` below the bar's line.
    public var northLabelDrop: Double

    enum CodingKeys: String, CodingKey, CaseIterable {
        case right, bottom, lengths, minimumLength, color, lineWidth, tickHeight, style, textGap, zoneWidth, zoneHeight
        case northGap, northTop, northHeight, northWidth, northNotch, northLabelDrop
    }

    public init(from decoder: Decoder) throws {
        let c = try strictContainer(decoder, CodingKeys.self)
        right = try nonNegative(c, .right)
        bottom = try nonNegative(c, .bottom)
        lengths = try CoverDecoding.increasing(c, .lengths)
        minimumLength = try nonNegative(c, .minimumLength)
        color = try c.decode(String.self, forKey: .color)
        lineWidth = try nonNegative(c, .lineWidth)
        tickHeight = try nonNegative(c, .tickHeight)
        style = try c.decode(String.self, forKey: .style)
        textGap = try nonNegative(c, .textGap)
        zoneWidth = try nonNegative(c, .zoneWidth)
        zoneHeight = try nonNegative(c, .zoneHeight)
        northGap = try nonNegative(c, .northGap)
        northTop = try nonNegative(c, .northTop)
        northHeight = try nonNegative(c, .northHeight)
        northWidth = try nonNegative(c, .northWidth)
        northNotch = try nonNegative(c, .northNotch)
        northLabelDrop = try c.decode(Double.self, forKey: .northLabelDrop)
    }
}
