/// The route as the map sees it: stops, the places they are at, and the legs between them.
import ItineraryModel
import Foundation

/// A run of consecutive days in one city.
public struct RouteStop: Sendable, Equatable {
    /// 1-based, in visiting order; every stop has one, with a location or not.
    public var number: Int
    public var city: String
    public var firstDay: CalendarDate
    public var lastDay: CalendarDate
    public var dayCount: Int
    /// Where its city is (see `init(trip:)`); nil when the trip does not say.
    public var location: GeoPoint?

    /// The stop carried on to `date`: a day more, unless it already ends that day (a day's
    /// games elsewhere and its city are one day).
    mutating func stay(on date: CalendarDate) {
        guard lastDay != date else { return }
        lastDay = date
        dayCount += 1
    }
}

/// A located city on the map: one marker for every stop made there.
public struct MapPlace: Sendable, Equatable {
    public var city: String
    /// The location of the first visit.
    public var location: GeoPoint
    /// The stops made here, in visiting order.
    public var stops: [RouteStop]
    /// Days spent here over all visits.
    public var dayCount: Int { stops.reduce(0) { $0 + $1.dayCount } }
    /// The number of the first stop made here.
    public var firstStop: Int { stops[0].number }
}

/// Stops, places and legs of a trip, all in visiting order.
public struct RouteOutline: Sendable, Equatable {
    public var stops: [RouteStop]
    /// Located places, ordered by first visit.
    public var places: [MapPlace]
    /// Legs between consecutive located stops, as indexes into `places`: never from a place to
    /// itself, and each way between two places once (a repeated loop is drawn once).
    public var legs: [(from: Int, to: Int)]

    /// Equal stops, places and legs (tuples are not Equatable, so the legs are compared one by one).
    public static func == (a: RouteOutline, b: RouteOutline) -> Bool {
        a.stops == b.stops && a.places == b.places && a.legs.elementsEqual(b.legs, by: { $0 == $1 })
    }

    /// The stops of `trip`'s days, each located where its city is: the coordinates a day of the
    /// stop gives, else the stadium of a game played in the city, else a trip stadium in the
    /// city, else nowhere. A game in another city (a day in Chicago, the game in Toronto) never
    /// places the stop: its marker would name one city at another's place; it is a stop of its
    /// own, at its stadium, in the order played: before the day's city, unless a game in the
    /// day's city was played first.
    ///
    /// A trip spent in one city whose games are at more than one place (a day in New York at
    /// four venues) is mapped by its venues instead: a stop for each game's stadium, named by
    /// it, in the order played, one played in another city too (Philadelphia's ballpark on a
    /// trip of New York days). One city's marker alone would leave the map empty.
    public init(trip: Trip) {
        self.init(cityStopsOf: trip)
        guard Set(trip.days.map { Self.key($0.city) }).count == 1 else { return }
        let venues = Self.venueStops(trip)
        if Set(venues.compactMap(\.location)).count > 1 { self.init(stops: venues) }
    }

    /// How many cities the trip is in: its days' cities and those of the games played farther
    /// from their day's city than a metro area reaches, each once (ignoring case): the cities the
    /// map draws a stop for.
    public static func cityCount(_ trip: Trip) -> Int {
        Set(RouteOutline(cityStopsOf: trip).stops.map { key($0.city) }).count
    }

    /// A stop for each run of games at one stadium, in the order played.
    private static func venueStops(_ trip: Trip) -> [RouteStop] {
        let stadiums = Dictionary(trip.stadiums.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        var stops: [RouteStop] = []
        for day in trip.days {
            for case let .game(game) in day.items {
                guard let s = stadiums[game.stadium] else { continue }
                if let last = stops.last, last.city == s.name {
                    stops[stops.count - 1].stay(on: day.date)
                    continue
                }
                stops.append(
                    RouteStop(
                        number: stops.count + 1, city: s.name, firstDay: day.date, lastDay: day.date, dayCount: 1,
                        location: GeoPoint(latitude: s.latitude, longitude: s.longitude)))
            }
        }
        return stops
    }

    /// The stops of `trip`'s days, by city (see `init(trip:)`).
    private init(cityStopsOf trip: Trip) {
        let stadiums = Dictionary(trip.stadiums.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        var byCity: [String: GeoPoint] = [:]
        for s in trip.stadiums where byCity[Self.key(s.city)] == nil {
            byCity[Self.key(s.city)] = GeoPoint(latitude: s.latitude, longitude: s.longitude)
        }
        /// How sure a stop's location is: a later day of the stop may replace it with a surer one.
        enum Source: Int { case none, cityStadium, game, given }
        var stops: [RouteStop] = []
        var source = Source.none
        // Each city's location as the days so far give it (`init(stops:)` places later visits).
        var known: [String: GeoPoint] = [:]
        // `metroMiddle` of each city asked about, worked out once (a city placed nowhere is
        // asked about on each of its days).
        var middles: [String: GeoPoint?] = [:]
        func metroMiddle(_ key: String) -> GeoPoint? {
            if let done = middles[key] { return done }
            let p = Self.metroMiddle(of: trip.days.filter { Self.key($0.city) == key }, stadiums)
            middles[key] = p
            return p
        }
        for day in trip.days {
            let key = Self.key(day.city)
            var found: (GeoPoint, Source)?
            if let lat = day.latitude, let lon = day.longitude {
                found = (GeoPoint(latitude: lat, longitude: lon), .given)
            } else if let s = day.items.lazy.compactMap({ item -> Stadium? in
                guard case let .game(g) = item, let s = stadiums[g.stadium], Self.key(s.city) == key else { return nil }
                return s
            }).first {
                found = (GeoPoint(latitude: s.latitude, longitude: s.longitude), .game)
            } else if let p = byCity[key] {
                found = (p, .cityStadium)
            } else if known[key] == nil, let p = metroMiddle(key) {
                found = (p, .cityStadium)
            }
            // The day's city, a stop of its own or the one before again.
            var cityAdded = false
            func addCity() {
                guard !cityAdded else { return }
                cityAdded = true
                if var last = stops.last, Self.key(last.city) == key {
                    last.stay(on: day.date)
                    if let found, found.1.rawValue > source.rawValue { (last.location, source) = (found.0, found.1) }
                    stops[stops.count - 1] = last
                } else {
                    source = found?.1 ?? .none
                    stops.append(
                        RouteStop(
                            number: stops.count + 1, city: day.city, firstDay: day.date, lastDay: day.date,
                            dayCount: 1, location: found?.0))
                }
            }
            // Games played that day away from the day's city, farther than a metro area reaches:
            // each a stop at its stadium, in the order played, merged with the stop before when
            // in the same city; the day's city comes where its own first game is (Seattle's
            // game, then a flight to Phoenix's: Seattle, Phoenix), else last, where the day ends
            // (a day that flies Seattle, Phoenix, then Chicago draws all three). A stadium in the
            // suburbs (East Rutherford on a day in New York) is part of its day's city, as is any
            // game on a day whose city is nowhere known.
            let here = found?.0 ?? known[key]
            for case let .game(g) in day.items {
                guard let s = stadiums[g.stadium] else { continue }
                let at = GeoPoint(latitude: s.latitude, longitude: s.longitude)
                guard Self.key(s.city) != key, let here, Self.kilometres(here, at) > Self.metroReach else {
                    addCity()
                    continue
                }
                if let last = stops.last, Self.key(last.city) == Self.key(s.city) {
                    stops[stops.count - 1].stay(on: day.date)
                    continue
                }
                source = .game
                stops.append(
                    RouteStop(
                        number: stops.count + 1, city: s.city, firstDay: day.date, lastDay: day.date, dayCount: 1,
                        location: at))
                known[Self.key(s.city)] = known[Self.key(s.city)] ?? at
            }
            addCity()
            if let f = found?.0, known[key] == nil { known[key] = f }
        }
        self.init(stops: stops)
    }

    /// Where a city is when nothing names it but the games of its days (`days`) at two or more
    /// stadiums in towns of other names all within a metro area's reach of each other (New York
    /// at stadiums in the Bronx, Queens and Brooklyn; Monterrey's days in Guadalupe and San
    /// Nicolás): their middle. One stadium elsewhere places nothing (a Chicago day's game in
    /// Toronto).
    static func metroMiddle(of days: [Day], _ stadiums: [String: Stadium]) -> GeoPoint? {
        var points: [GeoPoint] = []
        for day in days {
            for case let .game(g) in day.items {
                guard let s = stadiums[g.stadium] else { continue }
                let p = GeoPoint(latitude: s.latitude, longitude: s.longitude)
                if !points.contains(p) { points.append(p) }
            }
        }
        guard points.count >= 2,
            points.allSatisfy({ a in points.allSatisfy { kilometres(a, $0) <= metroReach } })
        else { return nil }
        let n = Double(points.count)
        return GeoPoint(
            latitude: points.map(\.latitude).reduce(0, +) / n, longitude: points.map(\.longitude).reduce(0, +) / n)
    }

    /// How far from its day's city a game is still in that city's metro area (Santa Clara on a
    /// day in San Francisco, 65 km), in kilometres.
    static let metroReach = 100.0

    /// The great-circle distance between `a` and `b`, in kilometres.
    static func kilometres(_ a: GeoPoint, _ b: GeoPoint) -> Double {
        let r = Double.pi / 180
        let dLat = (b.latitude - a.latitude) * r, dLon = (b.longitude - a.longitude) * r
        let across: Double = cos(a.latitude * r) * cos(b.latitude * r) * pow(sin(dLon / 2), 2)
        let h: Double = pow(sin(dLat / 2), 2) + across
        return 6371 * 2 * asin(min(1, h.squareRoot()))
    }

    /// The stops that have no location, so no marker: the key names them apart.
    public var unlocatedStops: [RouteStop] { stops.filter { $0.location == nil } }

    /// Groups located stops into places (a city visited again shares its first visit's marker) and joins them with legs.
    /// A stop without a location in a city another visit locates is placed there (Taipei's
    /// coordinates given on the first visit's day serve the second).
    public init(stops: [RouteStop]) {
        var known: [String: GeoPoint] = [:]
        for stop in stops {
            if let l = stop.location, known[Self.key(stop.city)] == nil { known[Self.key(stop.city)] = l }
        }
        let stops = stops.map { stop in
            var stop = stop
            if stop.location == nil { stop.location = known[Self.key(stop.city)] }
            return stop
        }
        self.stops = stops
        var places: [MapPlace] = []
        var index: [String: Int] = [:]
        var legs: [(from: Int, to: Int)] = []
        var seenLegs = Set<[Int]>()
        var previous: Int?
        for stop in stops {
            guard let location = stop.location else { continue }
            let key = Self.key(stop.city)
            let placeIndex: Int
            if let i = index[key] {
                places[i].stops.append(stop)
                placeIndex = i
            } else {
                placeIndex = places.count
                index[key] = placeIndex
                places.append(MapPlace(city: stop.city, location: location, stops: [stop]))
            }
            if let previous, previous != placeIndex, seenLegs.insert([previous, placeIndex]).inserted {
                legs.append((previous, placeIndex))
            }
            previous = placeIndex
        }
        self.places = places
        self.legs = legs
    }

    /// The outline with each of `groups` (place indexes, every place in one) drawn as one
    /// place: named by `name` from its places, at its first place's location, with all their
    /// stops in visiting order. Legs join the groups, once each way, none from a group to itself.
    public func grouped(_ groups: [[Int]], name: ([MapPlace]) -> String) -> RouteOutline {
        guard groups.contains(where: { $0.count > 1 }) else { return self }
        var copy = self
        var groupOf = [Int](repeating: 0, count: places.count)
        for (g, members) in groups.enumerated() { for p in members { groupOf[p] = g } }
        copy.places = groups.map { members in
            let list = members.map { places[$0] }
            return MapPlace(
                city: name(list), location: list[0].location,
                stops: list.flatMap(\.stops).sorted { $0.number < $1.number })
        }
        var seen = Set<[Int]>()
        copy.legs = legs.compactMap { leg in
            let (a, b) = (groupOf[leg.from], groupOf[leg.to])
            return a != b && seen.insert([a, b]).inserted ? (a, b) : nil
        }
        return copy
    }

    /// Cities match whatever their case, as elsewhere in the layout.
    static func key(_ city: String) -> String { city.lowercased() }

    /// Place indexes in label priority: the first stop's place, the last stop's place,
    /// then the most days, then the first visit.
    public var labelPriority: [Int] {
        guard !places.isEmpty else { return [] }
        let firstPlace = 0
        let lastStop = stops.last { $0.location != nil }?.number
        let lastPlace = places.firstIndex { $0.stops.contains { $0.number == lastStop } } ?? firstPlace
        let rest = places.indices.filter { $0 != firstPlace && $0 != lastPlace }.sorted { a, b in
            places[a].dayCount != places[b].dayCount
                ? places[a].dayCount > places[b].dayCount : places[a].firstStop < places[b].firstStop
        }
        return [firstPlace] + (lastPlace == firstPlace ? [] : [lastPlace]) + rest
    }
}
