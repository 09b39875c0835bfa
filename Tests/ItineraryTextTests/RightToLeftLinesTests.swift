/// Right-to-left paragraphs set on several lines: one edge for their reader, room for their ink.
import CCairo
import Foundation
@testable import ItineraryText
import Testing
import TestSupport

@Suite("Right-to-left lines")
struct RightToLeftLinesTests {
    private func engine() throws -> TextEngine { TextEngine(fontSet: try FontSet(directory: TestPaths.fonts)) }
    private let body = TextStyle(family: "Inter", size: 10, lineHeight: 14)

    @Test("a code with an Arabic word reads as written from the left: the digits after the word stay after it")
    func codeAsWritten() throws {
        let e = try engine()
        let code = "FS-RUH-2026-1014-هلال-8841"
        #expect(Bidi.code("FSL-2291") == "FSL-2291")
        let marked = Bidi.code(code)
        #expect(LineBreaks.plain(marked).filter { !"\u{200E}\u{2066}\u{2067}\u{2069}".contains($0) } == code)
        // Where each piece is drawn: the word left of the digits that follow it.
        let parts = ["FS-RUH-2026-1014-", "هلال", "-8841"]
        var pieces: [StyledSpan] = []
        let split = marked.components(separatedBy: "هلال")
        pieces = [StyledSpan(split[0], body), StyledSpan("هلال", body), StyledSpan(split[1], body)]
        #expect(pieces.map(\.text).joined() == marked && parts.count == 3)
        let word = e.extent(ofSpan: 1, in: pieces), digits = e.extent(ofSpan: 2, in: pieces)
        #expect(word.x + word.width <= digits.x + 0.5, "\(word) \(digits)")
    }

    @Test(
        "a paragraph that reads from the right ends every line flush at the right of its width; one that reads from the left, or opens with an isolated Hebrew name, starts every line at the left"
    )
    func flushRight() throws {
        let text = try engine()
        let hebrew = text.setParagraph(
            [
                StyledSpan(
                    "כרטיסים לכל המשחקים נשלחו במייל, אפליקציית הכרטיסים של המועדון ואם יש בעיה לפנות לקופה", body)
            ],
            width: 180)
        #expect(hebrew.count >= 2)
        for line in hebrew { #expect(abs(line.offset + line.width - 180) < 0.001, "\(line.offset) + \(line.width)") }
        #expect(hebrew.contains { $0.offset > 1 }, "\(hebrew.map(\.width))")

        let english = text.setParagraph(
            [StyledSpan("Tickets for every game were sent by email; ask the box office if anything is missing", body)],
            width: 180)
        #expect(english.count >= 2 && english.allSatisfy { $0.offset == 0 })
        // An English sentence that opens with a Hebrew name set apart (`Bidi.isolated`) reads from the left.
        let named = text.setParagraph(
            [StyledSpan(Bidi.isolated("מכבי תל אביב") + " plays at home tonight; gates open two hours before", body)],
            width: 180)
        #expect(named.count >= 2 && named.allSatisfy { $0.offset == 0 })
    }

    @Test(
        "the program's right-to-left list (a Hebrew `From ← To`) on several lines ends every line flush right, as its reader reads it; a mixed list starts every line at the left"
    )
    func rightToLeftListFlushRight() throws {
        let text = try engine()
        let route = Bidi.list(["תחנת הרכבת תל אביב מרכז סבידור רציף שלוש", "ירושלים"], separator: " → ")
        let lines = text.setParagraph([StyledSpan(route, body)], width: 180)
        #expect(lines.count >= 2)
        for line in lines { #expect(abs(line.offset + line.width - 180) < 0.001, "\(line.offset) + \(line.width)") }
        #expect(lines.contains { $0.offset > 1 }, "\(lines.map(\.width))")

        let mixed = Bidi.list(
            ["תחנת הרכבת תל אביב מרכז סבידור רציף שלוש", "Jerusalem Yitzhak Navon"], separator: " → ")
        let left = text.setParagraph([StyledSpan(mixed, body)], width: 180)
        #expect(left.count >= 2 && left.allSatisfy { $0.offset == 0 })
    }

    @Test("an Arabic line's box holds its ink where the style's leading is tight; a Latin line keeps the style's box")
    func arabicInk() throws {
        let text = try engine()
        let title = TextStyle(family: "Inter", weight: 700, size: 36, lineHeight: 38)
        let arabic = text.setParagraph(
            [StyledSpan("جولة كرة القدم في الخليج ومصر: الرياض وجدة والدوحة", title)], width: 400)
        #expect(arabic.count >= 2)
        #expect(arabic.allSatisfy { $0.height > 38 }, "\(arabic.map(\.height))")
        let latin = text.setParagraph(
            [StyledSpan("Football in the Gulf and Egypt: Riyadh, Jeddah, Doha", title)], width: 400)
        #expect(latin.count >= 2 && latin.allSatisfy { $0.height == 38 }, "\(latin.map(\.height))")
    }
    @Test("a right-to-left group name reads from the right: the name, then `+1` at its left, set `+1`, not `1+`")
    func groupedName() throws {
        let e = try engine()
        let style = TextStyle(family: "Inter", size: 20, lineHeight: 24)
        /// The columns with ink, from the left, of `text` drawn at x 4 on a white strip.
        func inkColumns(_ text: String) -> [Bool] {
            let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, 240, 40)!
            defer { cairo_surface_destroy(surface) }
            let cr = cairo_create(surface)!
            defer { cairo_destroy(cr) }
            let line = e.setParagraph([StyledSpan(text, style)], width: 220)[0]
            e.draw(line.spans, on: cr, x: 4, baseline: 28)
            cairo_surface_flush(surface)
            let data = cairo_image_surface_get_data(surface)!
            let stride = Int(cairo_image_surface_get_stride(surface))
            return (0..<240).map { x in (0..<40).contains { y in data[y * stride + x] > 128 } }
        }
        let label = Bidi.groupedName("תל אביב", more: "+1")
        let alone = inkColumns("+1")
        let width = alone.lastIndex(of: true)! + 1
        // The label's first columns are `+1` drawn alone, and nothing of the name is left of it.
        #expect(Array(inkColumns(label).prefix(width)) == Array(alone.prefix(width)))
        #expect(Bidi.groupedName("Manhattan", more: "+7") == "Manhattan +7")
    }
}
