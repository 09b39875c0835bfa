/// Display list → PDF bytes through a Cairo PDF surface, with outline, links and fixed metadata.
import BackgroundThreads
import CCairo
import DisplayList
import ItineraryText
import Foundation

/// Why rendering failed.
public struct RenderError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

/// Options that end up in the PDF's information dictionary.
public struct PDFOptions: Sendable {
    /// `/CreationDate` and `/ModDate` as an RFC 3339 UTC string ending in `Z`:
    /// a fixed value, never the clock, so the same input gives the same bytes.
    public var creationDate: String
    /// `/Creator`, e.g. `export-itinerary 0.1.0`.
    public var creator: String
    /// The test-entitlement mark drawn over every page (`EntitlementMark`); nil for none (a purchase).
    public var mark: String?

    public init(creationDate: String, creator: String, mark: String? = nil) {
        self.creationDate = creationDate
        self.creator = creator
        self.mark = mark
    }
}

/// Draws a laid-out document into a PDF: cairo draws and tags the pages, then the accessibility
/// update adds what cairo's tagging cannot (language, alternate text, artifacts, XMP metadata).
public enum PDFRenderer {
    /// Renders every page of `document`. Uses `text` for glyphs: the engine that laid it out.
    /// cairo 1.16 deflates every stream it writes (zlib) unless `CAIRO_DEBUG_PDF` is set when a
    /// surface is made; the accessibility update then inflated each page's content to rewrite
    /// it and deflated it again. Asking cairo for plain streams, and deflating each once in the
    /// update (libdeflate), saves both. Set once per process, before its first PDF surface and
    /// under the native-library lock, never cleared, and left as it is when the caller has set
    /// it: cairo only asks whether it is set, so every value gives the same bytes. (A program
    /// that embeds this library and reads its environment from other threads at that moment
    /// should render one PDF first, before starting them.)
    private static let plainStreams: Void = { setenv("CAIRO_DEBUG_PDF", "1", 0) }()

    /// The PDF of every page of `document`, accessibility update applied. `text` must be the engine
    /// that laid it out (a document laid out by another is refused).
    public static func render(_ document: LaidOutDocument, text: TextEngine, options: PDFOptions) throws -> Data {
        try render(document, text: text, options: options, writingShapes: true)
    }

    /// `render`, with `writingShapes` false drawing every shape through cairo (see `VectorPlan`):
    /// for tests that compare the two.
    static func render(
        _ document: LaidOutDocument, text: TextEngine, options: PDFOptions, writingShapes: Bool
    ) throws -> Data {
        NativeTextLock.lock()
        defer { NativeTextLock.unlock() }
        guard let first = document.pages.first else { throw RenderError(message: "the document has no pages") }
        try checkEngine(document, text)
        try checkStructure(document)
        // Links tagged outside elements that hold text (see LinkPlacement): from here on, this
        // is the document drawn, planned and named.
        let document = LinkPlacement.outsideLeaves(document)
        let vectors = VectorPlan(document, writing: writingShapes)
        // The halos' glyph outlines need the text engine, so they are made here; the shapes'
        // operators and the update's names are pure work on the display list: made on another
        // thread while cairo draws (on the 120-day trip, 30 M instructions of 870 M).
        let outlines = try HaloOutlines(document, plan: vectors, text: text)
        let update = BackgroundWork { accessibilityUpdate(for: document, vectors: vectors, outlines: outlines) }
        return try ByteSink.collecting { sink in
            try render(document, text: text, options: options, first: first, vectors: vectors, into: sink)
            return try update.value.apply(to: sink.pointee.bytes)
        }
    }

    /// cairo's PDF as it writes it, before the accessibility update (for the update's tests).
    static func cairoOutput(_ document: LaidOutDocument, text: TextEngine, options: PDFOptions) throws -> [UInt8] {
        NativeTextLock.lock()
        defer { NativeTextLock.unlock() }
        guard let first = document.pages.first else { throw RenderError(message: "the document has no pages") }
        let document = LinkPlacement.outsideLeaves(document)
        return try ByteSink.collecting { sink in
            try render(document, text: text, options: options, first: first, vectors: VectorPlan(document), into: sink)
            return sink.pointee.bytes
        }
    }

    /// What the update adds for `document`: its figures' alternate texts, its links' names and
    /// the shapes the renderer writes itself (`vectors`, made from `document` when nil), its
    /// halos along `outlines` (made for that plan: a halo without its outline is a programming
    /// error).
    static func accessibilityUpdate(
        for document: LaidOutDocument, vectors: VectorPlan? = nil, outlines: HaloOutlines
    ) -> AccessibilityUpdate {
        // (A loop, not `flatMap` over every page's items: that copies the whole display list.)
        var figures: [String] = []
        var links: [[AccessibilityUpdate.NamedLink]] = []
        for page in document.pages {
            var onPage: [AccessibilityUpdate.NamedLink] = []
            for item in page.items {
                switch item {
                case let .beginStructure(.figure, alternate): figures.append(alternate ?? "")
                // The target as cairo writes it (see `Painter.pdfSafeURI`).
                case let .link(_, uri, name): onPage.append(.init(target: Painter.pdfSafeURI(uri), name: name))
                case let .internalLink(_, destination, name):
                    onPage.append(.init(target: "#" + destination, name: name))
                default: break
                }
            }
            links.append(onPage)
        }
        return AccessibilityUpdate(
            language: document.metadata.language, figureAlternates: figures, linkNames: links,
            title: document.metadata.title, author: document.metadata.author,
            vectorRuns: (vectors ?? VectorPlan(document)).operators(for: document, outlines: outlines))
    }

    private static func render(
        _ document: LaidOutDocument, text: TextEngine, options: PDFOptions, first: PageFrame, vectors: VectorPlan,
        into sink: UnsafeMutablePointer<ByteSink>
    ) throws {
        _ = plainStreams
        guard
            let surface = cairo_pdf_surface_create_for_stream(
                ByteSink.write, UnsafeMutableRawPointer(sink), first.width, first.height)
        else {
            throw RenderError(message: "cairo could not create a PDF surface")
        }
        defer { cairo_surface_destroy(surface) }
        cairo_pdf_surface_restrict_to_version(surface, CAIRO_PDF_VERSION_1_5)
        setMetadata(surface, document.metadata, options)

        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr) }
        let painter = Painter(cr: cr, text: text, emitsTags: true)
        var pageSpace = cairo_matrix_t()
        cairo_get_matrix(cr, &pageSpace)
        // One Document element holds the whole structure tree, its elements open across pages
        // as the layout marks them. (cairo 1.16 also writes a damaged PDF for a link outside any
        // structure element.)
        cairo_tag_begin(cr, "Document", nil)
        var size = (first.width, first.height)
        var placedMark: EntitlementMark.Placed?
        for (index, page) in document.pages.enumerated() {
            // Only when the size changes: cairo 1.16 fails an assertion at the end (cairo-array.c,
            // `index < array->num_elements`) when `set_size` is called on a page while an element
            // open across pages and a named destination exist, even for the same size. A
            // document's pages share one paper, so this never happens.
            if (page.width, page.height) != size {
                cairo_pdf_surface_set_size(surface, page.width, page.height)
                size = (page.width, page.height)
            }
            if let label = page.label { cairo_pdf_surface_set_page_label(surface, label) }
            // Shapes the plan writes leave a marker where their run begins (see VectorPlan).
            let starts = vectors.runStarts[index], written = vectors.written[index]
            for (position, item) in page.items.enumerated() {
                if starts.contains(position) { drawMarker(cr) }
                if !written.contains(position) { painter.paint(item) }
            }
            if let mark = options.mark {
                try EntitlementMark.draw(
                    mark, on: cr, pageWidth: page.width, pageHeight: page.height, base: pageSpace, pixelsPerPoint: nil,
                    tagged: true, placed: &placedMark)
            }
            if index < document.pages.count - 1 { cairo_show_page(cr) }
        }
        cairo_tag_end(cr, "Document")
        addOutline(surface, document.outline, parent: Int32(CAIRO_PDF_OUTLINE_ROOT))
        cairo_show_page(cr)
        cairo_surface_finish(surface)
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RenderError(
                message: "cairo failed to write the PDF: \(String(cString: cairo_status_to_string(status)))")
        }
    }

    /// The placeholder of a run (`VectorPlan.Marker`), in black: cairo writes the colour before
    /// it, which stays (it paints nothing), and cairo, believing it current, writes the next
    /// shape's own. Everything that decides how cairo writes it is set here (space, colour,
    /// operator, fill rule) but the clip, which must stay the run's: the display list has no
    /// clip, so the page corner is never clipped away. A display list that clipped would have
    /// to place the marker inside its clip, or the update refuses every file for a missing
    /// marker.
    private static func drawMarker(_ cr: OpaquePointer) {
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_set_source_rgb(cr, 0, 0, 0)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        cairo_new_path(cr)
        cairo_rectangle(cr, 0, 0, VectorPlan.Marker.width, VectorPlan.Marker.height)
        cairo_fill(cr)
        cairo_restore(cr)
    }

    /// A document is drawn by the engine that set its lines, before that engine starts another:
    /// anything else would set its text again, silently, perhaps in other fonts.
    static func checkEngine(_ document: LaidOutDocument, _ text: TextEngine) throws {
        if let mark = document.laidOutWith, mark != text.documentMark {
            throw RenderError(
                message:
                    "the document was laid out by another text engine, or before this one began another document: lay it out again"
            )
        }
    }

    /// The layout's structure marks must nest, over the whole document: cairo would otherwise
    /// fail at the end with a bare "invalid tag" status. Page furniture holds drawing only (no
    /// element, no link) and ends on the page it begins on: it becomes artifacts, which hold no
    /// structure and belong to one page. A figure has its alternate text. And every link inside the document goes to a
    /// destination it has: cairo would write a dead link without a word. These are the layout's
    /// mistakes, said as such before cairo is asked to draw anything.
    static func checkStructure(_ document: LaidOutDocument) throws {
        var open: [StructureRole] = []
        var destinations = Set<String>(), targets: [(page: Int, name: String)] = []
        for (index, page) in document.pages.enumerated() {
            for item in page.items {
                if open.last == .artifact {
                    switch item {
                    case .beginStructure, .link, .internalLink:
                        throw RenderError(
                            message: "page \(index + 1) puts an element or a link inside page furniture (a layout bug)")
                    default: break
                    }
                }
                switch item {
                case let .destination(name, _): destinations.insert(name)
                case let .internalLink(_, destination, _): targets.append((index + 1, destination))
                case let .beginStructure(role, alternate):
                    // A figure a screen reader cannot say is no figure: the map always says its route.
                    if role == .figure, (alternate ?? "").isEmpty {
                        throw RenderError(
                            message: "page \(index + 1) has a figure without alternate text (a layout bug)")
                    }
                    open.append(role)
                case let .endStructure(role):
                    guard open.last == role else {
                        throw RenderError(
                            message:
                                "page \(index + 1) closes a \(role.rawValue) element while \(open.last?.rawValue ?? "none") is open (a layout bug)"
                        )
                    }
                    open.removeLast()
                default: break
                }
            }
            if open.contains(.artifact) {
                throw RenderError(message: "page \(index + 1) leaves page furniture open at its end (a layout bug)")
            }
        }
        if let role = open.last {
            throw RenderError(message: "a \(role.rawValue) element is never closed (a layout bug)")
        }
        if let dead = targets.first(where: { !destinations.contains($0.name) }) {
            throw RenderError(
                message:
                    "page \(dead.page) links to \"\(dead.name)\", a destination the document does not have (a layout bug)"
            )
        }
    }

    private static func setMetadata(_ surface: OpaquePointer, _ meta: DocumentMetadata, _ options: PDFOptions) {
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, meta.title)
        if let author = meta.author { cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_AUTHOR, author) }
        if let subject = meta.subject { cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_SUBJECT, subject) }
        if let keywords = meta.keywords {
            cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_KEYWORDS, keywords)
        }
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, options.creator)
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, options.creationDate)
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_MOD_DATE, options.creationDate)
    }

    private static func addOutline(_ surface: OpaquePointer, _ entries: [OutlineEntry], parent: Int32) {
        for entry in entries {
            let flags = entry.children.isEmpty ? cairo_pdf_outline_flags_t(0) : CAIRO_PDF_OUTLINE_FLAG_OPEN
            let id = cairo_pdf_surface_add_outline(
                surface, parent, entry.title, "dest='\(Painter.escape(entry.destination))'", flags)
            addOutline(surface, entry.children, parent: id)
        }
    }
}
