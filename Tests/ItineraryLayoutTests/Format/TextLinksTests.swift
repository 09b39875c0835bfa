/// Web addresses found in notes: where they start and end.
@testable import ItineraryLayout
import Testing

@Suite("Addresses in notes")
struct TextLinksTests {
    @Test(
        "an address ends at a space, an angle bracket, a CJK character or sentence punctuation; it keeps a bracket it opened",
        arguments: [
            ("Tickets at https://a.example.com/x.", ["https://a.example.com/x"]),
            (
                "(see https://en.wikipedia.org/wiki/Wrigley_Field_(Chicago))",
                ["https://en.wikipedia.org/wiki/Wrigley_Field_(Chicago)"]
            ),
            ("<https://x.com/a>, then http://y.org/b?c=1&d=2!", ["https://x.com/a", "http://y.org/b?c=1&d=2"]),
            ("チケットはhttps://x.com/aで購入", ["https://x.com/a"]),
            ("no scheme: www.example.com, nor http:// alone", []),
            ("HTTPS://UPPER.EXAMPLE/", ["HTTPS://UPPER.EXAMPLE/"]),
        ])
    func ranges(_ text: String, _ expected: [String]) {
        #expect(TextLinks.ranges(in: text).map { String(text[$0]) } == expected)
    }
}
