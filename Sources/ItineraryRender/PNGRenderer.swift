/// Display list → PNG bytes for one page: previews drawn by the same painter as the PDF.
import CCairo
import DisplayList
import ItineraryText
import Foundation

/// Draws one page of a laid-out document as a PNG (`--page`): a preview, painted by the PDF's
/// painter without tags.
public enum PNGRenderer {
    /// Renders page `index` (0-based) of `document` at `scale` pixels per point on white
    /// (1 = 72 dpi), with `text`: the engine that laid it out. `mark` is the test-entitlement
    /// mark drawn over the page (`EntitlementMark`), nil for none.
    public static func render(
        _ document: LaidOutDocument, page index: Int, text: TextEngine, scale: Double,
        mark: String? = nil
    ) throws -> Data {
        NativeTextLock.lock()
        defer { NativeTextLock.unlock() }
        guard document.pages.indices.contains(index) else {
            throw RenderError(message: "the document has no page \(index + 1) (it has \(document.pages.count))")
        }
        try PDFRenderer.checkEngine(document, text)
        let page = document.pages[index]
        let w = Int32((page.width * scale).rounded(.up)), h = Int32((page.height * scale).rounded(.up))
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h) else {
            throw RenderError(message: "cairo could not create a \(w)×\(h) image")
        }
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr) }
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        cairo_scale(cr, scale, scale)
        var pageSpace = cairo_matrix_t()
        cairo_get_matrix(cr, &pageSpace)
        Painter(cr: cr, text: text, emitsTags: false).paint(page)
        if let mark {
            var placed: EntitlementMark.Placed?
            try EntitlementMark.draw(
                mark, on: cr, pageWidth: page.width, pageHeight: page.height, base: pageSpace, pixelsPerPoint: scale,
                tagged: false, placed: &placed)
        }
        cairo_surface_flush(surface)

        return try ByteSink.collecting { sink in
            let status = cairo_surface_write_to_png_stream(surface, ByteSink.write, UnsafeMutableRawPointer(sink))
            guard status == CAIRO_STATUS_SUCCESS else {
                throw RenderError(
                    message: "cairo failed to encode PNG: \(String(cString: cairo_status_to_string(status)))")
            }
            return sink.pointee.data
        }
    }
}
