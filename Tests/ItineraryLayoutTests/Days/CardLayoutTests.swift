/// Card sizes against the design, and the keep-together rules of the day pages.
import DisplayList
@testable import ItineraryLayout
import ItineraryModel
import ItineraryText
import Testing
import TestSupport

private var ticket: [String: Any] {
    ["section": "121", "row": "7", "seats": "3-4", "url": "https://tickets.example.com/orders/C9VEFK2ZKH"]
}
private var lodging: [String: Any] {
    [
        "type": "lodging", "name": "Chicago Airport Inn & Suites", "address": "1999 Center St, Chicago, IL",
        "checkIn": "2026-06-14T15:00:00-05:00", "checkOut": "2026-06-16T11:00:00-05:00", "confirmation": "56PTZHAP",
    ]
}
private var travel: [String: Any] {
    [
        "type": "travel", "from": "Chicago", "to": "Milwaukee", "mode": "drive", "distanceMeters": 148_000,
        "durationSeconds": 5_280, "departTime": "2026-06-14T08:30:00-05:00",
    ]
}
private var custom: [String: Any] { ["type": "custom", "category": "note", "title": "Laundry day"] }
private let longText = String(
    repeating: "Wake up early, pack the scorecard, two pencils, the glove and a rain jacket. ", count: 80)

/// What a block paints, without its structure marks.
private func painted(_ items: [DisplayItem]) -> [DisplayItem] {
    items.filter {
        if case .beginStructure = $0 {
            return false
        } else if case .endStructure = $0 {
            return false
        } else {
            return true
        }
    }
}

/// The text of every line a block draws, in order.
private func texts(_ items: [DisplayItem]) -> [String] {
    items.compactMap { if case let .text(spans, _) = $0 { return spans.map(\.text).joined() } else { return nil } }
}

@Suite("Day cards")
struct CardLayoutTests {
    private func cards(_ items: [[String: Any]], notes: String? = nil) throws -> [any FlowBlock] {
        let text = try DayFixtures.engine()
        let trip = try oneDayTrip(items: items, notes: notes)
        return try DayFixtures.dayLayout(trip, text: text).day(0, trip.days[0]).filter { $0 is CardBlock }
    }

    @Test("heights follow the design's box model (the mock-up's figures)")
    func heights() throws {
        let c = try cards(
            [gameItem("g1", ticket: ticket), gameItem("g2"), lodging, travel, custom],
            notes: "Giveaway night: arrive when the gates open.")
        // The mock-up's game card with a ticket strip is 123.25 tall; its link's QR code (25
        // modules of 51/25 pt, a quiet zone of 4 modules below the perforation) makes the strip
        // end at 0.75 + 8.16 + 51 instead, 25.18 lower.
        #expect(c.map(\.height).map { ($0 * 100).rounded() / 100 } == [28, 148.43, 78.5, 84.5, 53.5, 45.5])
        #expect(try cards([]).map(\.height) == [53.5])
        // Notes add a 6 gap and their lines; lodging `night(s)` at the side.
        let withNotes = try cards([gameItem(notes: "Number-retirement ceremony before the start.")])
        #expect(withNotes[0].height == 78.5 + 6 + 12)
        let words = texts(try cards([lodging])[0].draw(at: Point(x: 0, y: 0)))
        #expect(words.contains("2") && words.contains("nights"))
    }

    @Test("a web address in a note is a link over its own words, in the link colour; the rest of the note is not")
    func noteLinks() throws {
        let url = "https://www.mlb.com/cubs/ballpark/parking"
        let card = try cards([
            gameItem(
                notes:
                    "Parking: book ahead at \(url). Gates open 90 minutes before the first pitch, and the line moves fast."
            )
        ])[0]
        let items = card.draw(at: Point(x: 54, y: 80))
        let links = items.compactMap { if case let .link(rect, uri, _) = $0 { return (rect, uri) } else { return nil } }
        #expect(links.map(\.1) == [url], "\(links)")
        let drawn = items.compactMap {
            if case let .text(spans, origin) = $0 { return (spans, origin) } else { return nil }
        }
        let line = try #require(drawn.first { $0.0.contains { LineBreaks.plain($0.text) == url } })
        let rect = try #require(links.first?.0)
        // Over the address: it starts after `Parking: book ahead at ` and is narrower than the line.
        #expect(rect.x > line.1.x + 20 && rect.width > 100 && rect.width < 448)
        #expect(line.0.first { LineBreaks.plain($0.text) == url }?.style.color != line.0.first?.style.color)
    }

    @Test("every card starts at the gutter and is 448 wide")
    func grid() throws {
        for card in try cards([gameItem(ticket: ticket), lodging, travel, custom]) {
            let items = painted(card.draw(at: Point(x: 54, y: 80)))
            guard case let .rect(box, _, _, _, _) = items[0] else { Issue.record("no backdrop first"); continue }
            #expect(box.x == 54 + 56 && box.width == 448)
        }
    }

    @Test("a card never splits when it fits a page")
    func gameCardNeverSplits() throws {
        let card = try #require(
            try cards([gameItem(ticket: ticket, notes: String(repeating: "A long note. ", count: 30))]).first)
        #expect(card.split(available: card.height - 20, fullPage: 648) == nil)
        let pages = Paginator { _ in 648 }.paginate([Canvas(height: 600, items: []), card])
        #expect(pages.count == 2)
        #expect(pages[1].blocks.count == 1 && pages[1].blocks[0].block.height == card.height)
    }

    @Test(
        "a card taller than a page splits between lines (notes two or more a side), a backdrop and after the first a cue on each piece"
    )
    func longNotesSplit() throws {
        // Trip files cap a string at 2,000 characters, which fits a page at this width; a
        // narrower template or a library caller can still make a card taller than a page.
        var trip = try oneDayTrip(items: [gameItem(ticket: ticket)])
        guard case var .game(game) = trip.days[0].items[0] else {
            Issue.record("the trip's first item is not a game"); return
        }
        game.notes = longText
        trip.days[0].items = [.game(game)]
        let text = try DayFixtures.engine()
        let card = try #require(
            try DayFixtures.dayLayout(trip, text: text).day(0, trip.days[0]).compactMap { $0 as? CardBlock }.first)
        #expect(card.height > 648)
        let pages = Paginator { _ in 648 }.paginate([Canvas(height: 300, items: []), card])
        let pieces = pages.flatMap(\.blocks).compactMap { $0.block as? CardBlock }
        #expect(pieces.count >= 2)
        for (i, piece) in pieces.enumerated() {
            if let notes = piece.notes { #expect(notes.lineCount >= 2, "piece \(i) has fewer than 2 lines of notes") }
            #expect(piece.height <= 648 + 0.001)
            let items = painted(piece.draw(at: Point(x: 54, y: 80)))
            // The white box, its border and the team bar, each time.
            let boxes = items.prefix(3).filter {
                if case .rect = $0 { return true } else if case .path = $0 { return true } else { return false }
            }
            #expect(boxes.count == 3, "piece \(i) lacks its backdrop")
            #expect((i == 0) == (piece.head != nil), "only the first piece has the matchup")
            #expect((i == pieces.count - 1) == (piece.foot != nil), "only the last piece has the ticket strip")
            // Every piece after the first says it goes on from the page before.
            #expect(piece.continues == (i > 0))
            // Naming the card: its teams, in text, beside its team bar.
            #expect(
                piece.draw(at: Point(x: 54, y: 80)).texts.contains {
                    $0.text.hasPrefix("CONTINUED · ") && $0.text.contains(" @ ")
                } == (i > 0), "piece \(i)")
        }
        // Nothing is lost.
        let lines = pieces.reduce(0) { $0 + ($1.notes?.lineCount ?? 0) }
        #expect(lines == card.notes?.lineCount)
        // The notes icon stays with the first piece.
        #expect(pieces.first?.notes?.icon != nil && pieces.dropFirst().allSatisfy { $0.notes?.icon == nil })
    }

    @Test("the heading, the day note and the first card stay together")
    func headingKeepsWithFirstCard() throws {
        let text = try DayFixtures.engine()
        let trip = try oneDayTrip(items: [gameItem(ticket: ticket), lodging], notes: "Giveaway night.")
        let day = try DayFixtures.dayLayout(trip, text: text).day(0, trip.days[0])
        // Room for the heading and the note, not for the game card after them.
        let filler = 648.0 - (42 + 12 + 28 + 8 + 60)
        let pages = Paginator { _ in 648 }.paginate([Canvas(height: filler, items: [])] + day)
        #expect(pages.count == 2)
        #expect(pages[0].blocks.count == 1)
        #expect(pages[1].blocks.first?.block.mark == "Day 1 · Sun, Jun 14 · Milwaukee")
        #expect(pages[1].blocks.contains { ($0.block as? CardBlock)?.keepWithNext == true })
    }

    @Test("long-notes.json: a heading never ends a page, even when heading, note and card cannot share one")
    func longNotesFixture() throws {
        let text = try DayFixtures.engine()
        let ctx = try DayFixtures.context(try DayFixtures.trip("long-notes.json"), text: text)
        let pages = Paginator { _ in 648 }.paginate(ctx.dayBlocks())
        for page in pages {
            let last = page.blocks.last { !$0.block.isDiscardable }
            #expect(last?.block.keepWithNext != true, "a page ends with a block that keeps with the next")
            #expect(!page.overflows)
        }
        // The heading stays with the note; the game card follows whole on the next page.
        #expect(
            pages.first?.blocks.contains { ($0.block as? CardBlock)?.notes?.icon == .info && $0.block is CardBlock }
                == true)
    }

    @Test("no page of any sample trip ends with a heading, and nothing overflows")
    func allTrips() throws {
        let text = try DayFixtures.engine()
        for url in TestPaths.jsonFiles(in: TestPaths.examples) + TestPaths.jsonFiles(in: TestPaths.validFixtures) {
            let ctx = try DayFixtures.context(try DayFixtures.trip(url.lastPathComponent), text: text)
            let pages = Paginator { _ in 648 }.paginate(ctx.dayBlocks() + [PageBreak()] + ctx.progressBlocks())
            for (n, page) in pages.enumerated() {
                let last = page.blocks.last { !$0.block.isDiscardable && $0.block.height > 0 }
                #expect(last?.block.keepWithNext != true, "\(url.lastPathComponent) page \(n + 1) ends with a heading")
                #expect(!page.overflows, "\(url.lastPathComponent) page \(n + 1) overflows")
            }
        }
    }
}

@Suite("Right-to-left notes")
struct RightToLeftNoteTests {
    @Test("a note starts at the page's start side, the left, its icon before it, whatever its script")
    func fromTheLeft() throws {
        let text = try DayFixtures.engine()
        let layout = try DayFixtures.dayLayout(try oneDayTrip(items: [gameItem()]), text: text)
        let grid = layout.grid(side: layout.spec.card.side)
        for note in ["ديربي الرياض — الحضور قبل ساعة من البداية.", "Gates open at noon."] {
            let paragraph = try #require(layout.notes(note, grid: grid))
            let items = paragraph.draw(at: Point(x: 0, y: 0))
            let words = try #require(
                items.compactMap { item -> Point? in
                    if case let .text(_, origin) = item { return origin }
                    return nil
                }.first)
            #expect(abs(paragraph.x - grid.contentX) < 0.001, "icon of \(note)")
            #expect(
                abs(words.x - (grid.contentX + layout.spec.icons.inline.size + layout.spec.icons.inline.gap)) < 0.001,
                "text of \(note)")
        }
    }
}
