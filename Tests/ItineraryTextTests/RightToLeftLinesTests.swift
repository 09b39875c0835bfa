/// Right-to-left paragraphs set on several lines: one edge for their reader, room for their ink.
import Foundation
@testable import ItineraryText
import Testing
import TestSupport

@Suite("Right-to-left lines")
struct RightToLeftLinesTests {
    private func engine() throws -> TextEngine { TextEngine(fontSet: try FontSet(directory: TestPaths.fonts)) }
    private let body = TextStyle(family: "Inter", size: 10, lineHeight: 14)

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
}
