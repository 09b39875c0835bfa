/// The figures of the days table: travel sums per day and the totals of the whole trip.
import ItineraryModel

/// Distance and time of a set of travel legs; nil where no leg gives the figure.
struct TravelSums: Equatable {
    var distanceMeters: Double?
    var durationSeconds: Double?

    init(_ legs: [TravelLeg]) {
        let distances = legs.compactMap(\.distanceMeters), durations = legs.compactMap(\.durationSeconds)
        distanceMeters = distances.isEmpty ? nil : distances.reduce(0, +)
        durationSeconds = durations.isEmpty ? nil : durations.reduce(0, +)
    }
}

/// What the totals row counts. Distance and time are the sums of the day rows' raw values
/// (rounded once, at the end), so they can differ from adding up the rounded day figures.
struct TripTotals: Equatable {
    var days: Int
    /// Distinct cities, ignoring case: the days' and those of games played far from their day's
    /// city (`RouteOutline.cityCount`), as the map has them.
    var cities: Int
    var games: Int
    /// Travel legs by mode.
    var legs: [TravelMode: Int]
    var travel: TravelSums

    init(_ trip: Trip) {
        days = trip.days.count
        cities = RouteOutline.cityCount(trip)
        games = trip.days.reduce(0) { $0 + Self.games(on: $1).count }
        let allLegs = trip.days.flatMap(Self.legs(on:))
        legs = Dictionary(allLegs.map { ($0.mode, 1) }, uniquingKeysWith: +)
        travel = TravelSums(allLegs)
    }

    /// A day's games, in the order given.
    static func games(on day: Day) -> [Game] {
        day.items.compactMap { if case let .game(g) = $0 { return g } else { return nil } }
    }

    /// A day's travel legs, in the order given.
    static func legs(on day: Day) -> [TravelLeg] {
        day.items.compactMap { if case let .travel(t) = $0 { return t } else { return nil } }
    }
}
