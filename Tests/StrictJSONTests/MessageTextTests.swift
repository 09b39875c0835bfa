/// How paths are written in messages: whole, with control characters escaped.
import StrictJSON
import Testing

@Suite("Message text")
struct MessageTextTests {
    @Test(
        "a path keeps its characters but control ones, which are escaped as JSON writes them, and a doubled backslash",
        arguments: [
            ("trips/a.json", "trips/a.json"),
            ("a\nb.json", #"a\nb.json"#),
            ("tab\there\r", #"tab\there\r"#),
            ("esc\u{1B}[31m.json", #"esc\u001B[31m.json"#),
            ("del\u{7F}", #"del\u007F"#),
            (#"back\slash"#, #"back\\slash"#),
            ("ünï/🏟.json", "ünï/🏟.json"),
        ])
    func paths(raw: String, written: String) {
        #expect(MessageText.path(raw) == written)
        #expect(!MessageText.path(raw).contains("\n"))
    }
}
