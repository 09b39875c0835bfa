/// The day pages in compact: a rule heading and no gutter, borderless rows with rules between,
/// ink team codes with two thin lines, outlined league chips, stay cells beside the name,
/// underlined links.
import DisplayList
import Foundation
@testable import ItineraryLayout
import ItineraryText
import Testing

@Suite("Compact days")
struct CompactDayTests {
    private let ink = Color(hex: "#1A1A2E")!
    private let ink3 = Color(hex: "#6B6B7B")!

    /// The page that holds a day's heading, and the heading's position.
    private func dayPage(_ doc: LaidOutDocument, _ day: Int) throws -> (items: [DisplayItem], at: Point) {
        let page = try #require(doc.pages.first { $0.items.destinations["day-\(day)"] != nil })
        return (page.items, page.items.destinations["day-\(day)"]!)
    }

    @Test("heading: an ink rule, then `DAY 3 · Sun, Jun 14 · Milwaukee` at the column's edge; no tile")
    func heading() throws {
        let doc = try Compact.layout(try Compact.trip("midwest-mlb-10-day.json"))
        let (items, at) = try dayPage(doc, 3)
        #expect(at.x == 36)
        let rule = items.first {
            if case let .line(from, to, width, color, _) = $0 {
                return width == 1 && color == ink && abs(from.y - at.y - 0.5) < 0.01 && from.x == 36 && to.x == 559
            }
            return false
        }
        #expect(rule != nil)
        let text = try #require(items.texts.first { $0.text == "DAY 3 · Sun, Jun 14 · Milwaukee" })
        #expect(text.at.x == 36 && text.spans.allSatisfy { $0.style.size == 10 && $0.style.weight == 600 })
        let summary = try #require(items.texts.first { $0.text == "1 GAME · 92 MI DRIVE" })
        #expect(abs(summary.at.y - text.at.y) < 0.001)
        // No tile anywhere: nothing is filled with the accent.
        let accent = Color(hex: "#FF6B35")!
        #expect(
            !doc.pages.flatMap(\.items).contains {
                if case let .rect(_, _, fill, _, _) = $0 { return fill == accent } else { return false }
            })
    }

    @Test("cards are borderless rows, a hairline between two of a day, none after the heading or the note")
    func rows() throws {
        let trip = try Compact.trip("midwest-mlb-10-day.json")
        let layout = try Compact.dayLayout(trip)
        #expect(layout.gutter == 0 && layout.cardWidth == 523)
        let blocks = layout.day(0, trip.days[0])
        let dividers = blocks.compactMap { $0 as? CardDivider }
        #expect(dividers.count == trip.days[0].items.count - 1)
        #expect(
            dividers.allSatisfy {
                $0.rule.width == 0.5 && $0.indent == 0 && $0.width == 523 && $0.isDiscardable && $0.keepWithNext
            })
        let card = try #require(blocks.compactMap { $0 as? CardBlock }.first)
        let box = card.backdrop(card.width, 40)
        // White on white and no border: nothing is stroked.
        #expect(box.allSatisfy { if case .path = $0 { return false } else { return true } })
        // The day with a note: no rule between the note and the first card.
        let day7 = layout.day(6, trip.days[6])
        #expect(day7.compactMap { $0 as? CardDivider }.isEmpty)
    }

    @Test("team codes in ink, the `@` in ink-3, the bar as two thin ink-3 lines")
    func teams() throws {
        let trip = try Compact.trip("midwest-mlb-10-day.json")
        let items = try dayPage(try Compact.layout(trip), 1).items
        // The `@` and the home code are set after a space, so that they are read as words.
        let codes = items.texts.filter { ["STL", " CHC", " @"].contains($0.text) }
        #expect(codes.count == 3)
        for code in codes { #expect(code.spans[0].style.color == (code.text == " @" ? ink3 : ink)) }
        let lines = items.compactMap { item -> Rect? in
            if case let .rect(r, _, fill, _, _) = item, fill == ink3, r.width < 1 { return r }
            return nil
        }
        #expect(lines.count == 2)
        if lines.count == 2 { #expect(abs(lines[1].x - lines[0].x - 2) < 0.001 && lines[0].height == lines[1].height) }
    }

    @Test("the league code is an outlined chip in ink, centred on the matchup's caps")
    func leagueChip() throws {
        let items = try dayPage(try Compact.layout(try Compact.trip("midwest-mlb-10-day.json")), 1).items
        let code = try #require(items.texts.first { $0.text == "MLB" })
        #expect(code.spans[0].style.color == ink && code.spans[0].style.weight == 700)
        let outline = items.contains {
            if case let .path(_, style) = $0 {
                return style.stroke == ink && style.lineWidth == 0.75 && style.fill == nil
            }
            return false
        }
        #expect(outline)
        let matchup = try #require(items.texts.first { $0.text == "STL" })
        #expect(abs((code.at.y - 0.36 * 6) - (matchup.at.y - 0.36 * 14)) < 0.01)
    }

    @Test("a stay's cells sit beside its name, values on the address's baseline, when that is no taller")
    func cellsBeside() throws {
        let items = try dayPage(try Compact.layout(try Compact.trip("midwest-mlb-10-day.json")), 1).items.texts
        let address = try #require(items.first { $0.text.hasPrefix("3630 N Clark St") })
        // The last on the page: the stays table of the overview shows the same words above.
        let checkIn = try #require(items.last { $0.text == "Fri, Jun 12 · 3:00 PM" })
        let label = try #require(items.last { $0.text == "CHECK-IN" })
        #expect(abs(checkIn.at.y - address.at.y) < 0.001 && label.at.y < checkIn.at.y)
        #expect(checkIn.at.x > address.at.x + 150)
        // Classic keeps them under the address.
        let classic = try Compact.layout(try Compact.trip("midwest-mlb-10-day.json"), template: "classic")
        let page = try #require(classic.pages.first { $0.items.destinations["day-1"] != nil }).items.texts
        let a = try #require(page.first { $0.text.hasPrefix("3630 N Clark St") })
        let c = try #require(page.last { $0.text == "Fri, Jun 12 · 3:00 PM" })
        #expect(c.at.y > a.at.y + 10)
    }

    @Test(
        "a stay's cells beside its name reach as far as its nights figure leaves them: one row, as on the stay before")
    func cellsReachTheFigure() throws {
        let stay: [String: Any] = [
            "type": "lodging", "name": "Hotel Brugge Centrale", "address": "5 Main Square, Brugge",
            "checkIn": "2026-06-14T15:00:00+02:00", "checkOut": "2026-06-15T11:00:00+02:00",
            "timeZone": "Europe/Brussels", "confirmation": "EU-2026-1004-BKG",
        ]
        let trip = try oneDayTrip(items: [stay], locale: "en_GB", city: "Brugge", timeZone: "Europe/Brussels")
        let items = try #require(try Compact.layout(trip).pages.first { $0.items.destinations["day-1"] != nil })
            .items.texts
        let checkIn = try #require(items.last { $0.text == "Sun 14 Jun · 15:00" })
        let code = try #require(items.last { $0.text.contains("EU-2026-1004-BKG") })
        #expect(abs(code.at.y - checkIn.at.y) < 0.001 && code.at.x > checkIn.at.x, "\(checkIn) \(code)")
    }

    @Test(
        "links are underlined in their own colour",
        arguments: ["midwest-mlb-10-day.json", "day-trip.json", "long-notes.json"])
    func underlinedLinks(_ file: String) throws {
        for page in try Compact.layout(try Compact.trip(file)).pages {
            for case let .link(rect, _, _) in page.items {
                let under = page.items.contains {
                    if case let .line(from, to, width, _, _) = $0 {
                        return width == 0.5 && from.y > rect.y && from.y < rect.y + rect.height + 3
                            && from.x >= rect.x - 0.01 && to.x <= rect.x + rect.width + 0.01
                    }
                    return false
                }
                #expect(under, "\(file): link at \(rect) has no underline")
            }
        }
    }

    @Test(
        "an address in a day note is a link in compact too, told from the ink note by the link's weight and underlined; in classic, by its colour"
    )
    func dayNoteLinks() throws {
        var trip = try Compact.trip("midwest-mlb-10-day.json")
        let url = "https://tfl.gov.uk/plan-a-journey"
        trip.days[0].notes = "Three grounds in one day, see \(url) for the route."
        for template in ["compact", "classic"] {
            let items = try Compact.layout(trip, template: template).pages.flatMap(\.items)
            let link = try #require(
                items.compactMap { item -> Rect? in
                    if case let .link(rect, uri, _) = item, uri == url { return rect } else { return nil }
                }.first, "\(template): no link for the day note's address")
            let underlined = items.contains {
                if case let .line(from, to, width, _, _) = $0 {
                    return width > 0 && from.y > link.y && from.y < link.y + link.height + 3
                        && abs(from.x - link.x) < 0.01
                        && abs(to.x - link.x - link.width) < 0.01
                }
                return false
            }
            #expect(underlined == (template == "compact"), "\(template): underline \(underlined)")
        }
    }

    @Test("a day's heading never ends a page", arguments: Compact.allTrips.map(\.lastPathComponent))
    func headingKeepsWithCard(_ file: String) throws {
        let doc = try Compact.layout(try Compact.trip(file))
        for page in doc.pages {
            for (name, at) in page.items.destinations where name.hasPrefix("day-") {
                // Beyond the heading's own lines (its rule, text, title: under 40), the page goes on.
                #expect(
                    page.items.texts.contains { $0.at.y > at.y + 40 && $0.at.y < page.height - 44 }, "\(file): \(name)")
            }
        }
    }
}
