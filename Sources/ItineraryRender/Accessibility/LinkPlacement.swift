/// Where the PDF renderer tags a link: never inside an element that holds no other element.
import DisplayList

/// cairo makes each link a `Link` structure element, a child of whatever element is open. In
/// an element that otherwise has no child elements (a paragraph with a ticket address, a table
/// cell), that child would make it a parent, and cairo 1.16 marks no content of a parent: the
/// paragraph's text would be drawn outside the structure tree, never read by a screen reader
/// (cairo 1.18 marks it either way; see `CairoSupport`). So a link inside such an element is
/// tagged right after the element ends (its `Link` the element's next sibling, read after its
/// text). The links of a page keep their order, and each stays on its page: for an element
/// that goes on to the next page, the link is tagged at its page's end, where the element is
/// still open and the link still its child. On cairo 1.16 that element's text on that page
/// would be untagged, and the accessibility update refuses the export (the layout closes every
/// text element on the page it begins on, so this does not happen). The same on every cairo,
/// so both give the same tree.
enum LinkPlacement {
    /// `document` with each link inside an element without child elements moved after that
    /// element's end (or its page's end). Pages without such a link are left as they are.
    static func outsideLeaves(_ document: LaidOutDocument) -> LaidOutDocument {
        // Which elements (by `beginStructure`, in document order) have a child element, and
        // each page whose links lie directly in an element, with what was open when it began:
        // only the pages with a link in an element that proves to have no child are made again
        // (walking items is cheap; copying every page's would not be).
        var hasChild: [Bool] = []
        var open: [Int] = []
        var candidates: [(page: Int, element: Int, open: [Int], next: Int)] = []
        for (pageIndex, page) in document.pages.enumerated() {
            let start = (open: open, next: hasChild.count)
            for item in page.items {
                switch item {
                case .beginStructure:
                    if let parent = open.last { hasChild[parent] = true }
                    open.append(hasChild.count)
                    hasChild.append(false)
                case .endStructure:
                    _ = open.popLast()
                case .link, .internalLink:
                    if let element = open.last { candidates.append((pageIndex, element, start.open, start.next)) }
                default:
                    break
                }
            }
        }
        var starts: [Int: (open: [Int], next: Int)] = [:]
        for candidate in candidates where !hasChild[candidate.element] && starts[candidate.page] == nil {
            starts[candidate.page] = (candidate.open, candidate.next)
        }
        guard !starts.isEmpty else { return document }
        var out = document
        for pageIndex in starts.keys.sorted() {
            var (open, next) = starts[pageIndex]!
            var items: [DisplayItem] = []
            var held: [DisplayItem] = []
            items.reserveCapacity(document.pages[pageIndex].items.count)
            for item in document.pages[pageIndex].items {
                switch item {
                case .beginStructure:
                    open.append(next)
                    next += 1
                    items.append(item)
                case .endStructure:
                    items.append(item)
                    _ = open.popLast()
                    // A leaf holds no element, so the links held are its own: tagged after it.
                    items += held
                    held.removeAll()
                case .link, .internalLink:
                    if let element = open.last, !hasChild[element] {
                        held.append(item)
                    } else {
                        items.append(item)
                    }
                default:
                    items.append(item)
                }
            }
            out.pages[pageIndex].items = items + held
        }
        return out
    }
}
