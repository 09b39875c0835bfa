/// The trip's totals shown in the cover's stat tiles.
import ItineraryModel

/// Counts and sums over a whole trip.
struct CoverStats: Equatable {
    var days: Int
    var games: Int
    /// Distinct stadiums that host a game.
    var stadiums: Int
    /// Distinct day cities, whatever their case.
    var cities: Int
    /// Every travel leg's distance, whatever its mode.
    var distanceMeters: Double
    /// Drive legs only: the time spent at the wheel.
    var driveSeconds: Double

    init(trip: Trip) {
        var games = 0, distance = 0.0, drive = 0.0
        var stadiums = Set<String>()
        for case let item in trip.days.flatMap(\.items) {
            switch item {
            case let .game(g):
                games += 1
                stadiums.insert(g.stadium)
            case let .travel(leg):
                distance += leg.distanceMeters ?? 0
                if leg.mode == .drive { drive += leg.durationSeconds ?? 0 }
            case .lodging, .custom:
                break
            }
        }
        days = trip.days.count
        self.games = games
        self.stadiums = stadiums.count
        cities = Set(trip.days.map { $0.city.lowercased() }).count
        distanceMeters = distance
        driveSeconds = drive
    }
}
