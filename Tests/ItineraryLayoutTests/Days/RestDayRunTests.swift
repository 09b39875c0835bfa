/// Runs of quiet days (no items, title or note) in one city share one heading and one card;
/// every day of a run keeps its destination. Tile numbers too wide for the tile are set smaller.
import DisplayList
@testable import ItineraryLayout
import ItineraryModel
import ItineraryText
import Testing
import TestSupport

private func restTrip(_ cities: [String], titled: Int? = nil) throws -> Trip {
    var days: [[String: Any]] = []
    for (i, city) in cities.enumerated() {
        var day: [String: Any] = ["date": "2026-11-0\(i + 1)", "city": city, "items": []]
        if i == titled { day["title"] = "Museum day" }
        days.append(day)
    }
    return try DayFixtures.trip(json: ["startDate": "2026-11-01", "endDate": "2026-11-0\(cities.count)", "days": days])
}

@Suite("Rest-day runs")
struct RestDayRunTests {
    @Test("consecutive quiet days in one city are one run; a title, another city or an item ends it")
    func runs() throws {
        let trip = try restTrip(["Denver", "denver", "Denver", "Boulder", "Boulder", "Boulder"], titled: 5)
        let ctx = try DayFixtures.context(trip, text: try DayFixtures.engine())
        #expect(ctx.quietRun(from: 0) == 0...2)
        #expect(ctx.quietRun(from: 3) == 3...4)
        #expect(ctx.quietRun(from: 5) == 5...5)
    }

    @Test(
        "a run: one heading `DAYS 1–3 · Sun, Nov 1 – Tue, Nov 3 · Denver`, one `Rest days` card, a destination per day",
        arguments: ["classic", "compact"])
    func oneHeading(template: String) throws {
        let trip = try restTrip(["Denver", "Denver", "Denver", "Boulder"])
        let doc = try Compact.layout(trip, template: template)
        let words = doc.pages.flatMap { $0.items.texts.map(\.text) }
        #expect(words.contains { $0.contains("Sun, Nov 1 \u{2013} Tue, Nov 3 · Denver") }, "\(words)")
        #expect(words.contains("Rest days"))
        #expect(words.contains("Nothing scheduled in Denver for 3 days."))
        #expect(words.filter { $0 == "Nothing scheduled in Boulder." }.count == 1)  // alone: a rest day of its own
        #expect(!words.contains("Nothing scheduled in Denver."))
        #expect(words.contains { $0.contains("1\u{2013}3") })
        let destinations = doc.pages.reduce(into: [String: Point]()) { $0.merge($1.items.destinations) { a, _ in a } }
        for i in 1...4 { #expect(destinations["day-\(i)"] != nil, "day-\(i)") }
        #expect(destinations["day-1"] == destinations["day-3"])
    }

    @Test("a three-digit day number fits inside its tile with a margin")
    func wideTileNumbers() throws {
        let trip = try Compact.trip("long-366-days.json")
        let doc = try Compact.layout(trip, template: "classic")
        let template = try Compact.template("classic")
        let tile = try #require(template.days?.heading.tileSize)
        let text = Compact.text
        let page = try #require(doc.pages.first { $0.items.destinations["day-100"] != nil })
        let number = try #require(page.items.texts.first { $0.text == "100" })
        let width = text.advance(of: number.spans)
        #expect(width <= tile - 2 * (template.days?.heading.tileCapsTop ?? 0) + 0.01, "\(width) in a \(tile) tile")
    }
}
