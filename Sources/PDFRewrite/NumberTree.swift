/// A number tree (ISO 32000-1 §7.9.7): integer keys to values, in `/Nums` leaves under `/Kids`.

/// Reading a number tree whole (the structure tree's `/ParentTree`); a node reached twice is an
/// error, not an endless walk.
public enum NumberTree {
    /// Every key and value of the tree at `root`.
    public static func entries(_ file: PDFFile, root: PDFObject) throws -> [Int: PDFObject] {
        var out: [Int: PDFObject] = [:]
        var seen: Set<Int> = []
        var stack = [root]
        while let node = stack.popLast() {
            if let number = node.reference?.number, !seen.insert(number).inserted {
                throw PDFError("a number tree reaches object \(number) twice")
            }
            guard let dictionary = try file.resolve(node)?.dictionary else {
                throw PDFError("a number tree node is not a dictionary")
            }
            if let nums = dictionary["Nums"] {
                guard let items = try file.resolve(nums)?.array, items.count % 2 == 0 else {
                    throw PDFError("a number tree's /Nums is not an array of pairs")
                }
                for k in stride(from: 0, to: items.count, by: 2) {
                    guard let key = items[k].integer else { throw PDFError("a number tree's key is not an integer") }
                    out[key] = items[k + 1]
                }
            }
            if let kids = dictionary["Kids"] {
                guard let items = try file.resolve(kids)?.array else {
                    throw PDFError("a number tree's /Kids is not an array")
                }
                stack += items
            }
        }
        return out
    }
}
