/// Which zone each time of a trip is shown in: the zone of the place it happens, or, when the
/// trip does not say, honestly unknown.
import Foundation
import StrictJSON

/// The zone a time is shown in.
public enum DisplayZone: Sendable, Equatable, Hashable {
    /// An IANA zone: the local time there, with its abbreviation (CDT, BST, JST).
    case named(String)
    /// Nothing in the trip names the place's zone: the time as written, with its offset
    /// (`UTC−5`), never passed off as local.
    case writtenOffset(seconds: Int)
}

/// A time that could not be placed in a zone: where it is in the JSON and what to add.
public struct UnknownZone: Sendable, Equatable, CustomStringConvertible {
    /// The JSON path of the time, e.g. `days[3].items[0].departTime`.
    public var path: String
    /// The place whose zone is missing ("Houston"), for the message.
    public var place: String
    /// The key that would give it (`fromTimeZone`, `toTimeZone`, `timeZone`), on the item.
    public var key: String
    /// Whether the day's `timeZone` would give it too (the place is the day's city).
    public var dayWouldDo: Bool
    /// Which time, for the message: "time" for one the trip writes, "arrival time" for the one
    /// worked out from a departure and its duration (whose path is then the item's).
    public var time: String = "time"

    public var description: String {
        "\(path): no time zone for \(MessageText.quoted(place)), so the \(time) is shown with "
            + (time == "time" ? "its written UTC offset; " : "the departure's written UTC offset; ")
            + "add \(MessageText.quoted(key)) (an IANA name such as \"America/Chicago\") to the item"
            + (dayWouldDo ? ", or \"timeZone\" to the day" : "")
    }
}

/// Resolves the zone of every time in a trip, in this order:
/// 1. the item's own zone field (`fromTimeZone`/`toTimeZone` on travel, `timeZone` on lodging
///    and custom items);
/// 2. the zone of the place's city: a stadium in it (or the stadium of that name: a leg to
///    `Citi Field`), else a day in that city that names its
///    `timeZone`, else a leg from or to it that names its zone (a departure's place is `from`,
///    an arrival's `to`, a stay's or a custom item's the day's city);
/// 3. the day's `timeZone`, when the place is the day's city, or when the time was written
///    with that zone's offset at that moment, or in UTC when the day names its zone (a leg
///    from a neighbouring town; never for an arrival, whose only written offset is its
///    departure's);
/// 4. otherwise unknown: the written offset, and a warning naming the key to add.
/// A game is always shown in its stadium's zone. The previous day's zone is never carried
/// forward: a check-in in Dallas after a day in Los Angeles is not Pacific time.
public struct TimeZoneResolver: Sendable {
    private var byCity: [String: String] = [:]
    private var stadiumZones: [String: String] = [:]

    public init(trip: Trip) {
        for stadium in trip.stadiums {
            stadiumZones[stadium.id] = stadium.timeZone
            if byCity[Self.key(stadium.city)] == nil { byCity[Self.key(stadium.city)] = stadium.timeZone }
        }
        for day in trip.days {
            if let zone = day.timeZone, byCity[Self.key(day.city)] == nil { byCity[Self.key(day.city)] = zone }
        }
        // A leg's own zones name its places (a flight to `Monterrey` with `toTimeZone`: a check-in
        // in Monterrey that day is in that zone), after the stadiums and the days.
        for day in trip.days {
            for case let .travel(leg) in day.items {
                for (place, zone) in [(leg.from, leg.fromTimeZone), (leg.to, leg.toTimeZone)] {
                    if let zone, byCity[Self.key(place)] == nil { byCity[Self.key(place)] = zone }
                }
            }
        }
        // A stadium's name names its place too (a leg to `Yankee Stadium`), after every city.
        for stadium in trip.stadiums where byCity[Self.key(stadium.name)] == nil {
            byCity[Self.key(stadium.name)] = stadium.timeZone
        }
    }

    /// The zone of a city: a stadium in it, else a day there that names its zone, else a leg
    /// from or to it that names it, else the stadium of that name.
    public func zone(ofCity city: String) -> String? { byCity[Self.key(city)] }

    /// The zone of the day's city: its `timeZone`, else a stadium (or another day) in that city.
    public func zone(of day: Day) -> String? { day.timeZone ?? zone(ofCity: day.city) }

    /// The zone of a game's start: its stadium's.
    public func game(_ game: Game) -> DisplayZone? { stadiumZones[game.stadium].map(DisplayZone.named) }

    /// The zone of a leg's departure (in `from`).
    public func departure(_ leg: TravelLeg, on day: Day) -> DisplayZone? {
        guard let depart = leg.departTime else { return nil }
        return place(explicit: leg.fromTimeZone, city: leg.from, day: day, written: depart)
    }

    /// A leg's arrival (departure plus duration, the duration in whole minutes as it is shown:
    /// 13:00 and 11 h 6 m 40 s arrive at 04:07, not 04:06 beside `11 h 7 m`) and its zone (in `to`).
    public func arrival(_ leg: TravelLeg, on day: Day) -> (instant: Instant, zone: DisplayZone)? {
        guard let depart = leg.departTime, let duration = leg.durationSeconds else { return nil }
        let instant = Instant(
            secondsSince1970: depart.secondsSince1970 + (duration / 60).rounded() * 60,
            writtenOffsetSeconds: depart.writtenOffsetSeconds)
        return (
            instant,
            place(explicit: leg.toTimeZone, city: leg.to, day: day, written: depart, offsetSpeaksForPlace: false)
        )
    }

    /// The zone of a stay's check-in and check-out (the day's city); nil without either time.
    public func lodging(_ stay: Lodging, on day: Day) -> DisplayZone? {
        guard let written = stay.checkIn ?? stay.checkOut else { return nil }
        return place(explicit: stay.timeZone, city: day.city, day: day, written: written)
    }

    /// The zone of a custom item's time (the day's city); nil without a time.
    public func custom(_ item: CustomItem, on day: Day) -> DisplayZone? {
        guard let time = item.time else { return nil }
        return place(explicit: item.timeZone, city: day.city, day: day, written: time)
    }

    /// `offsetSpeaksForPlace`: whether `written` was written where the time happens, so that
    /// its offset matching the day's zone places it there.
    private func place(
        explicit: String?, city: String, day: Day, written: Instant, offsetSpeaksForPlace: Bool = true
    ) -> DisplayZone {
        if let explicit { return .named(explicit) }
        if let zone = zone(ofCity: city) { return .named(zone) }
        if let dayZone = zone(of: day) {
            if Self.key(city) == Self.key(day.city) { return .named(dayZone) }
            guard offsetSpeaksForPlace else { return .writtenOffset(seconds: written.writtenOffsetSeconds) }
            // A departure from a place without a zone of its own leaves from the day's city
            // when the day names its zone and the time says nothing of where it was written (in
            // UTC: `Reading → Oxford` at 09:00Z on a London day is 10:00 BST); one written with
            // another zone's offset (`New York (JFK)` at −04:00 on a Honolulu day) was not
            // written there, and keeps that offset.
            if let declared = day.timeZone, written.writtenOffsetSeconds == 0 { return .named(declared) }
            let date = Date(timeIntervalSince1970: written.secondsSince1970)
            if TimeZone(identifier: dayZone)?.secondsFromGMT(for: date) == written.writtenOffsetSeconds {
                return .named(dayZone)
            }
        }
        return .writtenOffset(seconds: written.writtenOffsetSeconds)
    }

    /// Every time of the trip whose zone is unknown, in document order.
    public func unknownZones(in trip: Trip) -> [UnknownZone] {
        var found: [UnknownZone] = []
        for (d, day) in trip.days.enumerated() {
            for (i, item) in day.items.enumerated() {
                let path = JSONPath.root.key("days").index(d).key("items").index(i)
                switch item {
                case let .travel(leg):
                    if case .writtenOffset? = departure(leg, on: day) {
                        found.append(
                            UnknownZone(
                                path: "\(path.key("departTime"))", place: leg.from, key: "fromTimeZone",
                                dayWouldDo: Self.key(leg.from) == Self.key(day.city)))
                    }
                    if case .writtenOffset? = arrival(leg, on: day)?.zone {
                        found.append(
                            UnknownZone(
                                path: "\(path)", place: leg.to, key: "toTimeZone",
                                dayWouldDo: Self.key(leg.to) == Self.key(day.city), time: "arrival time"))
                    }
                case let .lodging(stay):
                    if case .writtenOffset? = lodging(stay, on: day) {
                        found.append(
                            UnknownZone(
                                path: "\(path.key(stay.checkIn != nil ? "checkIn" : "checkOut"))", place: day.city,
                                key: "timeZone", dayWouldDo: true))
                    }
                case let .custom(custom):
                    if case .writtenOffset? = self.custom(custom, on: day) {
                        found.append(
                            UnknownZone(path: "\(path.key("time"))", place: day.city, key: "timeZone", dayWouldDo: true)
                        )
                    }
                case .game:
                    break
                }
            }
        }
        return found
    }

    private static func key(_ city: String) -> String { city.lowercased() }
}
