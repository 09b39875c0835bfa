/// Pango shaping, line breaking and drawing over the hermetic font set.
import CCairo
import CLazyLibraries

/// Measures and draws styled text with Pango, using only the fonts of one `FontSet`.
///
/// The same engine lays out and draws, so PDF and PNG output break lines identically:
/// hint metrics off, hint style none and no glyph-position rounding, whatever the surface.
/// Not thread-safe: give each thread its own engine (they may share the `FontSet`).
public final class TextEngine {
    public let fontSet: FontSet
    let fontMap: UnsafeMutablePointer<PangoFontMap>
    /// Internal, not private: the font-metrics test compares against Pango through it.
    let context: OpaquePointer
    /// Counts the documents finished (`finishDocument`), for `documentMark`.
    var documentNumber = 0
    var metricsCache: [MetricsKey: (ascent: Double, descent: Double)] = [:]
    /// Paragraphs already broken, by content and width (labels, times and dashes repeat on
    /// every page and in every trip), and the shaped lines the current document draws.
    var cache = ParagraphCache(capacity: TextEngine.defaultParagraphCapacity)

    /// How many broken paragraphs an engine keeps from one document to the next.
    public static let defaultParagraphCapacity = 4096

    struct MetricsKey: Hashable {
        var family: String
        var weight: Int
        var italic: Bool
        var size: Double
    }

    /// - Parameter language: a BCP-47 tag for line breaking and font choice; fixed here so the
    ///   process locale (`LANG`) never changes a rendering.
    public init(fontSet: FontSet, language: String = "en") {
        NativeTextLock.lock()
        defer { NativeTextLock.unlock() }
        self.fontSet = fontSet
        fontMap = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT)
        // Sizes are in points (1/72 in). Pango makes contexts of its own at the font map's
        // resolution (to measure each new font's metrics, say); at the default 96 dpi their
        // font patterns differ from ours at 72 and each new size is matched and sorted twice.
        pango_cairo_font_map_set_resolution(OpaquePointer(fontMap), 72)
        pango_fc_font_map_set_config(OpaquePointer(fontMap), fontSet.config)
        context = pango_font_map_create_context(fontMap)
        pango_cairo_context_set_resolution(context, 72)
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        pango_context_set_round_glyph_positions(context, 0)
        pango_context_set_language(context, pango_language_from_string(language))
    }

    deinit {
        NativeTextLock.withLock {
            cache.removeAll()
            g_object_unref(UnsafeMutableRawPointer(context))
            // Pango 1.50's font matching, queued to other threads, holds references to the font
            // map: the last one is dropped here, under the lock, not by one of those threads
            // while another draws (`Sources/CLazyLibraries/font_pattern_threads.c`).
            ccl_font_pattern_wait_idle()
            g_object_unref(UnsafeMutableRawPointer(fontMap))
        }
    }

    /// Ends a document once it is rendered: the next document draws only lines it set itself,
    /// and paragraphs beyond `paragraphCapacity` that this document did not use are released.
    public func finishDocument() {
        NativeTextLock.withLock {
            cache.finishDocument()
            documentNumber += 1
        }
    }

    /// Starts a document: the same as finishing the previous one, for callers that did not.
    public func beginDocument() { finishDocument() }

    /// Which engine, and which of its documents: what a laid-out document records, so that it is
    /// drawn only by the engine that set its lines and before that engine starts another
    /// document (whose lines may have replaced its own). The renderers refuse any other.
    public struct DocumentMark: Sendable, Hashable {
        let engine: ObjectIdentifier
        let document: Int
    }

    /// The mark of the document being set now.
    public var documentMark: DocumentMark {
        NativeTextLock.withLock { DocumentMark(engine: ObjectIdentifier(self), document: documentNumber) }
    }

    /// Releases every kept paragraph and line.
    public func clearCache() { NativeTextLock.withLock { cache.removeAll() } }

    /// How many broken paragraphs are kept between documents (at least those of the current one).
    public var paragraphCapacity: Int {
        get { cache.capacity }
        set { cache.capacity = max(0, newValue) }
    }

    /// Broken paragraphs currently kept.
    public var cachedParagraphCount: Int { cache.count }

    /// Line `index` of `layout`, every run on the line's one baseline. Pango (1.50 on) aligns
    /// the runs of a line on the dominant baseline of the script its first run is in: a line
    /// that begins in Chinese or Japanese lines up each other face's ideographic bottom with
    /// Droid Sans Fallback's, and a face without a baseline table has that bottom at its
    /// descent, so Noto Sans Symbols 2's deep one lifted its `⚾` a third of an em, and Symbola's
    /// a twelfth, while a line that begins in Latin set them on the baseline. Every line here
    /// sets every face on the alphabetic baseline, as a line beginning in Latin does: the
    /// shifts (`PangoGlyphItem.y_offset`; no style here asks for a rise) are taken back.
    static func line(_ layout: OpaquePointer, _ index: Int32) -> UnsafeMutablePointer<PangoLayoutLine>? {
        guard let line = pango_layout_get_line_readonly(layout, index) else { return nil }
        var node = line.pointee.runs
        while let run = node {
            run.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self).pointee.y_offset = 0
            node = run.pointee.next
        }
        return line
    }

    /// A layout of `spans`. `skippingComposition` nil: `ccmp` is off where it cannot change the
    /// glyphs (`skipsComposition`); true or false forces it (for tests that compare the two).
    func makeLayout(_ spans: [StyledSpan], skippingComposition: Bool? = nil) -> OpaquePointer {
        let layout = pango_layout_new(context)!
        let text = spans.map(\.text).joined()
        pango_layout_set_text(layout, text, Int32(text.utf8.count))
        let attrs = pango_attr_list_new()
        // Text the fonts' glyph composition cannot change is shaped without it
        // (`GlyphComposition`): from the text's start to past its end, which HarfBuzz takes as a
        // global feature, so it keeps reusing its shape plans. First, so that a span's own
        // features, which Pango lets replace it over the span, can add to it.
        let composition = (skippingComposition ?? Self.skipsComposition(spans)) ? "ccmp=0" : nil
        if let composition { insert(pango_attr_font_features_new(composition), into: attrs, 0, UInt32.max) }
        var start: UInt32 = 0
        for span in spans {
            let end = start + UInt32(span.text.utf8.count)
            let style = span.style
            let desc = fontDescription(style)
            insert(pango_attr_font_desc_new(desc), into: attrs, start, end)
            pango_font_description_free(desc)
            let c = style.color
            insert(
                pango_attr_foreground_new(channel(c.red), channel(c.green), channel(c.blue)), into: attrs, start, end)
            if style.tracking != 0 {
                let spacing = style.tracking / 100 * style.size * Double(PANGO_SCALE)
                insert(pango_attr_letter_spacing_new(Int32(spacing.rounded())), into: attrs, start, end)
            }
            // Kerning is on by default in HarfBuzz; features add to it.
            if !style.features.isEmpty {
                let features = composition.map { style.features + "," + $0 } ?? style.features
                insert(pango_attr_font_features_new(features), into: attrs, start, end)
            }
            start = end
        }
        // A token too long for its line (a confirmation code, a URL, a number, a long word) is
        // broken between characters with no hyphen: Pango would otherwise draw one at the break,
        // and `HZ-4821-3` is not what the booking says.
        insert(pango_attr_insert_hyphens_new(0), into: attrs, 0, start)
        pango_layout_set_attributes(layout, attrs)
        pango_attr_list_unref(attrs)
        return layout
    }

    func insert(
        _ attr: UnsafeMutablePointer<PangoAttribute>?, into list: OpaquePointer?, _ start: UInt32, _ end: UInt32
    ) {
        guard let attr else { return }
        attr.pointee.start_index = start
        attr.pointee.end_index = end
        pango_attr_list_insert(list, attr)
    }

    /// Starts Pango's font matching for each of `styles` now. Pango 1.50 matches and sorts the
    /// fonts of each new font description on other threads (the two kept workers of
    /// `Sources/CLazyLibraries/font_pattern_threads.c`), and the first text set in that
    /// description waits for them: one after another, a few tenths of a millisecond each,
    /// forty-odd times in a document. Asked up front, they run beside the layout that follows
    /// instead (the fonts chosen are the same: only when the matching happens moves).
    public func prepareFonts(for styles: [TextStyle]) {
        NativeTextLock.lock()
        defer { NativeTextLock.unlock() }
        var seen = Set<MetricsKey>()
        let language = pango_context_get_language(context)
        for style in styles {
            let key = MetricsKey(family: style.family, weight: style.weight, italic: style.italic, size: style.size)
            guard seen.insert(key).inserted else { continue }
            let desc = fontDescription(style)
            if let fontset = pango_font_map_load_fontset(fontMap, context, desc, language) {
                g_object_unref(UnsafeMutableRawPointer(fontset))
            }
            pango_font_description_free(desc)
        }
    }

    func fontDescription(_ style: TextStyle) -> OpaquePointer {
        let desc = pango_font_description_new()!
        pango_font_description_set_family(desc, style.family)
        pango_font_description_set_weight(desc, PangoWeight(rawValue: UInt32(style.weight)))
        pango_font_description_set_style(desc, style.italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
        pango_font_description_set_absolute_size(desc, style.size * Double(PANGO_SCALE))
        return desc
    }

    func channel(_ v: Double) -> UInt16 { UInt16((min(max(v, 0), 1) * 65535).rounded()) }
}
