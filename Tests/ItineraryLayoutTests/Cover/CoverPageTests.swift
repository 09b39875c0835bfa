/// The cover page laid out for every sample trip: one full page, its words, its parts and the map.
import DisplayList
import Foundation
@testable import ItineraryLayout
import ItineraryModel
import ItineraryText
import Testing
import TestSupport

@Suite("Cover page")
struct CoverPageTests {
    @Test(
        "the cover fills page 1, within the margins, with no footer; page 2 has its footer",
        arguments: CoverFixtures.tripFiles)
    func onePage(file: URL) throws {
        let trip = try CoverFixtures.trip(file)
        let doc = try CoverFixtures.document(trip)
        #expect(doc.pages.count >= 2)
        let cover = doc.pages[0]
        let texts = CoverFixtures.texts(cover)
        #expect(
            texts.contains("TRIP ITINERARY") || texts.contains("ITINERARIO DEL VIAJE") || texts.contains("REISEPLAN")
                || texts.contains("ITINÉRAIRE DU VOYAGE"))
        #expect(!texts.contains { $0.hasPrefix("Page ") || $0.hasPrefix("Página ") || $0.hasPrefix("Seite ") })
        // In the trip's digits: an Arabic trip's page 2 is `Page ٢ of ٤`.
        #expect(
            CoverFixtures.texts(doc.pages[1]).contains {
                ["Page 2 of", "Página 2 de", "Seite 2 von", "Page \u{0662} of", "Page 2 sur"].contains(
                    where: $0.hasPrefix)
            })
        // Nothing of the days shares the cover.
        #expect(!cover.items.contains { if case .destination = $0 { return true } else { return false } })
        let t = try CoverFixtures.template()
        let m = t.firstPageMargins
        for item in cover.items {
            switch item {
            case let .text(_, origin), let .textHalo(_, origin, _, _):
                #expect(
                    origin.x >= m.left - 0.01 && origin.x <= 612 - m.right && origin.y >= m.top
                        && origin.y <= 792 - m.bottom)
            case let .rect(r, _, _, _, _):
                #expect(r.x >= m.left - 0.01 && r.x + r.width <= 612 - m.right + 0.01)
                #expect(r.y >= m.top - 0.01 && r.y + r.height <= 792 - m.bottom + 0.01)
            default:
                break
            }
        }
    }

    @Test("laying out twice gives the same cover", arguments: ["long-366-days", "unicode", "midwest-mlb-10-day"])
    func deterministic(name: String) throws {
        let trip = try CoverFixtures.trip(CoverFixtures.file(name))
        #expect(try CoverFixtures.document(trip).pages[0] == CoverFixtures.document(trip).pages[0])
    }

    @Test func theTenDayCover() throws {
        let trip = try CoverFixtures.trip(CoverFixtures.file("midwest-mlb-10-day"))
        let texts = CoverFixtures.texts(try CoverFixtures.document(trip).pages[0])
        for expected in [
            "SportsTime", "Midwest Ballpark Swing",
            "Chicago → Milwaukee → Detroit → Cleveland → Pittsburgh → Cincinnati",
            "DATES", "TRAVELER", "LEAGUES", "MLB", "Major League Baseball", "DAYS", "GAMES", "STADIUMS", "CITIES",
            "DISTANCE", "TRAVEL TIME",
            "Game times are local to each stadium. Distances and travel times are estimates.",
            "88°W", "42°N", "Chicago", "Jun 12–13", "Detroit", "Jun 15–16", "N",
        ] {
            #expect(texts.contains(expected), "missing \(expected)")
        }
    }

    @Test("the trip's totals: distance and time over the same legs, as the overview's totals row")
    func totals() throws {
        let trip = try CoverFixtures.trip(CoverFixtures.file("midwest-mlb-10-day"))
        let stats = CoverStats(trip: trip)
        #expect(
            [stats.totals.days, stats.totals.games, stats.stadiums, stats.totals.cities] as [Int] == [10, 8, 7, 6])
        // Every leg's distance and every leg's time (a flight, a train and five drives).
        #expect(
            stats.totals.travel.distanceMeters
                == Double(1_429_000 + 14_500 + 148_000 + 595_000 + 272_000 + 216_000 + 463_000))
        #expect(stats.totals.travel.durationSeconds == Double(9300 + 1800 + 6000 + 21000 + 9900 + 8100 + 16200))
        #expect(stats.totals == TripTotals(trip))
    }

    @Test("a trip with no distance or time shows `—` in those tiles, never `0 m`; trains count as travel time")
    func unknownTimes() throws {
        let dayTrip = try CoverFixtures.trip(CoverFixtures.file("day-trip"))
        #expect(CoverStats(trip: dayTrip).totals.travel.durationSeconds == Double(4200 + 4200))
        let rest = try CoverFixtures.trip(TestPaths.validFixtures.appendingPathComponent("rest-days-only.json"))
        let words = CoverFixtures.texts(try CoverFixtures.document(rest).pages[0])
        #expect(words.filter { $0 == "\u{2014}" }.count == 2, "\(words)")
        #expect(!words.contains { $0.hasPrefix("0\u{00A0}") })  // no `0 mi`, no `0 m`
    }

    @Test(
        "the map's key names each marker's place, as the marker numbers it, in order of first visit; a trip without a mapped place has none"
    )
    func mapKey() throws {
        let close = try CoverFixtures.context(CoverFixtures.trip(CoverFixtures.file("close-stops")))
        let spec = close.theme.template.cover!
        let keySpec = try #require(spec.mapKey)
        let key = close.coverMapKeyLines(keySpec, markers: spec.map.markers, outline: RouteOutline(trip: close.trip))
        let text = key.map { $0.spans.map(\.text).joined() }.joined(separator: " ").replacingOccurrences(
            of: "\u{00A0}", with: " "
        ).replacingOccurrences(of: "\u{2060}", with: "")
        #expect(text == "1 · 3 Boston · 2 Foxborough · 4 · 6 Phoenix · 5 Glendale", "\(text)")

        let none = try CoverFixtures.context(CoverFixtures.trip(CoverFixtures.file("rest-days-only")))
        #expect(
            none.coverMapKeyLines(keySpec, markers: spec.map.markers, outline: RouteOutline(trip: none.trip)).isEmpty)
    }

    @Test(
        "the key lists every stop's number, though a marker shows the first and a count; no key line starts or ends with ·"
    )
    func keyListsEveryStop() throws {
        let context = try CoverFixtures.context(CoverFixtures.trip(CoverFixtures.file("long-366-days")))
        let spec = context.theme.template.cover!
        let outline = RouteOutline(trip: context.trip)
        let lines = context.coverMapKeyLines(try #require(spec.mapKey), markers: spec.map.markers, outline: outline)
        let texts = lines.map { LineBreaks.plain($0.spans.map(\.text).joined()) }
        let numbers = Set(
            texts.joined(separator: " ").split { !$0.isNumber }.compactMap { Int($0) })
        let stops = outline.places.flatMap { $0.stops.map(\.number) }
        #expect(stops.count > 90 && Set(stops).isSubset(of: numbers), "\(Set(stops).subtracting(numbers).sorted())")
        #expect(texts.allSatisfy { !$0.hasPrefix("·") && !$0.hasSuffix("·") }, "\(texts)")
    }

    @Test("a city longer than the key's line breaks between its words, never inside one")
    func longKeyPlaceBreaksBetweenWords() throws {
        let context = try CoverFixtures.context(CoverFixtures.trip(CoverFixtures.file("long-values")))
        let spec = context.theme.template.cover!
        let keySpec = try #require(spec.mapKey)
        let lines = context.coverMapKeyLines(
            keySpec, markers: spec.map.markers, outline: RouteOutline(trip: context.trip)
        ).map { $0.spans.map(\.text).joined() }
        #expect(lines.count > 1)
        let city = try #require(context.trip.days.map(\.city).max { $0.count < $1.count })
        let words = Set(city.split(separator: " ").map(String.init))
        // Each line ends and begins at a word of the city (or the key's own text), never inside one.
        for line in lines.dropLast() {
            let last = String(line.split(whereSeparator: { $0 == " " || $0 == "\u{00A0}" }).last ?? "")
            #expect(words.contains(last) || !city.contains(last), "a line ends inside a word: \(last)")
        }
    }

    @Test(
        "a key longer than its lines is set smaller and never drops a place; what the cover cannot hold goes on atop page 2"
    )
    func longKeyKeepsEveryPlace() throws {
        let trip = try CoverFixtures.trip(CoverFixtures.file("multi-league-30-day"))
        let cities = Set(RouteOutline(trip: trip).places.map(\.city))
        func keyText(_ lines: [String]) -> String {
            lines.joined(separator: " ").replacingOccurrences(of: "\u{00A0}", with: " ").replacingOccurrences(
                of: "\u{2060}", with: ""
            )
            .replacingOccurrences(of: "\u{2068}", with: "").replacingOccurrences(of: "\u{2069}", with: "")
        }
        // One line at full size: the key is set at 85 %, on the lines it needs.
        var json = with(try classic(), "cover.mapKey.maxLines", 1)
        let context = try CoverFixtures.context(
            trip, template: TemplateLoader.load(JSONSerialization.data(withJSONObject: json)))
        let spec = try #require(context.theme.template.cover?.mapKey)
        let lines = context.coverMapKeyLines(
            spec, markers: context.theme.template.cover!.map.markers, outline: RouteOutline(trip: trip))
        #expect(lines.allSatisfy { $0.spans.allSatisfy { abs($0.style.size - 7.5 * 0.85) < 1e-9 } })
        let all = keyText(lines.map { $0.spans.map(\.text).joined() })
        for city in cities { #expect(all.contains(city), "\(city) missing from \(all)") }

        // A map that keeps its whole height leaves the key a line or two: the rest goes on under
        // a cue at the top of page 2, and every place is still named.
        json = with(json, "cover.mapKey.minimumMapHeight", 400)
        json = with(json, "styles.mapKey.lineHeight", 40)
        let template = try TemplateLoader.load(JSONSerialization.data(withJSONObject: json))
        let document = ItineraryLayoutEngine(
            theme: try Theme(template: template, locale: trip.locale), text: try CoverFixtures.engine()
        ).layout(trip)
        let cover = CoverFixtures.texts(document.pages[0]), next = CoverFixtures.texts(document.pages[1])
        #expect(next.first == "CONTINUED · MAP KEY", "\(next.prefix(3))")
        let split = keyText(cover + next)
        for city in cities { #expect(split.contains(city), "\(city) missing from cover and page 2") }
    }

    @Test(
        "the scale bar takes the bottom-left corner when the route reaches into the bottom-right one; labels keep out of it"
    )
    func scaleBarCorner() throws {
        let trip = try CoverFixtures.trip(CoverFixtures.file("back-to-start"))
        // A map padded so little that Chicago, the south-east corner of the route, sits where
        // the bar would go.
        let json = with(with(try classic(), "cover.map.padding.bottom", 10), "cover.map.padding.right", 10)
        let context = try CoverFixtures.context(
            trip, template: TemplateLoader.load(JSONSerialization.data(withJSONObject: json)))
        let spec = context.theme.template.cover!.map
        let renderer = RouteMapRenderer(
            spec: spec, theme: context.theme, text: context.text, words: context.coverMapWords(spec))
        let layout = renderer.layout(RouteOutline(trip: trip), width: context.width, height: spec.height)
        let zone = try #require(layout.reservedZone)
        #expect(zone.minX == 0, "\(zone)")
        #expect(layout.scaleBarRight < context.width / 2)
        #expect(!layout.markers.contains { $0.shape.box.overlaps(zone) })
        #expect(!layout.labels.contains { $0.box.overlaps(zone) })

        // The template as it is: the corner on the right, as the design draws it.
        let plain = try CoverFixtures.context(trip)
        let standard = RouteMapRenderer(
            spec: plain.theme.template.cover!.map, theme: plain.theme, text: plain.text,
            words: plain.coverMapWords(plain.theme.template.cover!.map)
        )
        .layout(RouteOutline(trip: trip), width: plain.width, height: spec.height)
        #expect(standard.reservedZone?.maxX == plain.width)
    }

    /// A trip of one game a day at each of `cities` (id, city, latitude, longitude, zone), and
    /// its cover map laid out.
    private func mapOfGames(
        _ cities: [(String, String, Double, Double, String)]
    ) throws -> (
        RouteOutline, RouteMapLayout
    ) {
        let days: [[String: Any]] = cities.enumerated().map { i, c in
            [
                "date": "2026-07-0\(i + 1)", "city": c.1,
                "items": [
                    [
                        "type": "game", "id": "g\(i)", "league": "MLB", "homeTeam": "h", "awayTeam": "a",
                        "stadium": c.0, "startTime": "2026-07-0\(i + 1)T19:00:00Z",
                    ]
                ],
            ]
        }
        let trip = try DayFixtures.trip(json: [
            "startDate": "2026-07-01", "endDate": "2026-07-0\(cities.count)",
            "teams": [
                ["id": "h", "name": "Home", "abbreviation": "HOM", "league": "MLB"],
                ["id": "a", "name": "Away", "abbreviation": "AWY", "league": "MLB"],
            ],
            "stadiums": cities.map {
                [
                    "id": $0.0, "name": $0.0, "city": $0.1, "country": "US", "timeZone": $0.4, "latitude": $0.2,
                    "longitude": $0.3,
                ] as [String: Any]
            },
            "days": days,
        ])
        let context = try CoverFixtures.context(trip)
        let spec = context.theme.template.cover!.map
        let renderer = RouteMapRenderer(
            spec: spec, theme: context.theme, text: context.text, words: context.coverMapWords(spec))
        let outline = RouteOutline(trip: trip)
        return (outline, renderer.layout(outline, width: context.width, height: spec.height))
    }

    @Test("a polar trip's map has no scale bar; a map of the Midwest has one")
    func noBarWhereNoneHolds() throws {
        let (_, polar) = try mapOfGames([
            ("os", "Oslo", 59.91, 10.75, "Europe/Oslo"), ("tr", "Troms\u{00F8}", 69.65, 18.96, "Europe/Oslo"),
            ("ly", "Longyearbyen", 78.22, 15.65, "Arctic/Longyearbyen"),
        ])
        #expect(polar.scaleBar == nil)
        #expect(polar.markers.count == 3)
        let (_, midwest) = try mapOfGames([
            ("ch", "Chicago", 41.95, -87.66, "America/Chicago"), ("ml", "Milwaukee", 43.03, -87.97, "America/Chicago"),
            ("mn", "Minneapolis", 44.98, -93.28, "America/Chicago"),
        ])
        #expect(midwest.scaleBar != nil)
    }

    @Test(
        "round the world, the leg across the widest gap goes the short way: off one edge and back in at the other, inside the frame"
    )
    func roundTheWorld() throws {
        let (outline, layout) = try mapOfGames([
            ("la", "Los Angeles", 34.07, -118.24, "America/Los_Angeles"), ("tk", "Tokyo", 35.71, 139.75, "Asia/Tokyo"),
            ("db", "Dubai", 25.2, 55.27, "Asia/Dubai"), ("ld", "London", 51.5, -0.12, "Europe/London"),
            ("ny", "New York", 40.83, -73.93, "America/New_York"),
        ])
        // Four legs; the Tokyo → Dubai … ones as they are, Los Angeles → Tokyo in two pieces.
        #expect(outline.legs.count == 4 && layout.legs.count == 5)
        for leg in layout.legs {
            for p in leg.samples(20) { #expect(layout.frame.contains(p), "\(p) off the map") }
        }
        // No piece crosses more than half the map.
        #expect(layout.legs.allSatisfy { abs($0.end.x - $0.start.x) < layout.frame.width / 2 })
    }

    @Test("a leg between nearly opposite meridians is drawn across the map, not off both its edges")
    func nearlyOppositeMeridians() throws {
        // Tromsø to Anchorage is 169° of longitude westward and 191° eastward, across the map.
        let (outline, layout) = try mapOfGames([
            ("tr", "Tromsø", 69.65, 18.96, "Europe/Oslo"), ("an", "Anchorage", 61.22, -149.9, "America/Anchorage"),
            ("ho", "Honolulu", 21.31, -157.86, "Pacific/Honolulu"), ("tk", "Tokyo", 35.71, 139.75, "Asia/Tokyo"),
        ])
        #expect(outline.legs.count == 3 && layout.legs.count == 3)
        for leg in layout.legs {
            for p in leg.samples(20) { #expect(layout.frame.contains(p), "\(p) off the map") }
        }
    }

    @Test("a long route is shortened to its first cities, the last one and the number of stops")
    func longRoute() throws {
        let trip = try CoverFixtures.trip(CoverFixtures.file("long-366-days"))
        let texts = CoverFixtures.texts(try CoverFixtures.document(trip).pages[0])
        #expect(texts.contains("Boston → New York → Chicago → … → St. Louis · 92 stops"))
    }

    @Test("Spanish words and metric units")
    func spanish() throws {
        let trip = try CoverFixtures.trip(CoverFixtures.file("gira-es"))
        let texts = CoverFixtures.texts(try CoverFixtures.document(trip).pages[0])
        for expected in [
            "ITINERARIO DEL VIAJE", "FECHAS", "VIAJERO", "LIGAS", "DÍAS", "PARTIDOS", "ESTADIOS", "CIUDADES",
            "DISTANCIA",
            "EN CAMINO", "118°O", "34°N",
        ] {
            #expect(texts.contains(expected), "missing \(expected)")
        }
        // The number and its unit are tied by a no-break space (as drawn, not as read).
        let drawn = try CoverFixtures.document(trip).pages[0].items.compactMap { item -> String? in
            if case let .text(spans, _) = item { return spans.map(\.text).joined() } else { return nil }
        }
        #expect(drawn.contains { $0.hasSuffix("\u{00A0}km") })
    }

    @Test("leagues without a known name show their chip alone, with the code the day tiles show")
    func unknownLeagues() throws {
        let trip = try CoverFixtures.trip(CoverFixtures.file("unicode"))
        let texts = CoverFixtures.texts(try CoverFixtures.document(trip).pages[0])
        #expect(texts.contains("SPL") && texts.contains("NPB"))
        #expect(!texts.contains("National Hockey League"))
    }

    @Test("one mapped place gets the whole map at the least span around it, none gets no map at all")
    func onePlace() throws {
        let paper = try CoverFixtures.template().colors["mapPaper"]
        func mapHeight(_ name: String) throws -> Double? {
            for case let .rect(r, radius, fill, _, _) in try CoverFixtures.document(
                CoverFixtures.trip(CoverFixtures.file(name))
            ).pages[0].items
            where radius == 10 && fill == paper {
                return r.height + 0.75
            }
            return nil
        }
        let spec = try #require(try CoverFixtures.template().cover).map
        // The day trip's one place takes the map's height, leaving no half of the cover blank.
        let dayTrip = try #require(try mapHeight("day-trip"))
        #expect(dayTrip >= spec.height - 38 * 2 - 0.001, "\(dayTrip)")
        #expect(try mapHeight("minimal") == nil)
        #expect(try mapHeight("midwest-mlb-10-day") == spec.height)
        // Zoomed to the place: the graticule labels (one per degree at this span) stay within a few degrees.
        let trip = try CoverFixtures.trip(CoverFixtures.file("day-trip"))
        let words = CoverFixtures.texts(try CoverFixtures.document(trip).pages[0])
        let longitudes = words.filter { $0.hasSuffix("°W") }.compactMap { Int($0.dropLast(2)) }
        #expect(!longitudes.isEmpty && (longitudes.max() ?? 0) - (longitudes.min() ?? 0) <= 4, "\(longitudes)")
    }

    @Test("a title of more than three lines ends in an ellipsis, and the map gives up 38 per extra line")
    func longTitle() throws {
        var trip = try CoverFixtures.trip(CoverFixtures.file("midwest-mlb-10-day"))
        let mapHeight: (Trip) throws -> Double? = { trip in
            let paper = try CoverFixtures.template().colors["mapPaper"]
            for case let .rect(r, radius, fill, _, _) in try CoverFixtures.document(trip).pages[0].items
            where radius == 10 && fill == paper {
                return r.height + 0.75
            }
            return nil
        }
        #expect(try mapHeight(trip) == 400)
        trip.name = "Midwest Ballpark Swing: the long way round"
        #expect(try mapHeight(trip) == 362)
        trip.name = String(repeating: "A very long trip name that goes on ", count: 6)
        let context = try CoverFixtures.context(trip)
        let cover = try #require(context.theme.template.cover)
        let title = context.coverTitle(cover.title, headCities: cover.route.headCities)
        #expect(title.lines == 3)
        let texts = CoverFixtures.texts(try CoverFixtures.document(trip).pages[0])
        #expect(texts.contains { $0.hasPrefix("A very long trip name") })
        #expect(texts.contains { $0.hasSuffix("…") && $0.contains("trip name") })
        // The whole name is in the cover's note, which takes its lines from the map too.
        let name = try #require(trip.name)
        #expect(texts.joined(separator: " ").contains(name.trimmingCharacters(in: .whitespaces)), "\(texts)")
        let height = try #require(try mapHeight(trip))
        #expect(height < 324 && height > 250, "\(height)")

        // A name a fourth line too long at the title's size is set smaller, whole, and not
        // printed again in the note.
        trip.name = "Coupe du monde de la FIFA 2026 : de Mexico à Vancouver en passant par Toronto et Kansas City"
        let french = try CoverFixtures.context(trip)
        let smaller = french.coverTitle(cover.title, headCities: cover.route.headCities)
        #expect(smaller.cut == nil && smaller.lines == 3)
        let frenchTexts = CoverFixtures.texts(try CoverFixtures.document(trip).pages[0])
        #expect(!frenchTexts.contains { $0.contains("\u{2026}") }, "\(frenchTexts.prefix(4))")
        #expect(frenchTexts.filter { $0.contains("Coupe du monde") }.count == 1, "\(frenchTexts)")
    }

    @Test("on A4 the Letter design's map takes the extra 50 pt of paper; the tiles keep their distance from the bottom")
    func tallerPaper() throws {
        let trip = try CoverFixtures.trip(CoverFixtures.file("midwest-mlb-10-day"))
        let template = try CoverFixtures.template()
        let paper = template.colors["mapPaper"]
        func cover(_ name: String) throws -> (map: Double, noteFromBottom: Double) {
            let theme = try Theme(template: template, locale: trip.locale, paper: name)
            let page = ItineraryLayoutEngine(theme: theme, text: try CoverFixtures.engine()).layout(trip).pages[0]
            var map = 0.0, noteY = 0.0
            for item in page.items {
                switch item {
                case let .rect(r, radius, fill, _, _) where radius == 10 && fill == paper: map = r.height + 0.75
                case let .text(spans, origin) where spans.map(\.text).joined().hasPrefix("Game times are local"):
                    noteY = origin.y
                default: break
                }
            }
            return (map, theme.page.height - noteY)
        }
        let letter = try cover("letter"), a4 = try cover("a4")
        #expect(letter.map == 400)
        #expect(a4.map == 450)
        #expect(abs(letter.noteFromBottom - a4.noteFromBottom) < 0.001)
    }

    @Test(
        "a trip without a name is titled by its route, shortened as the route line is (never cut after an arrow), in both templates"
    )
    func unnamedLongRoute() throws {
        var trip = try CoverFixtures.trip(CoverFixtures.file("multi-league-30-day"))
        trip.name = nil
        #expect(trip.routeCities.count > 8)
        // The page's lines read as one text (a line may end after an arrow where the route wraps).
        func page(_ document: LaidOutDocument) -> String {
            CoverFixtures.texts(document.pages[0]).joined(separator: " ").replacingOccurrences(
                of: "\u{00A0}", with: " ")
        }
        let city = trip.routeCities[trip.routeCities.count - 1]
        let document = try CoverFixtures.document(trip)
        let cover = page(document)
        #expect(cover.contains("→ … → \(city) · \(trip.routeCities.count) stops"), "\(cover.prefix(120))")
        // On the last city's line, after its ` · `: never a line of its own that reads as the city's.
        let lines = CoverFixtures.texts(document.pages[0]).map { $0.replacingOccurrences(of: "\u{00A0}", with: " ") }
        #expect(lines.contains { $0.hasSuffix("\(city) · \(trip.routeCities.count) stops") }, "\(lines.prefix(6))")
        let compact = page(try CoverFixtures.document(trip, template: CoverFixtures.template("compact")))
        #expect(compact.contains("→ … → \(city)"), "\(compact.prefix(120))")
    }

    @Test(
        "a route's arrow ends a line, pointing on, and never starts one: the title and route line, both templates and papers"
    )
    func arrowsEndLines() throws {
        var trip = try CoverFixtures.trip(CoverFixtures.file("multi-league-30-day"))
        trip.name = nil
        let names = [
            "Bronx", "Queens", "Manhattan", "Brooklyn", "Elmont", "Newark", "East Rutherford", "Harrison", "Boston",
            "Manhattan",
        ]
        for i in trip.days.indices { trip.days[i].city = names[min(i / 3, names.count - 1)] }
        for name in ["classic", "compact"] {
            for paper in ["letter", "a4"] {
                var template = try CoverFixtures.template(name)
                template.paper = paper
                let document = try CoverFixtures.document(trip, template: template)
                let lines = CoverFixtures.texts(document.pages[0]).map {
                    $0.trimmingCharacters(in: .whitespaces)
                }
                #expect(!lines.contains { $0.hasPrefix("→") }, "\(name) \(paper): \(lines.prefix(5))")
            }
        }
    }

    @Test(
        "an unnamed route whose end cities are long shortens them, keeping the first, the last and the count; the running header names the route the same way"
    )
    func unnamedLongEnds() throws {
        var trip = try CoverFixtures.trip(CoverFixtures.file("midwest-mlb-10-day"))
        trip.name = nil
        let long = " Metropolitan Area of the Great Lakes Shoreline Region"
        trip.days[0].city += long
        trip.days[trip.days.count - 1].city += long
        let count = trip.routeCities.count
        let document = try CoverFixtures.document(trip)
        let cover = CoverFixtures.texts(document.pages[0]).joined(separator: " ").replacingOccurrences(
            of: "\u{00A0}", with: " ")
        #expect(cover.contains("… → … → ") && cover.contains("… · \(count) stops"), "\(cover.prefix(160))")
        let header = CoverFixtures.texts(document.pages[1]).joined(separator: " ")
        #expect(header.contains("→ … →") && header.contains("Cincinnati"), "\(header.prefix(160))")
    }

    @Test("a long name is shortened in the running header, never the trip's dates after it")
    func headerKeepsDates() throws {
        var trip = try CoverFixtures.trip(CoverFixtures.file("midwest-mlb-10-day"))
        trip.name = String(repeating: "A very long trip name that goes on ", count: 8)
        let dates = try CoverFixtures.context(trip).format.dateRange(trip.startDate, trip.endDate)
        let texts = CoverFixtures.texts(try CoverFixtures.document(trip).pages[1]).map {
            $0.unicodeScalars.filter { !(0x2066...0x2069).contains($0.value) }
        }
        .map { String(String.UnicodeScalarView($0)) }
        #expect(
            texts.contains { $0.hasPrefix("A very long") && $0.contains("… · ") && $0.hasSuffix(dates) },
            "\(texts.prefix(3))")
    }

    @Test(
        "on every map no two labels overlap, no label meets a marker or sits nearer another marker than its own, and markers keep apart",
        arguments: CoverFixtures.tripFiles + TestPaths.sharedBenchTrips)
    func mapLabels(file: URL) throws {
        let trip = try CoverFixtures.trip(file)
        let context = try CoverFixtures.context(trip)
        let spec = try #require(context.theme.template.cover).map
        let renderer = RouteMapRenderer(
            spec: spec, theme: context.theme, text: context.text, words: context.coverMapWords(spec))
        let outline = RouteOutline(trip: trip)
        let layout = renderer.layout(outline, width: 504, height: 400)
        // Every place has a marker: its own, or one it shares with places too close to draw apart.
        #expect(layout.markerPlaces.count == layout.markers.count)
        #expect(layout.markerPlaces.flatMap { $0 }.sorted() == Array(outline.places.indices))
        // Markers of close places are moved apart, their white outlines `markerClearance` apart.
        let apart = spec.labels.weights.markerClearance + spec.markers.strokeWidth - 0.01
        for (i, a) in layout.markers.enumerated() {
            for b in layout.markers[(i + 1)...] {
                #expect(
                    !a.shape.meets(b.shape.box, clearance: apart), "\(file.lastPathComponent): \(a.text) by \(b.text)")
            }
        }
        let boxes = layout.labels.map(\.box)
        for (i, a) in boxes.enumerated() {
            for b in boxes[(i + 1)...] { #expect(!a.overlaps(b)) }
            for m in layout.markers { #expect(!m.shape.meets(a, clearance: spec.labels.weights.markerClearance)) }
            #expect(layout.frame.inset(by: spec.labels.weights.frameInset).contains(a))
        }
        // A label is read as naming the marker nearest to it: every other marker is farther than
        // its own. A label set farther out is tied to its own by a line that meets no other.
        for label in layout.labels where !label.leader.isEmpty {
            let (start, end) = (label.leader[0], label.leader[1])
            let own = layout.markers[label.place].shape
            #expect(hypot(start.x - own.center.x, start.y - own.center.y) < own.halfWidth + spec.labels.gap)
            for (j, m) in layout.markers.enumerated() where j != label.place {
                for k in 0...20 {
                    let t = Double(k) / 20
                    #expect(
                        !m.shape.box.contains(
                            Point(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t)))
                }
            }
        }
        for label in layout.labels where label.leader.isEmpty {
            let own = layout.markers[label.place].shape.edgeDistance(to: label.box)
            for (j, m) in layout.markers.enumerated() where j != label.place {
                #expect(
                    m.shape.edgeDistance(to: label.box) > own,
                    "\(file.lastPathComponent): \(layout.markers[label.place].text) by \(m.text)")
            }
        }
        // Degree labels give way to city labels with their halos, and to the route.
        let route = layout.legs.flatMap { $0.samples(spec.labels.weights.sampleCount($0)) }
        for g in layout.graticuleLabels {
            #expect(!boxes.contains { $0.inset(by: -spec.labels.haloWidth).overlaps(g.box) })
            #expect(
                !route.contains(where: g.box.contains), "\(file.lastPathComponent): the route crosses \(g.line.text)")
            #expect(layout.frame.contains(g.box))
        }
    }
}
