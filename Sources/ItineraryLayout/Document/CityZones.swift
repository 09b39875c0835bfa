/// Which time zone a city's times are shown in, for items that carry no zone of their own.
import ItineraryModel

/// Resolves the zone of a city from the trip's stadiums, and of each day by carrying the
/// previous day's zone forward when its city has no stadium.
struct CityZones {
    private var byCity: [String: String] = [:]
    /// The zone of each day, by index.
    private(set) var dayZones: [String] = []

    init(trip: Trip) {
        for stadium in trip.stadiums where byCity[Self.key(stadium.city)] == nil {
            byCity[Self.key(stadium.city)] = stadium.timeZone
        }
        var previous = trip.stadiums.first?.timeZone ?? "UTC"
        // The first day without a stadium city takes the zone of the first game's stadium.
        if let firstGameZone = trip.days.lazy.flatMap(\.items).compactMap({ item -> String? in
            if case let .game(g) = item { return trip.stadiums.first { $0.id == g.stadium }?.timeZone }
            return nil
        }).first {
            previous = firstGameZone
        }
        for day in trip.days {
            let zone = byCity[Self.key(day.city)] ?? previous
            dayZones.append(zone)
            previous = zone
        }
    }

    /// The zone of `city`, or `fallback` when no stadium is in it.
    func zone(of city: String, fallback: String) -> String { byCity[Self.key(city)] ?? fallback }

    private static func key(_ city: String) -> String { city.lowercased() }
}
