/// The route as a title: every city, or the short form when that does not fit.
import ItineraryModel
import ItineraryText

extension SectionContext {
    /// The cities in visiting order (`Chicago → Milwaukee → …`) in `style`, in at most `maxLines`
    /// lines `width` wide; when they take more, the first cities, an ellipsis and the last city,
    /// then `stops` when given (`Miami → New York → Boston → … → Philadelphia · 36 stops`): fewer
    /// leading cities until the short form fits, and when even one does not, the first and last
    /// cities shortened themselves. A route never loses its destination.
    func routeText(_ style: TextStyle, width: Double, maxLines: Int, headCities: Int, stops: String?) -> String {
        // Every form is one list (Bidi.list): from the left with `→`, or, all right-to-left, from the
        // right with `←`. A city is never split over two lines (`East / Rutherford`).
        let cities = trip.routeCities.map { LineBreaks.wholePlace($0, longest: 24) }
        // An arrow keeps to the city before it: a line may end with one, pointing on to the next
        // line, never start with one (a no-break space before it).
        let arrow = "\u{00A0}→ "
        let full = Bidi.list(cities, separator: arrow)
        func fits(_ s: String) -> Bool { text.setParagraph([StyledSpan(s, style)], width: width).count <= maxLines }
        guard !fits(full) else { return full }
        // The count keeps to the last city (no-break spaces round its dot): broken before it, the
        // dot would be left out at the break and the count read as the city's (`Los Angeles` /
        // `16 stops`).
        let tail = stops.map { "\u{00A0}·\u{00A0}" + $0 } ?? ""
        if cities.count > 2 {
            for head in stride(from: min(headCities, cities.count - 2), through: 1, by: -1) {
                let shortened =
                    Bidi.list(cities.prefix(head) + ["…", cities[cities.count - 1]], separator: arrow) + tail
                if fits(shortened) { return shortened }
            }
        }
        // The end cities themselves are long: each shortened to a third of the room, so that
        // the first, the last and the count always show (`Boston Massachusetts… → … → Philadel… · 3 stops`).
        guard cities.count > 1 else { return full }
        let room = width * Double(max(1, maxLines)) / 3
        func end(_ city: String) -> String {
            text.ellipsize(StyledSpan(city, style), width: room, middle: false).text
        }
        let first = end(trip.routeCities[0]), last = end(trip.routeCities[trip.routeCities.count - 1])
        return cities.count > 2
            ? Bidi.list([first, "…", last], separator: arrow) + tail : Bidi.list([first, last], separator: arrow)
    }

    /// The trip's name, or without one its route (`routeText`) fitted to `width` and `maxLines`.
    func shownTitle(
        _ style: TextStyle, width: Double, maxLines: Int, headCities: Int = 3, stops: String? = nil
    ) -> String {
        trip.hasName
            ? trip.shownName : routeText(style, width: width, maxLines: maxLines, headCities: headCities, stops: stops)
    }
}
