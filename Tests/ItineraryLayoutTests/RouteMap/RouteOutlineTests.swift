/// From days to stops, places and legs.
import DisplayList
@testable import ItineraryLayout
import ItineraryModel
import Testing

private func date(_ day: Int) -> CalendarDate { CalendarDate(year: 2026, month: 6, day: day)! }

private func game(_ stadium: String) -> Item {
    .game(
        Game(
            id: stadium + "-g", league: "MLB", homeTeam: "h", awayTeam: "a", stadium: stadium,
            startTime: Instant(secondsSince1970: 0)))
}

private func stadium(_ id: String, _ city: String, _ lat: Double, _ lon: Double) -> Stadium {
    Stadium(id: id, name: id, city: city, country: "US", timeZone: "America/Chicago", latitude: lat, longitude: lon)
}

private let stadiums = [
    stadium("wrigley", "Chicago", 41.95, -87.66), stadium("rate", "Chicago", 41.83, -87.63),
    stadium("comerica", "Detroit", 42.34, -83.05), stadium("pnc", "Pittsburgh", 40.45, -80.01),
]

private func trip(_ days: [(String, [Item])]) -> Trip {
    Trip(
        id: "t", startDate: date(1), endDate: date(days.count), stadiums: stadiums,
        days: days.enumerated().map { Day(date: date($0.offset + 1), city: $0.element.0, items: $0.element.1) })
}

@Suite("Route outline")
struct RouteOutlineTests {
    @Test("stops are runs of consecutive days in one city, numbered in order")
    func stops() {
        let o = RouteOutline(trip: trip([("Chicago", []), ("Chicago", []), ("Detroit", []), ("Chicago", [])]))
        #expect(o.stops.map(\.city) == ["Chicago", "Detroit", "Chicago"])
        #expect(o.stops.map(\.number) == [1, 2, 3])
        #expect(o.stops.map(\.dayCount) == [2, 1, 1])
        #expect(o.stops[0].firstDay == date(1) && o.stops[0].lastDay == date(2))
    }

    @Test(
        "a trip of one city's days is mapped by its venues, a far game's ballpark among them; the cities counted are the map's"
    )
    func venuesWithAFarGame() {
        // Days all in Chicago: Wrigley, Rate Field, then a game in Pittsburgh (660 km away).
        let t = trip([("Chicago", [game("wrigley")]), ("Chicago", [game("rate")]), ("Chicago", [game("pnc")])])
        let o = RouteOutline(trip: t)
        #expect(o.stops.map(\.city) == ["wrigley", "rate", "pnc"])
        #expect(RouteOutline.cityCount(t) == 2)
        #expect(RouteOutline.cityCount(trip([("Chicago", [game("wrigley")]), ("Detroit", [])])) == 2)
        #expect(RouteOutline.cityCount(trip([("Chicago", [game("rate")]), ("chicago", [])])) == 1)
    }

    @Test("a stop is at its game's stadium, else at a stadium of its city, else nowhere")
    func locations() {
        let o = RouteOutline(trip: trip([("Chicago", []), ("Chicago", [game("rate")]), ("Detroit", []), ("Gary", [])]))
        #expect(o.stops[0].location == GeoPoint(latitude: 41.83, longitude: -87.63))
        #expect(o.stops[1].location == GeoPoint(latitude: 42.34, longitude: -83.05))
        #expect(o.stops[2].location == nil)
        #expect(o.places.map(\.city) == ["Chicago", "Detroit"])
    }

    @Test("a revisited place has one marker with every stop, and legs join consecutive located stops")
    func revisits() {
        let o = RouteOutline(
            trip: trip([
                ("Chicago", [game("wrigley")]), ("Detroit", []), ("Gary", []), ("Pittsburgh", []),
                ("Detroit", []), ("chicago", [game("rate")]),
            ]))
        #expect(o.places.count == 3)
        #expect(o.places[0].stops.map(\.number) == [1, 6])
        #expect(o.places[1].stops.map(\.number) == [2, 5])
        // The first visit's location stands for the place.
        #expect(o.places[0].location == GeoPoint(latitude: 41.95, longitude: -87.66))
        // Gary has no location: Detroit joins Pittsburgh directly.
        #expect(o.legs.map { [$0.from, $0.to] } == [[0, 1], [1, 2], [2, 1], [1, 0]])
    }

    @Test("a loop driven again adds no second copy of its legs")
    func repeatedLoops() {
        let o = RouteOutline(
            trip: trip([("Chicago", []), ("Detroit", []), ("Chicago", []), ("Detroit", []), ("Chicago", [])]))
        #expect(o.legs.map { [$0.from, $0.to] } == [[0, 1], [1, 0]])
    }

    @Test("labels go first to the first stop, then the last, then by days, then by visit")
    func priority() {
        let o = RouteOutline(
            trip: trip([
                ("Pittsburgh", []), ("Detroit", []), ("Chicago", []), ("Chicago", []), ("Chicago", []),
                ("Detroit", []), ("Detroit", []), ("Pittsburgh", []), ("Detroit", []),
            ]))
        // Places: Pittsburgh (first, 2 days), Detroit (last stop, 4 days), Chicago (3 days).
        #expect(o.labelPriority == [0, 1, 2])
        let p = RouteOutline(
            trip: trip([("Chicago", []), ("Detroit", []), ("Pittsburgh", []), ("Pittsburgh", []), ("Chicago", [])]))
        // The last stop is at the first place: then the most days.
        #expect(p.labelPriority == [0, 2, 1])
    }

    @Test func noStadiumsMeansNoPlaces() {
        let o = RouteOutline(
            trip: Trip(id: "t", startDate: date(1), endDate: date(1), days: [Day(date: date(1), city: "Anywhere")]))
        #expect(o.stops.count == 1 && o.places.isEmpty && o.legs.isEmpty && o.labelPriority.isEmpty)
    }
}

@Suite("Route map: close places")
struct CloseMarkerTests {
    @Test("close places joined by a leg share one marker: the leg between them would hide under their markers")
    func linkedShare() throws {
        let trip = try CoverFixtures.trip(CoverFixtures.file("close-stops"))
        let context = try CoverFixtures.context(trip)
        let spec = try #require(context.theme.template.cover).map
        let renderer = RouteMapRenderer(
            spec: spec, theme: context.theme, text: context.text, words: context.coverMapWords(spec))
        let layout = renderer.layout(RouteOutline(trip: trip), width: 504, height: 400)
        let s = MarkerLayout.separator
        #expect(layout.markers.map(\.text) == ["1\(s)2\(s)3", "4\(s)5\(s)6"])
        #expect(layout.leaders.isEmpty)
    }

    @Test(
        "markers of close places that no leg joins move apart, each by little, each tied to its place by a leader; a label stays by its own marker"
    )
    func dodging() throws {
        // Boston, Phoenix, Foxborough, Glendale, Boston, Phoenix: the close places are never
        // one leg apart, so each keeps its own marker.
        var trip = try CoverFixtures.trip(CoverFixtures.file("close-stops"))
        let dates = trip.days.map(\.date)
        trip.days = [0, 3, 1, 4, 2, 5].map { trip.days[$0] }
        for i in trip.days.indices { trip.days[i].date = dates[i] }
        let context = try CoverFixtures.context(trip)
        let spec = try #require(context.theme.template.cover).map
        let renderer = RouteMapRenderer(
            spec: spec, theme: context.theme, text: context.text, words: context.coverMapWords(spec))
        let outline = RouteOutline(trip: trip)
        let layout = renderer.layout(outline, width: 504, height: 400)
        let projection = try #require(layout.projection)
        #expect(layout.markers.map(\.text) == ["1\(MarkerLayout.separator)5", "2\(MarkerLayout.separator)6", "3", "4"])
        #expect(!layout.leaders.isEmpty)
        for (place, marker) in zip(outline.places, layout.markers) {
            let at = projection.project(place.location)
            let moved =
                ((marker.shape.center.x - at.x) * (marker.shape.center.x - at.x) + (marker.shape.center.y - at.y)
                    * (marker.shape.center.y - at.y))
                .squareRoot()
            #expect(
                moved < 2 * marker.shape.radius + spec.labels.weights.markerClearance, "\(place.city) moved \(moved)")
            #expect(
                moved < 0.5 || layout.leaders.contains { $0.place == at && $0.marker == marker.shape.center },
                "\(place.city)")
        }
        for (i, a) in layout.markers.enumerated() {
            for b in layout.markers[(i + 1)...] {
                #expect(!a.shape.meets(b.shape.box, clearance: spec.labels.weights.markerClearance - 0.01))
            }
        }
        // Each label is nearer its own marker than any other.
        for label in layout.labels {
            let c = Point(x: (label.box.minX + label.box.maxX) / 2, y: (label.box.minY + label.box.maxY) / 2)
            let distances = layout.markers.map {
                ($0.shape.center.x - c.x) * ($0.shape.center.x - c.x) + ($0.shape.center.y - c.y)
                    * ($0.shape.center.y - c.y)
            }
            #expect(
                distances.indices.min { distances[$0] < distances[$1] } == label.place,
                "\(outline.places[label.place].city)")
        }
    }

    @Test("a leg that would run under a marker it does not join is bowed round it; one clear keeps its bow")
    func legsPassMarkersBy() {
        var route = RouteLegSpec()
        route.bow = 0.14
        route.maxBow = 26
        let a = Point(x: 0, y: 100), b = Point(x: 300, y: 100)
        let usual = LegCurve(from: a, to: b, bow: 0.14, maxBow: 26)
        let far = MarkerShape(center: Point(x: 150, y: 300), radius: 8.5, halfWidth: 8.5)
        #expect(RouteMapRenderer.clearCurve(from: a, to: b, route: route, avoiding: [far], clearance: 3) == usual)
        // A marker right under the usual curve's middle: the leg goes round it, clear by the clearance.
        let under = MarkerShape(center: usual.point(at: 0.5), radius: 8.5, halfWidth: 14)
        let leg = RouteMapRenderer.clearCurve(from: a, to: b, route: route, avoiding: [under], clearance: 3)
        #expect(leg != usual && leg.start == a && leg.end == b)
        for p in leg.samples(200) {
            #expect(under.edgeDistance(to: MapBox(x: p.x, y: p.y, width: 0, height: 0)) >= 3, "\(p)")
        }
        // Markers along the whole way, which no bow clears (Tampa to Chicago past Atlanta and
        // Cincinnati): the leg takes the bow that runs least under them, not the usual one.
        let crowd = [MarkerShape(center: Point(x: 150, y: 100), radius: 8.5, halfWidth: 150)]
        func depth(_ curve: LegCurve) -> Double {
            var total = 0.0
            for m in crowd {
                for p in curve.samples(100) {
                    total += max(0, 3 - m.edgeDistance(to: MapBox(x: p.x, y: p.y, width: 0, height: 0)))
                }
            }
            return total
        }
        let least = RouteMapRenderer.clearCurve(from: a, to: b, route: route, avoiding: crowd, clearance: 3)
        #expect(least != usual && depth(least) < depth(usual) * 0.75, "\(depth(least)) vs \(depth(usual))")
    }
}
