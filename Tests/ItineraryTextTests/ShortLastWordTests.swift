/// The last line of a paragraph: never one short word alone.
import Foundation
@testable import ItineraryText
import Testing
import TestSupport

@Suite("Short last words")
struct ShortLastWordTests {
    private func engine() throws -> TextEngine { TextEngine(fontSet: try FontSet(directory: TestPaths.fonts)) }
    private let body = TextStyle(family: "Inter", size: 10, lineHeight: 14)

    /// The width at which `text` ends with `last` alone on its last line, or nil.
    private func runtWidth(_ text: String, last: String, engine: TextEngine) -> Double? {
        let spans = [StyledSpan(text, body)]
        let full = engine.advance(of: spans)
        let lastWidth = engine.advance(of: [StyledSpan(last, body)])
        return stride(from: full - 1, through: full * 0.5, by: -0.5).first { w in
            // Where Pango alone would leave it so: the line before ends right before the word.
            w < full && w >= full - lastWidth - engine.advance(of: [StyledSpan(" ", body)]) - 0.5
        }
    }

    @Test(
        "a paragraph never ends with a word of three letters or fewer alone; a spaced dash before it goes along; a longer last word may stand alone",
        arguments: [
            ("Meet at the main gate by Section 112, row G.", "G.", true),
            ("Av. Maracanã, Portão 18 - Maracanã, Rio de Janeiro - RJ", "RJ", true),
            ("Meet at the main gate by Section 112, Stairway", "Stairway", false),
        ])
    func shortLastWord(text: String, last: String, tied: Bool) throws {
        let engine = try engine()
        let width = try #require(runtWidth(text, last: last, engine: engine))
        let lines = engine.setParagraph([StyledSpan(text, body)], width: width)
        let words = lines.map { LineBreaks.plain($0.spans.map(\.text).joined()) }
        #expect(lines.count >= 2)
        let lastLine = try #require(words.last).trimmingCharacters(in: .whitespaces)
        #expect((lastLine == last) == !tied, "\(words)")
        // No line starts with the dash.
        #expect(!words.dropFirst().contains { $0.hasPrefix("-") }, "\(words)")
        #expect(words.joined(separator: " ").replacingOccurrences(of: "\u{00A0}", with: " ") == text, "\(words)")
    }
}
