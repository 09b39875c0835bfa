/// The glyph outlines of the halos the PDF renderer writes itself.
import CCairo
import DisplayList
import ItineraryText

/// For each halo a `VectorPlan` writes, the outline of its line's glyphs as a path, in page
/// coordinates: what `TextEngine.drawOutline` would have cairo stroke.
///
/// Why: a map's labels stand on halos, each the glyph outlines of its line stroked wide in
/// the paper's colour. Stroked by cairo, every point of every curve was flattened into a
/// polygon to find the stroke's extents, then printed through `printf`: the 25 halos of the
/// 120-day trip's cover map cost its main thread about 60 M instructions (of 1,625 M). Their
/// outlines cost 1.5 M here; `VectorContent` writes them on another thread. The outlines come
/// from the text engine (unhinted, like the glyphs it draws, whatever the surface) on a scratch
/// context, here, before cairo draws.
struct HaloOutlines: Sendable {
    /// By page, by the halo's index in the page's items.
    private var pages: [[Int: [PathElement]]] = []

    /// None: for a plan that writes no halo.
    init() {}

    /// The outline of every halo `plan` writes in `document`, set by `text` (the engine that laid
    /// it out). Throws when cairo cannot hand a path over (out of memory): a halo is never
    /// dropped without a word.
    init(_ document: LaidOutDocument, plan: VectorPlan, text: TextEngine) throws {
        var scratch: (surface: OpaquePointer, cr: OpaquePointer)?
        defer {
            if let scratch {
                cairo_destroy(scratch.cr)
                cairo_surface_destroy(scratch.surface)
            }
        }
        for (pageIndex, page) in document.pages.enumerated() {
            var outlines: [Int: [PathElement]] = [:]
            for index in plan.written[pageIndex] {
                guard case let .textHalo(spans, origin, _, width) = page.items[index], width > 0 else { continue }
                if scratch == nil {
                    // Only the path is wanted, but the surface must be unbounded: cairo drops
                    // the glyphs of a path that lie beyond a bounded surface's edge by more
                    // than ten times the font size (on a page, those are off it anyway).
                    let surface = cairo_recording_surface_create(CAIRO_CONTENT_ALPHA, nil)!
                    scratch = (surface, cairo_create(surface)!)
                }
                let cr = scratch!.cr
                cairo_new_path(cr)
                text.appendOutline(spans, to: cr, x: origin.x, baseline: origin.y)
                outlines[index] = try Self.elements(cr)
                cairo_new_path(cr)
            }
            pages.append(outlines)
        }
    }

    /// The outline of the halo at `item` on page `page` (both from 0), nil for anything else.
    subscript(page: Int, item: Int) -> [PathElement]? {
        page < pages.count ? pages[page][item] : nil
    }

    /// `cr`'s current path as path elements.
    private static func elements(_ cr: OpaquePointer) throws -> [PathElement] {
        guard let path = cairo_copy_path(cr) else { throw RenderError(message: "cairo could not copy a halo's path") }
        defer { cairo_path_destroy(path) }
        guard path.pointee.status == CAIRO_STATUS_SUCCESS else {
            throw RenderError(
                message:
                    "cairo could not copy a halo's path: \(String(cString: cairo_status_to_string(path.pointee.status)))"
            )
        }
        // (An empty path has no data.)
        guard let data = path.pointee.data else { return [] }
        var elements: [PathElement] = []
        var i = 0
        let count = Int(path.pointee.num_data)
        func point(_ k: Int) -> Point { Point(x: data[i + k].point.x, y: data[i + k].point.y) }
        while i < count {
            let header = data[i].header
            switch header.type {
            case CAIRO_PATH_MOVE_TO: elements.append(.move(point(1)))
            case CAIRO_PATH_LINE_TO: elements.append(.line(point(1)))
            case CAIRO_PATH_CURVE_TO: elements.append(.curve(point(1), point(2), point(3)))
            case CAIRO_PATH_CLOSE_PATH: elements.append(.close)
            default: break
            }
            i += Int(header.length)
        }
        return elements
    }
}
