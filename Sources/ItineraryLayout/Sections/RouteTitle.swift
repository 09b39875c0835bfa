/// The route as a title: every city, or the short form when that does not fit.
import ItineraryModel
import ItineraryText

extension SectionContext {
    /// The cities in visiting order (`Chicago → Milwaukee → …`) in `style`, in at most `maxLines`
    /// lines `width` wide; when they take more, the first cities, an ellipsis and the last city,
    /// then `stops` when given (`Miami → New York → Boston → … → Philadelphia · 36 stops`): a
    /// route is never cut in the middle of a city or after an arrow. Fewer leading cities until
    /// the short form fits; it may still end in … on its last line.
    func routeText(_ style: TextStyle, width: Double, maxLines: Int, headCities: Int, stops: String?) -> String {
        let cities = trip.routeCities.map(Bidi.isolated)
        let arrow = " → "
        let full = cities.joined(separator: arrow)
        guard cities.count > 2, text.setParagraph([StyledSpan(full, style)], width: width).count > maxLines else { return full }
        var shortened = full
        for head in stride(from: min(headCities, cities.count - 2), through: 1, by: -1) {
            shortened = (cities.prefix(head) + ["…", cities[cities.count - 1]]).joined(separator: arrow) + (stops.map { " · " + $0 } ?? "")
            if text.setParagraph([StyledSpan(shortened, style)], width: width).count <= maxLines { break }
        }
        return shortened
    }

    /// The trip's name, or without one its route (`routeText`) fitted to `width` and `maxLines`.
    func shownTitle(_ style: TextStyle, width: Double, maxLines: Int, headCities: Int = 3, stops: String? = nil) -> String {
        trip.hasName ? trip.shownName : routeText(style, width: width, maxLines: maxLines, headCities: headCities, stops: stops)
    }
}
