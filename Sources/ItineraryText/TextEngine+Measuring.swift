/// What the layout asks of the text engine besides breaking: widths, where a span is drawn, a
/// span shortened to fit, line boxes and font metrics.
import CCairo

extension TextEngine {
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
        guard let line = cached ?? layout.flatMap({ Self.line($0, 0) }) else { return (0, 0) }
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

    /// The width of the widest piece of `spans` that no line may break inside: the least width
    /// in which the text wraps only where its line-breaking rules allow (between words, after a
    /// hyphen), never between two letters. Spaces at a piece's end take no room.
    public func widestUnbreakable(_ spans: [StyledSpan]) -> Double {
        NativeTextLock.lock()
        defer { NativeTextLock.unlock() }
        // The paragraph set on one line is usually cached already (its natural width was just
        // measured): its layout is shaped, and its text is the text as set.
        let spans = spans.filter { !$0.text.isEmpty }
        let cached = cache.layout(for: ParagraphCache.Key(spans: ExactSpans(spans), width: nil))
        let layout = cached ?? makeLayout(spans.flatMap(drawable))
        defer { if cached == nil { g_object_unref(UnsafeMutableRawPointer(layout)) } }
        var count: Int32 = 0
        guard let attrs = pango_layout_get_log_attrs_readonly(layout, &count), let bytes = pango_layout_get_text(layout)
        else { return 0 }
        let text = String(cString: bytes)
        var widest: Int32 = 0, piece: Int32 = 0
        var index: Int32 = 0
        // A piece's width is the sum of its characters' advances as set: in mixed directions
        // its characters need not be side by side on the line (`(CAI)` in an Arabic place).
        for (i, scalar) in text.unicodeScalars.enumerated() {
            if i > 0, i < Int(count), attrs[i].is_line_break != 0 {
                widest = max(widest, piece)
                piece = 0
            }
            if !scalar.properties.isWhitespace || scalar == "\u{00A0}" {
                var rect = PangoRectangle()
                pango_layout_index_to_pos(layout, index, &rect)
                piece += abs(rect.width)
            }
            index += Int32(scalar.utf8.count)
        }
        widest = max(widest, piece)
        return Double(widest) / Double(PANGO_SCALE)
    }

    /// The advance width of `spans` from a layout of their own (not kept).
    func measuredAdvance(of spans: [StyledSpan]) -> Double {
        let layout = makeLayout(spans.flatMap(drawable))
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        // Line by line rather than `pango_layout_get_extents`: the layout's extents also need
        // each font's line height, which Pango works out by shaping a sample sentence per font
        // and size (a tenth of a one-document run); a line's own extents do not.
        var widest: Int32 = 0
        for i in 0..<pango_layout_get_line_count(layout) {
            var logical = PangoRectangle()
            pango_layout_line_get_extents(Self.line(layout, i), nil, &logical)
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
        var end = lo
        if !middle, lo < chars.count, !chars[lo].isWhitespace,
            let space = chars[..<lo].lastIndex(where: \.isWhitespace), space >= lo / 2
        {
            end = space
        }
        // Nor does it end on what joins it to the words cut (`Pitches —…`, `Boston →…`).
        while !middle, end > 0,
            chars[end - 1].isWhitespace
                || [",", "·", ";", ":", "—", "–", "-", "→", "←", "&", "/"].contains(chars[end - 1])
        {
            end -= 1
        }
        if !middle, end > 0 { return shortened(keeping: end) }
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

    /// How many glyphs of `spans` no bundled font could draw (tofu boxes).
    public func unknownGlyphCount(_ spans: [StyledSpan]) -> Int {
        NativeTextLock.lock()
        defer { NativeTextLock.unlock() }
        let layout = makeLayout(spans)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        return Int(pango_layout_get_unknown_glyphs_count(layout))
    }
}
