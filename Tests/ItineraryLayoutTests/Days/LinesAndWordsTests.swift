/// Issue 41's lines and words: nothing the trip says cut where a line more fits, breaks that
/// keep codes, addresses, places and kana words readable, emoji never boxes, zones where a
/// day's times need them, titles whole and without a lone last word.
import DisplayList
import Foundation
@testable import ItineraryLayout
import ItineraryModel
import ItineraryText
import Testing
import TestSupport

/// Every line of a document's pages as read (no-break spaces as spaces, without break marks), by page.
private func pageLines(_ doc: LaidOutDocument) -> [[String]] {
    doc.pages.map { $0.items.texts.map { LineBreaks.plain($0.text) } }
}

@Suite("Lines and words")
struct LinesAndWordsTests {
    @Test(
        "a ticket's section too long for the strip wraps, whole, never cut with …", arguments: ["classic", "compact"])
    func ticketSection(template: String) throws {
        let section =
            "Upper reserved companion seating, enter via Sunset Gate C, then the north ramp to the third level and turn left at the pretzel stand"
        let trip = try oneDayTrip(items: [
            gameItem(ticket: [
                "section": section, "row": "12", "seats": "5-6", "url": "https://tickets.example.com/o/6X57",
            ])
        ])
        let lines = pageLines(try Compact.layout(trip, template: template)).joined()
        #expect(!lines.contains { $0.contains("\u{2026}") && $0.contains("companion") }, "\(lines)")
        #expect(lines.joined(separator: " ").contains("at the pretzel stand"))
        #expect(lines.joined(separator: " ").contains("Upper reserved companion seating"))
    }

    @Test(
        "a confirmation code breaks only after a hyphen, three characters or more on each side",
        arguments: ["classic", "compact"])
    func code(template: String) throws {
        let code = "LHP-2026-0814-ZXQW-7781-3320-KJHG"
        let doc = try Compact.layout(try Compact.trip("lines-and-words.json"), template: template)
        let pieces = pageLines(doc).joined().map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && $0 != code && code.contains($0) && $0.count > 1 || $0 == "-" }
        for piece in pieces {
            #expect(piece.filter { $0 != "-" }.count >= 3, "\(pieces)")
            #expect(piece.hasSuffix("-") || code.hasSuffix(piece), "\(pieces)")
        }
    }

    @Test("the cover's route and title never split a place: East Rutherford, Saint-Étienne")
    func places() throws {
        for file in ["lines-and-words.json", "long-french-title.json"] {
            let cover = pageLines(try Compact.layout(try Compact.trip(file), template: "classic"))[0]
            for line in cover {
                #expect(!line.hasSuffix(" East") && !line.hasPrefix("Rutherford"), "\(cover)")
                #expect(!line.hasSuffix("Saint-") && !line.hasPrefix("Étienne"), "\(cover)")
            }
        }
    }

    @Test("a stadium's address on the game card never splits its city: São Paulo", arguments: ["classic", "compact"])
    func venueAddress(template: String) throws {
        var trip = try oneDayTrip(items: [gameItem()], city: "São Paulo")
        trip.stadiums[0].city = "São Paulo"
        // Addresses of every length up to a line more, so that some line ends at the city.
        for n in stride(from: 0, to: 60, by: 3) {
            trip.stadiums[0].address =
                "Avenida Giovanni " + String(repeating: "a", count: n) + " 1100 - Morumbi, São Paulo - SP"
            for line in pageLines(try Compact.layout(trip, template: template)).joined() {
                #expect(!line.hasSuffix(" São") && !line.hasPrefix("Paulo"), "\(n): \(line)")
            }
        }
    }

    @Test("a long title is set whole on the cover (the map gives it room), with no word alone on its last line")
    func title() throws {
        for (file, end) in [("long-french-title.json", "en douze jours"), ("lines-and-words.json", "three days")] {
            let trip = try Compact.trip(file)
            let cover = pageLines(try Compact.layout(trip, template: "classic"))[0]
            let title = cover.prefix { !$0.contains("\u{2192}") }.dropFirst(2)
            #expect(title.joined(separator: " ").hasSuffix(end), "\(cover)")
            #expect(!title.contains { $0.contains("\u{2026}") }, "\(cover)")
            #expect(title.last.map { $0.split(separator: " ").count >= 2 } == true, "\(cover)")
        }
    }

    @Test("Japanese never breaks inside ドーム or ツアー", arguments: ["classic", "compact"])
    func kana(template: String) throws {
        let lines = pageLines(try Compact.layout(try Compact.trip("tokyo-dome-kana.json"), template: template)).joined()
        #expect(lines.contains { $0.contains("ドーム") })
        #expect(!lines.contains { $0.hasSuffix("ド") || $0.hasSuffix("ドー") || $0.hasPrefix("ーム") || $0.hasPrefix("ム") })
        // The compact title block broke `ツ` / `アー` (a word, and a line started by the sound mark).
        #expect(!lines.contains { $0.hasSuffix("ツ") || $0.hasSuffix("ツア") || $0.hasPrefix("ー") })
    }

    @Test("an emoji no bundled face draws is named, never a box, and not reported as one")
    func emoji() throws {
        let doc = try Compact.layout(try Compact.trip("lines-and-words.json"), template: "classic")
        #expect(doc.uncoveredScalars.isEmpty)
        #expect(pageLines(doc).joined().contains { $0.contains("lobster") && $0.contains("voucher") })
    }

    @Test(
        "only what is drawn as a box is reported as one, from every line the pages draw; emoji printed by name are listed by name"
    )
    func boxesAndNames() throws {
        var trip = try oneDayTrip(
            items: [gameItem(), ["type": "custom", "category": "note", "title": "Runes \u{16A0} and 🦞"]],
            notes: "Try Eventide 🦪 instead")
        trip.name = "🦞 Lobster, Moose 🫎 & Geese 🪿 Road Trip"
        for template in ["classic", "compact"] {
            let doc = try Compact.layout(trip, template: template)
            #expect(doc.uncoveredScalars.map(\.value) == [0x16A0], "\(template)")
            #expect(Set(doc.namedEmoji).isSuperset(of: ["lobster", "oyster", "moose", "goose"]), "\(doc.namedEmoji)")
        }
    }

    @Test(
        "a day whose games are in several zones shows each time's zone in the overview; one zone, none",
        arguments: ["classic", "compact"])
    func zones(template: String) throws {
        let doc = try Compact.layout(try Compact.trip("lines-and-words.json"), template: template)
        let overview = pageLines(doc)[template == "classic" ? 1 : 0].joined(separator: "\n")
        for time in ["7:10 PM EDT", "7:10 PM CDT", "6:40 PM MDT", "6:35 PM MST", "7:10 PM PDT", "6:35 PM EDT"] {
            #expect(overview.contains(time), "\(time)")
        }
        // Day 2 has one game: its time alone.
        #expect(overview.contains("1:00 PM") && !overview.contains("1:00 PM EDT"))
    }

    @Test(
        "a travel cell beside zoned game times keeps its origin and arrow on one line, never cut between letters",
        arguments: ["classic", "compact"], ["letter", "a4"])
    func travelBesideZonedTimes(template: String, paper: String) throws {
        // The six zoned games widen the games column; the travel column keeps room for its widest
        // piece no line may break inside, `Newark Liberty (EWR) →`.
        let file = TestPaths.validFixtures.appendingPathComponent("lines-and-words.json")
        var json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        var days = try #require(json["days"] as? [[String: Any]])
        var items = try #require(days[2]["items"] as? [[String: Any]])
        items.insert(
            [
                "type": "travel", "from": "Newark Liberty (EWR)", "to": "Chicago O'Hare (ORD)", "mode": "flight",
                "departTime": "2026-08-16T07:00:00-04:00", "fromTimeZone": "America/New_York",
                "toTimeZone": "America/Chicago", "durationSeconds": 8400, "distanceMeters": 1_150_000,
            ], at: 0)
        days[2]["items"] = items
        json["days"] = days
        let doc = try Compact.layout(DayFixtures.trip(json: json), template: template, paper: paper)
        let overview = pageLines(doc)[template == "classic" ? 1 : 0]
        // On one line, or broken after the arrow; never inside a place or before the arrow.
        let whole = "Newark Liberty (EWR) → Chicago O'Hare (ORD)"
        let travel = overview.filter { $0.contains("Newark") || $0.contains("O'Hare") }
        #expect(travel == [whole] || travel == ["Newark Liberty (EWR) →", "Chicago O'Hare (ORD)"], "\(travel)")
    }
}
