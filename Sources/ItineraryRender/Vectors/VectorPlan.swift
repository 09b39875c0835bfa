/// Which shapes of a document the PDF renderer writes itself, and where they go.
import DisplayList
import PDFRewrite

/// The shapes (`VectorContent.writes`) the PDF renderer writes as content operators of its own,
/// grouped in runs (shapes with nothing painted between them), and the marker each run leaves
/// in cairo's output.
///
/// cairo draws a `Marker` where a run begins: a tiny rectangle at the page's corner, which it
/// writes in drawing order like any shape. The accessibility update (`ArtifactRewrite`)
/// replaces each marker with its run's operators, so the page looks as if cairo had drawn
/// them, and no marker survives.
///
/// cairo 1.16 marks content only inside structure elements without child elements (leaves),
/// and it knows an element's children page by page (it analyses a page, then writes it).
/// Where the innermost open element already has a child element by the end of that page (a
/// section, a card's division, the document), cairo 1.16 writes shapes as unmarked content, and
/// the run becomes an artifact. Inside a leaf (a figure's map with its label halos, a furniture
/// element) the marker lies in the leaf's marked content, and so does the run: such a run never
/// crosses the start or end of an element, so its operators stay in the element that drew
/// them. Links count as child elements: cairo makes each one a `Link` element. cairo 1.18 marks
/// only stretches that draw text; the same runs serve it, and the update takes each marker's
/// place as cairo wrote it (`CairoSupport`).
///
/// (A run was once placed by an empty structure element, which cairo tags and the update then
/// removed: on the 120-day trip its thousand placeholders cost 20 M instructions more than markers.)
struct VectorPlan: Sendable {
    /// For each page, the items that start a run (by index in the page's items).
    private(set) var runStarts: [Set<Int>] = []
    /// For each page, the items written into a run (drawn by no one else).
    private(set) var written: [Set<Int>] = []
    /// For each page, the items of each of its runs (by index in the page's items), in drawing order.
    private(set) var runItems: [[[Int]]] = []
    /// For each page, the runs (by index in `runItems`) inside a leaf: the rest are artifacts.
    private(set) var leafRuns: [Set<Int>] = []

    /// The placeholder of a run: a filled rectangle at the page's top-left corner, 3/256 by
    /// 4/256 of a point (cairo keeps coordinates in 1/256 of a point, so these are exact), which
    /// cairo writes as `x y w h re f` in the page's own space (cairo 1.16 and 1.18 print
    /// `0 0 0.012 0.016 re f`; the update compares the operands as numbers). Nothing the layout
    /// draws is that small, and every shape it draws is written by the renderer anyway: a
    /// rectangle that cairo wrote so would only be counted as one marker too many, and the
    /// update refuses the file.
    enum Marker {
        static let width = 3.0 / 256, height = 4.0 / 256
        /// The operands of the `re` cairo writes for it, to within a quarter of a 1/256 point
        /// (any writer that prints three decimals or more).
        static let operands = RectangleOperands(x: 0, y: 0, width: width, height: height, tolerance: 1.0 / 1024)
    }

    /// The plan for `document`; with `writing` false, one that writes nothing (cairo draws all).
    /// It decides which items go in which run; `operators(for:)` writes the runs.
    init(_ document: LaidOutDocument, writing: Bool = true) {
        guard writing else {
            runStarts = Array(repeating: [], count: document.pages.count)
            written = runStarts
            leafRuns = runStarts
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
            var starts: Set<Int> = [], mine: Set<Int> = [], pageRuns: [[Int]] = [], leaves: Set<Int> = []
            // (A run whose shapes all paint nothing, such as an empty path, still has its
            // marker, which becomes an empty artifact.)
            var run: [Int]?, runInLeaf = false
            func finishRun() {
                guard let finished = run else { return }
                if runInLeaf { leaves.insert(pageRuns.count) }
                pageRuns.append(finished)
                run = nil
            }
            for (index, item) in page.items.enumerated() {
                let top = open.last ?? -1
                let inParent = hasChildren(top == -1 ? rootFirstChild : firstChild[top])
                if VectorContent.paintsNothing(item) {
                    // Drawn by no one, and no reason to end a run.
                    mine.insert(index)
                    continue
                }
                if VectorContent.writes(item) {
                    // A run is all in a leaf's marked content, or all an artifact.
                    if run != nil, runInLeaf == inParent { finishRun() }
                    if run == nil {
                        starts.insert(index)
                        run = []
                        runInLeaf = !inParent
                    }
                    run!.append(index)
                    mine.insert(index)
                    continue
                }
                switch item {
                case .beginStructure:
                    // A leaf's run ends with the leaf's marked content; an artifact goes on.
                    if runInLeaf { finishRun() }
                    open.append(opened)
                    opened += 1
                case .endStructure:
                    if runInLeaf { finishRun() }
                    if open.count > 1 { open.removeLast() }
                case .link, .internalLink, .destination:
                    break
                default:
                    // Something painted between: the shapes after it go in a run of their own.
                    // (Structure marks, links and destinations paint nothing, so a run goes on
                    // across them: its shapes keep their order among everything painted.)
                    finishRun()
                }
            }
            finishRun()
            runStarts.append(starts)
            written.append(mine)
            runItems.append(pageRuns)
            leafRuns.append(leaves)
        }
    }

    /// For each page of `document` (the one the plan was made for), its runs in drawing order,
    /// their halos stroked along `outlines`. Pure, and most of the plan's cost (formatting
    /// every point of every shape): the renderer has it made on another thread while cairo
    /// draws the pages.
    func operators(for document: LaidOutDocument, outlines: HaloOutlines) -> [[VectorRun]] {
        zip(document.pages.indices, runItems).map { pageIndex, runs in
            let page = document.pages[pageIndex]
            return runs.enumerated().map { runIndex, indices in
                var content = VectorContent()
                for index in indices { content.add(page.items[index], outline: outlines[pageIndex, index]) }
                return VectorRun(operators: content.bytes)
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

/// One run of shapes as the PDF renderer writes it: its operators, which replace its marker.
struct VectorRun: Sendable, Equatable {
    var operators: [UInt8]
}
