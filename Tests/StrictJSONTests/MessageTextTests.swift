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
            // 8-bit CSI and the other C1 controls, and the line and paragraph separators.
            ("csi\u{9B}2J\u{85}", #"csi\u009B2J\u0085"#),
            ("line\u{2028}para\u{2029}", #"line\u2028para\u2029"#),
            ("Ça … ‘quoted’ — ok", "Ça … ‘quoted’ — ok"),
        ])
    func paths(raw: String, written: String) {
        #expect(MessageText.path(raw) == written)
        #expect(!MessageText.path(raw).contains("\n"))
    }
}
