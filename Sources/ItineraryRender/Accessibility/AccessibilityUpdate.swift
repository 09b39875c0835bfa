/// What cairo's tagging cannot write, added to its finished PDF as a new revision of the file.
import BackgroundThreads
import Foundation
import ItineraryText
import PDFRewrite

/// The accessibility entries cairo 1.16 has no API for (checked: none of these strings is in the
/// library): the document's `/Lang`, `/ViewerPreferences << /DisplayDocTitle true >>`,
/// `/PageMode /UseOutlines` and an XMP `/Metadata` stream (title, author, language) on the
/// catalog, `/Alt` on each `Figure` element and `/Contents` on each link annotation, and
/// artifacts for the furniture the layout tagged `Private` and for the shapes the renderer
/// writes itself (see `ArtifactRewrite`).
///
/// It reads the PDF as a PDF (`PDFRewrite`), not as the bytes one cairo version writes: the
/// structure tree from the catalog, the links from the pages, whatever cross-reference, object
/// streams and compression the file uses. The result is one revision (`Revision`), as
/// deterministic as cairo's output.
struct AccessibilityUpdate: Sendable {
    /// BCP 47 (`en-US`); nil: no `/Lang`.
    var language: String?
    /// The alternate text of each `Figure` element, in the order the elements were opened.
    var figureAlternates: [String]
    /// For each page, in order, its links in the order they were drawn: where each goes and
    /// what a screen reader announces for it.
    var linkNames: [[NamedLink]]
    /// For the XMP metadata, as in the information dictionary.
    var title: String
    var author: String?
    /// For each page, in order, the shapes the renderer writes itself, run by run
    /// (`VectorPlan`); they replace its markers.
    var vectorRuns: [[VectorRun]] = []

    func apply(to bytes: [UInt8]) throws -> Data {
        do {
            let out = try update(PDFFile(bytes))
            return out.withUnsafeBufferPointer { Data(buffer: $0) }
        } catch let error as PDFError {
            throw CairoSupport.failure(error.message)
        }
    }

    func update(_ file: PDFFile) throws -> [UInt8] {
        var revision = Revision(file)
        guard var catalog = try file.object(file.root.number).value.dictionary else {
            throw PDFError("the PDF's catalog is not a dictionary")
        }
        // The pages' content, read here and scanned for marks on other threads while this one
        // reads the structure tree (`ArtifactRewrite.scan`: the scan is pure work on copies),
        // where the rewrite reads pages at all: a tagged PDF, or shapes to put in. (Pages are
        // read again below where they cannot be read here: the error is reported there.)
        let pagesRead = try? PageTree.pages(file, catalog: catalog)
        let readsPages = catalog["StructTreeRoot"] != nil || vectorRuns.contains { !$0.isEmpty }
        let contents = readsPages ? ArtifactRewrite.content(of: pagesRead?.map(\.number) ?? [], in: file) : []
        let scanning = BackgroundWork { ArtifactRewrite.scan(contents) }
        let tree = try StructureTree(file, catalog: catalog)

        var figures = figureAlternates[...]
        var artifacts = ArtifactRewrite()
        let pages = try pagesRead ?? PageTree.pages(file, catalog: catalog)
        guard vectorRuns.count <= pages.count else {
            throw PDFError("the PDF has \(pages.count) pages, and shapes were written for \(vectorRuns.count)")
        }
        for (page, runs) in zip(pages, vectorRuns) { artifacts.runs[page.number] = runs }
        artifacts.pages = pages.map(\.number)
        for element in tree.elements {
            switch element.role {
            case "Private":
                try artifacts.add(element, in: file)
            case "Figure":
                guard let alternate = figures.popFirst() else {
                    throw PDFError("the PDF has more Figure elements than the \(figureAlternates.count) figures drawn")
                }
                var dictionary = element.dictionary
                dictionary["Alt"] = ObjectWriter.textString(alternate)
                try revision.change(element.number, to: .value(.dictionary(dictionary)))
            default:
                break
            }
        }
        guard figures.isEmpty else {
            throw PDFError(
                "the PDF has \(figureAlternates.count - figures.count) Figure elements, and \(figureAlternates.count) figures were drawn"
            )
        }
        try nameLinks(file, pages: pages, in: &revision)
        // The parent tree, read once for both.
        let parentTree = try tree.root?.dictionary["ParentTree"].map { try NumberTree.entries(file, root: $0) }
        try LinkElements.connect(file, parentTree: parentTree, pages: pages, in: &revision)
        try artifacts.apply(to: &revision, tree: tree, parentTree: parentTree, scanned: scanning.value)

        let xmp = Array(xmpPacket().utf8)
        let metadata = revision.add(
            .stream(PDFDictionary([("Type", .name("Metadata")), ("Subtype", .name("XML"))]), data: xmp))
        if let language { catalog["Lang"] = ObjectWriter.textString(language) }
        var preferences = try file.resolve(catalog["ViewerPreferences"])?.dictionary ?? PDFDictionary()
        preferences["DisplayDocTitle"] = .boolean(true)
        catalog["ViewerPreferences"] = .dictionary(preferences)
        catalog["PageMode"] = .name("UseOutlines")
        catalog["Metadata"] = .reference(metadata)
        try revision.change(file.root.number, to: .value(.dictionary(catalog)))
        return try revision.write()
    }

    /// A link as the document drew it: `uri` as cairo writes it, or `#` and the destination's
    /// name, and the name a screen reader announces.
    struct NamedLink: Equatable {
        var target: String
        var name: String
    }

    /// Gives each link annotation its `/Contents`: the k-th link annotation of a page (in
    /// `/Annots` order, which is the order cairo drew them in) gets the k-th name drawn on that
    /// page. One for one, or the export fails: a page with more or fewer links than drawn, a
    /// link to another target than the one drawn there, or a link without a name is an error,
    /// never a link left unnamed. An annotation that is an object of its own changes alone; one
    /// written inside a page's `/Annots` (as some writers do) changes that array, in the page or
    /// in the array's own object.
    func nameLinks(
        _ file: PDFFile, pages: [(number: Int, dictionary: PDFDictionary)], in revision: inout Revision
    ) throws {
        guard linkNames.count <= pages.count else {
            throw PDFError("the PDF has \(pages.count) pages, and links were drawn on \(linkNames.count)")
        }
        var seen: Set<Int> = []
        for (pageIndex, page) in pages.enumerated() {
            let drawn = pageIndex < linkNames.count ? linkNames[pageIndex] : []
            var names = drawn[...]
            func mismatch(_ what: String) -> PDFError {
                PDFError("page \(pageIndex + 1) has \(what), and \(drawn.count) links were drawn on it")
            }
            guard let annots = page.dictionary["Annots"], var items = try file.resolve(annots)?.array else {
                guard drawn.isEmpty else { throw mismatch("no link annotations") }
                continue
            }
            var arrayChanged = false
            for (index, entry) in items.enumerated() {
                if let reference = entry.reference, !seen.insert(reference.number).inserted {
                    throw PDFError("link annotation object \(reference.number) is listed twice")
                }
                guard var annotation = try file.resolve(entry)?.dictionary, annotation["Subtype"] == .name("Link")
                else { continue }
                guard let link = names.popFirst() else { throw mismatch("more link annotations") }
                let target = try Self.linkTarget(annotation, file)
                guard target == link.target else {
                    throw PDFError(
                        "link \(drawn.count - names.count) of page \(pageIndex + 1) goes to \(target ?? "no target"), where one to \(link.target) was drawn"
                    )
                }
                guard !link.name.isEmpty else { throw PDFError("the link to \(link.target) has no name") }
                annotation["Contents"] = ObjectWriter.textString(link.name)
                if let reference = entry.reference {
                    try revision.change(reference.number, to: .value(.dictionary(annotation)))
                } else {
                    items[index] = .dictionary(annotation)
                    arrayChanged = true
                }
            }
            guard names.isEmpty else { throw mismatch("\(drawn.count - names.count) link annotations") }
            guard arrayChanged else { continue }
            if let array = annots.reference {
                try revision.change(array.number, to: .value(.array(items)))
            } else {
                var dictionary = page.dictionary
                dictionary["Annots"] = .array(items)
                try revision.change(page.number, to: .value(.dictionary(dictionary)))
            }
        }
    }

    /// `uri` for a link to a URI, `#name` for one to a named destination; nil for any other.
    static func linkTarget(_ annotation: PDFDictionary, _ file: PDFFile) throws -> String? {
        func text(_ object: PDFObject?) -> String? {
            switch object {
            case let .string(bytes)?: return String(decoding: bytes, as: UTF8.self)
            case let .name(name)?: return String(decoding: name.bytes, as: UTF8.self)
            default: return nil
            }
        }
        if let action = try file.resolve(annotation["A"])?.dictionary {
            if action["S"] == .name("URI") { return text(try file.resolve(action["URI"])) }
            if action["S"] == .name("GoTo"), let name = text(try file.resolve(action["D"])) { return "#" + name }
            return nil
        }
        return text(try file.resolve(annotation["Dest"])).map { "#" + $0 }
    }

    /// The document's XMP metadata: Dublin Core title, creator and language (no dates: those
    /// are in the information dictionary, and a packet without them is the same every run).
    func xmpPacket() -> String {
        let xml = XMLText.escaped
        var dc = "<dc:title><rdf:Alt><rdf:li xml:lang=\"x-default\">\(xml(title))</rdf:li></rdf:Alt></dc:title>\n"
        if let author { dc += "<dc:creator><rdf:Seq><rdf:li>\(xml(author))</rdf:li></rdf:Seq></dc:creator>\n" }
        if let language { dc += "<dc:language><rdf:Bag><rdf:li>\(xml(language))</rdf:li></rdf:Bag></dc:language>\n" }
        return "<?xpacket begin=\"\u{FEFF}\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>\n"
            + "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\">\n<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">\n"
            + "<rdf:Description rdf:about=\"\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\">\n" + dc
            + "</rdf:Description>\n</rdf:RDF>\n</x:xmpmeta>\n<?xpacket end=\"r\"?>"
    }
}
