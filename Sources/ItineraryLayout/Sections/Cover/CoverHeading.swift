/// The cover's title and the route line under it.
import DisplayList
import ItineraryModel
import ItineraryText

extension SectionContext {
    /// The trip's name (or its default, the route, shortened as the route line is when it
    /// does not fit), in at most `maxLines` lines.
    /// `cut`: the trip's name when its lines had to end in … (the cover then prints it whole
    /// in its note).
    func coverTitle(_ spec: CoverTextSpec, headCities: Int) -> (part: CoverPart, lines: Int, cut: String?) {
        let shown = shownTitle(
            coverStyle(.title), width: width, maxLines: spec.maxLines, headCities: headCities,
            stops: stopsLabel)
        // A name broken over lines never splits a place of the trip, nor leaves its last word
        // alone (`days`); it starts at the left, as the rest of the cover, whatever its script
        // (`Bidi`: one edge per page).
        let title = coverSpan(trip.hasName ? titleText(shown) : shown, .title)
        var (lines, cut) = text.clampedParagraph([title], width: width, maxLines: spec.maxLines)
        // A name a little too long is set a little smaller (in four steps down to `smallScale`)
        // rather than cut and printed again in the note: a fourth line of a long French title.
        if cut, trip.hasName, spec.smallScale < 1 {
            for step in 1...Self.titleSteps {
                let scale = 1 - (1 - spec.smallScale) * Double(step) / Double(Self.titleSteps)
                var smaller = title
                smaller.style.size *= scale
                smaller.style.lineHeight *= scale
                let (set, stillCut) = text.clampedParagraph([smaller], width: width, maxLines: spec.maxLines)
                if !stillCut {
                    (lines, cut) = (set, false)
                    break
                }
            }
        }
        return (coverPart(lines), max(1, lines.count), trip.hasName && cut ? trip.name : nil)
    }

    /// How many sizes a name too long for its lines is tried at before it is cut.
    static let titleSteps = 4

    /// `36 stops`, from the cover's labels.
    /// Kept on one line: `10` never ends a line with `stops` alone on the next.
    private var stopsLabel: String {
        TripFormatter.unbreakable(Labels.fill(coverWord("stops"), ["count": format.count(trip.routeCities.count)]))
    }

    /// Every city in visiting order (`Chicago → Milwaukee → …`). When that takes more than
    /// `maxLines`, the first cities, an ellipsis, the last city and the number of stops:
    /// `Miami → New York → Boston → … → Philadelphia · 36 stops`.
    func coverRouteLine(_ spec: CoverRouteSpec) -> CoverPart {
        let style = coverStyle(.route)
        let route = routeText(
            style, width: width, maxLines: spec.maxLines, headCities: spec.headCities, stops: stopsLabel)
        return coverPart(coverLines(route, style: .route, width: width, maxLines: spec.maxLines))
    }
}
