/// Times on the day cards: in their zone, with a marker when they fall on another date.
import Foundation
import ItineraryModel

extension DayBuilder {
    /// `8:05 AM EDT`, and `(+1)` when that is the next calendar date, where it is shown, after
    /// the day the item is listed under (`(−1)` the evening before).
    func zonedTime(_ instant: Instant, _ zone: DisplayZone, on day: Day) -> String {
        let (time, label) = ctx.format.time(instant, zone: zone)
        return TripFormatter.unbreakable(
            [time, label, ctx.format.dayShift(instant, zone: zone, from: day.date)].compactMap { $0 }.joined(
                separator: " "))
    }
}
