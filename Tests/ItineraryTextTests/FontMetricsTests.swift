/// Line metrics read from the fonts agree with Pango's own context metrics.
import ItineraryText
import Testing
import TestSupport

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
                        let style = TextStyle(family: family, weight: weight, italic: italic, size: size, lineHeight: size * 1.4)
                        let fast = engine.metrics(style), reference = engine.pangoContextMetrics(style)
                        #expect(fast.ascent == reference.ascent && fast.descent == reference.descent,
                                "\(family) \(weight)\(italic ? " italic" : "") \(size) pt, \(language): \(fast) vs \(reference)")
                    }
                }
            }
        }
    }
}
