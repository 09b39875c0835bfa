/// Links are tagged outside elements that hold no other element, so those keep their text marked.
import DisplayList
@testable import ItineraryRender
import ItineraryText
import Testing

@Suite("Link placement")
struct LinkPlacementTests {
    private let box = Rect(x: 0, y: 0, width: 10, height: 10)
    private var shape: DisplayItem {
        .rect(box, radius: 0, fill: Color(red: 0, green: 0, blue: 0), stroke: nil, strokeWidth: 0)
    }
    private func link(_ name: String) -> DisplayItem { .link(box, uri: "https://example.com/\(name)", name: name) }

    private func placed(_ pages: [[DisplayItem]]) -> [[DisplayItem]] {
        let document = LaidOutDocument(
            pages: pages.map { PageFrame(width: 100, height: 100, items: $0) }, outline: [],
            metadata: DocumentMetadata(title: "t"))
        return LinkPlacement.outsideLeaves(document).pages.map(\.items)
    }

    @Test(
        "a link in an element without child elements is tagged right after it; one in a parent stays; the links of a page keep their order"
    )
    func afterItsElement() {
        let page: [DisplayItem] = [
            .beginStructure(.division), shape, link("a"),
            .beginStructure(.paragraph), shape, link("b"), shape, .endStructure(.paragraph),
            link("c"), .endStructure(.division),
        ]
        #expect(
            placed([page]) == [
                [
                    .beginStructure(.division), shape, link("a"),
                    .beginStructure(.paragraph), shape, shape, .endStructure(.paragraph), link("b"),
                    link("c"), .endStructure(.division),
                ]
            ])
        // Nothing to move: the same items.
        let parentOnly: [DisplayItem] =
            [.beginStructure(.division), link("a")] + [shape].tagged(.paragraph) + [.endStructure(.division)]
        #expect(placed([parentOnly]) == [parentOnly])
        #expect(placed([[shape]]) == [[shape]])
    }

    @Test("a link in an element that goes on to the next page is tagged at its own page's end, never on another page")
    func atThePageEnd() {
        let pages: [[DisplayItem]] = [
            [.beginStructure(.paragraph), shape, link("a"), shape],
            [shape, link("b"), .endStructure(.paragraph), link("c")],
        ]
        #expect(
            placed(pages) == [
                [.beginStructure(.paragraph), shape, shape, link("a")],
                [shape, .endStructure(.paragraph), link("b"), link("c")],
            ])
    }
}
