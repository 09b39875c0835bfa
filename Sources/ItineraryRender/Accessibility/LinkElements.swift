/// Each link annotation reachable from its `Link` structure element.
import PDFRewrite

/// A tagged PDF ties a link annotation to its `Link` element both ways (ISO 32000-1 §14.7.4.3,
/// §14.8.4.4.2): the annotation's `/StructParent` names the element in the parent tree, and the
/// element's `/K` holds an object reference (`<< /Type /OBJR /Obj … >>`) to the annotation, so
/// a screen reader meets the link where it stands in the text. cairo 1.16 writes both. cairo
/// 1.18 writes the first, but the second only for a link whose tag encloses drawn content, and
/// the layout's links enclose none (they lie over text drawn beside them): its `Link`
/// elements come out empty. This adds the missing references, found from the annotations'
/// `/StructParent` entries, never from the order one cairo writes objects in; an element that
/// already refers to its annotation is left as it is. In a tagged PDF (one with a parent
/// tree), a link annotation without `/StructParent`, or whose entry is not a `Link` element,
/// is an error: a link a screen reader would never meet.
enum LinkElements {
    /// The changes to `revision` that give every `Link` element named by a link annotation's
    /// `/StructParent` its object reference. `pages` in order, as `PageTree.pages` gives them.
    /// `parentTree`: the entries of the structure tree's parent tree, nil when it has none.
    static func connect(
        _ file: PDFFile, parentTree: [Int: PDFObject]?, pages: [(number: Int, dictionary: PDFDictionary)],
        in revision: inout Revision
    ) throws {
        guard let entries = parentTree else { return }
        // The references each element gains, in the order its annotations stand on the pages.
        var gained: [Int: [PDFObject]] = [:]
        var order: [Int] = []
        for page in pages {
            guard let annots = try file.resolve(page.dictionary["Annots"])?.array else { continue }
            for entry in annots {
                // An annotation written inside `/Annots` cannot be referred to: nothing to add.
                guard let annotation = entry.reference, let dictionary = try file.resolve(entry)?.dictionary,
                    dictionary["Subtype"] == .name("Link")
                else { continue }
                // A tagged PDF's link outside its structure tree is one a screen reader never meets.
                guard let key = dictionary["StructParent"]?.integer else {
                    throw PDFError("link annotation object \(annotation.number) has no structure parent")
                }
                guard let element = entries[key]?.reference,
                    let elementDictionary = try file.resolve(.reference(element))?.dictionary,
                    elementDictionary["S"] == .name("Link")
                else {
                    throw PDFError(
                        "link annotation object \(annotation.number)'s structure parent is not a Link element")
                }
                let kids = try StructureTree.kids(elementDictionary["K"], in: file)
                let present = try kids.contains { kid in
                    guard let reference = try file.resolve(kid)?.dictionary else { return false }
                    return reference["Type"] == .name("OBJR") && reference["Obj"]?.reference == annotation
                }
                guard !present else { continue }
                if gained[element.number] == nil { order.append(element.number) }
                gained[element.number, default: []].append(
                    .dictionary(
                        PDFDictionary([
                            ("Type", .name("OBJR")), ("Pg", .reference(PDFReference(page.number))),
                            ("Obj", .reference(annotation)),
                        ])))
            }
        }
        for number in order {
            guard var dictionary = try file.object(number).value.dictionary, let references = gained[number] else {
                continue
            }
            let kids = try StructureTree.kids(dictionary["K"], in: file) + references
            if let array = dictionary["K"]?.reference?.number, try file.resolve(dictionary["K"])?.array != nil {
                try revision.change(array, to: .value(.array(kids)))
            } else {
                dictionary["K"] = .array(kids)
                if dictionary["Pg"] == nil, case let .dictionary(first)? = references.first {
                    dictionary["Pg"] = first["Pg"]
                }
                try revision.change(number, to: .value(.dictionary(dictionary)))
            }
        }
    }
}
