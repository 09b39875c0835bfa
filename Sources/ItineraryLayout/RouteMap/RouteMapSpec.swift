/// The route map's settings: `cover.map` in a template.

/// Sizes, colours, styles and placement weights of the cover's route map.
public struct RouteMapSpec: Sendable, TemplateObjectReadable {
    /// Height with a one-line title; the map never takes more than the page leaves it.
    public var height: Double
    /// Taken off the height for each title line after the first.
    public var heightPerExtraTitleLine: Double
    /// Inside the frame, around the fitted route.
    public var padding: Insets
    /// The least span shown on each axis, in degrees.
    public var minimumSpanDegrees: Double
    /// A trip with one mapped place gets a locator instead of a route map: this tall (at most
    /// `height`), spanning at least `locatorSpanDegrees`, so the place is seen in its region.
    /// A trip with none gets no map at all.
    public var locatorHeight: Double
    public var locatorSpanDegrees: Double
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

    static let keys = ["height", "heightPerExtraTitleLine", "padding", "minimumSpanDegrees", "locatorHeight", "locatorSpanDegrees", "cornerRadius", "fill", "frameColor", "frameWidth", "emptyStyle", "graticule", "route", "markers", "labels", "scaleBar"]

    init(_ o: TemplateObject) throws(TemplateError) {
        height = try o.positive("height")
        heightPerExtraTitleLine = try o.nonNegative("heightPerExtraTitleLine")
        padding = try o.read("padding")
        minimumSpanDegrees = try o.positive("minimumSpanDegrees")
        // A map spans at most the whole globe (a larger span drew graticule lines for minutes).
        guard minimumSpanDegrees <= 360 else { throw o.error("minimumSpanDegrees", "must be at most 360") }
        locatorHeight = try o.positive("locatorHeight")
        locatorSpanDegrees = try o.positive("locatorSpanDegrees")
        guard locatorSpanDegrees <= 360 else { throw o.error("locatorSpanDegrees", "must be at most 360") }
        cornerRadius = try o.nonNegative("cornerRadius")
        fill = try o.string("fill")
        frameColor = try o.string("frameColor")
        frameWidth = try o.nonNegative("frameWidth")
        emptyStyle = try o.string("emptyStyle")
        graticule = try o.read("graticule")
        route = try o.read("route")
        markers = try o.read("markers")
        labels = try o.read("labels")
        scaleBar = try o.read("scaleBar")
    }
}

/// Lines of latitude and longitude, and their degree labels.
public struct GraticuleSpec: Sendable, TemplateObjectReadable {
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

    static let keys = ["steps", "stepsBelow", "color", "lineWidth", "style", "topBaseline", "labelOffset", "leftInset"]

    init(_ o: TemplateObject) throws(TemplateError) {
        steps = try o.increasing("steps")
        stepsBelow = try o.increasing("stepsBelow")
        guard stepsBelow.count == steps.count - 1 else {
            throw o.error("stepsBelow", "must have one number fewer than steps")
        }
        color = try o.string("color")
        lineWidth = try o.nonNegative("lineWidth")
        style = try o.string("style")
        topBaseline = try o.nonNegative("topBaseline")
        labelOffset = try o.nonNegative("labelOffset")
        leftInset = try o.nonNegative("leftInset")
    }
}

/// The legs between stops: a paper casing under an accent line, bowed to the right, with an arrowhead.
public struct RouteLegSpec: Sendable, TemplateObjectReadable {
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

    static let keys = ["casingColor", "casingWidth", "color", "lineWidth", "bow", "maxBow", "arrowLength", "arrowWidth", "arrowOutline"]

    init(_ o: TemplateObject) throws(TemplateError) {
        casingColor = try o.string("casingColor")
        casingWidth = try o.nonNegative("casingWidth")
        color = try o.string("color")
        lineWidth = try o.positive("lineWidth")
        bow = try o.nonNegative("bow")
        maxBow = try o.nonNegative("maxBow")
        arrowLength = try o.nonNegative("arrowLength")
        arrowWidth = try o.nonNegative("arrowWidth")
        arrowOutline = try o.nonNegative("arrowOutline")
    }
}

/// Numbered capsules, one per place.
public struct MarkerSpec: Sendable, TemplateObjectReadable {
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

    static let keys = ["fill", "stroke", "strokeWidth", "tiers", "baselineShift", "textPadding", "maxNumbers"]

    init(_ o: TemplateObject) throws(TemplateError) {
        fill = try o.string("fill")
        stroke = try o.string("stroke")
        strokeWidth = try o.nonNegative("strokeWidth")
        tiers = try o.readList("tiers")
        guard !tiers.isEmpty, tiers.last?.maxPlaces == nil, tiers.dropLast().allSatisfy({ $0.maxPlaces != nil }) else {
            throw o.error("tiers", "must end with one tier without maxPlaces, every other tier having one")
        }
        baselineShift = try o.double("baselineShift")
        textPadding = try o.nonNegative("textPadding")
        maxNumbers = try o.positiveInt("maxNumbers")
    }
}

/// One marker size: used while the map has at most `maxPlaces` places.
public struct MarkerTier: Sendable, TemplateObjectReadable, Equatable {
    public var maxPlaces: Int?
    public var radius: Double
    public var style: String

    public init(maxPlaces: Int?, radius: Double, style: String) {
        self.maxPlaces = maxPlaces; self.radius = radius; self.style = style
    }

    static let keys = ["maxPlaces", "radius", "style"]

    init(_ o: TemplateObject) throws(TemplateError) {
        maxPlaces = try o.optionalInt("maxPlaces")
        radius = try o.positive("radius")
        style = try o.string("style")
    }
}

/// City labels: styles, halo, the candidate positions' gap and the placement score.
public struct MapLabelSpec: Sendable, TemplateObjectReadable {
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

    static let keys = ["cityStyle", "datesStyle", "denseCityStyle", "denseDatesStyle", "maxPlacesWithDates", "halo", "haloWidth", "gap", "maxWidth", "weights"]

    init(_ o: TemplateObject) throws(TemplateError) {
        cityStyle = try o.string("cityStyle")
        datesStyle = try o.string("datesStyle")
        denseCityStyle = try o.string("denseCityStyle")
        denseDatesStyle = try o.string("denseDatesStyle")
        maxPlacesWithDates = try o.int("maxPlacesWithDates")
        halo = try o.string("halo")
        haloWidth = try o.nonNegative("haloWidth")
        gap = try o.nonNegative("gap")
        maxWidth = try o.positive("maxWidth")
        weights = try o.read("weights")
    }
}

/// The label placer's score: lower is better; a best score of `drop` or more drops the label.
public struct LabelWeights: Sendable, TemplateObjectReadable, Equatable {
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

    static let keys = ["position", "routeSample", "samplesPerLeg", "overlap", "outside", "drop", "markerClearance", "frameInset"]

    init(_ o: TemplateObject) throws(TemplateError) {
        position = try o.nonNegative("position")
        routeSample = try o.nonNegative("routeSample")
        samplesPerLeg = try o.positiveInt("samplesPerLeg")
        overlap = try o.nonNegative("overlap")
        outside = try o.nonNegative("outside")
        drop = try o.positive("drop")
        markerClearance = try o.nonNegative("markerClearance")
        frameInset = try o.nonNegative("frameInset")
    }
}

/// The scale bar and north arrow in the bottom-right corner.
public struct ScaleBarSpec: Sendable, TemplateObjectReadable {
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

    static let keys = ["right", "bottom", "lengths", "minimumLength", "color", "lineWidth", "tickHeight", "style", "textGap", "zoneWidth", "zoneHeight", "northGap", "northTop", "northHeight", "northWidth", "northNotch", "northLabelDrop"]

    init(_ o: TemplateObject) throws(TemplateError) {
        right = try o.nonNegative("right")
        bottom = try o.nonNegative("bottom")
        lengths = try o.increasing("lengths")
        minimumLength = try o.nonNegative("minimumLength")
        color = try o.string("color")
        lineWidth = try o.nonNegative("lineWidth")
        tickHeight = try o.nonNegative("tickHeight")
        style = try o.string("style")
        textGap = try o.nonNegative("textGap")
        zoneWidth = try o.nonNegative("zoneWidth")
        zoneHeight = try o.nonNegative("zoneHeight")
        northGap = try o.nonNegative("northGap")
        northTop = try o.nonNegative("northTop")
        northHeight = try o.nonNegative("northHeight")
        northWidth = try o.nonNegative("northWidth")
        northNotch = try o.nonNegative("northNotch")
        northLabelDrop = try o.double("northLabelDrop")
    }
}
