/// Pango shaping, line breaking and drawing over the hermetic font set.
import CCairo

/// Measures and draws styled text with Pango, using only the fonts of one `FontSet`.
///
/// The same engine lays out and draws, so PDF and PNG output break lines identically:
/// hint metrics off, hint style none and no glyph-position rounding, whatever the surface.
/// Not thread-safe: give each thread its own engine (they may share the `FontSet`).
public final class TextEngine {
    public let fontSet: FontSet
    private let fontMap: UnsafeMutablePointer<PangoFontMap>
    /// Internal, not private: the font-metrics test compares against Pango through it.
    let context: OpaquePointer
    /// Counts the documents finished (`finishDocument`), for `documentMark`.
    private var documentNumber = 0
    private var metricsCache: [MetricsKey: (ascent: Double, descent: Double)] = [:]
    /// Paragraphs already broken, by content and width (labels, times and dashes repeat on
    /// every page and in every trip), and the shaped lines the current document draws.
    private var cache = ParagraphCache(capacity: TextEngine.defaultParagraphCapacity)

    /// How many broken paragraphs an engine keeps from one document to the next.
    public static let defaultParagraphCapacity = 4096

    private struct MetricsKey: Hashable {
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
            g_object_unref(UnsafeMutableRawPointer(fontMap))
        }
    }

    /// Breaks `spans` into lines no wider than `width` (nil: one line per hard break).
    /// Words longer than the width break between characters rather than overflow.
    public func setParagraph(_ spans: [StyledSpan], width: Double?) -> [SetLine] {
        NativeTextLock.lock()
        defer { NativeTextLock.unlock() }
        let spans = spans.filter { !$0.text.isEmpty }
        guard !spans.isEmpty else { return [] }
        let exact = ExactSpans(spans)
        let key = ParagraphCache.Key(spans: exact, width: width)
        if let done = cache.lookUp(key) { return done }
        // A paragraph set on one line at its natural width is that line at any width it fits:
        // the same label, date or name measured, then set in a column, is shaped once.
        let natural = ParagraphCache.Key(spans: exact, width: nil)
        if let width, let line = cache.peek(natural), Self.fitsUnbroken(line, width: width) {
            return cache.lookUp(natural)!
        }
        // Set as the faces can draw it (emoji sequences by what they stand for), once per paragraph.
        // In a right-to-left paragraph, its addresses and codes are isolated, so each reads whole
        // from its start (`LineBreaks.leftToRightIsolated`).
        let isolating = spans.contains { Self.hasRightToLeft($0.text) }
        func isolated(_ spans: [StyledSpan]) -> [StyledSpan] {
            guard isolating else { return spans }
            return spans.map { StyledSpan(LineBreaks.leftToRightIsolated($0.text), $0.style) }
        }
        var paragraph = breakParagraph(isolated(spans).flatMap(drawable), width: width)
        // Broken inside a word that the break rules Pango lacks (`LineBreaks`) concern (a code,
        // an address, kana), it is set again with their marks. Only then: a mark is a character
        // of the text, and one in a code that stays whole would split it for search and copy
        // (`FSL-` `2291`).
        if width != nil, paragraph.breaksInsideWords {
            let prepared = spans.map { StyledSpan(LineBreaks.prepared($0.text), $0.style) }
            if prepared != spans { paragraph = breakParagraph(isolated(prepared).flatMap(drawable), width: width) }
        }
        cache.insert(paragraph, for: key)
        if width != nil, Self.fitsUnbroken(paragraph.lines, width: .infinity), cache.peek(natural) == nil {
            cache.insert(paragraph, for: natural)
        }
        return paragraph.lines
    }

    /// Whether `lines` is one line, with no hard break or trailing space that breaking at a
    /// width could treat otherwise, that Pango would leave whole at `width` (it breaks a line
    /// whose width in its units exceeds the width rounded down to them).
    private static func fitsUnbroken(_ lines: [SetLine], width: Double) -> Bool {
        guard lines.count == 1, let last = lines[0].spans.last?.text.unicodeScalars.last, !last.properties.isWhitespace,
            !lines[0].spans.contains(where: { hasHardBreak($0.text) })
        else { return false }
        guard width.isFinite else { return true }
        return (lines[0].width * Double(PANGO_SCALE)).rounded() <= (width * Double(PANGO_SCALE)).rounded(.down)
    }

    private func breakParagraph(_ spans: [StyledSpan], width: Double?) -> BrokenParagraph {
        let layout = makeLayout(spans)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        if let width {
            pango_layout_set_width(layout, Int32(clamping: Int((width * Double(PANGO_SCALE)).rounded(.down))))
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        }
        // Byte ranges of each span in the joined UTF-8 text, to cut lines back into spans.
        var ranges: [Range<Int>] = []
        var offset = 0
        for span in spans {
            let n = span.text.utf8.count
            ranges.append(offset..<(offset + n))
            offset += n
        }
        let bytes = Array(spans.map(\.text).joined().utf8)

        // Right-to-left text reorders runs, so index positions stop being monotonic: such
        // paragraphs measure each line on its own.
        let bidi = spans.contains { Self.hasRightToLeft($0.text) }
        var lines: [SetLine] = []
        var shaped: [(spans: [StyledSpan], line: UnsafeMutablePointer<PangoLayoutLine>)] = []
        var breaksInsideWords = false
        let count = Int(pango_layout_get_line_count(layout))
        for i in 0..<count {
            guard let line = pango_layout_get_line_readonly(layout, Int32(i)) else { continue }
            let start = Int(line.pointee.start_index)
            if start > 0, ![0x20, 0x0A, 0x0D, 0x09].contains(bytes[start - 1]) { breaksInsideWords = true }
            var end = start + Int(line.pointee.length)
            // Drop the spaces and the hard break at which the line ended: they take no room.
            while end > start, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[end - 1]) { end -= 1 }
            // A list's separator never ends a line (`departs 8:30 AM ·`): at a break, the break
            // separates, and the dot is left out. The Pango line still holds it, so the shorter
            // line is drawn from a layout of its own.
            var cutSeparator = false
            if i + 1 < count, let cut = Self.beforeSeparator(start: start, end: end, bytes) {
                end = cut
                cutSeparator = true
            }
            var lineSpans: [StyledSpan] = []
            for (span, range) in zip(spans, ranges) {
                let lo = max(range.lowerBound, start), hi = min(range.upperBound, end)
                guard lo < hi else { continue }
                lineSpans.append(StyledSpan(String(decoding: bytes[lo..<hi], as: UTF8.self), span.style))
            }
            let styles = lineSpans.isEmpty ? [spans[0].style] : lineSpans.map(\.style)
            let (baseline, height) = lineBox(styles)
            let width =
                lineSpans.isEmpty
                ? 0
                : (bidi || cutSeparator ? nil : lineWidth(line, start: start, end: end, bytes: bytes))
                    ?? measuredAdvance(of: lineSpans)
            // Kept so drawing shows the glyphs shaped here (with the paragraph's own bidi
            // resolution) instead of shaping the line again. A line points at its layout
            // without owning it, and the renderer reads the text through that pointer (it maps
            // glyphs back to characters for copy and search): the paragraph keeps both.
            if !lineSpans.isEmpty, !cutSeparator { shaped.append((lineSpans, line)) }
            lines.append(SetLine(spans: lineSpans, width: width, baseline: baseline, height: height))
        }
        return BrokenParagraph(lines: lines, shaped: shaped, layout: layout, breaksInsideWords: breaksInsideWords)
    }

    /// Where a line that ends in a list's separator (` · `: a middle dot after a space or a
    /// no-break space) ends without it, or nil.
    private static func beforeSeparator(start: Int, end: Int, _ bytes: [UInt8]) -> Int? {
        guard end - start >= 4, bytes[end - 2] == 0xC2, bytes[end - 1] == 0xB7 else { return nil }
        var cut = end - 2
        while cut > start {
            if bytes[cut - 1] == 0x20 {
                cut -= 1
            } else if cut - 2 >= start, bytes[cut - 2] == 0xC2, bytes[cut - 1] == 0xA0 {
                cut -= 2
            } else {
                break
            }
        }
        return cut < end - 2 && cut > start ? cut : nil
    }

    /// The width of a broken line up to `end` (its trailing spaces excluded), read from the
    /// paragraph's own shaping instead of shaping the line again. Nil for lines with
    /// right-to-left text, whose visual extent the caller measures directly.
    private func lineWidth(
        _ line: UnsafeMutablePointer<PangoLayoutLine>, start: Int, end: Int, bytes: [UInt8]
    ) -> Double? {
        var x0: Int32 = 0, x1: Int32 = 0
        pango_layout_line_index_to_x(line, Int32(start), 0, &x0)
        if end >= Int(line.pointee.start_index + line.pointee.length) {
            var logical = PangoRectangle()
            pango_layout_line_get_extents(line, nil, &logical)
            return Double(logical.width) / Double(PANGO_SCALE)
        }
        pango_layout_line_index_to_x(line, Int32(end), 0, &x1)
        return Double(x1 - x0) / Double(PANGO_SCALE)
    }

    /// `span` with its emoji sequences written as the bundled faces draw them: a flag as its
    /// country code in a span of its own, set on a capsule (`flagChip`).
    /// An emoji no bundled face draws becomes its name (`lobster`) on a capsule, when `covers`
    /// says which characters the faces draw.
    static func drawable(_ span: StyledSpan, covers: ((Unicode.Scalar) -> Bool)? = nil) -> [StyledSpan] {
        let pieces = EmojiSequences.pieces(span.text, covers: covers)
        if pieces.count == 1, !pieces[0].onChip {
            return pieces[0].text == span.text ? [span] : [StyledSpan(pieces[0].text, span.style)]
        }
        var out: [StyledSpan] = []
        for (i, piece) in pieces.enumerated() {
            // No-break narrow spaces pad the code inside its capsule and keep it whole; a zero-width
            // space after it lets a line break between two flags written without a space, never
            // inside one.
            guard piece.onChip else { out.append(StyledSpan(piece.text, span.style)); continue }
            let breakAfter = i + 1 < pieces.count && pieces[i + 1].onChip
            out.append(
                StyledSpan("\u{202F}" + piece.text + "\u{202F}" + (breakAfter ? "\u{200B}" : ""), flagChip(span.style)))
        }
        return out
    }

    /// The text of a set span as it was written: without the marks of where it may break, and a
    /// flag's code on its capsule is the flag again (an emoji's name on its capsule stays the
    /// name, which says what it was).
    public static func written(_ span: StyledSpan) -> String {
        guard span.style.onChip else { return LineBreaks.plain(span.text) }
        let letters = span.text.unicodeScalars.filter {
            $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == " " || $0 == "-"
        }
        guard letters.allSatisfy({ ("A"..."Z").contains($0) }) else { return String(String.UnicodeScalarView(letters)) }
        return EmojiSequences.flag(letters)
    }

    /// What a span of a drawn line shows in place of characters no bundled face has: the
    /// characters drawn as empty boxes, and the names of the emoji printed by name on a capsule
    /// (`EmojiSequences`: `lobster` for 🦞). A line set by `setParagraph` already holds the
    /// names, on spans of their own; a line drawn as written gets them when drawn.
    public func missingGlyphs(in span: StyledSpan) -> (boxes: [Unicode.Scalar], named: [String]) {
        var boxes: [Unicode.Scalar] = []
        var named: [String] = []
        for piece in span.style.onChip ? [span] : Self.drawable(span, covers: fontSet.covers) {
            if piece.style.onChip {
                // A flag's code is capitals (`JP`); an emoji's name is in lower case.
                let name = piece.text.filter { $0 != "\u{202F}" && $0 != "\u{200B}" }
                if name.contains(where: \.isLowercase) { named.append(name) }
            } else {
                boxes += fontSet.uncoveredScalars(in: piece.text)
            }
        }
        return (boxes, named)
    }

    /// `span` as the bundled faces draw it (`drawable`), emoji they lack named.
    private func drawable(_ span: StyledSpan) -> [StyledSpan] { Self.drawable(span, covers: fontSet.covers) }

    /// A flag's code: smaller, semibold and spaced, on a capsule tinted with the text's colour,
    /// so that a flag reads as a tag among the words, not as a word.
    static func flagChip(_ style: TextStyle) -> TextStyle {
        var chip = style
        chip.size = style.size * chipScale
        chip.weight = max(style.weight, 600)
        chip.tracking = max(style.tracking, 4)
        chip.onChip = true
        return chip
    }

    /// The size of a flag's code as a share of the text's, and its capsule's tint (the share of
    /// the text's colour over white).
    static let chipScale = 0.78
    static let chipTint = 0.14

    /// Whether `text` holds a line or paragraph separator, which starts a new line at any width.
    static func hasHardBreak(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0 == "\n" || $0 == "\r" || $0 == "\u{2028}" || $0 == "\u{2029}" }
    }

    /// Whether `text` holds right-to-left letters (Hebrew, Arabic, Syriac, Thaana, N'Ko, …) or
    /// explicit right-to-left marks.
    public static func hasRightToLeft(_ text: String) -> Bool {
        text.unicodeScalars.contains(where: isRightToLeft)
    }

    private static func isRightToLeft(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF,
            0x200F, 0x202B, 0x202E, 0x2067, 0x061C:
            return true
        default: return false
        }
    }

    /// Arabic-Indic and Extended Arabic-Indic digits, and the Arabic decimal and thousands
    /// separators: numbers, whose direction is weak.
    public static func isArabicIndicNumber(_ s: Unicode.Scalar) -> Bool {
        (0x0660...0x066C).contains(s.value) || (0x06F0...0x06F9).contains(s.value)
    }

    /// The advance width of `spans` set on one line.
    ///
    /// Text that is usually set right after being measured (an ellipsized title that fits, a
    /// map label) is measured as a paragraph, so setting it reuses the shaping; the widths are
    /// the same, as long as no trailing space or break would be trimmed from the set line and
    /// no right-to-left run needs the line measured on its own.
    public func advance(of spans: [StyledSpan]) -> Double {
        NativeTextLock.lock()
        defer { NativeTextLock.unlock() }
        let text = spans.map(\.text).joined()
        if let last = text.unicodeScalars.last, !last.properties.isWhitespace,
            !Self.hasHardBreak(text),
            !Self.hasRightToLeft(text)
        {
            return setParagraph(spans, width: nil).map(\.width).max() ?? 0
        }
        return measuredAdvance(of: spans)
    }

    /// Where the span at `index` of a set line (`SetLine.spans`) is drawn: its left edge from the
    /// line's left edge, and its width. Read from the line as drawn, so a span inside a
    /// right-to-left line (an address in a Hebrew note) is found where its glyphs are, which is
    /// not where the spans before it end.
    public func extent(ofSpan index: Int, in spans: [StyledSpan]) -> (x: Double, width: Double) {
        NativeTextLock.lock()
        defer { NativeTextLock.unlock() }
        guard spans.indices.contains(index) else { return (0, 0) }
        let cached = cache.line(for: spans)
        let layout = cached == nil ? makeLayout(spans) : nil
        defer { if let layout { g_object_unref(UnsafeMutableRawPointer(layout)) } }
        guard let line = cached ?? layout.flatMap({ pango_layout_get_line_readonly($0, 0) }) else { return (0, 0) }
        var at = Int(line.pointee.start_index) + spans[..<index].reduce(0) { $0 + $1.text.utf8.count }
        var lo = Int32.max, hi = Int32.min
        // Both edges of every character: a run's order on the line is not its order in the text.
        for c in spans[index].text {
            for trailing: Int32 in [0, 1] {
                var x: Int32 = 0
                pango_layout_line_index_to_x(line, Int32(at), trailing, &x)
                lo = min(lo, x)
                hi = max(hi, x)
            }
            at += c.utf8.count
        }
        guard lo <= hi else { return (0, 0) }
        return (Double(lo) / Double(PANGO_SCALE), Double(hi - lo) / Double(PANGO_SCALE))
    }

    /// The advance width of `spans` from a layout of their own (not kept).
    private func measuredAdvance(of spans: [StyledSpan]) -> Double {
        let layout = makeLayout(spans.flatMap(drawable))
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        // Line by line rather than `pango_layout_get_extents`: the layout's extents also need
        // each font's line height, which Pango works out by shaping a sample sentence per font
        // and size (a tenth of a one-document run); a line's own extents do not.
        var widest: Int32 = 0
        for i in 0..<pango_layout_get_line_count(layout) {
            var logical = PangoRectangle()
            pango_layout_line_get_extents(pango_layout_get_line_readonly(layout, i), nil, &logical)
            widest = max(widest, logical.width)
        }
        return Double(widest) / Double(PANGO_SCALE)
    }

    /// Shortens a span with an ellipsis in the middle (URLs: both ends matter) or at the end
    /// so that it fits `width`; returns it unchanged when it already fits.
    public func ellipsize(_ span: StyledSpan, width: Double, middle: Bool) -> StyledSpan {
        NativeTextLock.lock()
        defer { NativeTextLock.unlock() }
        // What it returns may be drawn as it is (a running header): in the form the faces draw,
        // but for flags, which stay flags (one character each, never cut) so that setting or
        // drawing the result puts each on its capsule.
        let span = StyledSpan(EmojiSequences.drawableKeepingFlags(span.text), span.style)
        guard advance(of: [span]) > width else { return span }
        // The probes below are one-off strings: measured without filling the paragraph cache.
        let chars = Array(span.text)
        func shortened(keeping n: Int) -> StyledSpan {
            let text: String
            if middle {
                let head = (n + 1) / 2
                text = String(chars[..<head]) + "…" + String(chars[(chars.count - (n - head))...])
            } else {
                text = String(chars[..<n]) + "…"
            }
            return StyledSpan(text, span.style)
        }
        // Binary search for the most characters that still fit.
        var lo = 0, hi = chars.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if measuredAdvance(of: [shortened(keeping: mid)]) <= width { lo = mid } else { hi = mid - 1 }
        }
        // An end cut at a word's end where one is near (`La Liga Santander…`, not `…Profes…`):
        // back to the last space in the second half of what fits; a single long word, or an
        // address cut in its middle, keeps every character that fits.
        if !middle, lo < chars.count, !chars[lo].isWhitespace,
            let space = chars[..<lo].lastIndex(where: \.isWhitespace), space >= lo / 2
        {
            var end = space
            while end > 0, chars[end - 1].isWhitespace || [",", "·", ";", ":", "–", "-", "→"].contains(chars[end - 1]) {
                end -= 1
            }
            if end > 0 { return shortened(keeping: end) }
        }
        return shortened(keeping: lo)
    }

    /// The CSS half-leading line box for a line holding these styles: (baseline from top, height).
    public func lineBox(_ styles: [TextStyle]) -> (baseline: Double, height: Double) {
        NativeTextLock.lock()
        defer { NativeTextLock.unlock() }
        var height = 0.0, baseline = 0.0
        for style in styles {
            let m = metrics(style)
            height = max(height, style.lineHeight)
            baseline = max(baseline, (style.lineHeight - (m.ascent + m.descent)) / 2 + m.ascent)
        }
        return (baseline, height)
    }

    /// The font's ascent and descent at the style's size, in points: what Pango's context
    /// metrics report (see `FontMetrics`), measured once per family, weight, style and size.
    public func metrics(_ style: TextStyle) -> (ascent: Double, descent: Double) {
        NativeTextLock.lock()
        defer { NativeTextLock.unlock() }
        let key = MetricsKey(family: style.family, weight: style.weight, italic: style.italic, size: style.size)
        if let cached = metricsCache[key] { return cached }
        let desc = fontDescription(style)
        defer { pango_font_description_free(desc) }
        let m = FontMetrics.lineExtents(context: context, fontMap: fontMap, description: desc)
        let value = (Double(m.ascent) / Double(PANGO_SCALE), Double(m.descent) / Double(PANGO_SCALE))
        metricsCache[key] = value
        return value
    }

    /// Draws one set line with its baseline at (x, baseline) on a Cairo context.
    public func draw(_ spans: [StyledSpan], on cr: OpaquePointer, x: Double, baseline: Double) {
        NativeTextLock.lock()
        defer { NativeTextLock.unlock() }
        guard !spans.isEmpty else { return }
        if let line = cache.line(for: spans) {
            drawChips(spans, line: line, on: cr, x: x, baseline: baseline)
            cairo_move_to(cr, x, baseline)
            pango_cairo_show_layout_line(cr, line)
            return
        }
        let drawn = spans.flatMap(drawable)
        let layout = makeLayout(drawn)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        guard let line = pango_layout_get_line_readonly(layout, 0) else { return }
        drawChips(drawn, line: line, on: cr, x: x, baseline: baseline)
        cairo_move_to(cr, x, baseline)
        pango_cairo_show_layout_line(cr, line)
    }

    /// The capsules under the flag codes of a line whose spans are `spans`, before its glyphs.
    /// A code is found by its bytes in the layout (the line's spans start at the line's start
    /// index) and drawn where its runs are, in visual order, so it follows right-to-left text.
    private func drawChips(
        _ spans: [StyledSpan], line: UnsafeMutablePointer<PangoLayoutLine>, on cr: OpaquePointer,
        x: Double, baseline: Double
    ) {
        guard spans.contains(where: \.style.onChip) else { return }
        var chips: [(range: Range<Int>, style: TextStyle, minX: Double, maxX: Double, top: Double)] = []
        var offset = Int(line.pointee.start_index)
        for span in spans {
            let n = span.text.utf8.count
            if span.style.onChip { chips.append((offset..<(offset + n), span.style, .infinity, -.infinity, 0)) }
            offset += n
        }
        var runX = x
        var node = line.pointee.runs
        while let n = node {
            let run = n.pointee.data.assumingMemoryBound(to: PangoGlyphItem.self)
            let item = run.pointee.item!
            let width = Double(pango_glyph_string_get_width(run.pointee.glyphs)) / Double(PANGO_SCALE)
            let start = Int(item.pointee.offset)
            if let i = chips.firstIndex(where: { $0.range.contains(start) }) {
                var ink = PangoRectangle(), logical = PangoRectangle()
                pango_glyph_string_extents(run.pointee.glyphs, item.pointee.analysis.font, &ink, &logical)
                chips[i].minX = min(chips[i].minX, runX)
                chips[i].maxX = max(chips[i].maxX, runX + width)
                chips[i].top = min(chips[i].top, Double(ink.y) / Double(PANGO_SCALE))
            }
            runX += width
            node = n.pointee.next
        }
        for var chip in chips where chip.maxX > chip.minX {
            // From above the letters to just below the baseline, as round as it is tall, and a
            // little inside its padding spaces, so that two flags side by side are two capsules.
            let pad = chip.style.size * 0.22, inset = chip.style.size * 0.1
            let top = baseline + chip.top - pad, bottom = baseline + pad
            let r = (bottom - top) / 2
            chip.minX += inset
            chip.maxX = max(chip.minX + 2 * r, chip.maxX - inset)
            let c = chip.style.color, t = Self.chipTint
            cairo_save(cr)
            cairo_new_sub_path(cr)
            cairo_arc(cr, chip.minX + r, top + r, r, .pi / 2, 3 * .pi / 2)
            cairo_arc(cr, chip.maxX - r, top + r, r, -.pi / 2, .pi / 2)
            cairo_close_path(cr)
            cairo_set_source_rgb(cr, 1 - t + t * c.red, 1 - t + t * c.green, 1 - t + t * c.blue)
            cairo_fill(cr)
            cairo_restore(cr)
        }
    }

    /// Strokes the glyph outlines of one set line (round joins), for a halo drawn under the text.
    /// It uses the line shaped during layout when there is one, so the halo matches the glyphs.
    public func drawOutline(
        _ spans: [StyledSpan], on cr: OpaquePointer, x: Double, baseline: Double, color: Color, width: Double
    ) {
        NativeTextLock.lock()
        defer { NativeTextLock.unlock() }
        guard !spans.isEmpty, width > 0 else { return }
        cairo_save(cr)
        cairo_new_path(cr)
        appendOutline(spans, to: cr, x: x, baseline: baseline)
        cairo_set_source_rgb(cr, color.red, color.green, color.blue)
        cairo_set_line_width(cr, width)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_stroke(cr)
        cairo_restore(cr)
    }

    /// Adds the glyph outlines of one set line, its baseline starting at (`x`, `baseline`), to
    /// `cr`'s path: what `drawOutline` strokes, for a writer that strokes them itself. Like
    /// `drawOutline`, it uses the line shaped during layout when there is one.
    public func appendOutline(_ spans: [StyledSpan], to cr: OpaquePointer, x: Double, baseline: Double) {
        NativeTextLock.lock()
        defer { NativeTextLock.unlock() }
        guard !spans.isEmpty else { return }
        let cached = cache.line(for: spans)
        let layout = cached == nil ? makeLayout(spans) : nil
        defer { if let layout { g_object_unref(UnsafeMutableRawPointer(layout)) } }
        guard let line = cached ?? layout.flatMap({ pango_layout_get_line_readonly($0, 0) }) else { return }
        cairo_move_to(cr, x, baseline)
        pango_cairo_layout_line_path(cr, line)
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

    /// How many glyphs of `spans` no bundled font could draw (tofu boxes).
    public func unknownGlyphCount(_ spans: [StyledSpan]) -> Int {
        NativeTextLock.lock()
        defer { NativeTextLock.unlock() }
        let layout = makeLayout(spans)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        return Int(pango_layout_get_unknown_glyphs_count(layout))
    }

    private func makeLayout(_ spans: [StyledSpan]) -> OpaquePointer {
        let layout = pango_layout_new(context)!
        let text = spans.map(\.text).joined()
        pango_layout_set_text(layout, text, Int32(text.utf8.count))
        let attrs = pango_attr_list_new()
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
                insert(pango_attr_font_features_new(style.features), into: attrs, start, end)
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

    private func insert(
        _ attr: UnsafeMutablePointer<PangoAttribute>?, into list: OpaquePointer?, _ start: UInt32, _ end: UInt32
    ) {
        guard let attr else { return }
        attr.pointee.start_index = start
        attr.pointee.end_index = end
        pango_attr_list_insert(list, attr)
    }

    /// Starts Pango's font matching for each of `styles` now. Pango 1.50 matches and sorts the
    /// fonts of each new font description on two threads of their own, and the first text set
    /// in that description waits for them: one after another, a few tenths of a millisecond
    /// each, forty-odd times in a document. Asked up front, they run beside the layout that
    /// follows instead (the fonts chosen are the same: only when the matching happens moves).
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

    private func channel(_ v: Double) -> UInt16 { UInt16((min(max(v, 0), 1) * 65535).rounded()) }
}
