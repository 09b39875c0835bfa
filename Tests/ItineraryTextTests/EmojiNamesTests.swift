/// Emoji the bundled faces cannot draw, written as their names instead of boxes.
import ItineraryText
import Testing
import TestSupport

@Suite("Emoji names")
struct EmojiNamesTests {
    private let style = TextStyle(family: "Inter", size: 9, lineHeight: 13)

    @Test("an emoji no bundled face draws (🦞) is set as its name on a capsule, never a box")
    func lobster() throws {
        let engine = TextEngine(fontSet: try FontSet(directory: TestPaths.fonts))
        let lines = engine.setParagraph([StyledSpan("Lobster roll 🦞\u{FE0F}, hot with butter.", style)], width: 400)
        let spans = lines.flatMap(\.spans)
        #expect(spans.allSatisfy { engine.unknownGlyphCount([$0]) == 0 })
        #expect(spans.contains { $0.style.onChip && $0.text.contains("lobster") })
        #expect(!spans.contains { $0.text.unicodeScalars.contains { $0.value == 0x1F99E || $0.value == 0xFE0F } })
        #expect(engine.fontSet.uncoveredScalars(in: spans.map(\.text).joined()).isEmpty)
        // Read back (the structure tree, copy and paste), the capsule is the name.
        #expect(spans.map(TextEngine.written).joined() == "Lobster roll lobster, hot with butter.")
    }

    @Test("an emoji a bundled face draws stays itself, and a flag stays a flag")
    func drawnEmoji() throws {
        let engine = TextEngine(fontSet: try FontSet(directory: TestPaths.fonts))
        let spans = engine.setParagraph([StyledSpan("⚾ at 🇯🇵", style)], width: 400).flatMap(\.spans)
        #expect(spans.first?.text.hasPrefix("⚾") == true)
        #expect(spans.map(TextEngine.written).joined().contains("🇯🇵"))
    }

    @Test("the name is the emoji's Unicode name, and only uncovered emoji are named")
    func pieces() {
        let none: (Unicode.Scalar) -> Bool = { _ in false }
        #expect(
            EmojiSequences.pieces("a 🦞 b", covers: none)
                == [.init("a "), .init("lobster", isName: true), .init(" b")])
        #expect(EmojiSequences.pieces("a 🦞 b", covers: { _ in true }) == [.init("a 🦞 b")])
        // Digits and the keycap's signs are emoji too, but letters of text, never named.
        #expect(EmojiSequences.pieces("Gate 1 #", covers: none) == [.init("Gate 1 #")])
    }

    @Test(
        "a family (people joined into one picture) is written by its name, never as its first person; a name capsule never splits"
    )
    func family() throws {
        let engine = TextEngine(fontSet: try FontSet(directory: TestPaths.fonts))
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}"
        let pieces = EmojiSequences.pieces("Room for " + family + " please")
        #expect(
            pieces.contains { $0.isName && $0.text == "family:\u{00A0}man,\u{00A0}woman,\u{00A0}girl,\u{00A0}boy" },
            "\(pieces)")
        #expect(!pieces.contains { $0.text.unicodeScalars.contains { $0.value == 0x1F468 } })
        // A woman firefighter is still written as her first picture; a lone person stays.
        #expect(EmojiSequences.pieces("\u{1F469}\u{200D}\u{1F692}").map(\.text) == ["\u{1F469}"])
        #expect(EmojiSequences.pieces("a \u{1F468} b") == [.init("a \u{1F468} b")])
        // Set narrow, the capsule keeps its words together.
        let lines = engine.setParagraph([StyledSpan("Family room for " + family + " please", style)], width: 160)
        let chips = lines.map { $0.spans.filter(\.style.onChip).map(\.text).joined() }.filter { !$0.isEmpty }
        #expect(lines.count >= 2 && chips.count == 1, "\(lines.map(\.text))")
        #expect(chips.first?.filter(\.isLetter) == "familymanwomangirlboy", "\(chips)")
        // Written back (a line shortened with … sets the words again), it is its name, whole.
        let spans = lines.flatMap(\.spans).filter(\.style.onChip)
        // (Its words tied by no-break spaces, as on the capsule.)
        let written = spans.map { TextEngine.written($0).replacingOccurrences(of: "\u{00A0}", with: " ") }
        #expect(written == ["family: man, woman, girl, boy"], "\(spans)")
    }
}
