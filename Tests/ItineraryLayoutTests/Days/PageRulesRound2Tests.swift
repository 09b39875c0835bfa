/// Issue 21's rules for the day pages: links as a reader types them, a run's whole range, a
/// card's continuation naming the card.
import DisplayList
@testable import ItineraryLayout
import ItineraryModel
import ItineraryText
import Testing

@Suite("Printed links and tile ranges")
struct PageRulesRound2Tests {
    private func layout() throws -> DayBuilder {
        try DayFixtures.dayLayout(try oneDayTrip(items: []), text: try DayFixtures.engine())
    }

    @Test(
        "a plan with a time, a one-line link and its QR code keeps its side inside the card: the time on the title's baseline, the code under it"
    )
    func customSideInsideTheCard() throws {
        let url =
            "https://www.booking.example.com/hotel/xx/grand-palace-resort-and-conference-centre-downtown-riverside.html?aid=304142&label=gen173nr-1FCAEoggI46AdIM1gEaGyIAQGYATG4ARfIAQzYAQHoAQH4AQKIAgGoAgO4Aq&checkin=2026-07-01&checkout=2026-07-04&group_adults=2&no_rooms=1"
        let trip = try oneDayTrip(items: [
            [
                "type": "custom", "category": "other", "title": "Opera House photo",
                "time": "2026-06-14T08:00:00-05:00", "url": url,
            ]
        ])
        guard case let .custom(item) = trip.days[0].items[0] else { Issue.record("no custom item"); return }
        let card = try DayFixtures.dayLayout(trip, text: try DayFixtures.engine()).customCard(item, on: trip.days[0])
        var tops: [Double] = [], bottoms: [Double] = []
        for drawn in card.draw(at: Point(x: 0, y: 0)) {
            switch drawn {
            case let .text(_, origin): tops.append(origin.y - 10); bottoms.append(origin.y)
            case let .link(r, _, _): tops.append(r.y); bottoms.append(r.y + r.height)
            default: break
            }
        }
        #expect(!tops.isEmpty)
        #expect(tops.allSatisfy { $0 >= 0 }, "\(tops.min() ?? 0)")
        #expect(bottoms.allSatisfy { $0 <= card.height }, "\(bottoms.max() ?? 0) > \(card.height)")
    }

    @Test("a link is printed decoded, without its scheme, and whole when it fits")
    func decoded() throws {
        let l = try layout()
        #expect(
            l.printedLink("https://tickets.example.com/%C3%B3rdenes/6X57", .link, width: 400).text
                == "tickets.example.com/órdenes/6X57")
        // Escapes that decode to a space or a control character stay as written: printed, an address is typed back.
        #expect(l.printedLink("https://example.com/a%20b", .link, width: 400).text == "example.com/a%20b")
        #expect(l.printedLink("https://example.com/%0A", .link, width: 400).text == "example.com/%0A")
        // An escaped delimiter stays escaped (written plainly it would end a value or a segment);
        // unreserved characters and other scripts beside it are decoded.
        #expect(
            l.printedLink(
                "https://example.com/r?next=%2Fpay%3Fa%3D1%26b%3A2%23x%25&n=J%C3%BCrgen%7E%41", .link, width: 900
            )
            .text == "example.com/r?next=%2Fpay%3Fa%3D1%26b%3A2%23x%25&n=Jürgen~A")
        #expect(l.printedLink("https://example.com/a%20b/%C3%A9", .link, width: 400).text == "example.com/a%20b/é")
    }

    @Test("a link too wide keeps its host and the end of its path, cut at a segment")
    func shortenedInThePath() throws {
        let l = try layout()
        let url = "https://tickets.example.com/account/orders/2026/season/6X575XKRWC"
        let text = try DayFixtures.engine()
        let full = text.advance(of: [l.span(TextLinks.withoutScheme(url), .link)])
        let shown = l.printedLink(url, .link, width: full * 0.7).text
        #expect(shown.hasPrefix("tickets.example.com/\u{2026}/"), "\(shown)")
        #expect(shown.hasSuffix("/6X575XKRWC"), "\(shown)")
        #expect(text.advance(of: [l.span(shown, .link)]) <= full * 0.7 + 0.001)
        // Too narrow even for the host: the host itself ends in an ellipsis.
        #expect(l.printedLink(url, .link, width: 30).text.hasSuffix("\u{2026}"))
    }

    @Test("a host too wide for the line is shortened in its middle: its end and the path's end both show")
    func longHost() throws {
        let l = try layout()
        let url = "https://tickets.wolverhampton-wanderers-football-club-official-box-office.example.co.uk/Event/98765"
        let text = try DayFixtures.engine()
        let width = 160.0
        let shown = l.printedLink(url, .link, width: width).text
        #expect(shown.hasPrefix("tickets.w"), "\(shown)")
        #expect(shown.contains(".co.uk/\u{2026}"), "\(shown)")
        #expect(shown.hasSuffix("/98765"), "\(shown)")
        #expect(text.advance(of: [l.span(shown, .link)]) <= width + 0.001)
    }

    @Test("a link that fits in five lines is printed whole in them; a longer one is shortened to one line")
    func linkLines() throws {
        let l = try layout()
        let url = "https://www.porterscardiff.com/book-a-table/?date=2026-11-14&time=12%3A30&party=2&promo=AUTUMN2026"
        let whole = "www.porterscardiff.com/book-a-table/?date=2026-11-14&time=12%3A30&party=2&promo=AUTUMN2026"
        let (lines, printedWhole) = l.printedLinkLines(url, .link, width: 200)
        #expect(printedWhole)
        #expect((2...3).contains(lines.count), "\(lines.map { $0.spans.map(\.text).joined() })")
        #expect(LineBreaks.plain(lines.map { $0.spans.map(\.text).joined() }.joined()) == whole)
        // Four lines: whole (a ticket's address with its session, seats and promotion code).
        let four = url + "&session=8f14e45fceea167a5a36dedd4bea2543&seats=1,2,3"
        let (fourLines, fourWhole) = l.printedLinkLines(four, .link, width: 200)
        #expect(fourWhole && (4...5).contains(fourLines.count), "\(fourLines.map { $0.spans.map(\.text).joined() })")
        let long = url + "&" + String(repeating: "utm_campaign=autumn-nations-series&", count: 6) + "end=1"
        let (short, shortWhole) = l.printedLinkLines(long, .link, width: 200)
        #expect(!shortWhole)
        #expect(
            short.count == 1 && short[0].spans.map(\.text).joined().contains("/\u{2026}"),
            "\(short.map { $0.spans.map(\.text).joined() })")
    }

    @Test("the longest fitting end is found from any first guess, as halving the whole path finds it")
    func longestFitting() {
        for count in [0, 1, 2, 7, 40] {
            for limit in 0...count {
                for guess in 0...count {
                    var tries = 0
                    let found = DayBuilder.longestFitting(upTo: count, from: guess) { m in
                        tries += 1
                        return m <= limit
                    }
                    #expect(found == limit, "count \(count), limit \(limit), guess \(guess)")
                    #expect(tries <= 2 * 6 + 2, "count \(count), limit \(limit), guess \(guess): \(tries) tries")
                }
            }
        }
        // A guess one off takes two or three tries.
        var tries = 0
        _ = DayBuilder.longestFitting(upTo: 40, from: 21) { m in
            tries += 1
            return m <= 20
        }
        #expect(tries <= 3)
    }

    @Test("a run of quiet days shows its whole range in the tile (11–14), never cut with …", arguments: ["classic"])
    func wholeRange(template: String) throws {
        let doc = try Compact.layout(try Compact.trip("rest-run-two-digits.json"), template: template)
        let texts = doc.pages.flatMap { $0.items.texts.map(\.text) }
        #expect(texts.contains("11\u{2013}14"))
        #expect(!texts.contains { $0.hasPrefix("11") && $0.hasSuffix("\u{2026}") })
    }
}

@Suite("Counts and their nouns")
struct CountTieTests {
    @Test("a count is tied to its noun by no-break spaces, whatever the pattern's word order")
    func tied() {
        #expect(Labels.fill("{n} vuelos", count: "n", "2") == "2\u{00A0}vuelos")
        #expect(Labels.fill("vols : {n}", count: "n", "2") == "vols :\u{00A0}2")
        #expect(Labels.fill("{n}", count: "n", "12") == "12")
    }

    @Test("the Spanish totals never break `2 vuelos` over two lines", arguments: ["classic", "compact"])
    func spanishTotals(template: String) throws {
        let doc = try Compact.layout(try Compact.trip("gira-es.json"), template: template)
        let texts = doc.pages.flatMap { $0.items.texts.map(\.text) }
        // No set line starts with a leg noun or ends with a bare number before one.
        for word in ["trayecto", "trayectos", "vuelo", "vuelos"] {
            #expect(!texts.contains { $0.hasPrefix(word) }, "\(template): a line starts with \(word)")
        }
    }
}
