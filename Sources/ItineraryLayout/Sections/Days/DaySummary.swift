/// The caps line at the right of a day heading: `1 GAME · 92 MI DRIVE`.
import ItineraryModel

extension DayLayout {
    /// Games, flights and the distance driven, in the trip's units; empty for a day with none.
    func summary(_ day: Day) -> String {
        var games = 0, flights = 0
        var driven = 0.0
        for item in day.items {
            switch item {
            case .game: games += 1
            case let .travel(leg) where leg.mode == .flight: flights += 1
            case let .travel(leg) where leg.mode == .drive: driven += leg.distanceMeters ?? 0
            default: break
            }
        }
        var parts: [String] = []
        if games > 0 { parts.append(counted(games, "game")) }
        if flights > 0 { parts.append(counted(flights, "flight")) }
        if driven > 0 { parts.append(Labels.fill(label("drive"), ["distance": ctx.format.distance(meters: driven)])) }
        return parts.joined(separator: " · ")
    }

    /// `{count} game` or `{count} games` from the labels `gameOne` / `gameOther`.
    private func counted(_ n: Int, _ key: String) -> String {
        Labels.fill(label(key + (n == 1 ? "One" : "Other")), ["count": ctx.format.count(n)])
    }
}
