/// Which zone an item's times are shown in, the arrival of a leg, and the nights of a stay.
import Foundation
import ItineraryModel

extension SectionContext {
    /// Departures are shown in the origin's zone. An origin without a stadium takes the day's
    /// zone when the time was written with that zone's offset (a neighbourhood of the day's
    /// city), else keeps the written offset: the traveller's own statement.
    func departureZone(_ leg: TravelLeg, dayZone: String) -> String? {
        guard let depart = leg.departTime else { return nil }
        return zones.zone(of: leg.from) ?? CityZones.zone(dayZone, ifOffsetMatches: depart)
    }

    /// The arrival of a leg with a departure and a duration, in the destination's zone: a stadium
    /// in the `to` city, else the same rule as the departure (the day's zone when it matches the
    /// written offset, else that offset).
    func arrival(_ leg: TravelLeg, dayZone: String) -> (instant: Instant, zone: String)? {
        guard let depart = leg.departTime, let duration = leg.durationSeconds else { return nil }
        let instant = Instant(secondsSince1970: depart.secondsSince1970 + duration, writtenOffsetSeconds: depart.writtenOffsetSeconds)
        return (instant, zones.zone(of: leg.to) ?? CityZones.zone(dayZone, ifOffsetMatches: depart))
    }

    /// The nights between check-in and check-out: calendar days between their local dates in
    /// `zone`. Nil without both times, or when the stay ends the day it starts.
    static func nights(checkIn: Instant?, checkOut: Instant?, zone: String) -> Int? {
        guard let checkIn, let checkOut, let tz = TripFormatter.timeZone(zone) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = tz
        let a = calendar.startOfDay(for: Date(timeIntervalSince1970: checkIn.secondsSince1970))
        let b = calendar.startOfDay(for: Date(timeIntervalSince1970: checkOut.secondsSince1970))
        guard let n = calendar.dateComponents([.day], from: a, to: b).day, n > 0 else { return nil }
        return n
    }
}
