/// The route a trip takes through its cities, and the title it defaults to.
import Foundation

extension Trip {
    /// The name, or the day cities joined with " → ", consecutive repeats collapsed.
    public var displayName: String {
        if hasName, let name { return name }
        return routeCities.joined(separator: " → ")
    }

    /// Whether the trip gives a name of its own (not only spaces).
    public var hasName: Bool { name.map { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? false }

    /// The cities in visiting order, consecutive repeats collapsed.
    public var routeCities: [String] {
        var cities: [String] = []
        for day in days where cities.last != day.city { cities.append(day.city) }
        return cities
    }
}
