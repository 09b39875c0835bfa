/// Which stadiums of the record the trip visits, when, and in what order the page lists them.
import Foundation
import ItineraryModel

/// The visited list split into stadiums of the trip (ordered by first visit, then the rest of
/// the list) and free strings that match no stadium.
struct StadiumVisits {
    struct Entry {
        var stadium: Stadium
        /// The days of the trip with a game there, in order (empty: visited before the trip).
        var dates: [CalendarDate]
        /// The home team of its first game on this trip in the record's league: an NHL list shows
        /// the Kings at a shared arena, not the Lakers. Nil when the trip has no such game there.
        var homeTeam: String?
    }

    var entries: [Entry] = []
    /// Ids that match no stadium, as written.
    var others: [String] = []

    /// - Parameter league: the record's league; games of other leagues still count as visits
    ///   (dates), but only this league's home teams name a stadium's tenant.
    init(trip: Trip, visitedIds: [String], league: String? = nil) {
        let stadiums = Dictionary(trip.stadiums.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let leagueOf = Dictionary(trip.teams.map { ($0.id, $0.league.lowercased()) }, uniquingKeysWith: { a, _ in a })
        func sameLeague(_ game: Game) -> Bool {
            guard let league = league?.lowercased() else { return true }
            return game.league.lowercased() == league || leagueOf[game.homeTeam] == league
        }
        var dates: [String: [CalendarDate]] = [:]
        var homes: [String: String] = [:]
        var firstVisit: [String: Int] = [:]
        for (index, day) in trip.days.enumerated() {
            for case let .game(game) in day.items {
                if dates[game.stadium]?.last != day.date { dates[game.stadium, default: []].append(day.date) }
                if homes[game.stadium] == nil, sameLeague(game) { homes[game.stadium] = game.homeTeam }
                if firstVisit[game.stadium] == nil { firstVisit[game.stadium] = index }
            }
        }
        var seen = Set<String>()
        var listed: [(order: (Int, Int), entry: Entry)] = []
        for (position, id) in visitedIds.enumerated() where seen.insert(id).inserted {
            guard let stadium = stadiums[id] else {
                others.append(id)
                continue
            }
            // Trip visits first, by day; then the rest in the order of the list.
            let order = firstVisit[id].map { (0, $0) } ?? (1, position)
            listed.append((order, Entry(stadium: stadium, dates: dates[id] ?? [], homeTeam: homes[id])))
        }
        entries = listed.sorted { $0.order < $1.order }.map(\.entry)
    }

    /// Runs of consecutive days: `[Jun 15], [Jun 18, Jun 19]`.
    static func runs(_ dates: [CalendarDate]) -> [[CalendarDate]] {
        var out: [[CalendarDate]] = []
        for d in dates {
            if let last = out.last?.last, d.daysSinceEpoch == last.daysSinceEpoch + 1 {
                out[out.count - 1].append(d)
            } else {
                out.append([d])
            }
        }
        return out
    }
}
