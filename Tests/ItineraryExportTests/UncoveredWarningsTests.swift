/// The export's warning about characters no bundled font draws, and its notice of emoji printed by name.
import DisplayList
@testable import ItineraryExport
import Testing

@Suite("Characters no font draws")
struct UncoveredWarningsTests {
    private func document(boxes: [Unicode.Scalar], named: [String]) -> LaidOutDocument {
        LaidOutDocument(
            pages: [], outline: [], metadata: DocumentMetadata(title: "t"), uncoveredScalars: boxes, namedEmoji: named)
    }

    @Test("boxes are warned of as boxes; emoji printed by name get a notice of their own, never called boxes")
    func warnings() {
        let both = Exporter.uncoveredWarnings(document(boxes: ["\u{16A0}"], named: ["lobster", "moose"]))
        #expect(both.count == 2)
        #expect(
            both.first?.hasPrefix("no bundled font covers 1 character (U+16A0 \u{16A0}): drawn as empty boxes") == true)
        #expect(both.last == "2 emoji no bundled font draws are printed by name, on a capsule: \"lobster\", \"moose\"")
        // A family's name, commas and all, reads as one.
        #expect(
            Exporter.uncoveredWarnings(document(boxes: [], named: ["family: man, woman", "lobster"]))
                == [
                    "2 emoji no bundled font draws are printed by name, on a capsule: \"family: man, woman\", \"lobster\""
                ])
        #expect(
            Exporter.uncoveredWarnings(document(boxes: [], named: ["oyster"]))
                == ["1 emoji no bundled font draws is printed by name, on a capsule: \"oyster\""])
        #expect(Exporter.uncoveredWarnings(document(boxes: [], named: [])).isEmpty)
    }
}
