/// The route map's settings: `cover.map` in a template.

/// Sizes, colours, styles and placement weights of the cover's route map.
public struct RouteMapSpec: Sendable, TemplateObjectReadable {
    public var height: Double
    public var heightPerExtraTitleLine: Double
    public var padding: Insets
    public var minimumSpanDegrees: Double
    public var cornerRadius: Double
    public var fill: String
    public var frameColor: String
    public var frameWidth: Double
    public var emptyStyle: String
    public var graticule: GraticuleSpec
    public var route: RouteLegSpec
    public var markers: MarkerSpec
    public var labels: MapLabelSpec
    public var scaleBar: ScaleBarSpec

    static let schema = TemplateSchema(
        "The cover's route map: a frame, a graticule, the route's legs, numbered markers, city labels and a scale bar.",
        [
            .number(
                "height", .aboveZero,
                "the height with a one-line title on the template's own paper; a taller paper adds its extra height, and the map never takes more than the page leaves it"
            ),
            .number("heightPerExtraTitleLine", "taken off for each title line after the first"),
            .part("padding", Insets.self, "room inside the frame around the fitted route"),
            .number(
                "minimumSpanDegrees", .aboveZero(atMost: 360),
                "the least span on each axis (a map spans at most the globe)"),
            .retired(
                "locatorHeight",
                "no longer used: a map of one place takes the map's whole height at `minimumSpanDegrees`; delete it"),
            .retired("locatorSpanDegrees", "no longer used: a map of one place spans `minimumSpanDegrees`; delete it"),
            .number("cornerRadius", "the frame's corner radius"),
            .color("fill", "the map's paper"),
            .color("frameColor", "the frame's stroke, which lies inside the frame"),
            .number("frameWidth", "the frame's stroke width"),
            .style("emptyStyle", "the centred line (`labels.*.cover.noMap`) when no stop has a location"),
            .part("graticule", GraticuleSpec.self, "the lines of longitude and latitude and their labels"),
            .part("route", RouteLegSpec.self, "the legs between stops"),
            .part("markers", MarkerSpec.self, "the numbered stop markers"),
            .part("labels", MapLabelSpec.self, "the city labels beside the markers"),
            .part("scaleBar", ScaleBarSpec.self, "the scale bar and north arrow in the bottom-right corner"),
        ])

    init(_ o: TemplateObject) throws(TemplateError) {
        height = try o.number("height")
        heightPerExtraTitleLine = try o.number("heightPerExtraTitleLine")
        padding = try o.read("padding")
        minimumSpanDegrees = try o.number("minimumSpanDegrees")
        cornerRadius = try o.number("cornerRadius")
        fill = try o.color("fill")
        frameColor = try o.color("frameColor")
        frameWidth = try o.number("frameWidth")
        emptyStyle = try o.style("emptyStyle")
        graticule = try o.read("graticule")
        route = try o.read("route")
        markers = try o.read("markers")
        labels = try o.read("labels")
        scaleBar = try o.read("scaleBar")
    }
}

/// Lines of latitude and longitude, and their degree labels.
public struct GraticuleSpec: Sendable, TemplateObjectReadable {
    public var steps: [Double]
    public var stepsBelow: [Double]
    public var color: String
    public var lineWidth: Double
    public var style: String
    public var topBaseline: Double
    public var labelOffset: Double
    public var leftInset: Double

    static let schema = TemplateSchema(
        "The graticule: a step in degrees chosen by the frame's span.",
        [
            .lengths(
                "steps", .increasing,
                "the steps in degrees: `steps[i]` while the frame spans less than `stepsBelow[i]` degrees, else the last"
            ),
            .lengths("stepsBelow", .limits, "the spans that choose the steps: one number fewer than `steps`"),
            .color("color", "the lines"),
            .number("lineWidth", "their stroke width"),
            .style("style", "the degree labels"),
            .number("topBaseline", "the longitude labels' baseline, from the frame's top"),
            .number("labelOffset", "a label right of its meridian, above its parallel"),
            .number("leftInset", "the latitude labels, from the frame's left"),
        ])

    init(_ o: TemplateObject) throws(TemplateError) {
        steps = try o.lengths("steps")
        stepsBelow = try o.lengths("stepsBelow")
        guard stepsBelow.count == steps.count - 1 else {
            throw o.error("stepsBelow", "must have one number fewer than steps")
        }
        color = try o.color("color")
        lineWidth = try o.number("lineWidth")
        style = try o.style("style")
        topBaseline = try o.number("topBaseline")
        labelOffset = try o.number("labelOffset")
        leftInset = try o.number("leftInset")
    }
}

/// The legs between stops: a paper casing under an accent line, bowed to the right, with an arrowhead.
public struct RouteLegSpec: Sendable, TemplateObjectReadable {
    public var casingColor: String
    public var casingWidth: Double
    public var color: String
    public var lineWidth: Double
    public var bow: Double
    public var maxBow: Double
    public var arrowLength: Double
    public var arrowWidth: Double
    public var arrowOutline: Double

    static let schema = TemplateSchema(
        "The route's legs: a bowed line over a casing, an arrowhead at its middle.",
        [
            .color("casingColor", "the casing under each leg"),
            .number("casingWidth", "the casing's width"),
            .color("color", "the leg"),
            .number("lineWidth", .aboveZero, "the leg's width"),
            .number("bow", "the control point is the chord's midpoint pushed right by min(bow × length, maxBow)"),
            .number("maxBow", "the largest push"),
            .number("arrowLength", "the arrowhead's length"),
            .number("arrowWidth", "the arrowhead's width"),
            .number("arrowOutline", "a stroke in the route colour that rounds the arrowhead's corners"),
        ])

    init(_ o: TemplateObject) throws(TemplateError) {
        casingColor = try o.color("casingColor")
        casingWidth = try o.number("casingWidth")
        color = try o.color("color")
        lineWidth = try o.number("lineWidth")
        bow = try o.number("bow")
        maxBow = try o.number("maxBow")
        arrowLength = try o.number("arrowLength")
        arrowWidth = try o.number("arrowWidth")
        arrowOutline = try o.number("arrowOutline")
    }
}

/// Numbered capsules, one per place.
public struct MarkerSpec: Sendable, TemplateObjectReadable {
    public var fill: String
    public var stroke: String
    public var strokeWidth: Double
    public var tiers: [MarkerTier]
    public var baselineShift: Double
    public var textPadding: Double
    public var maxNumbers: Int

    static let schema = TemplateSchema(
        "The numbered stop markers.",
        [
            .color("fill", "the marker's disc"),
            .color("stroke", "its outline"),
            .number("strokeWidth", "the outline's width"),
            .list(
                "tiers", of: MarkerTier.self,
                "sizes from the fewest places up; the last has no `maxPlaces`, every other one has"),
            .number("baselineShift", .any, "the number's baseline sits this many sizes below the centre"),
            .number("textPadding", "a marker is max(2R, text + textPadding × R) wide"),
            .whole(
                "maxNumbers", 1...Int.max,
                "numbers shown on one marker of a place visited often (`5 · 32 · 35`; beyond, `5 · 32 · +2`)"),
        ])

    init(_ o: TemplateObject) throws(TemplateError) {
        fill = try o.color("fill")
        stroke = try o.color("stroke")
        strokeWidth = try o.number("strokeWidth")
        tiers = try o.readList("tiers")
        guard !tiers.isEmpty, tiers.last?.maxPlaces == nil, tiers.dropLast().allSatisfy({ $0.maxPlaces != nil }) else {
            throw o.error("tiers", "must end with one tier without maxPlaces, every other tier having one")
        }
        baselineShift = try o.number("baselineShift")
        textPadding = try o.number("textPadding")
        maxNumbers = try o.whole("maxNumbers")
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

    static let schema = TemplateSchema(
        "One marker size.",
        [
            .optionalWhole("maxPlaces", "up to this many places (left out on the last tier)"),
            .number("radius", .aboveZero, "the marker's radius"),
            .style("style", "the number in it"),
        ])

    init(_ o: TemplateObject) throws(TemplateError) {
        maxPlaces = try o.optionalWhole("maxPlaces")
        radius = try o.number("radius")
        style = try o.style("style")
    }
}

/// City labels: styles, halo, the candidate positions' gap and the placement score.
public struct MapLabelSpec: Sendable, TemplateObjectReadable {
    public var cityStyle: String
    public var datesStyle: String
    public var denseCityStyle: String
    public var maxPlacesWithDates: Int
    public var halo: String
    public var haloWidth: Double
    public var gap: Double
    public var maxWidth: Double
    public var weights: LabelWeights

    static let schema = TemplateSchema(
        "The city labels beside the markers.",
        [
            .style("cityStyle", "the city, on maps of up to `maxPlacesWithDates` places"),
            .style("datesStyle", "its dates, under it"),
            .style("denseCityStyle", "the city on maps of more places (no dates)"),
            .retired(
                "denseDatesStyle",
                "no longer used (maps of more than `maxPlacesWithDates` places print no dates): delete it"),
            .whole("maxPlacesWithDates", 0...Int.max, "the most places for which labels carry dates"),
            .color("halo", "the paper halo drawn under each label"),
            .number("haloWidth", "the halo's stroke width"),
            .number("gap", "from the marker to its label"),
            .number("maxWidth", .aboveZero, "longer names and dates end in …"),
            .part("weights", LabelWeights.self, "the scores that place the labels"),
        ])

    init(_ o: TemplateObject) throws(TemplateError) {
        cityStyle = try o.style("cityStyle")
        datesStyle = try o.style("datesStyle")
        denseCityStyle = try o.style("denseCityStyle")
        maxPlacesWithDates = try o.whole("maxPlacesWithDates")
        halo = try o.color("halo")
        haloWidth = try o.number("haloWidth")
        gap = try o.number("gap")
        maxWidth = try o.number("maxWidth")
        weights = try o.read("weights")
    }
}

/// The label placer's costs: lower is better; `overlap` and `outside` reaching `drop` rule a candidate out.
public struct LabelWeights: Sendable, TemplateObjectReadable, Equatable {
    public var position: Double
    public var routeSample: Double
    public var samplesPerLeg: Int
    public var overlap: Double
    public var outside: Double
    public var drop: Double
    public var markerClearance: Double
    public var frameInset: Double
    public var sampleSpacing: Double
    public var nearMarker: Double
    public var ownMarkerLead: Double

    public init(
        position: Double, routeSample: Double, samplesPerLeg: Int, overlap: Double, outside: Double, drop: Double,
        markerClearance: Double, frameInset: Double, sampleSpacing: Double = 8, nearMarker: Double = 200,
        ownMarkerLead: Double = 3
    ) {
        self.position = position; self.routeSample = routeSample; self.samplesPerLeg = samplesPerLeg
        self.overlap = overlap; self.outside = outside; self.drop = drop
        self.markerClearance = markerClearance; self.frameInset = frameInset
        self.sampleSpacing = sampleSpacing; self.nearMarker = nearMarker; self.ownMarkerLead = ownMarkerLead
    }

    /// Route samples for one leg: `samplesPerLeg`, or more on a long leg so that they are at
    /// most `sampleSpacing` apart and a label cannot sit across the line between two of them.
    public func sampleCount(_ leg: LegCurve) -> Int {
        // Never more than `maxSamplesPerLeg`, however small a template makes the spacing.
        max(samplesPerLeg, Int(min(Double(Self.maxSamplesPerLeg), (leg.length / sampleSpacing).rounded(.up) + 1)))
    }

    /// The most samples a leg gets: a leg across the whole map at 1 pt spacing.
    public static let maxSamplesPerLeg = 1000

    static let schema = TemplateSchema(
        "A label's score, lowest wins: labels go first stop, last stop, most days, then by first visit.",
        [
            .number("position", "× the candidate's index (E, W, NE, SE, NW, SW, N, S)"),
            .number(
                "routeSample",
                "× the route samples inside the label (its text plus half the halo, a sample counting within half the casing width)"
            ),
            .whole("samplesPerLeg", 1...LabelWeights.maxSamplesPerLeg, "route samples per leg, at least"),
            .number(
                "sampleSpacing", .aboveZero, default: 8, "a long leg gets more samples, at most this far apart along it"
            ),
            .number(
                "overlap",
                "if the label meets a marker (within R + `markerClearance`) or another label, or another marker is nearer to it than its own"
            ),
            .number(
                "nearMarker", default: 200,
                "if another marker is less than `ownMarkerLead` farther from the label than its own"),
            .number(
                "ownMarkerLead", default: 3,
                "how much farther than its own marker every other marker stays from a label"),
            .number("outside", "if it leaves the frame less `frameInset`, or enters the scale-bar corner"),
            .number(
                "drop", .aboveZero,
                "a candidate whose `overlap` and `outside` add up to this or more is never taken; a label with no other is left out"
            ),
            .number("markerClearance", "room kept round a marker"),
            .number("frameInset", "room kept inside the frame"),
        ])

    init(_ o: TemplateObject) throws(TemplateError) {
        position = try o.number("position")
        routeSample = try o.number("routeSample")
        samplesPerLeg = try o.whole("samplesPerLeg")
        overlap = try o.number("overlap")
        outside = try o.number("outside")
        drop = try o.number("drop")
        markerClearance = try o.number("markerClearance")
        frameInset = try o.number("frameInset")
        sampleSpacing = try o.number("sampleSpacing")
        nearMarker = try o.number("nearMarker")
        ownMarkerLead = try o.number("ownMarkerLead")
    }
}

/// The scale bar and north arrow in the bottom-right corner.
public struct ScaleBarSpec: Sendable, TemplateObjectReadable {
    public var right: Double
    public var bottom: Double
    public var lengths: [Double]
    public var minimumLength: Double
    public var color: String
    public var lineWidth: Double
    public var tickHeight: Double
    public var style: String
    public var textGap: Double
    public var zoneWidth: Double
    public var zoneHeight: Double
    public var northGap: Double
    public var northTop: Double
    public var northHeight: Double
    public var northWidth: Double
    public var northNotch: Double
    public var northLabelDrop: Double

    static let schema = TemplateSchema(
        "The scale bar and the north arrow.",
        [
            .number("right", "the bar's right end, from the frame's right edge"),
            .number("bottom", "the bar's line, from the frame's bottom edge"),
            .lengths("lengths", .increasing, "lengths in the trip's units (miles or kilometres) to choose from"),
            .number(
                "minimumLength",
                "the first length drawn at least this long is used, else the longest; a bar too short for its labels keeps only the distance"
            ),
            .color("color", "the bar, its ticks and the arrow"),
            .number("lineWidth", "the bar's stroke width"),
            .number("tickHeight", "ticks at both ends and the middle"),
            .style("style", "`0` and `50 mi` above the bar"),
            .number("textGap", "from the bar up to its labels"),
            .number(
                "zoneWidth", "the bottom-right corner kept free of labels (grown to hold the bar and arrow): its width"),
            .number("zoneHeight", "and its height"),
            .number("northGap", "the north arrow's centre, left of the bar"),
            .number("northTop", "its tip, above the bar's line"),
            .number("northHeight", "tip to notch"),
            .number("northWidth", "its width"),
            .number("northNotch", "how far its back corners reach below the notch"),
            .number("northLabelDrop", .any, "the baseline of `N` below the bar's line"),
        ])

    init(_ o: TemplateObject) throws(TemplateError) {
        right = try o.number("right")
        bottom = try o.number("bottom")
        lengths = try o.lengths("lengths")
        minimumLength = try o.number("minimumLength")
        color = try o.color("color")
        lineWidth = try o.number("lineWidth")
        tickHeight = try o.number("tickHeight")
        style = try o.style("style")
        textGap = try o.number("textGap")
        zoneWidth = try o.number("zoneWidth")
        zoneHeight = try o.number("zoneHeight")
        northGap = try o.number("northGap")
        northTop = try o.number("northTop")
        northHeight = try o.number("northHeight")
        northWidth = try o.number("northWidth")
        northNotch = try o.number("northNotch")
        northLabelDrop = try o.number("northLabelDrop")
    }
}
