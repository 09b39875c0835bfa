/// The trip's place names kept whole inside a title the traveller wrote.
import ItineraryModel
import ItineraryText

extension SectionContext {
    /// A title the traveller wrote (the trip's name, a day's title) as it is set: never a place
    /// split over two lines, never its last word alone on the last line (`days`).
    func titleText(_ title: String) -> String { LineBreaks.lastWordsTied(placesKeptWhole(title)) }

    /// A leg's end as a travel line sets it (`From → To`): kept whole up to 24 characters
    /// (`LineBreaks.wholePlace`), and the trip's own places inside a longer name kept whole
    /// (`Rio de Janeiro` in `Rio de Janeiro–Santos Dumont`, `תל אביב` in a station's name).
    func legPlace(_ place: String) -> String { LineBreaks.wholePlace(placesKeptWhole(place), longest: 24) }

    /// `text` with each place the trip names (a day's city, a stadium's city, a leg's ends) that
    /// it holds tied into one word (`East Rutherford`, `Saint-Étienne`: no-break spaces, a word
    /// joiner after each hyphen), so that a title broken over lines never splits a place.
    /// Longer names first, so that `New York` inside `New York City` is tied as a whole.
    func placesKeptWhole(_ text: String) -> String {
        var out = text
        for place in tieablePlaces {
            // Both in ASCII (most titles, most places): bytes compare as Foundation's canonical
            // comparison would, at a fraction of its cost (this runs for every place on every
            // card: 30 million instructions of the 120-day trip through Foundation).
            if out.utf8.allSatisfy({ $0 < 0x80 }), place.utf8.allSatisfy({ $0 < 0x80 }) {
                out = out.replacingLiterally(place, with: TripFormatter.unbreakable(place))
            } else if out.contains(place) {
                out = out.replacingOccurrences(of: place, with: TripFormatter.unbreakable(place))
            }
        }
        return out
    }

    /// The trip's place names that may break (a space or a hyphen), at most 32 characters
    /// (a longer one may need to break), longest first.
    static func tieablePlaces(_ trip: Trip) -> [String] {
        var names = Set<String>()
        for day in trip.days {
            names.insert(day.city)
            for item in day.items {
                if case let .travel(leg) = item {
                    names.insert(leg.from)
                    names.insert(leg.to)
                }
            }
        }
        for stadium in trip.stadiums { names.insert(stadium.city) }
        return names.filter { $0.count <= 32 && ($0.contains(" ") || $0.contains("-")) }
            .sorted { ($0.count, $0) > ($1.count, $1) }
    }
}
