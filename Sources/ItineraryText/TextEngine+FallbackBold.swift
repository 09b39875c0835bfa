/// Bold for the one face that has no bold: Chinese and Japanese set in Droid Sans Fallback.
import CCairo

extension TextEngine {
    /// The family of the CJK fallback, which has one weight.
    static let singleWeightFamily = "Droid Sans Fallback"

    /// How much a bold style thickens the single-weight CJK face's strokes, as a share of the
    /// em: its outlines stroked that wide over the drawn glyphs. About two thirds of FreeType's
    /// synthetic bold (a twenty-fourth of the em), which fills in a character of many strokes
    /// (`臺` a blot in a title); at this weight it reads as bold beside Inter Bold and stays open.
    static let singleWeightBoldStroke = 0.028

    /// Strokes, in each span's colour, the outlines of the runs of `line` (drawn at `x`,
    /// `baseline`) that a bold style (600 or heavier) set in the single-weight CJK face. Paths
    /// only: the text itself is drawn once, so copy and search are unchanged.
    func strokeSingleWeightBold(
        _ spans: [StyledSpan], line: UnsafeMutablePointer<PangoLayoutLine>, on cr: OpaquePointer,
        x: Double, baseline: Double
    ) {
        guard spans.contains(where: { $0.style.weight >= 600 }) else { return }
        let ranges = Self.byteRanges(of: spans, in: line)
        Self.forEachRun(of: line, from: x) { run, runX, _ in
            let item = run.pointee.item!
            let start = Int(item.pointee.offset)
            guard let style = ranges.first(where: { $0.range.contains(start) })?.style, style.weight >= 600,
                let font = item.pointee.analysis.font, Self.isSingleWeight(font)
            else { return }
            cairo_save(cr)
            cairo_new_path(cr)
            cairo_move_to(cr, runX, baseline)
            pango_cairo_glyph_string_path(cr, font, run.pointee.glyphs)
            cairo_set_source_rgb(cr, style.color.red, style.color.green, style.color.blue)
            cairo_set_line_width(cr, style.size * Self.singleWeightBoldStroke)
            // Mitred, so corners stay square as a designed bold's do (bevelled past twice the width).
            cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER)
            cairo_set_miter_limit(cr, 2)
            cairo_stroke(cr)
            cairo_restore(cr)
        }
    }

    /// Whether `font` is the single-weight CJK face.
    private static func isSingleWeight(_ font: UnsafeMutablePointer<PangoFont>) -> Bool {
        guard let description = pango_font_describe(font) else { return false }
        defer { pango_font_description_free(description) }
        guard let family = pango_font_description_get_family(description) else { return false }
        return String(cString: family) == singleWeightFamily
    }
}
