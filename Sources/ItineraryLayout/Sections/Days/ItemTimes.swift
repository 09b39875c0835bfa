/// Times on the day cards: in their zone, with a marker when they fall on another date.
import Foundation
import ItineraryModel
import ItineraryText

extension DayBuilder {
    /// `8:05 AM EDT`, and `(+1)` when that is the next calendar date, where it is shown, after
    /// the day the item is listed under (`(−1)` the evening before). A time written with
    /// right-to-left letters (Arabic `٨:٠٥ م`) is isolated, so it reads as it does where it stands
    /// alone (a game's time, a check-in): in a left-to-right sentence (`departs … UTC+3`) its
    /// marker would otherwise be drawn on the other side of the digits.
    func zonedTime(_ instant: Instant, _ zone: DisplayZone, on day: Day) -> String {
        let (time, label) = ctx.format.time(instant, zone: zone)
        return TripFormatter.unbreakable(
            [Bidi.isolated(time), label, ctx.format.dayShift(instant, zone: zone, from: day.date)].compactMap { $0 }
                .joined(
                    separator: " "))
    }
}
