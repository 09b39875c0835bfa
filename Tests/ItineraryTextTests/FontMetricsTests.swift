/// Line metrics read from the fonts agree with Pango's own context metrics.
import CCairo
@testable import ItineraryText
import Testing
import TestSupport

extension TextEngine {
    /// Pango's own context metrics for `style` (ascent, descent in points): the reference
    /// `metrics(_:)` must equal.
    func pangoContextMetrics(_ style: TextStyle) -> (ascent: Double, descent: Double) {
        NativeTextLock.lock()
        defer { NativeTextLock.unlock() }
        let desc = fontDescription(style)
        defer { pango_font_description_free(desc) }
        let m = pango_context_get_metrics(context, desc, pango_context_get_language(context))
        defer { pango_font_metrics_unref(m) }
        return (
            Double(pango_font_metrics_get_ascent(m)) / Double(PANGO_SCALE),
            Double(pango_font_metrics_get_descent(m)) / Double(PANGO_SCALE)
        )
    }
}

@Suite("Font metrics")
struct FontMetricsTests {
    /// The engine reads ascent and descent from each font's extents instead of calling
    /// `pango_context_get_metrics` (which also shapes a sample sentence at every size): the
    /// numbers must be Pango's exactly, for every weight and size the templates use and for
    /// languages whose sample sentence falls back to other fonts (Japanese, Arabic, Hebrew).
    @Test(arguments: ["en", "es", "ja", "zh-cn", "ar", "he", "ru", "ko", "el"])
    func sameAsPangoContextMetrics(language: String) throws {
        let engine = TextEngine(fontSet: try FontSet(directory: TestPaths.fonts), language: language)
        for family in ["Inter", "Noto Sans"] {
            for weight in [400, 500, 600, 700] {
                for italic in [false, true] {
                    for size in [6, 6.75, 7.5, 9, 10.5, 11, 13.5, 34] {
                        let style = TextStyle(
                            family: family, weight: weight, italic: italic, size: size, lineHeight: size * 1.4)
                        let fast = engine.metrics(style), reference = engine.pangoContextMetrics(style)
                        #expect(
                            fast.ascent == reference.ascent && fast.descent == reference.descent,
                            "\(family) \(weight)\(italic ? " italic" : "") \(size) pt, \(language): \(fast) vs \(reference)"
                        )
                    }
                }
            }
        }
    }
}
