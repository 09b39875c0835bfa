/// Furniture out of the structure tree: cairo's `Private` elements become artifacts.
import BackgroundThreads
import PDFRewrite

/// cairo 1.16 cannot mark content as an artifact (it refuses content inside an `Artifact`
/// tag), so the layout tags furniture (page headers and footers, the test-purchase notice, the
/// cover's brand line) as `Private` structure elements, and this rewrites them into what a
/// tagged PDF needs: each one's marked content becomes `/Artifact BMC … EMC` in its page's
/// content, its entries in the parent tree become `null`, and its parent no longer lists it,
/// so assistive technology never reads a page number in the middle of a day.
///
/// The markers of the shapes the renderer writes itself (`VectorPlan.Marker`) are each replaced
/// by their run of operators, in a `q … Q` of their own: as an artifact where cairo left the
/// marker unmarked, as they are where cairo left it inside marked content (a leaf's, on cairo
/// 1.16; on cairo 1.18, which marks only stretches of an element that hold text, any element's
/// that has text beside the run: see `CairoSupport`).
///
/// A `Private` element must hold marked content only (or nothing: cairo 1.18 marks no content
/// in an element that draws shapes only), on one page, and every such sequence in the content
/// must belong to one; each page's markers must match its runs one for one, in order: anything
/// else is an error, never a half-rewritten file.
struct ArtifactRewrite {
    struct Element {
        var number: Int
        var parent: Int
        /// nil for an element without marked content.
        var page: Int?
        var markedContent: [Int]
    }

    private(set) var elements: [Element] = []
    /// The runs of operators for each page's markers, in drawing order, by page object.
    var runs: [Int: [VectorRun]] = [:]
    /// Every page object of the document. In a tagged PDF each one's content is read, so that
    /// text outside both the structure tree and the artifacts is an error wherever it is (a
    /// screen reader would never read it: cairo 1.16 leaves text drawn in an element that has
    /// child elements unmarked).
    var pages: [Int] = []

    /// Maximum size of a page's inflated content: far above any page this layout draws.
    static let contentLimit = 64 << 20

    /// Records the `Private` element `element`.
    mutating func add(_ element: StructureElement, in file: PDFFile) throws {
        let d = element.dictionary
        guard let parent = d["P"]?.reference?.number else {
            throw PDFError("a furniture element (object \(element.number)) has no parent")
        }
        var page = d["Pg"]?.reference?.number
        var ids: [Int] = []
        // `/K 3`, `/K [ 3 4 ]`, or marked-content references `<< /Type /MCR /MCID 3 /Pg … >>`.
        for kid in try StructureTree.kids(d["K"], in: file) {
            let kid = try file.resolve(kid) ?? .null
            if let id = kid.integer {
                ids.append(id)
            } else if let mcr = kid.dictionary, let id = mcr["MCID"]?.integer, mcr["Stm"] == nil {
                if let on = mcr["Pg"]?.reference?.number {
                    guard page == nil || page == on else {
                        throw PDFError(
                            "a furniture element (object \(element.number)) holds marked content on more than one page")
                    }
                    page = on
                }
                ids.append(id)
            } else {
                throw PDFError("a furniture element (object \(element.number)) holds more than marked content")
            }
        }
        guard ids.allSatisfy({ $0 >= 0 }), ids.isEmpty || page != nil else {
            throw PDFError("a furniture element (object \(element.number)) holds marked content on no page")
        }
        elements.append(
            Element(number: element.number, parent: parent, page: page, markedContent: ids))
    }

    /// The changes to `revision`: the furniture elements removed, their parents' kids, the
    /// parent-tree arrays and the content of each page that holds furniture.
    /// `parentTree`: the entries of the structure tree's parent tree, nil when it has none.
    /// `scanned`: page content already read and scanned (`content(of:in:)`, `scan`); a stream
    /// it lacks is read and scanned here.
    func apply(
        to revision: inout Revision, tree: StructureTree, parentTree: [Int: PDFObject]?, scanned: Scanned = [:]
    ) throws {
        let byPage = Dictionary(grouping: elements.filter { $0.page != nil }, by: { $0.page! })
        let withRuns = Set(runs.filter { !$0.value.isEmpty }.keys)
        let checksText = tree.root != nil
        guard !elements.isEmpty || !withRuns.isEmpty || checksText else { return }
        let file = revision.file
        let removed = Set(elements.map(\.number))
        var parentTreeKeys: [Int: PDFObject] = [:]
        if !elements.isEmpty {
            guard let parentTree else { throw PDFError("the PDF has no parent tree for its artifacts") }
            parentTreeKeys = parentTree
            for number in removed { revision.remove(number) }
        }

        let pagesRead = Set(byPage.keys).union(withRuns).union(checksText ? Set(pages) : []).sorted()
        // Rewritten content streams, deflated together once every page is checked.
        var rewrittenStreams: [(number: Int, dictionary: PDFDictionary, content: [UInt8])] = []
        for page in pagesRead {
            let pageElements = byPage[page] ?? []
            let ids = Set(pageElements.flatMap(\.markedContent))
            var pageRuns = (runs[page] ?? [])[...]
            guard let dictionary = try file.object(page).value.dictionary else {
                throw PDFError("page object \(page) is not a dictionary")
            }
            if !ids.isEmpty {
                guard let key = dictionary["StructParents"]?.integer, let entry = parentTreeKeys[key] else {
                    throw PDFError("page object \(page) has no parent-tree entry")
                }
                // The page's marked content, in order; each an object of its own, which changes.
                guard let array = entry.reference?.number, var items = try file.resolve(entry)?.array else {
                    throw PDFError("page object \(page)'s parent-tree entry is not an array of its own")
                }
                guard ids.allSatisfy({ $0 < items.count }) else {
                    throw PDFError("a parent-tree entry is shorter than its page's marked content")
                }
                for id in ids { items[id] = .null }
                try revision.change(array, to: .value(.array(items)))
            }

            var found: Set<Int> = []
            let streams = try Self.contentStreams(of: dictionary, in: file)
            guard !streams.isEmpty else { throw PDFError("page object \(page) has no content streams") }
            for reference in streams {
                let object = try file.object(reference.number)
                guard let stream = object.stream else {
                    throw PDFError("page object \(page)'s content \(reference.number) is not a stream")
                }
                let content: [UInt8]
                var marks: [ContentMark]
                if let done = scanned[reference.number] {
                    (content, marks) = (done.content, try done.marks.get())
                } else {
                    content = try file.decodedData(stream, limit: Self.contentLimit)
                    marks = try Self.marks(in: content)
                }
                if !checksText { marks.removeAll { if case .unmarkedText = $0 { true } else { false } } }
                var replacements: [(range: Range<Int>, bytes: [UInt8])] = []
                for mark in marks {
                    switch mark {
                    case .unmarkedText:
                        throw PDFError(
                            "page object \(page) draws text outside both the structure tree and the artifacts")
                    case let .markedContent(sequence):
                        if let end = Self.emptyInvisibleSpan(sequence, in: content) {
                            replacements.append((sequence.range.lowerBound..<end, []))
                            continue
                        }
                        guard sequence.tag == "Private" else { continue }
                        guard let id = sequence.properties["MCID"]?.integer, ids.contains(id) else {
                            throw PDFError(
                                "content stream \(reference.number) marks furniture its structure does not name")
                        }
                        found.insert(id)
                        replacements.append((sequence.range, Self.artifact))
                    case let .filledRectangle(range, marked):
                        guard let run = pageRuns.popFirst() else {
                            throw PDFError("page object \(page) has more markers than runs of shapes")
                        }
                        // Unmarked, the run becomes an artifact; inside marked content, it stays
                        // that content (a furniture element's becomes an artifact with it).
                        let operators = Self.saveState + run.operators + Self.restoreState
                        replacements.append((range, marked ? operators : Self.artifact + operators + Self.endArtifact))
                    }
                }
                guard !replacements.isEmpty else { continue }
                // (The revision writes `/Length` from the data.)
                var rewritten = PDFDictionary([("Filter", .name("FlateDecode"))])
                for (key, value) in stream.dictionary.entries where !["Length", "Filter", "DecodeParms"].contains(key) {
                    rewritten[key] = value
                }
                rewrittenStreams.append(
                    (reference.number, rewritten, ContentStream.replacing(replacements, in: content)))
            }
            guard found == ids else {
                throw PDFError("page object \(page)'s content lacks furniture its structure names")
            }
            guard pageRuns.isEmpty else {
                throw PDFError("page object \(page) has fewer markers than runs of shapes")
            }
        }

        for (stream, data) in zip(rewrittenStreams, Flate.deflate(each: rewrittenStreams.map(\.content))) {
            try revision.change(stream.number, to: .stream(stream.dictionary, data: data))
        }

        for parent in Set(elements.map(\.parent)).sorted() {
            guard var dictionary = try file.object(parent).value.dictionary else {
                throw PDFError("a furniture element's parent (object \(parent)) is not a dictionary")
            }
            let kids = try StructureTree.kids(dictionary["K"], in: file).filter { kid in
                guard let number = kid.reference?.number else { return true }
                return !removed.contains(number)
            }
            // The kids are changed where they are written: in the element, or in an array of their own.
            if let array = dictionary["K"]?.reference?.number, try file.resolve(dictionary["K"])?.array != nil {
                try revision.change(array, to: .value(.array(kids)))
            } else {
                dictionary["K"] = .array(kids)
                try revision.change(parent, to: .value(.dictionary(dictionary)))
            }
        }
    }

    /// The marks of a page's content (`ContentStream.marks`). Markers are looked for on every
    /// page read, so that one without its run is an error; text outside marked content is
    /// always looked for (`apply` drops what it finds when the document has no structure tree).
    static func marks(in content: [UInt8]) throws -> [ContentMark] {
        try ContentStream.marks(in: content, filledRectangle: VectorPlan.Marker.operands, unmarkedText: true)
    }

    /// Content streams by object number, each with its content and what scanning it found.
    typealias Scanned = [Int: (content: [UInt8], marks: Result<[ContentMark], PDFError>)]

    /// The content of each stream of `pages`, in order, each stream once: read from `file` on
    /// the calling thread (a `PDFFile` is one thread's), for `scan` to scan on another. Reading
    /// stops at the first page it cannot read; `apply` reads that page itself and reports what
    /// is wrong in its order. It also stops once the content read passes `contentLimit` in all
    /// (a file of many large pages is not held whole: `apply` reads the rest a page at a time).
    static func content(of pages: [Int], in file: PDFFile) -> [(number: Int, content: [UInt8])] {
        var contents: [(number: Int, content: [UInt8])] = []
        var seen: Set<Int> = []
        var total = 0
        reading: for page in pages {
            guard let dictionary = try? file.object(page).value.dictionary,
                let streams = try? contentStreams(of: dictionary, in: file)
            else { break }
            for reference in streams where seen.insert(reference.number).inserted {
                guard let stream = try? file.object(reference.number).stream,
                    let content = try? file.decodedData(stream, limit: contentLimit)
                else { break reading }
                total += content.count
                guard total <= contentLimit else { break reading }
                contents.append((reference.number, content))
            }
        }
        return contents
    }

    /// The content streams of a page: one stream, or an array of them (directly or as an object
    /// of its own).
    static func contentStreams(of page: PDFDictionary, in file: PDFFile) throws -> [PDFReference] {
        switch page["Contents"] {
        case let .reference(reference)?:
            return try file.resolve(.reference(reference))?.array?.compactMap(\.reference) ?? [reference]
        case let .array(items)?:
            return items.compactMap(\.reference)
        default:
            return []
        }
    }

    /// `contents` scanned for marks, side by side on every core (`sideBySide`):
    /// pure work on copies, which `AccessibilityUpdate` runs beside its reading of the structure
    /// tree. A scan's error is kept, for `apply` to report at the stream it belongs to.
    static func scan(_ contents: [(number: Int, content: [UInt8])]) -> Scanned {
        var results = [Result<[ContentMark], PDFError>](repeating: .success([]), count: contents.count)
        results.withUnsafeMutableBufferPointer { slots in
            // Each slot is written by one iteration alone, and read once all have ended.
            nonisolated(unsafe) let slots = slots
            sideBySide(contents.count) { k in
                do {
                    slots[k] = .success(try marks(in: contents[k].content))
                } catch {
                    slots[k] = .failure(error as? PDFError ?? PDFError("\(error)"))
                }
            }
        }
        var scanned: Scanned = [:]
        for (item, result) in zip(contents, results) { scanned[item.number] = (item.content, result) }
        return scanned
    }

    /// Where an empty `/Span << /ActualText … >> BDC EMC` that stands for characters drawing
    /// nothing ends (after its `EMC`), or nil for any other sequence. cairo writes one for each
    /// cluster of text without glyphs: a word joiner, a bidi isolate or mark, a line's final
    /// space that Pango empties. They add nothing a reader needs, and readers of the structure
    /// tree (poppler's, as `pdfinfo -struct-text` shows) stop reading an element's text at the
    /// first empty sequence inside it: a route lost all but its first city. A span with glyphs
    /// inside (an Arabic ligature's letters) is kept.
    static func emptyInvisibleSpan(_ sequence: MarkedContentOperator, in content: [UInt8]) -> Int? {
        guard sequence.tag == "Span", sequence.properties.entries.count == 1,
            let text = sequence.properties["ActualText"]?.string,
            let end = ContentStream.endOfEmptySequence(from: sequence.range.upperBound, in: content)
        else { return nil }
        let invisible = ObjectWriter.decodedTextString(text).unicodeScalars.allSatisfy {
            $0.properties.isWhitespace || $0.properties.isDefaultIgnorableCodePoint
        }
        return invisible ? end : nil
    }

    private static let artifact = Array("/Artifact BMC".utf8)
    private static let saveState = Array("\nq\n".utf8)
    private static let restoreState = Array("Q".utf8)
    private static let endArtifact = Array("\nEMC".utf8)
}
