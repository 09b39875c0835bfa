/// The cover's title and the route line under it.
import ItineraryModel
import ItineraryText

extension SectionContext {
    /// The trip's name (or its default, the route), in at most `maxLines` lines.
    func coverTitle(_ spec: CoverTextSpec) -> (part: CoverPart, lines: Int) {
        let shown = trip.shownName
        let lines = coverLines(shown, style: spec.style, width: width, maxLines: spec.maxLines)
        // A name that reads right to left (in Arabic, in Hebrew) is set from the right edge.
        guard TextEngine.isRightToLeftParagraph(shown) else { return (coverPart(lines), max(1, lines.count)) }
        var part = coverPart(lines)
        part.items = zip(part.items, lines).map { item, line in item.offset(by: Point(x: width - line.width, y: 0)) }
        return (part, max(1, lines.count))
    }

    /// Every city in visiting order (`Chicago → Milwaukee → …`). When that takes more than
    /// `maxLines`, the first cities, an ellipsis, the last city and the number of stops:
    /// `Miami → New York → Boston → … → Philadelphia · 36 stops`.
    func coverRouteLine(_ spec: CoverRouteSpec) -> CoverPart {
        let cities = trip.routeCities.map(Bidi.isolated)
        let arrow = " → "
        let full = text.setParagraph([coverSpan(cities.joined(separator: arrow), spec.style)], width: width)
        guard full.count > spec.maxLines, cities.count > 2 else { return coverPart(full) }
        let stops = Labels.fill(coverWord("stops"), ["count": format.count(cities.count)])
        var shortened = ""
        // Fewer leading cities until the short form fits; the last resort is an ellipsis at the end.
        for head in stride(from: min(spec.headCities, cities.count - 2), through: 1, by: -1) {
            shortened = (cities.prefix(head) + ["…", cities[cities.count - 1]]).joined(separator: arrow) + " · " + stops
            if text.setParagraph([coverSpan(shortened, spec.style)], width: width).count <= spec.maxLines { break }
        }
        return coverPart(coverLines(shortened, style: spec.style, width: width, maxLines: spec.maxLines))
    }
}
