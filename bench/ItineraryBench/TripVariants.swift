/// Other people's trips for the batch benchmark: the same teams, stadiums and cities, other dates.
import ItineraryModel

enum TripVariants {
    /// `trip` moved by `weeks` weeks (every date and time), for another traveller: what a
    /// batch of many users' exports looks like to the layout engine. Labels, team names,
    /// stadiums and distances repeat; dates, times with them and names do not.
    static func moved(_ trip: Trip, weeks: Int, traveler: String) -> Trip {
        let days = weeks * 7
        let seconds = Double(days * 86_400)
        func date(_ d: CalendarDate) -> CalendarDate { CalendarDate(daysSinceEpoch: d.daysSinceEpoch + days) }
        func instant(_ i: Instant) -> Instant {
            Instant(secondsSince1970: i.secondsSince1970 + seconds, writtenOffsetSeconds: i.writtenOffsetSeconds)
        }
        var t = trip
        t.traveler = traveler
        t.startDate = date(trip.startDate)
        t.endDate = date(trip.endDate)
        t.days = trip.days.map { day in
            var d = day
            d.date = date(day.date)
            d.items = day.items.map { item in
                switch item {
                case var .game(g): g.startTime = instant(g.startTime); return .game(g)
                case var .travel(l): l.departTime = l.departTime.map(instant); return .travel(l)
                case var .lodging(l):
                    l.checkIn = l.checkIn.map(instant)
                    l.checkOut = l.checkOut.map(instant)
                    return .lodging(l)
                case var .custom(c): c.time = c.time.map(instant); return .custom(c)
                }
            }
            return d
        }
        return t
    }
}
