/// The line a PDF made on a test entitlement carries on every page, drawn by the renderer.
import CCairo
import DisplayList

import ItineraryText

/// "Test entitlement (LocalTesting) — not a purchase", drawn over every page of a document
/// exported without a purchase, in PDF and PNG alike.
///
/// Nothing a template or a font file says reaches it: the program fixes its face (compiled in,
/// `MarkFace`), size, colour and place. It is drawn after everything else on the page, on a white
/// plate, with the clip, transformation and operator reset, so no template colour, size,
/// tracking, clip or shape can shrink, recolour, scatter or cover it. It stays real text: a
/// reader's text extraction (`pdftotext`) finds it on every page. A template may move its footer
/// anywhere; the mark stays centred at the foot of the paper.
public enum EntitlementMark {
    /// Points: above the 7 pt the rule asks for.
    public static let size = 8.0
    /// `#B3261E`, 6.5:1 against the white plate it is drawn on (WCAG asks 4.5:1).
    public static let color = Color(red: 0xB3 / 255.0, green: 0x26 / 255.0, blue: 0x1E / 255.0)
    /// From the paper's bottom edge to the last line's baseline: inside what printers print.
    public static let baselineFromBottom = 18.0
    /// Kept clear at each side of the paper when the mark must wrap (narrow paper).
    public static let sideMargin = 12.0
    /// Baseline to baseline when it wraps.
    public static let lineHeight = 10.0
    /// White around the text on each side.
    public static let platePadding = 3.0
    /// A mark longer than this is cut (the gate's notices are about 60 characters).
    public static let maximumLength = 160
    /// In an image, the mark's size is at least this many pixels (a preview at `--dpi 9` has
    /// 1.1 pixels per 8 pt: there the mark grows, with its spacing, to stay legible).
    public static let minimumPixels = 9.0

    /// The size the mark asks for on a page of this size drawn at `pixelsPerPoint` (nil: PDF,
    /// vector): `size` on Letter and A4; in proportion on a paper larger on both sides (a
    /// template that scales the whole design up tenfold, to be viewed or printed fitted to
    /// Letter, gets a mark ten times larger, so it keeps its size against the page); and at least
    /// `minimumPixels` in a coarse image. A paper long on one side only (a banner, a roll) keeps
    /// `size`: its type is set for reading at full size. `geometry` sets the mark smaller when it
    /// would not fit the page at this size. Everything else about its geometry scales with it.
    public static func size(pageWidth: Double, pageHeight: Double, pixelsPerPoint: Double?) -> Double {
        let paper = size * paperScale(pageWidth: pageWidth, pageHeight: pageHeight)
        guard let pixelsPerPoint, pixelsPerPoint > 0 else { return paper }
        return max(paper, minimumPixels / pixelsPerPoint)
    }

    /// How much larger than Letter (or A4) the paper is on both sides, at least 1.
    private static func paperScale(pageWidth: Double, pageHeight: Double) -> Double {
        max(1, min(pageWidth / 612, pageHeight / 792))
    }

    /// What a mark says, limited to what its face can draw: any other character is `?`.
    static func printable(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars.prefix(maximumLength) {
            scalars.append(MarkFace.covers(scalar) ? scalar : "?")
        }
        return String(scalars)
    }

    /// Where the mark of `text` goes on a page of this size: its size, its lines, their
    /// baselines' left ends and the white plate under them, in points from the page's top-left
    /// corner.
    public struct Geometry: Sendable, Equatable {
        public var size: Double
        public var lines: [String]
        public var origins: [Point]
        public var plate: Rect
    }

    /// The geometry of the mark of `text` (after `printable`) on a page of this size, drawn at
    /// `pixelsPerPoint` (nil for PDF).
    public static func geometry(
        _ text: String, pageWidth: Double, pageHeight: Double,
        pixelsPerPoint: Double? = nil
    ) throws(RenderError) -> Geometry {
        let face = try MarkFace.face()
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 1, 1) else {
            throw RenderError(message: "cairo could not create a surface to measure the test-entitlement mark")
        }
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr) }
        return try fitted(
            cr, face, printable(text), pageWidth: pageWidth, pageHeight: pageHeight,
            pixelsPerPoint: pixelsPerPoint)
    }

    /// Draws `text` on the page `cr` is drawing, whose user space is the page's (points,
    /// y downwards) at `base`; in PDF output, as a `Private` element the accessibility update
    /// turns into an artifact, like the rest of the page furniture.
    ///
    /// `placed` carries the mark's geometry from one page to the next: a page of the same size
    /// reuses it rather than measuring and wrapping the notice again (12 M instructions over
    /// the 120-day trip's 65 pages); a page of another size measures its own.
    static func draw(
        _ text: String, on cr: OpaquePointer, pageWidth: Double, pageHeight: Double,
        base: cairo_matrix_t, pixelsPerPoint: Double?, tagged: Bool, placed: inout Placed?
    ) throws(RenderError) {
        let face = try MarkFace.face()
        cairo_save(cr)
        defer { cairo_restore(cr) }
        // Whatever state the page left: the page's own space, no clip, plain painting.
        var matrix = base
        cairo_set_matrix(cr, &matrix)
        cairo_reset_clip(cr)
        cairo_new_path(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_DEFAULT)
        let mark: Geometry
        if let placed, placed.text == text, placed.pageWidth == pageWidth, placed.pageHeight == pageHeight,
            placed.pixelsPerPoint == pixelsPerPoint
        {
            mark = placed.geometry
        } else {
            mark = try fitted(
                cr, face, printable(text), pageWidth: pageWidth, pageHeight: pageHeight, pixelsPerPoint: pixelsPerPoint)
            placed = Placed(
                text: text, pageWidth: pageWidth, pageHeight: pageHeight, pixelsPerPoint: pixelsPerPoint, geometry: mark
            )
        }
        setFont(cr, face, size: mark.size)
        guard !mark.lines.isEmpty else { return }

        if tagged { cairo_tag_begin(cr, "Private", nil) }
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_rectangle(cr, mark.plate.x, mark.plate.y, mark.plate.width, mark.plate.height)
        cairo_fill(cr)
        cairo_set_source_rgb(cr, color.red, color.green, color.blue)
        for (line, origin) in zip(mark.lines, mark.origins) {
            cairo_move_to(cr, origin.x, origin.y)
            cairo_show_text(cr, line)
        }
        cairo_new_path(cr)
        if tagged { cairo_tag_end(cr, "Private") }
        let status = cairo_status(cr)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RenderError(
                message:
                    "cairo could not draw the test-entitlement mark: \(String(cString: cairo_status_to_string(status)))"
            )
        }
    }

    /// A mark's geometry and what it was measured for (`draw`'s `placed`).
    struct Placed {
        var text: String
        var pageWidth: Double
        var pageHeight: Double
        var pixelsPerPoint: Double?
        var geometry: Geometry
    }

    /// The mark's face at its size, unhinted: the PDF's and the PNG's glyph positions alike,
    /// whatever the surface's defaults.
    private static func setFont(_ cr: OpaquePointer, _ face: OpaquePointer, size: Double) {
        cairo_set_font_face(cr, face)
        cairo_set_font_size(cr, size)
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_set_font_options(cr, options)
        cairo_font_options_destroy(options)
    }

    /// How many times `fitted` sets the mark smaller, by `shrink` each time, before it gives up:
    /// 0.9⁶⁰ is 1/550, more than the largest size over the smallest page the schema allows.
    private static let attempts = 60
    private static let shrink = 0.9

    /// The mark at the size `size(…)` asks for, or as much smaller as it takes for every word to
    /// fit the paper's width between the side margins and the whole plate to lie on the page.
    /// Lines break between words only, so a reader's text extraction finds each word whole.
    /// Throws when no size fits (a paper far smaller than any template may declare): a page that
    /// cannot carry the mark is never drawn without it.
    private static func fitted(
        _ cr: OpaquePointer, _ face: OpaquePointer, _ text: String, pageWidth: Double, pageHeight: Double,
        pixelsPerPoint: Double?
    ) throws(RenderError) -> Geometry {
        var size = size(pageWidth: pageWidth, pageHeight: pageHeight, pixelsPerPoint: pixelsPerPoint)
        for _ in 0..<attempts {
            setFont(cr, face, size: size)
            if let mark = geometry(cr, text, pageWidth: pageWidth, pageHeight: pageHeight, size: size),
                mark.plate.x >= 0, mark.plate.y >= 0, mark.plate.x + mark.plate.width <= pageWidth,
                mark.plate.y + mark.plate.height <= pageHeight
            {
                return mark
            }
            size *= shrink
        }
        throw RenderError(
            message:
                "the test-entitlement mark does not fit a \(pageWidth) × \(pageHeight) pt page, so the page is not drawn"
        )
    }

    /// Centred on the paper, the last line's baseline `baselineFromBottom` above its foot (each
    /// distance scaled with a `size` above the usual); nil when a word is wider than the paper
    /// between its side margins.
    private static func geometry(
        _ cr: OpaquePointer, _ text: String, pageWidth: Double, pageHeight: Double, size: Double
    ) -> Geometry? {
        let k = size / Self.size
        // The side margins and the plate's padding grow with the paper, not with a coarse
        // image's larger mark: at 9 dpi Letter is 77 pixels wide, and margins and padding nine
        // times their size would leave the words no room.
        let across = min(k, paperScale(pageWidth: pageWidth, pageHeight: pageHeight))
        let sideMargin = Self.sideMargin * across, platePadding = Self.platePadding * across
        let lineHeight = Self.lineHeight * k, baselineFromBottom = Self.baselineFromBottom * k
        guard let lines = wrap(text, width: pageWidth - 2 * sideMargin, advance: { advance(cr, $0) }) else {
            return nil
        }
        var extents = cairo_font_extents_t()
        cairo_font_extents(cr, &extents)
        let lastBaseline = pageHeight - baselineFromBottom
        let firstBaseline = lastBaseline - Double(max(0, lines.count - 1)) * lineHeight
        let widths = lines.map { advance(cr, $0) }
        let widest = widths.max() ?? 0
        let origins = widths.enumerated().map { index, width in
            Point(x: (pageWidth - width) / 2, y: firstBaseline + Double(index) * lineHeight)
        }
        let plate = Rect(
            x: (pageWidth - widest) / 2 - platePadding, y: firstBaseline - extents.ascent - platePadding,
            width: widest + 2 * platePadding,
            height: lastBaseline - firstBaseline + extents.ascent + extents.descent + 2 * platePadding)
        return Geometry(size: size, lines: lines, origins: origins, plate: plate)
    }

    /// The width of `line` as the mark's face sets it.
    private static func advance(_ cr: OpaquePointer, _ line: String) -> Double {
        var extents = cairo_text_extents_t()
        cairo_text_extents(cr, line, &extents)
        return extents.x_advance
    }

    /// `text` in lines no wider than `width`, broken at spaces only; nil when a word alone is
    /// wider (the caller sets the mark smaller: a word broken in two is a word a reader's text
    /// extraction no longer finds).
    static func wrap(_ text: String, width: Double, advance: (String) -> Double) -> [String]? {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true).map(String.init) {
            let candidate = current.isEmpty ? word : current + " " + word
            if advance(candidate) <= width {
                current = candidate
                continue
            }
            guard !current.isEmpty, advance(word) <= width else { return nil }
            lines.append(current)
            current = word
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }
}
