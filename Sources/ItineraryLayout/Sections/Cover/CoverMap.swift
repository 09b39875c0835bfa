/// The cover's route map, with the trip's words, numbers and units.
import Foundation
import ItineraryModel
import ItineraryText

extension SectionContext {
    /// The map of `outline` (the trip's), `width` wide and `height` tall.
    func coverMap(_ spec: RouteMapSpec, outline: RouteOutline, height: Double) -> CoverPart {
        guard height > 0 else { return .empty }
        let renderer = RouteMapRenderer(spec: spec, theme: theme, text: text, words: coverMapWords(spec))
        let layout = renderer.layout(outline, width: width, height: height)
        return CoverPart(items: renderer.draw(layout), height: height)
    }

    /// The map's words: stop numbers, dates, degree labels and the scale in the trip's units.
    func coverMapWords(_ spec: RouteMapSpec) -> RouteMapWords {
        let dates = MonthDayFormatter(locale: format.locale, dates: format.caches.dates)
        let format = self.format
        let unit = Self.figureParts(format.distance(meters: 1000)).last?.text ?? ""
        let labels = self.labels
        let maxVisits = spec.markers.maxNumbers
        return RouteMapWords(
            number: { format.count($0) },
            dates: { place in
                // Like the marker's numbers: the first visits, then a count of the rest.
                // A day once, though two of a grouped marker's stops fall on it (`Apr 18`, not
                // `Apr 18 · Apr 18`).
                var visits: [String] = []
                for stop in place.stops {
                    let visit = dates.string(stop.firstDay, stop.lastDay)
                    if !visits.contains(visit) { visits.append(visit) }
                }
                // From the left, whatever the script of the dates (Bidi.list).
                guard visits.count > maxVisits else { return Bidi.list(visits, separator: " · ") }
                let shown = max(1, maxVisits - 1)
                return Bidi.list(visits.prefix(shown) + ["+" + format.count(visits.count - shown)], separator: " · ")
            },
            degrees: { value, isLatitude in
                let key =
                    value == 0 || abs(value) == 180
                    ? "degrees"
                    : isLatitude
                        ? (value > 0 ? "latitudeNorth" : "latitudeSouth")
                        : (value > 0 ? "longitudeEast" : "longitudeWest")
                return Labels.fill(labels.label("cover", key), ["degrees": format.count(Int(abs(value).rounded()))])
            },
            scaleLabel: { format.count(Int($0.rounded())) + "\u{00A0}" + unit },
            kilometresPerUnit: trip.units == .imperial ? ScaleBar.kilometresPerMile : 1,
            north: labels.label("cover", "north"),
            empty: labels.label("cover", "noMap"))
    }
}

extension SectionContext {
    /// What a screen reader says for the map: the route in words, every stop with its number
    /// and dates (`Route map: 1 Chicago, Jun 12–13 → 2 Milwaukee, Jun 14 → …`).
    func coverMapAlternate(_ outline: RouteOutline) -> String {
        let dates = MonthDayFormatter(locale: format.locale, dates: format.caches.dates)
        let stops = outline.stops.filter { $0.location != nil }.map { stop in
            "\(format.count(stop.number)) \(stop.city), \(dates.string(stop.firstDay, stop.lastDay))"
        }
        // `mapAlt` is optional: a template older than it says the stops alone.
        let pattern = coverWord("mapAlt").isEmpty ? "{stops}" : coverWord("mapAlt")
        return Labels.fill(pattern, ["stops": stops.joined(separator: " → ")])
    }

    /// The key under the map: `1 Chicago · 2 Milwaukee · 3·5 Detroit`, each place's marker text
    /// (as the marker writes it, `1·9·+10` for a city visited twelve times) in the key's number
    /// style, then its city, in order of first visit. An entry never breaks inside (a city longer
    /// than a line breaks between its words, never inside one), no place is left out, and a stop
    /// without a location is named after them under `notOnMap`. Beyond `maxLines` the whole key
    /// is set at `smallScale` of its size, on as many lines as it takes (the cover decides how
    /// many it can hold). A list of places all right-to-left (the places on the map, or those
    /// not on it) reads from the right, as a Hebrew or Arabic route does. Empty without a map.
    func coverMapKeyLines(_ spec: CoverMapKeySpec, markers: MarkerSpec, outline: RouteOutline) -> [SetLine] {
        let places = outline.places.sorted { $0.firstStop < $1.firstStop }
        guard !places.isEmpty else { return [] }
        let missing = outline.unlocatedStops
        // A list whose places all read from the right is a list like a Hebrew route: one
        // right-to-left run, each number at its place's right (`Bidi.listParts`). The cue before
        // the stops not on the map is in the labels' language and stays between the two lists,
        // each of which reads in its places' direction.
        let placesFromTheRight = places.allSatisfy { Bidi.readsRightToLeft($0.city) }
        let missingFromTheRight = missing.allSatisfy { Bidi.readsRightToLeft($0.city) }
        func keyPlace(_ city: String, fromTheRight: Bool) -> String {
            let marked = fromTheRight ? city : Bidi.isolated(city)
            return city.count <= Self.longestWholeKeyPlace ? TripFormatter.unbreakable(marked) : marked
        }
        func entries(scale: Double) -> [StyledSpan] {
            func span(_ text: String, _ style: CoverStyle) -> StyledSpan {
                var s = coverSpan(text, style)
                s.style.size *= scale
                s.style.lineHeight *= scale
                return s
            }
            /// `list` marked to read from the right when `fromTheRight`.
            func ordered(_ list: [StyledSpan], fromTheRight: Bool) -> [StyledSpan] {
                guard fromTheRight, !list.isEmpty else { return list }
                var list = list
                for (i, text) in Bidi.listParts(list.map(\.text)).parts.enumerated() { list[i].text = text }
                return list
            }
            var onMap: [StyledSpan] = []
            for (i, place) in places.enumerated() {
                if i > 0 { onMap.append(span(" · ", .mapKey)) }
                // Every stop's number, though its marker shows the first and a count (`1 · 3 · +7`):
                // the key is where a reader finds stop 42.
                let numbers = place.stops.map(\.number), all = numbers.map(format.count)
                // As many as a marker shows stay on one line; a longer list may break after a `·`
                // (a narrow no-break space before it, a thin space after).
                let tied =
                    all.count <= markers.maxNumbers
                    ? TripFormatter.unbreakable(
                        MarkerLayout.text(numbers: numbers, maxNumbers: Int.max, format: format.count))
                    : all.joined(separator: "\u{202F}·\u{2009}")
                onMap.append(span(Bidi.leftToRight(tied) + "\u{00A0}", .mapKeyNumber))
                onMap.append(span(keyPlace(place.city, fromTheRight: placesFromTheRight), .mapKey))
            }
            var spans = ordered(onMap, fromTheRight: placesFromTheRight)
            // A stop without a location has no marker: the key names it all the same, and says why.
            if !missing.isEmpty {
                let cue = coverWord("notOnMap")
                spans.append(span(" · " + (cue.isEmpty ? "—" : cue) + " ", .mapKey))
                var notOnMap: [StyledSpan] = []
                for (i, stop) in missing.enumerated() {
                    if i > 0 { notOnMap.append(span(" · ", .mapKey)) }
                    notOnMap.append(span(Bidi.leftToRight(format.count(stop.number)) + "\u{00A0}", .mapKeyNumber))
                    notOnMap.append(span(keyPlace(stop.city, fromTheRight: missingFromTheRight), .mapKey))
                }
                spans += ordered(notOnMap, fromTheRight: missingFromTheRight)
            }
            return spans
        }
        let lines = text.setParagraph(entries(scale: 1), width: width)
        guard lines.count > spec.maxLines, spec.smallScale < 1 else { return lines }
        return text.setParagraph(entries(scale: spec.smallScale), width: width)
    }

    /// The longest city a map key keeps on one line; a longer one breaks between its words.
    static let longestWholeKeyPlace = 40
}
