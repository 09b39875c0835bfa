/// A PDF's pages (ISO 32000-1 §7.7.3), from the catalog's `/Pages` down its `/Kids`.

/// Walking the page tree to the pages in document order; a node reached twice, or one that is not
/// a dictionary, is an error.
public enum PageTree {
    /// The page objects in order.
    public static func pages(
        _ file: PDFFile, catalog: PDFDictionary
    ) throws -> [(number: Int, dictionary: PDFDictionary)] {
        guard let root = catalog["Pages"]?.reference else { throw PDFError("the PDF's catalog has no page tree") }
        var out: [(number: Int, dictionary: PDFDictionary)] = []
        var seen: Set<Int> = []
        var stack = [root]
        while let reference = stack.popLast() {
            guard seen.insert(reference.number).inserted, seen.count <= CrossReference.objectLimit else {
                throw PDFError("the PDF's page tree reaches object \(reference.number) twice")
            }
            guard let node = try file.resolve(.reference(reference))?.dictionary else {
                throw PDFError("the PDF's page tree holds object \(reference.number), which is not a dictionary")
            }
            if let kids = node["Kids"] {
                guard let items = try file.resolve(kids)?.array else {
                    throw PDFError("page tree node \(reference.number) has no /Kids array")
                }
                let references = items.compactMap(\.reference)
                guard references.count == items.count else {
                    throw PDFError("page tree node \(reference.number) lists a kid that is not a reference")
                }
                stack += references.reversed()
            } else {
                out.append((reference.number, node))
            }
        }
        return out
    }
}
