/// The trip's stays: each lodging with the day it is listed on, its zone and its number of nights.
import Foundation
import ItineraryModel

/// One lodging as the stays table shows it.
struct Stay: Equatable {
    /// Index of the day the lodging is listed on.
    var day: Int
    var lodging: Lodging
    /// The zone its times are shown in, as on the day pages (nil without times).
    var zone: DisplayZone?
    /// Nil when the trip does not say (a check-out alone, on the day the stay is listed).
    var nights: Int?

    /// Every lodging of the trip, in day order.
    static func all(in trip: Trip, zones: TimeZoneResolver) -> [Stay] {
        var stays: [Stay] = []
        for (i, day) in trip.days.enumerated() {
            for case let .lodging(lodging) in day.items {
                let zone = zones.lodging(lodging, on: day)
                stays.append(
                    Stay(day: i, lodging: lodging, zone: zone, nights: nights(lodging, zone: zone, day: i, in: trip)))
            }
        }
        return stays
    }

    /// Calendar days from the check-in date to the check-out date in `zone`. With a check-out
    /// alone, the days from the lodging's day to it (nil when it is that day: the nights before
    /// the trip are not known). Otherwise the days from the lodging's day while the trip stays
    /// in that city and lists no other lodging.
    static func nights(_ lodging: Lodging, zone: DisplayZone?, day index: Int, in trip: Trip) -> Int? {
        if let n = nights(checkIn: lodging.checkIn, checkOut: lodging.checkOut, zone: zone) { return n }
        if lodging.checkIn == nil, let checkOut = lodging.checkOut, let zone {
            let n = trip.days[index].date.days(to: TripFormatter.localDate(checkOut, zone: zone))
            return n > 0 ? n : nil
        }
        let city = trip.days[index].city.lowercased()
        var n = 1
        for day in trip.days[(index + 1)...] {
            let hasLodging = day.items.contains { if case .lodging = $0 { return true } else { return false } }
            guard day.city.lowercased() == city, !hasLodging else { break }
            n += 1
        }
        return n
    }

    /// Calendar days between the local dates of check-in and check-out in `zone` (0 for a stay
    /// that ends the day it starts); nil without both. A check-in in the small hours (before
    /// `lateArrivalHour`, after a midnight landing) is the night before's: the hotel sells it
    /// as that night, so a 12:55 AM arrival leaving at noon is one night, not none.
    static func nights(checkIn: Instant?, checkOut: Instant?, zone: DisplayZone?) -> Int? {
        guard let checkIn, let checkOut, let zone else { return nil }
        var first = TripFormatter.localDate(checkIn, zone: zone)
        let inDay = TripFormatter.localDate(
            Instant(secondsSince1970: checkIn.secondsSince1970 - Double(lateArrivalHour * 3600)), zone: zone)
        if inDay != first, checkOut.secondsSince1970 > checkIn.secondsSince1970 { first = inDay }
        return max(0, first.days(to: TripFormatter.localDate(checkOut, zone: zone)))
    }

    /// Until this hour of the morning, local time, a check-in belongs to the night before.
    static let lateArrivalHour = 6
}
