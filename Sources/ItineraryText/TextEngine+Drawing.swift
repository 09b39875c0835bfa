/// What the renderers ask of the text engine: a set line drawn (with the capsules under flag
/// codes and emoji names), or its glyph outlines for a halo.
import CCairo

extension TextEngine {
    /// Draws one set line with its baseline at (x, baseline) on a Cairo context.
    public func draw(_ spans: [StyledSpan], on cr: OpaquePointer, x: Double, baseline: Double) {
        NativeTextLock.lock()
        defer { NativeTextLock.unlock() }
        guard !spans.isEmpty else { return }
        if let line = cache.line(for: spans) {
            drawChips(spans, line: line, on: cr, x: x, baseline: baseline)
            cairo_move_to(cr, x, baseline)
            pango_cairo_show_layout_line(cr, line)
            strokeSingleWeightBold(spans, line: line, on: cr, x: x, baseline: baseline)
            return
        }
        let drawn = spans.flatMap(drawable)
        let layout = makeLayout(drawn)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        guard let line = Self.line(layout, 0) else { return }
        drawChips(drawn, line: line, on: cr, x: x, baseline: baseline)
        cairo_move_to(cr, x, baseline)
        pango_cairo_show_layout_line(cr, line)
        strokeSingleWeightBold(drawn, line: line, on: cr, x: x, baseline: baseline)
    }

    /// The capsules under the flag codes of a line whose spans are `spans`, before its glyphs.
    /// A code is found by its bytes in the layout (the line's spans start at the line's start
    /// index) and drawn where its runs are, in visual order, so it follows right-to-left text.
    func drawChips(
        _ spans: [StyledSpan], line: UnsafeMutablePointer<PangoLayoutLine>, on cr: OpaquePointer,
        x: Double, baseline: Double
    ) {
        guard spans.contains(where: \.style.onChip) else { return }
        var chips: [(range: Range<Int>, style: TextStyle, minX: Double, maxX: Double, top: Double)] =
            Self.byteRanges(of: spans, in: line).filter(\.style.onChip).map {
                ($0.range, $0.style, .infinity, -.infinity, 0)
            }
        Self.forEachRun(of: line, from: x) { run, runX, width in
            let item = run.pointee.item!
            let start = Int(item.pointee.offset)
            if let i = chips.firstIndex(where: { $0.range.contains(start) }) {
                var ink = PangoRectangle(), logical = PangoRectangle()
                pango_glyph_string_extents(run.pointee.glyphs, item.pointee.analysis.font, &ink, &logical)
                chips[i].minX = min(chips[i].minX, runX)
                chips[i].maxX = max(chips[i].maxX, runX + width)
                chips[i].top = min(chips[i].top, Double(ink.y) / Double(PANGO_SCALE))
            }
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

    /// The byte range each of `spans` takes in the layout text of `line` (its spans start at the
    /// line's start index), with the span's style: what a run's offset is looked up in.
    static func byteRanges(
        of spans: [StyledSpan], in line: UnsafeMutablePointer<PangoLayoutLine>
    ) -> [(range: Range<Int>, style: TextStyle)] {
        var ranges: [(range: Range<Int>, style: TextStyle)] = []
        var offset = Int(line.pointee.start_index)
        for span in spans {
            let n = span.text.utf8.count
            ranges.append((offset..<(offset + n), span.style))
            offset += n
        }
        return ranges
    }

    /// Calls `body` with each run of `line` in visual order, the x it starts at (the line
    /// starting at `x`) and its width.
    static func forEachRun(
        of line: UnsafeMutablePointer<PangoLayoutLine>, from x: Double,
        _ body: (UnsafeMutablePointer<PangoGlyphItem>, Double, Double) -> Void
    ) {
        var runX = x
        var node = line.pointee.runs
        while let n = node {
            let run = n.pointee.data.assumingMemoryBound(to: PangoGlyphItem.self)
            let width = Double(pango_glyph_string_get_width(run.pointee.glyphs)) / Double(PANGO_SCALE)
            body(run, runX, width)
            runX += width
            node = n.pointee.next
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
        guard let line = cached ?? layout.flatMap({ Self.line($0, 0) }) else { return }
        cairo_move_to(cr, x, baseline)
        pango_cairo_layout_line_path(cr, line)
    }
}
