/// The route map keeps geography: markers in their compass order, every stop placed where its
/// city is or named in the key as not on the map, degree labels at one step along an axis.
import DisplayList
import Foundation
@testable import ItineraryLayout
import ItineraryModel
import ItineraryText
import Testing

private func date(_ day: Int) -> CalendarDate { CalendarDate(year: 2026, month: 9, day: day)! }

private func stadium(_ city: String, _ lat: Double, _ lon: Double, country: String = "US") -> Stadium {
    Stadium(
        id: city.lowercased(), name: city + " Park", city: city, country: country, timeZone: "America/New_York",
        latitude: lat, longitude: lon)
}

private func game(_ stadium: String, _ n: Int) -> Item {
    .game(
        Game(
            id: "g\(n)", league: "MLB", homeTeam: "h", awayTeam: "a", stadium: stadium,
            startTime: Instant(secondsSince1970: 0)))
}

/// A trip of one day per city, each with a game at the stadium of its name (when there is one).
private func trip(_ cities: [String], stadiums: [Stadium], days: [Day]? = nil) -> Trip {
    let ids = Set(stadiums.map(\.id))
    let list =
        days
        ?? cities.enumerated().map { i, city in
            Day(
                date: date(i + 1), city: city,
                items: ids.contains(city.lowercased()) ? [game(city.lowercased(), i)] : [])
        }
    return Trip(
        id: "t", startDate: date(1), endDate: date(list.count),
        teams: [
            Team(id: "h", name: "Home", abbreviation: "HOM", league: "MLB"),
            Team(id: "a", name: "Away", abbreviation: "AWY", league: "MLB"),
        ], stadiums: stadiums, days: list)
}

/// Boston, eight venues in and round New York, Washington: the map of the East Coast cannot
/// draw the eight apart where they are.
private let boroughs = [
    stadium("Boston", 42.3467, -71.0972), stadium("Manhattan", 40.7505, -73.9934),
    stadium("Brooklyn", 40.6826, -73.9754), stadium("Queens", 40.7571, -73.8458),
    stadium("Bronx", 40.8296, -73.9262), stadium("Newark", 40.7334, -74.1711),
    stadium("East Rutherford", 40.8135, -74.0745), stadium("Harrison", 40.7368, -74.1503),
    stadium("Elmont", 40.7110, -73.7266), stadium("Washington", 38.8730, -77.0074),
]

/// The route map of `trip` in the classic template.
private func mapLayout(_ trip: Trip) throws -> (RouteMapLayout, RouteOutline) {
    let context = try CoverFixtures.context(trip)
    let spec = context.theme.template.cover!.map
    let renderer = RouteMapRenderer(
        spec: spec, theme: context.theme, text: context.text, words: context.coverMapWords(spec))
    let outline = RouteOutline(trip: trip)
    return (renderer.layout(outline, width: context.width, height: spec.height), outline)
}

/// The centre of the marker that stands for `city` (alone or with others).
private func markerCenter(_ city: String, _ layout: RouteMapLayout, _ outline: RouteOutline) throws -> Point {
    let place = try #require(outline.places.firstIndex { $0.city == city })
    return layout.markers[try #require(layout.markerPlaces.firstIndex { $0.contains(place) })].shape.center
}

/// Pairs of markers drawn in the other order than their places on an axis.
private func crossings(_ layout: RouteMapLayout) -> [String] {
    // A marker's place: the leader's far end when it was moved, else its centre.
    let places = layout.markers.map { m in
        layout.leaders.first { $0.marker == m.shape.center }?.place ?? m.shape.center
    }
    var out: [String] = []
    for i in places.indices {
        for j in places.indices where j > i {
            let (a, b) = (layout.markers[i].shape.center, layout.markers[j].shape.center)
            let home = (x: places[j].x - places[i].x, y: places[j].y - places[i].y)
            if home.x * (b.x - a.x) < 0 && abs(b.x - a.x) > 0.01 { out.append("\(i)-\(j) x") }
            if home.y * (b.y - a.y) < 0 && abs(b.y - a.y) > 0.01 { out.append("\(i)-\(j) y") }
        }
    }
    return out
}

@Suite("Route map geography")
struct MapGeographyTests {
    @Test("markers pushed apart never cross one another's order, and a cluster too tight shares one marker")
    func compassOrder() throws {
        let cities = boroughs.map(\.city)
        let (layout, outline) = try mapLayout(trip(cities, stadiums: boroughs))
        #expect(crossings(layout).isEmpty, "\(crossings(layout))")
        // Fewer markers than places: the tightest venues share one, numbered with all their stops.
        #expect(layout.markers.count < outline.places.count)
        // (Consecutive stops in a range: `2–8`.)
        let shared = try #require(layout.markers.first { $0.text.contains("+") || $0.text.contains("–") })
        #expect(shared.text.hasPrefix("2"))
        // Every marker is labelled: a shared one by its first city and how many more.
        #expect(layout.labels.count == layout.markers.count)
        #expect(layout.labels.contains { $0.lines[0].spans.map(\.text).joined().hasPrefix("Manhattan +") })
        // No two markers meet.
        for (i, a) in layout.markers.enumerated() {
            for b in layout.markers.dropFirst(i + 1) {
                #expect(!a.shape.box.overlaps(b.shape.box))
            }
        }
    }

    @Test("the arrangement keeps order on both axes while it moves markers apart")
    func arrangementKeepsOrder() {
        // Five markers on a diagonal 5 points apart: each must move, none past its neighbour.
        let places = (0..<5).map { Point(x: 100 + 5 * Double($0), y: 100 - 4 * Double($0)) }
        let a = MarkerArrangement(
            places: places, marker: { _ in MarkerShape(center: Point(x: 0, y: 0), radius: 6, halfWidth: 6) },
            clearance: 2, bounds: MapBox(x: 0, y: 0, width: 300, height: 300), maxMove: 10)
        #expect(a.groups.count == 5)
        for (p, q) in zip(a.centers, a.centers.dropFirst()) {
            #expect(q.x >= p.x - 0.01 && q.y <= p.y + 0.01, "\(a.centers)")
        }
        // Allowed to move only a little, the same crowd shares markers instead.
        let tight = MarkerArrangement(
            places: places, marker: { _ in MarkerShape(center: Point(x: 0, y: 0), radius: 6, halfWidth: 6) },
            clearance: 2, bounds: MapBox(x: 0, y: 0, width: 300, height: 300), maxMove: 0.5)
        #expect(tight.groups.count < 5)
        #expect(tight.groups.flatMap { $0 }.sorted() == [0, 1, 2, 3, 4])
    }

    @Test("two places joined by a leg whose moved markers would leave the leg a stub share one marker")
    func stubLegSharesMarker() {
        // Two places 5 apart: moved apart, their markers would sit 2 apart, the leg between them
        // a stub; joined by a leg, they share one marker, while unlinked places stay apart.
        let places = [Point(x: 100, y: 100), Point(x: 104, y: 103), Point(x: 200, y: 200)]
        func arrange(_ links: [(Int, Int)]) -> MarkerArrangement {
            MarkerArrangement(
                places: places, marker: { _ in MarkerShape(center: Point(x: 0, y: 0), radius: 8.5, halfWidth: 8.5) },
                clearance: 2.5, bounds: MapBox(x: 0, y: 0, width: 300, height: 300), maxMove: 1.5, links: links)
        }
        #expect(arrange([]).groups == [[0], [1], [2]])
        #expect(arrange([(0, 1), (1, 2)]).groups == [[0, 1], [2]])
    }

    @Test("a place is not drawn as the one a leg joins it to while another place lies nearer it")
    func linkNotPastANearerPlace() {
        // Elmont, Uniondale 5 points east of it (a leg between them), Hempstead 2 points from
        // Uniondale: Uniondale never shares Elmont's marker without Hempstead.
        let places = [Point(x: 100, y: 100), Point(x: 105, y: 100), Point(x: 106.5, y: 101.5), Point(x: 250, y: 200)]
        for maxMove in [0.5, 1.5, 4] {
            let arrangement = MarkerArrangement(
                places: places,
                marker: { _ in MarkerShape(center: Point(x: 0, y: 0), radius: 6, halfWidth: 6) },
                clearance: 2.5, bounds: MapBox(x: 0, y: 0, width: 300, height: 300), maxMove: maxMove,
                links: [(0, 1), (1, 3), (3, 2)])
            for group in arrangement.groups where group.contains(1) && group.contains(0) {
                #expect(group.contains(2), "\(maxMove): \(arrangement.groups)")
            }
            #expect(arrangement.groups.contains([3]))
        }
    }

    @Test("a chain of legs between places at one spot at the map's scale is one marker, not a knot of stubs")
    func chainAtOneSpot() {
        // Tokyo, Yokohama, Tokorozawa, Chiba on a map of Japan and Korea: a few points apart, joined
        // one after another, with Osaka far off.
        let places = [
            Point(x: 400, y: 100), Point(x: 398.4, y: 107.9), Point(x: 392.7, y: 96), Point(x: 414.2, y: 102.3),
            Point(x: 250, y: 160),
        ]
        let arrangement = MarkerArrangement(
            places: places,
            marker: { group in  // a capsule as wide as its numbers
                MarkerShape(center: Point(x: 0, y: 0), radius: 8.5, halfWidth: 8.5 + 4.5 * Double(group.count - 1))
            },
            clearance: 2.5, bounds: MapBox(x: 0, y: 0, width: 504, height: 400), maxMove: 1.5,
            links: [(0, 1), (1, 2), (2, 3), (3, 4)])
        #expect(arrangement.groups == [[0, 1, 2, 3], [4]])
        // The same four on a map of Japan alone, each a marker's width from the others and
        // nearer another than the one its leg goes to (Tokorozawa is nearer Tokyo than Yokohama
        // is): still one marker, never four pushed apart with the legs knotted between them.
        let japan = [
            Point(x: 400, y: 100), Point(x: 395.5, y: 113.5), Point(x: 386.5, y: 97), Point(x: 411.5, y: 103),
            Point(x: 250, y: 160),
        ]
        let spread = MarkerArrangement(
            places: japan,
            marker: { group in
                MarkerShape(center: Point(x: 0, y: 0), radius: 8.5, halfWidth: 8.5 + 4.5 * Double(group.count - 1))
            },
            clearance: 2.5, bounds: MapBox(x: 0, y: 0, width: 504, height: 400), maxMove: 1.5,
            links: [(0, 1), (1, 2), (2, 3), (3, 4)])
        #expect(spread.groups == [[0, 1, 2, 3], [4]], "\(spread.groups)")
    }

    @Test("places joined one after another merge only where they are at one spot, however wide the merged marker grows")
    func noRunawayMerge() {
        // Tokyo, Osaka, Fukuoka, Seoul: each 20 points from the next, more than two radii. Their
        // capsules, growing with each stop taken in, would reach the next place.
        let places = [Point(x: 400, y: 100), Point(x: 380, y: 100), Point(x: 360, y: 100), Point(x: 340, y: 100)]
        let arrangement = MarkerArrangement(
            places: places,
            marker: { group in
                MarkerShape(center: Point(x: 0, y: 0), radius: 8.5, halfWidth: 8.5 + 4.5 * Double(group.count - 1))
            },
            clearance: 2.5, bounds: MapBox(x: 0, y: 0, width: 504, height: 400), maxMove: 1.5,
            links: [(0, 1), (1, 2), (2, 3)])
        #expect(arrangement.groups.count >= 2, "\(arrangement.groups)")
    }

    @Test(
        "a stop is drawn where its city is, never at a game's stadium in another city; that game is a stop of its own, at its stadium, before the day's city"
    )
    func stopInItsCity() throws {
        let toronto = stadium("Toronto", 43.6414, -79.3894, country: "CA")
        let chicago = stadium("Chicago", 41.9484, -87.6553)
        let days = [
            Day(date: date(1), city: "Chicago", items: [game("toronto", 1)]), Day(date: date(2), city: "Chicago"),
        ]
        let torontoPoint = GeoPoint(latitude: 43.6414, longitude: -79.3894)
        // Only Toronto's stadium is known: Chicago is not placed at all, and with nowhere to
        // measure from, the game is taken for one of Chicago's (a suburb's stadium named for
        // its own town).
        let alone = RouteOutline(trip: trip([], stadiums: [toronto], days: days))
        #expect(alone.stops.count == 1 && alone.stops[0].location == nil)
        #expect(alone.unlocatedStops.map(\.city) == ["Chicago"])
        // With a stadium in Chicago, the Chicago stop is there, and Toronto's game before it.
        let both = RouteOutline(trip: trip([], stadiums: [toronto, chicago], days: days))
        #expect(both.stops.map(\.city) == ["Toronto", "Chicago"] && both.stops[0].location == torontoPoint)
        #expect(both.stops[1].location == GeoPoint(latitude: 41.9484, longitude: -87.6553))
        #expect(both.stops[1].dayCount == 2 && both.legs.count == 1)
        // The day's own coordinates come first.
        var given = days
        given[1].latitude = 41.88
        given[1].longitude = -87.63
        let placed = RouteOutline(trip: trip([], stadiums: [toronto, chicago], days: given))
        #expect(placed.stops[1].location == GeoPoint(latitude: 41.88, longitude: -87.63))
    }

    @Test("a day that plays in several cities maps each, in the order played, its own city where its own game is")
    func gamesOnTheWay() throws {
        let seattle = stadium("Seattle", 47.5914, -122.3325)
        let phoenix = stadium("Phoenix", 33.4453, -112.0667)
        let chicago = stadium("Chicago", 41.9484, -87.6553)
        var days = [
            Day(date: date(1), city: "Chicago", items: [game("seattle", 1), game("phoenix", 1)]),
            Day(date: date(2), city: "Toronto", items: [game("chicago", 2)]),
        ]
        days[1].latitude = 43.65
        days[1].longitude = -79.38
        let outline = RouteOutline(trip: trip([], stadiums: [seattle, phoenix, chicago], days: days))
        #expect(outline.stops.map(\.city) == ["Seattle", "Phoenix", "Chicago", "Toronto"])
        // Chicago: the night of day 1 and day 2's game, one stop.
        #expect(outline.stops[2].firstDay == date(1) && outline.stops[2].lastDay == date(2))
        #expect(outline.places.map(\.city) == ["Seattle", "Phoenix", "Chicago", "Toronto"])
        // The stops of two days: `first` in its city with games at `a` then `b`, then a day in `second`.
        func twoDays(_ first: String, _ a: String, _ b: String, then second: String, _ stadiums: [Stadium]) -> [String]
        {
            RouteOutline(
                trip: trip(
                    [], stadiums: stadiums,
                    days: [
                        Day(date: date(1), city: first, items: [game(a, 1), game(b, 2)]),
                        Day(date: date(2), city: second, items: [game(second.lowercased(), 3)]),
                    ])
            ).stops.map(\.city)
        }
        // A game 30 km out (a suburb's stadium) stays part of its day's city.
        let suburb = stadium("Rosemont", 41.98, -87.87)
        #expect(
            twoDays("Chicago", "rosemont", "chicago", then: "Seattle", [chicago, suburb, seattle]) == [
                "Chicago", "Seattle",
            ])
        // A day whose city's own game comes first, then a flight to a far game: the city first.
        #expect(
            twoDays("Seattle", "seattle", "phoenix", then: "Chicago", [seattle, phoenix, chicago]) == [
                "Seattle", "Phoenix", "Chicago",
            ])
    }

    @Test("a city named by nothing but its days' games at stadiums of neighbouring towns is placed in their middle")
    func placedByItsStadiums() throws {
        let bronx = stadium("Bronx", 40.8296, -73.9262), queens = stadium("Queens", 40.7571, -73.8458)
        let chicago = stadium("Chicago", 41.9484, -87.6553)
        let days = [
            Day(date: date(1), city: "New York", items: [game("bronx", 1), game("queens", 2)]),
            Day(date: date(2), city: "Chicago", items: [game("chicago", 3)]),
        ]
        let outline = RouteOutline(trip: trip([], stadiums: [bronx, queens, chicago], days: days))
        #expect(outline.stops.map(\.city) == ["New York", "Chicago"])
        let placed = try #require(outline.stops[0].location)
        #expect(abs(placed.latitude - 40.79335) < 0.001 && abs(placed.longitude - -73.886) < 0.001)
        #expect(outline.unlocatedStops.isEmpty)
        // The same over the city's days, a game a day.
        let split = RouteOutline(
            trip: trip(
                [], stadiums: [bronx, queens, chicago],
                days: [
                    Day(date: date(1), city: "New York", items: [game("bronx", 1)]),
                    Day(date: date(2), city: "New York", items: [game("queens", 2)]),
                    Day(date: date(3), city: "Chicago", items: [game("chicago", 3)]),
                ]))
        #expect(split.stops.first?.location == placed)
        // Stadiums farther apart than a metro area place nothing.
        let far = RouteOutline(
            trip: trip(
                [], stadiums: [bronx, chicago],
                days: [Day(date: date(1), city: "Somewhere", items: [game("bronx", 1), game("chicago", 2)])]))
        #expect(far.stops.allSatisfy { $0.city != "Somewhere" || $0.location == nil })
    }

    @Test("a city visited twice, its coordinates given on one visit's day, is placed for both")
    func secondVisitPlaced() {
        var first = Day(date: date(1), city: "Taipei")
        first.latitude = 25.03
        first.longitude = 121.56
        let days = [first, Day(date: date(2), city: "Kaohsiung"), Day(date: date(3), city: "Taipei")]
        var kaohsiung = days[1]
        kaohsiung.latitude = 22.63
        kaohsiung.longitude = 120.30
        let outline = RouteOutline(trip: trip([], stadiums: [], days: [days[0], kaohsiung, days[2]]))
        #expect(outline.unlocatedStops.isEmpty)
        #expect(outline.places.map(\.city) == ["Taipei", "Kaohsiung"])
        #expect(outline.places[0].stops.map(\.number) == [1, 3])
        #expect(outline.legs.map { [$0.from, $0.to] } == [[0, 1], [1, 0]])
    }

    @Test("a trip in one city with games at several places is mapped by its venues, in the order played")
    func oneCityByVenues() throws {
        let venues = [
            stadium("Bronx", 40.8296, -73.9262), stadium("Queens", 40.7571, -73.8458),
            stadium("Brooklyn", 40.6826, -73.9754),
        ]
        let day = Day(
            date: date(1), city: "New York", items: [game("bronx", 1), game("queens", 2), game("brooklyn", 3)])
        let outline = RouteOutline(trip: trip([], stadiums: venues, days: [day]))
        #expect(outline.places.map(\.city) == ["Bronx Park", "Queens Park", "Brooklyn Park"])
        #expect(outline.stops.map(\.number) == [1, 2, 3])
        #expect(outline.legs.map { [$0.from, $0.to] } == [[0, 1], [1, 2]])
        // Its games all at one place: the city's one stop, as any trip.
        let one = Day(date: date(1), city: "New York", items: [game("bronx", 1), game("bronx", 2)])
        let single = RouteOutline(trip: trip([], stadiums: venues, days: [one, Day(date: date(2), city: "New York")]))
        #expect(single.stops.map(\.city) == ["New York"] && single.stops[0].dayCount == 2)
        // A trip through two cities keeps its cities.
        let two = [day, Day(date: date(2), city: "Boston")]
        #expect(RouteOutline(trip: trip([], stadiums: venues, days: two)).stops.map(\.city) == ["New York", "Boston"])
    }

    @Test("a stop at the frame's edge whose label fits only beyond it gets the room: the route is fitted again")
    func roomAtTheEdge() throws {
        // Rio de Janeiro is the easternmost stop, with São Paulo west of it and Belo Horizonte
        // north: its label fits only to the east, where the first fit leaves no room.
        let places = [
            stadium("Sao Paulo", -23.55, -46.63, country: "BR"),
            stadium("Rio de Janeiro", -22.91, -43.17, country: "BR"),
            stadium("Belo Horizonte", -19.92, -43.94, country: "BR"),
            stadium("Buenos Aires", -34.60, -58.38, country: "AR"),
            stadium("Montevideo", -34.90, -56.16, country: "UY"),
            stadium("Santiago", -33.45, -70.67, country: "CL"), stadium("Lima", -12.05, -77.04, country: "PE"),
        ]
        let (layout, outline) = try mapLayout(trip(places.map(\.city), stadiums: places))
        let labelled = Set(layout.labels.map { outline.places[$0.place].city })
        #expect(labelled == Set(places.map(\.city)), "unlabelled: \(Set(places.map(\.city)).subtracting(labelled))")
        for label in layout.labels { #expect(layout.frame.contains(label.box)) }
    }

    @Test("a label's name or dates wider than the label's width take a second line, not a cut with …")
    func labelsWrapBeforeCutting() throws {
        let long = "Saint-Jean-sur-Richelieu Township Municipality"
        let places = [
            stadium("Boston", 42.3467, -71.0972), stadium(long, 45.3071, -73.2625),
            stadium("Toronto", 43.6414, -79.3894),
        ]
        let (layout, outline) = try mapLayout(trip(places.map(\.city), stadiums: places))
        let label = try #require(layout.labels.first { outline.places[$0.place].city == long })
        let words = label.lines.map { $0.spans.map(\.text).joined() }
        // Two lines of the name, one of dates; the name whole but where two lines cannot hold it.
        #expect(words.count == 3 && !words.contains { $0.contains("…") }, "\(words)")
        #expect(LineBreaks.plain(words[0] + " " + words[1]) == long, "\(words)")
    }

    @Test("legs between markers that nearly touch are one straight hop, not a knot of arcs in the gap")
    func shortHopsStraight() throws {
        let places = [
            stadium("Rio de Janeiro", -22.91, -43.23, country: "BR"),
            stadium("Sao Paulo", -23.60, -46.72, country: "BR"),
            stadium("Bogota", 4.65, -74.08, country: "CO"), stadium("Lima", -12.07, -77.03, country: "PE"),
            stadium("Santiago", -33.51, -70.61, country: "CL"),
        ]
        let cities = ["Rio de Janeiro", "Sao Paulo", "Rio de Janeiro", "Sao Paulo", "Rio de Janeiro"]
        let route = cities + ["Bogota", "Lima", "Santiago"]
        let (layout, outline) = try mapLayout(trip(route, stadiums: places))
        let centers = try ["Rio de Janeiro", "Sao Paulo"].map { try markerCenter($0, layout, outline) }
        #expect(centers[0] != centers[1], "the two cities keep their own markers")
        let hops = layout.legs.filter { Set([$0.start, $0.end]) == Set(centers) }
        #expect(Set(hops.map(\.start)).count == 2, "both ways: \(hops)")
        for hop in hops {
            let mid = Point(x: (hop.start.x + hop.end.x) / 2, y: (hop.start.y + hop.end.y) / 2)
            #expect(hypot(hop.control.x - mid.x, hop.control.y - mid.y) < 0.01, "bowed: \(hop)")
        }
    }

    @Test("a straight hop travelled both ways has no arrowheads: two, one each way, would be a star")
    func hopBothWaysHasNoArrowheads() throws {
        let places = [
            stadium("Buenos Aires", -34.6356, -58.3649, country: "AR"),
            stadium("Montevideo", -34.8945, -56.1528, country: "UY"),
            stadium("Sao Paulo", -23.60, -46.72, country: "BR"),
            stadium("Rio de Janeiro", -22.91, -43.23, country: "BR"),
            stadium("Santiago", -33.51, -70.61, country: "CL"),
        ]
        let route = [
            "Sao Paulo", "Rio de Janeiro", "Buenos Aires", "Montevideo", "Buenos Aires", "Santiago", "Sao Paulo",
        ]
        let (layout, outline) = try mapLayout(trip(route, stadiums: places))
        let centers = try ["Buenos Aires", "Montevideo"].map { try markerCenter($0, layout, outline) }
        try #require(centers[0] != centers[1])
        let context = try CoverFixtures.context(trip(route, stadiums: places))
        let spec = try #require(context.theme.template.cover?.map)
        let drawn = RouteMapRenderer(
            spec: spec, theme: context.theme, text: context.text, words: context.coverMapWords(spec)
        ).draw(layout)
        let between = MapBox(
            x: min(centers[0].x, centers[1].x), y: min(centers[0].y, centers[1].y),
            width: abs(centers[0].x - centers[1].x), height: abs(centers[0].y - centers[1].y))
        let heads = drawn.compactMap { item -> [Point]? in
            guard case let .path(elements, style) = item, style.fill != nil else { return nil }
            return elements.compactMap { e -> Point? in
                switch e {
                case let .move(p), let .line(p): return p
                default: return nil
                }
            }
        }
        #expect(
            !heads.contains { points in points.count == 3 && points.allSatisfy { between.inset(by: -2).contains($0) } },
            "an arrowhead on the hop")
    }

    @Test("places sharing one marker are named for the one the trip stops at most, not the first visited")
    func groupNamedForItsMostVisited() throws {
        let places = [
            stadium("Saint-Denis", 48.9245, 2.3602, country: "FR"), stadium("Paris", 48.8414, 2.2530, country: "FR"),
            stadium("Montreal", 45.5579, -73.5515, country: "CA"),
        ]
        let route = ["Saint-Denis", "Paris", "Montreal", "Paris"]
        let (layout, _) = try mapLayout(trip(route, stadiums: places))
        let names = layout.labels.compactMap { $0.lines.first?.spans.map(\.text).joined() }
        #expect(names.contains { LineBreaks.plain($0) == "Paris +1" }, "\(names)")
    }

    @Test("a grouped marker's label gives a day once, though two of its stops fall on it")
    func groupDatesOnce() throws {
        // Philadelphia and a game in New York the same day, then Los Angeles: at the scale of
        // the country the two share a marker, and its label says the day once.
        let stadiums = [
            stadium("Philadelphia", 39.9061, -75.1665), stadium("New York", 40.8296, -73.9262),
            stadium("Los Angeles", 34.0739, -118.2400),
        ]
        let days = [
            Day(date: date(1), city: "Philadelphia", items: [game("philadelphia", 1), game("new york", 1)]),
            Day(date: date(2), city: "Los Angeles", items: [game("los angeles", 2)]),
        ]
        let (layout, outline) = try mapLayout(trip([], stadiums: stadiums, days: days))
        let grouped = try #require(layout.markerPlaces.firstIndex { $0.count > 1 }, "\(outline.places.map(\.city))")
        let label = try #require(layout.labels.first { layout.markerPlaces[grouped].contains($0.place) })
        let dates = LineBreaks.plain(
            label.lines.dropFirst().map { $0.spans.map(\.text).joined() }.joined(separator: " "))
        #expect(!dates.isEmpty && !dates.contains("·"), "\(dates)")
    }

    @Test("every stop is on the map or named in the key as not on it")
    func everyStopInTheKey() throws {
        let la = Stadium(
            id: "la", name: "Dodger Stadium", city: "Los Angeles", country: "US", timeZone: "America/Los_Angeles",
            latitude: 34.0739, longitude: -118.24)
        let tokyo = Stadium(
            id: "tokyo", name: "Tokyo Dome", city: "Tokyo", country: "JP", timeZone: "Asia/Tokyo",
            latitude: 35.7056, longitude: 139.7519)
        var days = [
            Day(date: date(1), city: "Los Angeles", items: [game("la", 1)]),
            Day(date: date(2), city: "Honolulu", timeZone: "Pacific/Honolulu"),
            Day(date: date(3), city: "Tokyo", items: [game("tokyo", 3)]),
        ]
        let t = trip([], stadiums: [la, tokyo], days: days)
        let context = try CoverFixtures.context(t)
        let cover = context.theme.template.cover!
        let key = context.coverMapKeyLines(cover.mapKey!, markers: cover.map.markers, outline: RouteOutline(trip: t))
            .map { $0.spans.map(\.text).joined() }.joined(separator: " ")
        #expect(key.contains("Honolulu"), "\(key)")
        #expect(key.contains("Not on the map"), "\(key)")
        // Given where it is, Honolulu is a marker between the two.
        days[1].latitude = 21.3069
        days[1].longitude = -157.8583
        let (layout, outline) = try mapLayout(trip([], stadiums: [la, tokyo], days: days))
        #expect(outline.places.map(\.city) == ["Los Angeles", "Honolulu", "Tokyo"])
        #expect(layout.markers.map(\.text) == ["1", "2", "3"])
    }

    @Test(
        "the longitude labels along the top keep one step across the map",
        arguments: Array(stride(from: 100.0, through: 240, by: 10)))
    func evenDegrees(span: Double) throws {
        // Two stops on one parallel: nothing but the degree labels near the top edge.
        let ends = [stadium("West", 40, -60 - span), stadium("East", 40, -60)]
        let (layout, _) = try mapLayout(trip(["West", "East"], stadiums: ends))
        let g = try #require(layout.graticule)
        let top = layout.graticuleLabels.filter { $0.origin.y < 20 }
        // Each label starts just right of its meridian: the nearest one on its left.
        let steps = top.map { label in g.meridians.lastIndex { $0.position < label.origin.x }! }
        let gaps = Set(zip(steps, steps.dropFirst()).map { $1 - $0 })
        #expect(gaps.count <= 1, "\(top.map { $0.line.spans.map(\.text).joined() })")
    }

    @Test(
        "a latitude label never sits in the row of longitude labels along the top",
        arguments: Array(stride(from: 4.0, through: 30, by: 2)))
    func latitudesBelowTheTopRow(span: Double) throws {
        let ends = [stadium("South", 40, -100), stadium("North", 40 + span, -100 + span * 1.3)]
        let (layout, _) = try mapLayout(trip(["South", "North"], stadiums: ends))
        let labels = layout.graticuleLabels.map { ($0.line.spans.map(\.text).joined(), $0.box) }
        let longitudes = labels.filter { $0.0.hasSuffix("W") || $0.0.hasSuffix("E") }
        let latitudes = labels.filter { $0.0.hasSuffix("N") || $0.0.hasSuffix("S") }
        guard let row = longitudes.map(\.1.maxY).max() else { return }
        for (text, box) in latitudes { #expect(box.minY > row, "\(text) at \(box.minY), the top row to \(row)") }
    }
}
