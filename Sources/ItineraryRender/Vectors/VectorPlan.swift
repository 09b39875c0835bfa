/// Which shapes of a document the PDF renderer writes itself, and where they go.
import DisplayList

/// The shapes (`VectorContent.writes`) the PDF renderer writes as content operators of its own,
/// grouped in runs (shapes with nothing painted between them), and the placeholder each run
/// leaves in cairo's output.
///
/// A run is drawn with cairo as an empty structure element of the role `placeholderRole`,
/// which cairo writes as an empty marked-content sequence at that point of the page, in
/// drawing order. The accessibility update (`ArtifactRewrite`) then puts the run's operators
/// there as an artifact and removes the element, so the page looks as if cairo had drawn them,
/// and no placeholder survives.
///
/// cairo 1.16 marks content only inside structure elements without child elements (leaves),
/// and it knows an element's children page by page (it analyses a page, then writes it): a
/// placeholder inside a leaf would make it a parent and leave its text unmarked. So a run is
/// made only where the innermost open element already has a child by the end of that page (a
/// section, a card's division, the document), where cairo writes shapes as unmarked content
/// anyway; shapes inside a leaf (a figure's map, a furniture element) are drawn by cairo as
/// before. Links count as child elements: cairo makes each one a `Link` element.
struct VectorPlan: Sendable {
    /// The structure role of a placeholder: a standard one cairo accepts that the layout never
    /// uses (`StructureRole` has no case for it).
    static let placeholderRole = "NonStruct"

    /// For each page, the items that start a run (by index in the page's items).
    private(set) var runStarts: [Set<Int>] = []
    /// For each page, the items written into a run (drawn by no one else).
    private(set) var written: [Set<Int>] = []
    /// For each page, the items of each of its runs (by index in the page's items), in drawing order.
    private(set) var runItems: [[[Int]]] = []

    /// The plan for `document`; with `writing` false, one that writes nothing (cairo draws all).
    /// It decides which items go in which run; `operators(for:)` writes the runs.
    init(_ document: LaidOutDocument, writing: Bool = true) {
        guard writing else {
            runStarts = Array(repeating: [], count: document.pages.count)
            written = runStarts
            runItems = Array(repeating: [], count: document.pages.count)
            return
        }
        let (firstChild, rootFirstChild) = Self.firstChildPages(document)
        var opened = 0
        // The innermost open element's index in `firstChild`; -1 for the renderer's `Document`.
        var open: [Int] = [-1]
        for (pageIndex, page) in document.pages.enumerated() {
            // cairo builds the tree page by page: a whole page is analysed, then written.
            func hasChildren(_ firstPage: Int?) -> Bool { firstPage.map { $0 <= pageIndex } ?? false }
            var starts: Set<Int> = [], mine: Set<Int> = [], pageRuns: [[Int]] = []
            // (A run whose shapes all paint nothing, such as an empty path, still has its
            // placeholder, which becomes an empty artifact.)
            var run: [Int]?
            for (index, item) in page.items.enumerated() {
                let top = open.last ?? -1
                let inParent = hasChildren(top == -1 ? rootFirstChild : firstChild[top])
                if VectorContent.paintsNothing(item) {
                    // Drawn by no one, and no reason to end a run.
                    mine.insert(index)
                    continue
                }
                if VectorContent.writes(item), inParent {
                    if run == nil {
                        starts.insert(index)
                        run = []
                    }
                    run!.append(index)
                    mine.insert(index)
                    continue
                }
                switch item {
                case .beginStructure:
                    open.append(opened)
                    opened += 1
                case .endStructure:
                    if open.count > 1 { open.removeLast() }
                case .link, .internalLink, .destination:
                    break
                default:
                    // Something painted between: the shapes after it go in a run of their own.
                    // (Structure marks, links and destinations paint nothing, so a run goes on
                    // across them: its shapes keep their order among everything painted.)
                    if let finished = run {
                        pageRuns.append(finished)
                        run = nil
                    }
                }
            }
            if let finished = run { pageRuns.append(finished) }
            runStarts.append(starts)
            written.append(mine)
            runItems.append(pageRuns)
        }
    }

    /// For each page of `document` (the one the plan was made for), the operators of its runs,
    /// in drawing order. Pure, and most of the plan's cost (formatting every point of every
    /// shape): the renderer has it made on another thread while cairo draws the pages.
    func operators(for document: LaidOutDocument) -> [[[UInt8]]] {
        zip(document.pages, runItems).map { page, runs in
            runs.map { indices in
                var content = VectorContent()
                for index in indices { content.add(page.items[index]) }
                return content.bytes
            }
        }
    }

    /// For each `beginStructure` of the document, in order, the page on which the element it
    /// opens gets its first child element (a link is one, as cairo tags it), nil for a leaf;
    /// and the same for the renderer's `Document` element.
    static func firstChildPages(_ document: LaidOutDocument) -> (elements: [Int?], document: Int?) {
        var firstChild: [Int?] = []
        var open: [Int] = []
        var documentChild: Int?
        for (pageIndex, page) in document.pages.enumerated() {
            func child() {
                if let parent = open.last {
                    if firstChild[parent] == nil { firstChild[parent] = pageIndex }
                } else if documentChild == nil {
                    documentChild = pageIndex
                }
            }
            for item in page.items {
                switch item {
                case .beginStructure:
                    child()
                    open.append(firstChild.count)
                    firstChild.append(nil)
                case .endStructure:
                    _ = open.popLast()
                case .link, .internalLink:
                    child()
                default:
                    break
                }
            }
        }
        return (firstChild, documentChild)
    }
}
