/// Line ascent and descent for a font description, as Pango's context metrics define them.
import CCairo

/// Ascent and descent without the cost of `pango_context_get_metrics`.
///
/// Pango's context metrics take the ascent and descent of the fontset's first font and widen
/// them to every font that sets the language's sample sentence ("The quick brown fox…" for
/// English, a Japanese one for `ja`). To report average character widths as well, it also
/// lays out and shapes that sentence and the ten digits at every size, loading each glyph's
/// outline: on a one-document run that was a tenth of all the work. Only the vertical extents
/// are needed here, and those come from each font's HarfBuzz extents (OS/2 or hhea ascender
/// and descender at the font's scale), which is where Pango reads them too; itemizing the
/// sample sentence picks the same fallback fonts without shaping it.
enum FontMetrics {
    /// (ascent, descent) in Pango units, both positive below and above the baseline.
    static func lineExtents(
        context: OpaquePointer, fontMap: UnsafeMutablePointer<PangoFontMap>,
        description: OpaquePointer
    ) -> (ascent: Int32, descent: Int32) {
        var ascent: Int32 = 0, descent: Int32 = 0
        var found = false
        func widen(_ font: UnsafeMutablePointer<PangoFont>?) {
            guard let font, let hb = pango_font_get_hb_font(font) else { return }
            var extents = hb_font_extents_t()
            hb_font_get_h_extents(hb, &extents)
            if !found {
                ascent = extents.ascender
                descent = -extents.descender
                found = true
            } else {
                ascent = max(ascent, extents.ascender)
                descent = max(descent, -extents.descender)
            }
        }
        let language = pango_context_get_language(context)
        if let fontset = pango_font_map_load_fontset(fontMap, context, description, language) {
            var first: UnsafeMutablePointer<PangoFont>?
            withUnsafeMutablePointer(to: &first) { slot in
                pango_fontset_foreach(
                    fontset,
                    { _, font, data in
                        let slot = data!.assumingMemoryBound(to: UnsafeMutablePointer<PangoFont>?.self)
                        slot.pointee = font.map {
                            UnsafeMutablePointer<PangoFont>(OpaquePointer(g_object_ref(UnsafeMutableRawPointer($0))))
                        }
                        return 1  // the first font only
                    }, slot)
            }
            widen(first)
            if let first { g_object_unref(UnsafeMutableRawPointer(first)) }
            g_object_unref(UnsafeMutableRawPointer(fontset))
        }
        // The fonts Pango would pick for the language's sample sentence.
        let sample = pango_language_get_sample_string(language)!
        let length = Int32(strlen(sample))
        let attrs = pango_attr_list_new()
        let attr = pango_attr_font_desc_new(description)!
        attr.pointee.start_index = 0
        attr.pointee.end_index = UInt32(length)
        pango_attr_list_insert(attrs, attr)
        var items = pango_itemize(context, sample, 0, length, attrs, nil)
        pango_attr_list_unref(attrs)
        let head = items
        while let node = items {
            let item = node.pointee.data.assumingMemoryBound(to: PangoItem.self)
            widen(item.pointee.analysis.font.map { UnsafeMutablePointer<PangoFont>(OpaquePointer($0)) })
            items = node.pointee.next
        }
        g_list_free_full(head) { pango_item_free($0?.assumingMemoryBound(to: PangoItem.self)) }
        return (ascent, descent)
    }
}
