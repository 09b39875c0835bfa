/// The trip's totals shown in the cover's stat tiles.
import ItineraryModel

/// The overview's totals (`TripTotals`: the same legs for distance and for time, so the cover
/// and the totals row agree) and the distinct stadiums that host a game.
struct CoverStats: Equatable {
    var totals: TripTotals
    var stadiums: Int

    init(trip: Trip) {
        totals = TripTotals(trip)
        stadiums = Set(trip.days.flatMap(TripTotals.games(on:)).map(\.stadium)).count
    }
}
