/// The route as the map sees it: stops, the places they are at, and the legs between them.
import ItineraryModel

/// A run of consecutive days in one city.
public struct RouteStop: Sendable, Equatable {
    /// 1-based, in visiting order; every stop has one, with a location or not.
    public var number: Int
    public var city: String
    public var firstDay: CalendarDate
    public var lastDay: CalendarDate
    public var dayCount: Int
    /// The stadium of the stop's first game, else a trip stadium in its city; nil when neither exists.
    public var location: GeoPoint?
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

    /// The stops of `trip`'s days, located by their games' stadiums or their cities' stadiums.
    public init(trip: Trip) {
        let stadiums = Dictionary(trip.stadiums.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        var byCity: [String: GeoPoint] = [:]
        for s in trip.stadiums where byCity[Self.key(s.city)] == nil {
            byCity[Self.key(s.city)] = GeoPoint(latitude: s.latitude, longitude: s.longitude)
        }
        var stops: [RouteStop] = []
        var gameLocation: GeoPoint?
        for day in trip.days {
            let firstGame = day.items.lazy.compactMap { item -> GeoPoint? in
                guard case let .game(g) = item, let s = stadiums[g.stadium] else { return nil }
                return GeoPoint(latitude: s.latitude, longitude: s.longitude)
            }.first
            if var last = stops.last, last.city == day.city {
                last.lastDay = day.date
                last.dayCount += 1
                if gameLocation == nil, let firstGame { gameLocation = firstGame; last.location = firstGame }
                stops[stops.count - 1] = last
            } else {
                gameLocation = firstGame
                stops.append(
                    RouteStop(
                        number: stops.count + 1, city: day.city, firstDay: day.date, lastDay: day.date,
                        dayCount: 1, location: firstGame ?? byCity[Self.key(day.city)]))
            }
        }
        self.init(stops: stops)
    }

    /// Groups located stops into places (a city visited again shares its first visit's marker) and joins them with legs.
    public init(stops: [RouteStop]) {
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
