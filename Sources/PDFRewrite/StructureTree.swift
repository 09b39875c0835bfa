/// A tagged PDF's logical structure (ISO 32000-1 §14.7): its elements in reading order.

/// One structure element that is an object of its own.
public struct StructureElement: Sendable {
    public var number: Int
    public var dictionary: PDFDictionary
    /// `/S`, as written (`P`, `Figure`, `Private`): a role map is not applied.
    public var role: String

    public init(number: Int, dictionary: PDFDictionary, role: String) {
        self.number = number
        self.dictionary = dictionary
        self.role = role
    }
}

/// The elements under the catalog's `/StructTreeRoot`, depth first in the order of each
/// element's `/K` (the document's reading order); none when the file is not tagged.
public struct StructureTree {
    public private(set) var elements: [StructureElement] = []
    /// The `/StructTreeRoot` dictionary, and its number.
    public private(set) var root: (number: Int, dictionary: PDFDictionary)?

    /// A bound on the elements read, far above an itinerary's (one per line of text).
    public static let elementLimit = 2_000_000

    public init(_ file: PDFFile, catalog: PDFDictionary) throws {
        guard let reference = catalog["StructTreeRoot"] else { return }
        guard let number = reference.reference?.number, let dictionary = try file.resolve(reference)?.dictionary else {
            throw PDFError("the PDF's structure tree root is not a dictionary of its own")
        }
        root = (number, dictionary)
        var seen: Set<Int> = [number]
        // Depth first without recursion: a crafted file may nest as deep as it likes.
        var stack: [PDFObject] = try Self.kids(dictionary["K"], in: file).reversed()
        while let kid = stack.popLast() {
            guard case let .reference(reference) = kid else {
                // An integer (marked content), or a marked-content or object reference dictionary.
                if let kid = kid.dictionary, kid["S"] != nil {
                    throw PDFError("the PDF holds a structure element that is not an object of its own")
                }
                continue
            }
            guard let value = try file.resolve(kid), let element = value.dictionary else { continue }
            // An MCR or OBJR dictionary stored as an object of its own.
            guard case let .name(role)? = element["S"] else { continue }
            guard seen.insert(reference.number).inserted else {
                throw PDFError("the PDF's structure tree reaches object \(reference.number) twice")
            }
            guard elements.count < Self.elementLimit else {
                throw PDFError("the PDF has more than \(Self.elementLimit) structure elements")
            }
            elements.append(
                StructureElement(
                    number: reference.number, dictionary: element, role: String(decoding: role.bytes, as: UTF8.self)))
            stack += try Self.kids(element["K"], in: file).reversed()
        }
    }

    /// `/K` as a list: one kid, an array of them (written in place or as an object of its own),
    /// or none.
    public static func kids(_ value: PDFObject?, in file: PDFFile) throws -> [PDFObject] {
        switch value {
        case nil: return []
        case let .array(items)?: return items
        case let .reference(reference)?:
            if let items = try file.resolve(.reference(reference))?.array { return items }
            return [.reference(reference)]
        case let item?: return [item]
        }
    }
}
