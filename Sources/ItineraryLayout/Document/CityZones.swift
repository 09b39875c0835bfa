/// Which time zone a city's times are shown in, for items that carry no zone of their own.
import Foundation
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

    /// The zone of `city`, or nil when no stadium is in it.
    func zone(of city: String) -> String? { byCity[Self.key(city)] }

    /// `zone` when its offset at `instant` is the one the instant was written with, else that fixed offset.
    static func zone(_ zone: String, ifOffsetMatches instant: Instant) -> String {
        let date = Date(timeIntervalSince1970: instant.secondsSince1970)
        if TimeZone(identifier: zone)?.secondsFromGMT(for: date) == instant.writtenOffsetSeconds { return zone }
        return fixedOffsetZone(instant.writtenOffsetSeconds)
    }

    /// A zone identifier for a fixed UTC offset (`GMT-0600`), which Foundation formats as `GMT-6`.
    static func fixedOffsetZone(_ seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : "+"
        let m = abs(seconds) / 60
        let hh = m / 60, mm = m % 60
        return "GMT\(sign)\(hh < 10 ? "0" : "")\(hh)\(mm < 10 ? "0" : "")\(mm)"
    }

    private static func key(_ city: String) -> String { city.lowercased() }
}
