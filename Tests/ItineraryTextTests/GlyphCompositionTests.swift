/// Shaping with the fonts' glyph composition (`ccmp`) off where it cannot change the glyphs:
/// which text qualifies, and that Inter's faces give the same glyphs either way.
import CCairo
@testable import ItineraryText
import Testing
import TestSupport

extension TextEngine {
    /// Each glyph of `spans` set on one line, with its advance and offsets (Pango units), and
    /// with `clusters` the byte of the paragraph its cluster starts at. `skippingComposition`
    /// nil: as the engine decides (`GlyphComposition`).
    func glyphs(_ spans: [StyledSpan], skippingComposition: Bool? = nil, clusters: Bool = false) -> [[Int32]] {
        NativeTextLock.lock()
        defer { NativeTextLock.unlock() }
        let layout = makeLayout(spans, skippingComposition: skippingComposition)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        var out: [[Int32]] = []
        for i in 0..<pango_layout_get_line_count(layout) {
            var node = pango_layout_get_line_readonly(layout, i)?.pointee.runs
            while let n = node {
                let run = n.pointee.data.assumingMemoryBound(to: PangoGlyphItem.self).pointee
                let glyphs = run.glyphs!.pointee
                for g in 0..<Int(glyphs.num_glyphs) {
                    let info = glyphs.glyphs[g]
                    let row = [
                        Int32(bitPattern: info.glyph), info.geometry.width, info.geometry.x_offset,
                        info.geometry.y_offset,
                    ]
                    out.append(clusters ? row + [run.item.pointee.offset + glyphs.log_clusters[g]] : row)
                }
                node = n.pointee.next
            }
        }
        return out
    }

    /// The font features Pango applies at byte `index` of the layout of `spans`.
    func features(_ spans: [StyledSpan], at index: Int32) -> String? {
        NativeTextLock.lock()
        defer { NativeTextLock.unlock() }
        let layout = makeLayout(spans)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let iterator = pango_attr_list_get_iterator(pango_layout_get_attributes(layout))
        defer { pango_attr_iterator_destroy(iterator) }
        repeat {
            var start: Int32 = 0, end: Int32 = 0
            pango_attr_iterator_range(iterator, &start, &end)
            guard start <= index, index < end else { continue }
            guard let attr = pango_attr_iterator_get(iterator, PANGO_ATTR_FONT_FEATURES) else { return nil }
            return String(
                cString: UnsafeRawPointer(attr).assumingMemoryBound(to: PangoAttrFontFeatures.self).pointee.features)
        } while pango_attr_iterator_next(iterator) != 0
        return nil
    }
}

@Suite("Glyph composition")
struct GlyphCompositionTests {
    private func style(
        family: String = "Inter", weight: Int = 400, italic: Bool = false, features: String = ""
    )
        -> TextStyle
    {
        TextStyle(family: family, weight: weight, italic: italic, size: 10, lineHeight: 14, features: features)
    }

    @Test("text in Inter without marks, private-use characters or spacing accents qualifies; anything else does not")
    func qualifies() {
        let inter = style()
        for text in [
            "Fenway Park · Jun 12 – 21, 2026 → 7:05 PM", "Zürich Hauptbahnhof", "Łódź, Kraków", "Hà Nội", "€ 1.234,50",
        ] {
            #expect(TextEngine.skipsComposition([StyledSpan(text, inter)]), "\(text)")
        }
        for text in [
            "Cafe\u{301}", "A\u{20DD}", "x\u{E115}", "5^2", "Don`t", "a\u{A8}", "東京", "תל אביב", "ŉ", "Ǆ", "κ",
        ] {
            #expect(!TextEngine.skipsComposition([StyledSpan(text, inter)]), "\(text.unicodeScalars.map(\.value))")
        }
        #expect(!TextEngine.skipsComposition([StyledSpan("Fenway", style(family: "Noto Sans"))]))
        #expect(
            !TextEngine.skipsComposition([StyledSpan("Fenway ", inter), StyledSpan("Park", style(family: "Noto Sans"))])
        )
    }

    @Test("a qualifying paragraph is shaped with ccmp off, and a span's own features keep theirs beside it")
    func featuresApplied() throws {
        let engine = TextEngine(fontSet: try FontSet(directory: TestPaths.fonts))
        let spans = [StyledSpan("Gate ", style()), StyledSpan("12", style(features: "tnum"))]
        #expect(engine.features(spans, at: 0) == "ccmp=0")
        #expect(engine.features(spans, at: 5) == "tnum,ccmp=0")
        let marked = [StyledSpan("Cafe\u{301} ", style()), StyledSpan("12", style(features: "tnum"))]
        #expect(engine.features(marked, at: 0) == nil)
        #expect(engine.features(marked, at: 8) == "tnum")
    }

    /// Every qualifying character after each letter that begins one of Inter's composed glyphs,
    /// in each face: the glyphs, advances and offsets are the same with `ccmp` off. A new
    /// version of the fonts that composes without a mark fails here.
    @Test("Inter's faces give the same glyphs with ccmp off for every qualifying character after every letter")
    func sameGlyphs() throws {
        let engine = TextEngine(fontSet: try FontSet(directory: TestPaths.fonts))
        let qualifying =
            (0x20...0x1EFF).compactMap(Unicode.Scalar.init).filter(TextEngine.isCompositionFree)
            + (0x2000...0x21FF).compactMap(Unicode.Scalar.init).filter(TextEngine.isCompositionFree)
        #expect(qualifying.count > 600)
        let faces = [(400, false), (500, false), (600, false), (700, false), (400, true), (700, true)]
        for base in "AaEeIiOoUuYyNnSsRrTtGgCcDdLlZz\u{131}" {
            var text = ""
            for s in qualifying where s.value > 0x20 { text += String(base) + String(Character(s)) + " " }
            for (weight, italic) in faces {
                for features in ["", "tnum"] {
                    let spans = [StyledSpan(text, style(weight: weight, italic: italic, features: features))]
                    #expect(TextEngine.skipsComposition(spans))
                    let on = engine.glyphs(spans, skippingComposition: false)
                    let off = engine.glyphs(spans, skippingComposition: true)
                    #expect(!on.isEmpty && on == off, "\(base) weight \(weight) italic \(italic) \(features)")
                }
            }
        }
    }
}
