/// The caps line at the right of a day heading: `1 GAME · 1 TRAIN · 92 MI DRIVE`.
import ItineraryModel

extension DayBuilder {
    /// Games, then every kind of leg but drives counted (in the overview's words, so the two
    /// agree), then the distance driven in the trip's units (or the drives counted when none
    /// gives a distance); empty for a day with none.
    func summary(_ day: Day) -> String {
        var games = 0, drives = 0
        var driven = 0.0
        var legs: [TravelMode: Int] = [:]
        for item in day.items {
            switch item {
            case .game: games += 1
            case let .travel(leg):
                legs[leg.mode, default: 0] += 1
                if leg.mode == .drive {
                    drives += 1
                    driven += leg.distanceMeters ?? 0
                }
            default: break
            }
        }
        var parts: [String] = []
        if games > 0 {
            parts.append(
                Labels.fill(label(games == 1 ? "gameOne" : "gameOther"), count: "count", ctx.format.count(games)))
        }
        parts += ctx.legCounts(legs, except: [.drive])
        if driven > 0 {
            parts.append(Labels.fill(label("drive"), ["distance": ctx.format.distance(meters: driven)]))
        } else if drives > 0 {
            parts += ctx.legCounts([.drive: drives])
        }
        return parts.joined(separator: " · ")
    }
}
