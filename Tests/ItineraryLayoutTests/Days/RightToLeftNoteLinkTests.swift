/// Web addresses inside right-to-left notes: links over the address's own glyphs, as in
/// left-to-right notes.
import DisplayList
@testable import ItineraryLayout
import ItineraryModel
import ItineraryText
import Testing
import TestSupport

@Suite("Links in right-to-left notes")
struct RightToLeftNoteLinkTests {
    /// The links and the drawn lines of the one card of a one-day trip with `items` (or its day note).
    private func drawn(
        _ items: [[String: Any]], dayNote: String? = nil
    ) throws -> (links: [(Rect, String)], lines: [([StyledSpan], Point)], text: TextEngine) {
        let text = try DayFixtures.engine()
        let trip = try oneDayTrip(items: items, notes: dayNote, locale: "he_IL")
        let blocks = try DayFixtures.dayLayout(trip, text: text).day(0, trip.days[0])
        var y = 80.0
        var all: [DisplayItem] = []
        for block in blocks {
            all += block.draw(at: Point(x: 54, y: y))
            y += block.height
        }
        let links = all.compactMap { if case let .link(rect, uri, _) = $0 { return (rect, uri) } else { return nil } }
        let lines = all.compactMap {
            if case let .text(spans, origin) = $0 { return (spans, origin) } else { return nil }
        }
        return (links, lines, text)
    }

    /// Checks that the link over `url` lies over the address's glyphs on its line: as wide as
    /// the address, inside the line, and to the left of the Hebrew words written before it.
    private func expectOverAddress(
        _ url: String, before: String, in d: (links: [(Rect, String)], lines: [([StyledSpan], Point)], text: TextEngine)
    ) throws {
        let link = try #require(d.links.first { $0.1 == url }, "no link for \(url): \(d.links.map(\.1))")
        // The address's span holds the isolates of a right-to-left paragraph (`LineBreaks.leftToRightIsolated`).
        let line = try #require(d.lines.first { $0.0.contains { LineBreaks.plain($0.text) == url } })
        let lineWidth = d.text.advance(of: line.0)
        let urlWidth = d.text.advance(of: line.0.filter { LineBreaks.plain($0.text) == url })
        #expect(abs(link.0.width - urlWidth) < 0.5, "link \(link.0.width) wide, address \(urlWidth)")
        #expect(link.0.x >= line.1.x - 0.5 && link.0.x + link.0.width <= line.1.x + lineWidth + 0.5)
        // The words before the address in the text are on its right: the line reads from the right.
        let beforeWidth = d.text.advance(of: [StyledSpan(before, line.0[0].style)])
        #expect(
            link.0.x + link.0.width <= line.1.x + lineWidth - beforeWidth + 1,
            "link at \(link.0), line at \(line.1.x) + \(lineWidth)")
    }

    @Test("a game note in Hebrew with an address: the address is a link over its own glyphs")
    func gameNote() throws {
        let url = "https://www.bus.co.il/shuttle-tlv"
        let before = "שער 3. הסעות חוזרות: "
        let d = try drawn([gameItem(notes: before + url + " לאחר המשחק")])
        try expectOverAddress(url, before: before, in: d)
    }

    @Test("a day note in Hebrew with an address: the address is a link over its own glyphs")
    func dayNote() throws {
        let url = "https://www.maccabi-tlv.co.il/tickets"
        let before = "כרטיסים ומידע על המשחק: "
        let d = try drawn([gameItem()], dayNote: before + url + " ומפת החניה")
        try expectOverAddress(url, before: before, in: d)
    }
}
