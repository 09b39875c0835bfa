/// Emoji sequences written as the bundled faces can draw them.
import ItineraryText
import Testing

@Suite("Emoji sequences")
struct EmojiSequencesTests {
    @Test(
        "a flag is its country code, a family its name, a modified or other joined sequence its first emoji, a tag sequence its black flag",
        arguments: [
            ("Tokyo 🇯🇵", "Tokyo JP"), ("🇺🇸🇨🇦 tour", "US CA tour"),
            (
                "Table for 4 \u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466};",
                "Table for 4 family:\u{00A0}man,\u{00A0}woman,\u{00A0}girl,\u{00A0}boy;"
            ),
            ("👍🏽 seats", "👍 seats"), ("👨‍👩‍👧 trip", "family:\u{00A0}man,\u{00A0}woman,\u{00A0}girl trip"),
            ("👩‍❤️‍👨", "👩"), ("🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F} fans", "🏴 fans"), ("⛹️‍♀️", "⛹️"),
            ("Gate 1️⃣ #️⃣ keycap", "Gate 1 # keycap"),
        ])
    func sequences(text: String, drawn: String) {
        #expect(EmojiSequences.drawable(text) == drawn)
    }

    @Test("other text is returned as written: single emoji, scripts that use the joiner, arrows and dashes")
    func untouched() {
        for text in ["⚾🏀🏒", "क्\u{200D}ष", "Chicago → Milwaukee – 7:05 PM", "𠮷野家", "Zürich"] {
            #expect(EmojiSequences.drawable(text) == text)
        }
    }

    @Test("a flag is a piece of its own, between the text before and after it")
    func pieces() {
        #expect(
            EmojiSequences.pieces("🇺🇸🇨🇦 tour") == [.init("US", isFlag: true), .init("CA", isFlag: true), .init(" tour")])
        #expect(EmojiSequences.pieces("Tokyo 🇯🇵!") == [.init("Tokyo "), .init("JP", isFlag: true), .init("!")])
        #expect(EmojiSequences.pieces("Zürich") == [.init("Zürich")])
        #expect(EmojiSequences.pieces("👍🏽") == [.init("👍")])
    }
}
