/// Display list → PNG bytes for one page: previews drawn by the same painter as the PDF.
import CCairo
import DisplayList
import ItineraryText
import Foundation

/// Draws one page of a laid-out document as a PNG (`--page`): a preview, painted by the PDF's
/// painter without tags.
public enum PNGRenderer {
    /// The most pixels a page's image may have: 400 MB of pixels in memory while it is drawn,
    /// Letter and A4 up to 1,000 dpi. Larger is refused before anything is drawn.
    public static let maximumPixels = 100_000_000
    /// The most pixels on either side: cairo's own limit for an image.
    public static let maximumSide = 32_767

    /// The width and height in pixels of a page of this size (points) at `scale` pixels per point.
    public static func pixels(width: Double, height: Double, scale: Double) -> (width: Double, height: Double) {
        ((width * scale).rounded(.up), (height * scale).rounded(.up))
    }

    /// Whether a page of this size (points) can be drawn at `scale`: at most `maximumPixels` in
    /// all and `maximumSide` on either side.
    public static func admits(width: Double, height: Double, scale: Double) -> Bool {
        let (w, h) = pixels(width: width, height: height, scale: scale)
        return w >= 1 && h >= 1 && w <= Double(maximumSide) && h <= Double(maximumSide)
            && w * h <= Double(maximumPixels)
    }

    /// The largest whole number of dots per inch at which a page of this size can be drawn.
    public static func largestDPI(width: Double, height: Double) -> Int {
        var dpi = Int(
            72
                * min(
                    (Double(maximumPixels) / (width * height)).squareRoot(), Double(maximumSide) / max(width, height)))
        while dpi > 0, !admits(width: width, height: height, scale: Double(dpi) / 72) { dpi -= 1 }
        return dpi
    }

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
        guard admits(width: page.width, height: page.height, scale: scale) else {
            let (w, h) = pixels(width: page.width, height: page.height, scale: scale)
            throw RenderError(
                message:
                    "a \(page.width) × \(page.height) pt page at \(scale) pixels a point is \(w) × \(h) pixels, more than the \(maximumPixels) pixels (and \(maximumSide) a side) an image may have"
            )
        }
        let (w, h) = pixels(width: page.width, height: page.height, scale: scale)
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(w), Int32(h)) else {
            throw RenderError(message: "cairo could not create a \(Int(w))×\(Int(h)) image")
        }
        defer { cairo_surface_destroy(surface) }
        let made = cairo_surface_status(surface)
        guard made == CAIRO_STATUS_SUCCESS else {
            throw RenderError(
                message:
                    "cairo could not create a \(Int(w))×\(Int(h)) image: \(String(cString: cairo_status_to_string(made)))"
            )
        }
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
