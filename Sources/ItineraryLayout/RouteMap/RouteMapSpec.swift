/// The route map's settings: `cover.map` in a template.

/// Sizes, colours, styles and placement weights of the cover's route map.
public struct RouteMapSpec: Sendable, TemplateSpec {
    public var height: Double = 0
    public var heightPerExtraTitleLine: Double = 0
    public var padding = Insets()
    public var minimumSpanDegrees: Double = 0
    public var cornerRadius: Double = 0
    public var fill: String = ""
    public var frameColor: String = ""
    public var frameWidth: Double = 0
    public var emptyStyle: String = ""
    public var graticule = GraticuleSpec()
    public var route = RouteLegSpec()
    public var markers = MarkerSpec()
    public var labels = MapLabelSpec()
    public var scaleBar = ScaleBarSpec()

    static let schema = Schema(
        "The cover's route map: a frame, a graticule, the route's legs, numbered markers, city labels and a scale bar.",
        [
            .number(
                "height", \.height, .aboveZero,
                "the height with a one-line title on the template's own paper; a taller paper adds its extra height, and the map never takes more than the page leaves it"
            ),
            .number(
                "heightPerExtraTitleLine", \.heightPerExtraTitleLine, "taken off for each title line after the first"),
            .part("padding", \.padding, "room inside the frame around the fitted route"),
            .number(
                "minimumSpanDegrees", \.minimumSpanDegrees, .aboveZero(atMost: 360),
                "the least span on each axis (a map spans at most the globe)"),
            .retired(
                "locatorHeight",
                "no longer used: a map of one place takes the map's whole height at `minimumSpanDegrees`; delete it"),
            .retired("locatorSpanDegrees", "no longer used: a map of one place spans `minimumSpanDegrees`; delete it"),
            .number("cornerRadius", \.cornerRadius, "the frame's corner radius"),
            .color("fill", \.fill, "the map's paper"),
            .color("frameColor", \.frameColor, "the frame's stroke, which lies inside the frame"),
            .number("frameWidth", \.frameWidth, "the frame's stroke width"),
            .style("emptyStyle", \.emptyStyle, "the centred line (`labels.*.cover.noMap`) when no stop has a location"),
            .part("graticule", \.graticule, "the lines of longitude and latitude and their labels"),
            .part("route", \.route, "the legs between stops"),
            .part("markers", \.markers, "the numbered stop markers"),
            .part("labels", \.labels, "the city labels beside the markers"),
            .part("scaleBar", \.scaleBar, "the scale bar and north arrow in the bottom-right corner"),
        ])
}

/// Lines of latitude and longitude, and their degree labels.
public struct GraticuleSpec: Sendable, TemplateSpec {
    public var steps: [Double] = []
    public var stepsBelow: [Double] = []
    public var color: String = ""
    public var lineWidth: Double = 0
    public var style: String = ""
    public var topBaseline: Double = 0
    public var labelOffset: Double = 0
    public var leftInset: Double = 0

    static let schema = Schema(
        "The graticule: a step in degrees chosen by the frame's span.",
        [
            .lengths(
                "steps", \.steps, .increasing,
                "the steps in degrees: `steps[i]` while the frame spans less than `stepsBelow[i]` degrees, else the last"
            ),
            .lengths(
                "stepsBelow", \.stepsBelow, .limits, "the spans that choose the steps: one number fewer than `steps`"),
            .color("color", \.color, "the lines"),
            .number("lineWidth", \.lineWidth, "their stroke width"),
            .style("style", \.style, "the degree labels"),
            .number("topBaseline", \.topBaseline, "the longitude labels' baseline, from the frame's top"),
            .number("labelOffset", \.labelOffset, "a label right of its meridian, above its parallel"),
            .number("leftInset", \.leftInset, "the latitude labels, from the frame's left"),
        ]
    ) { graticule, o throws(TemplateError) in
        guard graticule.stepsBelow.count == graticule.steps.count - 1 else {
            throw o.error("stepsBelow", "must have one number fewer than steps")
        }
    }
}

/// The legs between stops: a paper casing under an accent line, bowed to the right, with an arrowhead.
public struct RouteLegSpec: Sendable, TemplateSpec {
    public var casingColor: String = ""
    public var casingWidth: Double = 0
    public var color: String = ""
    public var lineWidth: Double = 0
    public var bow: Double = 0
    public var maxBow: Double = 0
    public var arrowLength: Double = 0
    public var arrowWidth: Double = 0
    public var arrowOutline: Double = 0

    static let schema = Schema(
        "The route's legs: a bowed line over a casing, an arrowhead at its middle.",
        [
            .color("casingColor", \.casingColor, "the casing under each leg"),
            .number("casingWidth", \.casingWidth, "the casing's width"),
            .color("color", \.color, "the leg"),
            .number("lineWidth", \.lineWidth, .aboveZero, "the leg's width"),
            .number(
                "bow", \.bow, "the control point is the chord's midpoint pushed right by min(bow × length, maxBow)"),
            .number("maxBow", \.maxBow, "the largest push"),
            .number("arrowLength", \.arrowLength, "the arrowhead's length"),
            .number("arrowWidth", \.arrowWidth, "the arrowhead's width"),
            .number("arrowOutline", \.arrowOutline, "a stroke in the route colour that rounds the arrowhead's corners"),
        ])
}

/// Numbered capsules, one per place.
public struct MarkerSpec: Sendable, TemplateSpec {
    public var fill: String = ""
    public var stroke: String = ""
    public var strokeWidth: Double = 0
    public var tiers: [MarkerTier] = []
    public var baselineShift: Double = 0
    public var textPadding: Double = 0
    public var maxNumbers: Int = 0
    public var maxMove: Double = 1.5

    static let schema = Schema(
        "The numbered stop markers.",
        [
            .color("fill", \.fill, "the marker's disc"),
            .color("stroke", \.stroke, "its outline"),
            .number("strokeWidth", \.strokeWidth, "the outline's width"),
            .list(
                "tiers", \.tiers, "sizes from the fewest places up; the last has no `maxPlaces`, every other one has"),
            .number(
                "baselineShift", \.baselineShift, .any, "the number's baseline sits this many sizes below the centre"),
            .number("textPadding", \.textPadding, "a marker is max(2R, text + textPadding × R) wide"),
            .whole(
                "maxNumbers", \.maxNumbers, 1...Int.max,
                "numbers shown on one marker of a place visited often (`5 · 32 · 35`; beyond, `5 · 32 · +2`)"),
            .number(
                "maxMove", \.maxMove, default: 1.5,
                "how far, in its radii, a marker may be moved off its place to keep clear of others (never past one in either axis); places that would need more share one marker"
            ),
        ]
    ) { markers, o throws(TemplateError) in
        let tiers = markers.tiers
        guard !tiers.isEmpty, tiers.last?.maxPlaces == nil, tiers.dropLast().allSatisfy({ $0.maxPlaces != nil }) else {
            throw o.error("tiers", "must end with one tier without maxPlaces, every other tier having one")
        }
    }
}

/// One marker size: used while the map has at most `maxPlaces` places.
public struct MarkerTier: Sendable, TemplateSpec, Equatable {
    public var maxPlaces: Int?
    public var radius: Double = 0
    public var style: String = ""

    init() {}

    public init(maxPlaces: Int?, radius: Double, style: String) {
        self.maxPlaces = maxPlaces; self.radius = radius; self.style = style
    }

    static let schema = Schema(
        "One marker size.",
        [
            .whole("maxPlaces", \.maxPlaces, "up to this many places (left out on the last tier)"),
            .number("radius", \.radius, .aboveZero, "the marker's radius"),
            .style("style", \.style, "the number in it"),
        ])
}

/// City labels: styles, halo, the candidate positions' gap and the placement score.
public struct MapLabelSpec: Sendable, TemplateSpec {
    public var cityStyle: String = ""
    public var datesStyle: String = ""
    public var denseCityStyle: String = ""
    public var maxPlacesWithDates: Int = 0
    public var halo: String = ""
    public var haloWidth: Double = 0
    public var gap: Double = 0
    public var maxWidth: Double = 0
    public var leaderLength: Double = 0
    public var weights = LabelWeights()

    static let schema = Schema(
        "The city labels beside the markers.",
        [
            .style("cityStyle", \.cityStyle, "the city, on maps of up to `maxPlacesWithDates` places"),
            .style("datesStyle", \.datesStyle, "its dates, under it"),
            .style("denseCityStyle", \.denseCityStyle, "the city on maps of more places (no dates)"),
            .retired(
                "denseDatesStyle",
                "no longer used (maps of more than `maxPlacesWithDates` places print no dates): delete it"),
            .whole(
                "maxPlacesWithDates", \.maxPlacesWithDates, 0...Int.max, "the most places for which labels carry dates"),
            .color("halo", \.halo, "the paper halo drawn under each label"),
            .number("haloWidth", \.haloWidth, "the halo's stroke width"),
            .number("gap", \.gap, "from the marker to its label"),
            .number(
                "maxWidth", \.maxWidth, .aboveZero,
                "names and dates wider than this take a second line; what two lines cannot hold ends in …"),
            .number(
                "leaderLength", \.leaderLength, default: 0,
                "a label with no free spot beside its marker may sit this much farther out, tied to it by a line; 0 for none"
            ),
            .part("weights", \.weights, "the scores that place the labels"),
        ])
}

/// The label placer's costs: lower is better; `overlap` and `outside` reaching `drop` rule a candidate out.
public struct LabelWeights: Sendable, TemplateSpec, Equatable {
    public var position: Double = 0
    public var routeSample: Double = 0
    public var samplesPerLeg: Int = 0
    public var overlap: Double = 0
    public var outside: Double = 0
    public var drop: Double = 0
    public var markerClearance: Double = 0
    public var frameInset: Double = 0
    public var sampleSpacing: Double = 0
    public var nearMarker: Double = 0
    public var ownMarkerLead: Double = 0

    init() {}

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

    static let schema = Schema(
        "A label's score, lowest wins: labels go first stop, last stop, most days, then by first visit.",
        [
            .number("position", \.position, "× the candidate's index (E, W, NE, SE, NW, SW, N, S)"),
            .number(
                "routeSample", \.routeSample,
                "× the route samples inside the label (its text plus half the halo, a sample counting within half the casing width)"
            ),
            .whole(
                "samplesPerLeg", \.samplesPerLeg, 1...LabelWeights.maxSamplesPerLeg, "route samples per leg, at least"),
            .number(
                "sampleSpacing", \.sampleSpacing, .aboveZero, default: 8,
                "a long leg gets more samples, at most this far apart along it"
            ),
            .number(
                "overlap", \.overlap,
                "if the label meets a marker (within R + `markerClearance`) or another label, or another marker is nearer to it than its own"
            ),
            .number(
                "nearMarker", \.nearMarker, default: 200,
                "if another marker is less than `ownMarkerLead` farther from the label than its own"),
            .number(
                "ownMarkerLead", \.ownMarkerLead, default: 3,
                "how much farther than its own marker every other marker stays from a label"),
            .number("outside", \.outside, "if it leaves the frame less `frameInset`, or enters the scale-bar corner"),
            .number(
                "drop", \.drop, .aboveZero,
                "a candidate whose `overlap` and `outside` add up to this or more is never taken; a label with no other is left out"
            ),
            .number("markerClearance", \.markerClearance, "room kept round a marker"),
            .number("frameInset", \.frameInset, "room kept inside the frame"),
        ])
}

/// The scale bar and north arrow in the bottom-right corner.
public struct ScaleBarSpec: Sendable, TemplateSpec {
    public var right: Double = 0
    public var bottom: Double = 0
    public var lengths: [Double] = []
    public var minimumLength: Double = 0
    public var color: String = ""
    public var lineWidth: Double = 0
    public var tickHeight: Double = 0
    public var style: String = ""
    public var textGap: Double = 0
    public var zoneWidth: Double = 0
    public var zoneHeight: Double = 0
    public var northGap: Double = 0
    public var northTop: Double = 0
    public var northHeight: Double = 0
    public var northWidth: Double = 0
    public var northNotch: Double = 0
    public var northLabelDrop: Double = 0

    static let schema = Schema(
        "The scale bar and the north arrow.",
        [
            .number("right", \.right, "the bar's right end, from the frame's right edge"),
            .number("bottom", \.bottom, "the bar's line, from the frame's bottom edge"),
            .lengths(
                "lengths", \.lengths, .increasing, "lengths in the trip's units (miles or kilometres) to choose from"),
            .number(
                "minimumLength", \.minimumLength,
                "the first length drawn at least this long is used, else the longest; a bar too short for its labels keeps only the distance"
            ),
            .color("color", \.color, "the bar, its ticks and the arrow"),
            .number("lineWidth", \.lineWidth, "the bar's stroke width"),
            .number("tickHeight", \.tickHeight, "ticks at both ends and the middle"),
            .style("style", \.style, "`0` and `50 mi` above the bar"),
            .number("textGap", \.textGap, "from the bar up to its labels"),
            .number(
                "zoneWidth", \.zoneWidth,
                "the bottom-right corner kept free of labels (grown to hold the bar and arrow): its width"),
            .number("zoneHeight", \.zoneHeight, "and its height"),
            .number("northGap", \.northGap, "the north arrow's centre, left of the bar"),
            .number("northTop", \.northTop, "its tip, above the bar's line"),
            .number("northHeight", \.northHeight, "tip to notch"),
            .number("northWidth", \.northWidth, "its width"),
            .number("northNotch", \.northNotch, "how far its back corners reach below the notch"),
            .number("northLabelDrop", \.northLabelDrop, .any, "the baseline of `N` below the bar's line"),
        ])
}
