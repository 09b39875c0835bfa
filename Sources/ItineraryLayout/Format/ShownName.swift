/// The trip's title as the pages print it.
import ItineraryModel
import ItineraryText

extension Trip {
    /// The name, or the route (`Chicago → Milwaukee`) with each right-to-left city isolated, so
    /// the cities read from the left in visiting order whatever their script.
    var shownName: String {
        if hasName, let name { return name }
        return Bidi.list(routeCities, separator: " → ")
    }
}
