/// Times on the day cards: in their zone, with a marker when they fall on another date, and the
/// nights of a stay.
import Foundation
import ItineraryModel

extension DayLayout {
    /// `8:05 AM EDT`, and `(+1)` when that is the next calendar date, where it is shown, after
    /// the day the item is listed under (`(−1)` the evening before).
    func zonedTime(_ instant: Instant, _ zone: DisplayZone, on day: Day) -> String {
        let (time, label) = ctx.format.time(instant, zone: zone)
        return [time, label, ctx.format.dayShift(instant, zone: zone, from: day.date)].compactMap { $0 }.joined(separator: " ")
    }
}

extension SectionContext {
    /// The nights between check-in and check-out: calendar days between their local dates in
    /// `zone`. Nil without both times, or when the stay ends the day it starts.
    static func nights(checkIn: Instant?, checkOut: Instant?, zone: DisplayZone?) -> Int? {
        guard let checkIn, let checkOut, let zone else { return nil }
        let n = TripFormatter.localDate(checkIn, zone: zone).days(to: TripFormatter.localDate(checkOut, zone: zone))
        return n > 0 ? n : nil
    }
}
