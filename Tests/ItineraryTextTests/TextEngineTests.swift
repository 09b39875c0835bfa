/// Shaping and line breaking with the hermetic fonts.
import Foundation
import CCairo
import ItineraryText
import Testing
import TestSupport

private var fonts: Result<FontSet, FontSetError> {
    Result { () throws(FontSetError) in try FontSet(directory: TestPaths.fonts) }
}
private let style = TextStyle(family: "Inter", size: 9, lineHeight: 13)

@Suite("Text engine")
struct TextEngineTests {
    @Test func linesNeverExceedTheWidth() throws {
        let engine = TextEngine(fontSet: try fonts.get())
        let url = "https://tickets.example.com/" + String(repeating: "segment-", count: 40)
        let prose = String(repeating: "Tailgating in the Uecker lot opens three hours before first pitch. ", count: 10)
        for text in [url, prose] {
            let lines = engine.setParagraph([StyledSpan(text, style)], width: 200)
            #expect(lines.count > 1)
            #expect(lines.allSatisfy { $0.width <= 200.01 })
            // Nothing is lost in the breaking but the spaces at the breaks (and the marks of
            // where a break may or may not go, which draw nothing).
            #expect(LineBreaks.plain(lines.map(\.text).joined()).filter { $0 != " " } == text.filter { $0 != " " })
        }
    }

    @Test("fonts prepared up front set text exactly as fonts matched on first use")
    func preparedFonts() throws {
        let styles = [style, TextStyle(family: "Inter", weight: 700, size: 14, lineHeight: 18), style]
        let prepared = TextEngine(fontSet: try fonts.get())
        prepared.prepareFonts(for: styles)
        let plain = TextEngine(fontSet: try fonts.get())
        for s in styles {
            let spans = [StyledSpan("Wrigley Field · 東京ドーム · ملعب", s)]
            #expect(prepared.setParagraph(spans, width: 150) == plain.setParagraph(spans, width: 150))
            #expect(prepared.advance(of: spans) == plain.advance(of: spans))
        }
    }

    @Test(
        "a token too long for the line breaks with no hyphen drawn: each line is exactly as wide as its own characters",
        arguments: ["abcdefghijklmnopqrstuvwxyz", "HZ48213QWERTY", "1234567890"])
    func noInsertedHyphens(unit: String) throws {
        let engine = TextEngine(fontSet: try fonts.get())
        let token = String(repeating: unit, count: 8)
        let lines = engine.setParagraph([StyledSpan(token, style)], width: 120)
        #expect(lines.count > 1)
        // (Less the break marks a code gets where its letters and digits take turns.)
        #expect(LineBreaks.plain(lines.map(\.text).joined()) == token)
        // A hyphen Pango drew at a break would widen the line beyond its characters.
        for line in lines {
            #expect(abs(line.width - engine.advance(of: line.spans)) < 0.01, "\(line.text): \(line.width)")
        }
    }

    @Test(
        "a paragraph that fits on one line is shaped once for every width it fits, and gives what breaking at that width gives"
    )
    func oneLineAtAnyWidth() throws {
        let engine = TextEngine(fontSet: try fonts.get())
        let span = StyledSpan("Chicago Cubs", style)
        let natural = engine.setParagraph([span], width: nil)
        #expect(engine.cachedParagraphCount == 1)
        // Wider than the line: served from the natural-width paragraph, nothing new is set.
        #expect(engine.setParagraph([span], width: 200) == natural)
        #expect(engine.setParagraph([span], width: natural[0].width + 0.01) == natural)
        #expect(engine.cachedParagraphCount == 1)
        // Narrower: broken at that width, a paragraph of its own.
        #expect(engine.setParagraph([span], width: natural[0].width * 0.7).count > 1)
        #expect(engine.cachedParagraphCount == 2)
        // Set first at a width, a one-line paragraph also answers its natural width, and a fresh
        // engine gives the same lines either way.
        let other = StyledSpan("Milwaukee Brewers", style)
        let atWidth = engine.setParagraph([other], width: 300)
        #expect(engine.setParagraph([other], width: nil) == atWidth)
        #expect(engine.cachedParagraphCount == 4)
        let fresh = TextEngine(fontSet: try fonts.get())
        #expect(fresh.setParagraph([other], width: nil) == atWidth)
        #expect(fresh.setParagraph([span], width: 200) == natural)
        // A line ending in a space or holding a hard break is never reused across widths.
        #expect(engine.setParagraph([StyledSpan("Chicago\nCubs", style)], width: 300).count == 2)
    }

    @Test("broken paragraphs are kept between documents up to the capacity")
    func paragraphCacheIsBounded() throws {
        let engine = TextEngine(fontSet: try fonts.get())
        engine.paragraphCapacity = 10
        func set(_ range: Range<Int>) -> [[SetLine]] {
            range.map { engine.setParagraph([StyledSpan("Paragraph number \($0) of the trip", style)], width: 80) }
        }
        // One document larger than the capacity: nothing of it is kept.
        _ = set(0..<30)
        #expect(engine.cachedParagraphCount == 30)
        engine.finishDocument()
        #expect(engine.cachedParagraphCount == 0)
        // Small documents are kept; over capacity, only the last document's paragraphs stay.
        let first = set(0..<5)
        engine.finishDocument()
        #expect(engine.cachedParagraphCount == 5)
        #expect(set(0..<5) == first)
        engine.finishDocument()
        _ = set(100..<108)
        engine.finishDocument()
        #expect(engine.cachedParagraphCount == 8)
        // A kept paragraph gives exactly what breaking it afresh gives.
        let again = set(100..<108)
        engine.clearCache()
        #expect(engine.cachedParagraphCount == 0)
        #expect(set(100..<108) == again)
    }

    @Test("line boxes follow the CSS half-leading model")
    func lineBox() throws {
        let engine = TextEngine(fontSet: try fonts.get())
        let m = engine.metrics(style)
        // Inter: ascender 0.96875 em, descender 0.2415 em.
        #expect(abs(m.ascent - 9 * 0.96875) < 0.05)
        let box = engine.lineBox([style])
        #expect(box.height == 13)
        #expect(abs(box.baseline - ((13 - m.ascent - m.descent) / 2 + m.ascent)) < 0.0001)
    }

    @Test("fallback fonts draw Greek, Arabic, Hebrew and CJK; the rest is reported")
    func coverage() throws {
        let fontSet = try fonts.get()
        let engine = TextEngine(fontSet: fontSet)
        for sample in ["Zürich", "Αθήνα", "الرياض", "תל אביב", "東京ドーム"] {
            #expect(engine.unknownGlyphCount([StyledSpan(sample, style)]) == 0, "\(sample)")
            #expect(fontSet.uncoveredScalars(in: sample).isEmpty)
        }
        #expect(fontSet.uncoveredScalars(in: "a\u{16A0}b\u{16A0}").map(\.value) == [0x16A0])
    }

    @Test func ellipsizeKeepsBothEnds() throws {
        let engine = TextEngine(fontSet: try fonts.get())
        let span = StyledSpan("tickets.example.com/orders/" + String(repeating: "X", count: 200) + "/end", style)
        let short = engine.ellipsize(span, width: 150, middle: true)
        #expect(engine.advance(of: [short]) <= 150)
        #expect(short.text.hasPrefix("tickets.ex"))
        #expect(short.text.hasSuffix("/end"))
        #expect(short.text.contains("…"))
    }
}

@Suite("Hermetic fonts")
struct HermeticFontTests {
    /// This machine has Noto Sans Arabic installed system-wide; a font set of Inter alone must
    /// still not draw Arabic, or system fonts are leaking in.
    @Test("only the font directory's files are used, never the system's")
    func noSystemFonts() throws {
        let dir = TestPaths.scratch("inter-only")
        try FileManager.default.copyItem(
            atPath: TestPaths.fonts + "/Inter-Regular.ttf",
            toPath: dir.appendingPathComponent("Inter-Regular.ttf").path)
        let fontSet = try FontSet(directory: dir.path)
        #expect(fontSet.files == ["Inter-Regular.ttf"])
        let engine = TextEngine(fontSet: fontSet)
        let arabic = StyledSpan("الرياض", style)
        #expect(engine.unknownGlyphCount([arabic]) > 0)
        #expect(!fontSet.uncoveredScalars(in: arabic.text).isEmpty)
        #expect(engine.unknownGlyphCount([StyledSpan("Zürich", style)]) == 0)
    }

    @Test func missingOrEmptyDirectoriesAreClearErrors() throws {
        #expect(throws: FontSetError.missingDirectory("/nonexistent/fonts")) {
            try FontSet(directory: "/nonexistent/fonts")
        }
        let empty = TestPaths.scratch("no-fonts")
        #expect(throws: FontSetError.noFonts(empty.path)) { try FontSet(directory: empty.path) }
        #expect(FontSetError.missingDirectory("x").description.contains("make fonts"))
    }

    @Test("a font set missing a file its lock pins is refused")
    func incompleteSet() throws {
        let dir = TestPaths.scratch("partial-fonts")
        for file in ["fonts.lock", "Inter-Regular.ttf"] {
            try FileManager.default.copyItem(
                atPath: TestPaths.fonts + "/" + file, toPath: dir.appendingPathComponent(file).path)
        }
        do {
            _ = try FontSet(directory: dir.path)
            Issue.record("an incomplete font set loaded")
        } catch {
            guard case let .incomplete(_, missing) = error else { Issue.record("wrong error \(error)"); return }
            #expect(missing.contains("Inter-Bold.ttf"))
            #expect(!missing.contains("Inter-Regular.ttf"))
        }
    }
}

extension HermeticFontTests {
    /// A file left over in Fonts/ (an older lock's .otf, say) must not join the set.
    @Test("with a lock, only the files it pins are loaded")
    func leftoverFilesAreIgnored() throws {
        let dir = TestPaths.scratch("leftover-fonts")
        let all = try FileManager.default.contentsOfDirectory(atPath: TestPaths.fonts).filter {
            $0.hasSuffix(".ttf") || $0 == "fonts.lock"
        }
        for file in all {
            try FileManager.default.copyItem(
                atPath: TestPaths.fonts + "/" + file, toPath: dir.appendingPathComponent(file).path)
        }
        try FileManager.default.copyItem(
            atPath: TestPaths.fonts + "/Symbola_hint.ttf", toPath: dir.appendingPathComponent("Leftover.ttf").path)
        let fontSet = try FontSet(directory: dir.path)
        #expect(!fontSet.files.contains("Leftover.ttf"))
        #expect(fontSet.files.contains("Inter-Regular.ttf"))
        #expect(fontSet.files.count == all.count - 1)
    }
}

extension HermeticFontTests {
    /// The second load of a directory reads Fontconfig's scan cache; it must give the same set
    /// and the same shaping as the scan.
    @Test("a font set read from the scan cache equals the scanned one")
    func scanCache() throws {
        let dir = TestPaths.scratch("cached-fonts")
        for file in try FileManager.default.contentsOfDirectory(atPath: TestPaths.fonts)
        where file.hasSuffix(".ttf") || file == "fonts.lock" {
            try FileManager.default.copyItem(
                atPath: TestPaths.fonts + "/" + file, toPath: dir.appendingPathComponent(file).path)
        }
        let scanned = try FontSet(directory: dir.path)
        let caches = dir.appendingPathComponent(".fontconfig-cache").path
        // The scan's cache, and the record of the files checked against fonts.lock (FontLock).
        let first = try FileManager.default.contentsOfDirectory(atPath: caches).filter { $0 != "checked-fonts.tsv" }
        #expect(first.count == 1)
        let cacheFiles = try FileManager.default.contentsOfDirectory(atPath: caches + "/" + first[0])
        #expect(cacheFiles.contains { $0.contains(".cache-") })
        let cached = try FontSet(directory: dir.path)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: caches).filter { $0 != "checked-fonts.tsv" } == first)
        #expect(cached.files == scanned.files)
        #expect(cached.families == scanned.families)
        let text = [StyledSpan("Zürich → 東京ドーム · الرياض", style)]
        #expect(
            TextEngine(fontSet: cached).setParagraph(text, width: 120)
                == TextEngine(fontSet: scanned).setParagraph(text, width: 120))

        // A font rewritten in place leaves the directory's time alone, which is all Fontconfig
        // checks: the cache must still be set aside for a fresh scan.
        let file = dir.appendingPathComponent("Inter-Bold.ttf")
        try Data(contentsOf: file).write(to: file)
        _ = try FontSet(directory: dir.path)
        let second = try FileManager.default.contentsOfDirectory(atPath: caches).filter { $0 != "checked-fonts.tsv" }
        #expect(second.count == 1 && second != first)
    }
}

@Suite("Line widths")
struct LineWidthTests {
    /// setParagraph reads widths from the paragraph's shaping; they must equal measuring the
    /// line alone, or right-aligned and centred text would drift.
    @Test func paragraphWidthsMatchFreshMeasurement() throws {
        let engine = TextEngine(fontSet: try FontSet(directory: TestPaths.fonts))
        let plain = TextStyle(family: "Inter", size: 9, lineHeight: 13)
        let tracked = TextStyle(family: "Inter", weight: 600, size: 6.75, lineHeight: 9, tracking: 8, features: "tnum")
        let samples: [[StyledSpan]] = [
            [
                StyledSpan(
                    String(repeating: "Tailgating in the Uecker lot opens three hours before first pitch. ", count: 6),
                    plain)
            ],
            [
                StyledSpan("SECTION 121 · ROW 7 · SEATS 3–4 · CONFIRMATION HZ-48213 · ", tracked),
                StyledSpan("Check-in Sun, Jun 14 · 3:00 PM CDT → Detroit", plain),
            ],
            [
                StyledSpan("東京ドーム 読売ジャイアンツ 阪神タイガース 東京都文京区後楽1-3-61 ", plain),
                StyledSpan("Zürich → São Paulo → Montréal", tracked),
            ],
        ]
        for spans in samples {
            for line in engine.setParagraph(spans, width: 180) where !line.spans.isEmpty {
                #expect(abs(line.width - engine.advance(of: line.spans)) < 0.01, "\(line.text)")
            }
        }
    }
}

@Suite("Synthetic bold")
struct SyntheticBoldTests {
    /// Dark pixels of `text` drawn in `weight` at `size` on a surface of its own.
    private func ink(_ text: String, weight: Int, size: Double = 20, engine: TextEngine) -> Int {
        let width = Int32(size * 10), height = Int32(size * 2)
        let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, width, height)!
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr) }
        engine.draw(
            [StyledSpan(text, TextStyle(family: "Inter", weight: weight, size: size, lineHeight: size * 1.2))], on: cr,
            x: 4, baseline: size * 1.4)
        cairo_surface_flush(surface)
        let data = cairo_image_surface_get_data(surface)!
        let stride = Int(cairo_image_surface_get_stride(surface))
        var n = 0
        for y in 0..<Int(height) { for x in 0..<Int(width) where data[y * stride + x] > 128 { n += 1 } }
        return n
    }

    @Test(
        "CJK in a bold style is thickened from the CJK face's one weight, by less than fills 臺 in; a symbol face's is thickened"
    )
    func cjk() throws {
        let engine = TextEngine(fontSet: try fonts.get())
        let regular = ink("臺北 巨人", weight: 400, engine: engine), bold = ink("臺北 巨人", weight: 700, engine: engine)
        #expect(regular > 0)
        // Thickened like the Latin beside it (Droid Sans Fallback has one weight: its outlines
        // are stroked over it)…
        #expect(Double(bold) > Double(regular) * 1.2, "\(regular) → \(bold)")
        // …but not filled in: at title size a character of many strokes keeps its counters
        // (FreeType's synthetic bold, a twenty-fourth of the em, made `臺` a blot).
        let dense = ink("臺", weight: 400, size: 60, engine: engine),
            denseBold = ink("臺", weight: 700, size: 60, engine: engine)
        #expect(Double(denseBold) < Double(dense) * 1.6 && Double(denseBold) < 0.7 * 60 * 60, "\(dense) → \(denseBold)")
        let symbols = ink("★☂☃", weight: 400, engine: engine), boldSymbols = ink("★☂☃", weight: 700, engine: engine)
        #expect(symbols > 0)
        #expect(Double(boldSymbols) > Double(symbols) * 1.1, "\(symbols) → \(boldSymbols)")
        print("RATIOS", Double(boldSymbols) / Double(symbols))
    }
}

@Suite("Flag chips")
struct FlagChipTests {
    /// Pixels of `spans` drawn black on white that are neither white nor near-black: the chip's tint.
    private func tinted(_ spans: [StyledSpan], engine: TextEngine, columns: Range<Int> = 0..<300) -> Int {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 300, 40)!
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr) }
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        let line = engine.setParagraph(spans, width: nil)[0]
        engine.draw(line.spans, on: cr, x: 4, baseline: 28)
        cairo_surface_flush(surface)
        let data = cairo_image_surface_get_data(surface)!
        let stride = Int(cairo_image_surface_get_stride(surface))
        var n = 0
        for y in 0..<40 {
            for x in columns {
                let g = Int(data[y * stride + 4 * x + 1])
                // The tint (14 % black over white) is about 219; text edges are anti-aliased, so
                // only a narrow band round the tint counts.
                if (212...226).contains(g) { n += 1 }
            }
        }
        return n
    }

    @Test(
        "a flag is its country code set smaller on a tinted capsule of its own (half the size in display type); two flags are two capsules"
    )
    func chip() throws {
        let engine = TextEngine(fontSet: try fonts.get())
        // In a cover title's display type, half its size: a tag, not a word as big as the title's.
        let title = TextStyle(family: "Inter", weight: 700, size: 44, lineHeight: 46)
        let big = try #require(engine.setParagraph([StyledSpan("Tokyo 🇯🇵", title)], width: nil)[0].spans.last)
        #expect(big.style.onChip && big.style.size == 22, "\(big.style.size)")
        let style = TextStyle(family: "Inter", weight: 600, size: 16, lineHeight: 20)
        let lines = engine.setParagraph([StyledSpan("Tokyo 🇯🇵 trip", style)], width: nil)
        #expect(lines.count == 1)
        let chip = try #require(lines[0].spans.first { $0.style.onChip })
        #expect(chip.text == "\u{202F}JP\u{202F}")
        #expect(chip.style.size < style.size)
        #expect(lines[0].spans.map(\.text).joined() == "Tokyo \u{202F}JP\u{202F} trip")
        // Under "Tokyo " no more tint than its own anti-aliased edges; after it, a capsule's worth.
        let tokyo = Int(engine.advance(of: [StyledSpan("Tokyo ", style)]))
        let before = 0..<(4 + tokyo - 1), after = (4 + tokyo)..<300
        let plain = tinted([StyledSpan("Tokyo JP trip", style)], engine: engine, columns: after)
        let flagged = tinted([StyledSpan("Tokyo 🇯🇵 trip", style)], engine: engine, columns: after)
        #expect(flagged > plain + 60, "\(plain) → \(flagged) tinted pixels")
        #expect(
            tinted([StyledSpan("Tokyo 🇯🇵 trip", style)], engine: engine, columns: before)
                == tinted([StyledSpan("Tokyo JP trip", style)], engine: engine, columns: before))
        // Two flags side by side: paper between their capsules.
        let two = engine.setParagraph([StyledSpan("🇺🇸🇨🇦", style)], width: nil)[0]
        // (A zero-width space after the first lets a line break between them.)
        #expect(two.spans.filter(\.style.onChip).map(\.text) == ["\u{202F}US\u{202F}\u{200B}", "\u{202F}CA\u{202F}"])
    }

    @Test(
        "a line shortened with … keeps its flags, each set on its capsule again; a capsule's text reads back as its flag"
    )
    func shortened() throws {
        let engine = TextEngine(fontSet: try fonts.get())
        let span = engine.ellipsize(
            StyledSpan("Flags 🇺🇸 🇨🇦 🇲🇽 🇯🇵 🇰🇷 and a good many words after them", style), width: 90, middle: false)
        #expect(span.text.hasSuffix("…") && span.text.contains("🇺🇸"))
        let line = try #require(engine.setParagraph([span], width: nil).first)
        let chips = line.spans.filter(\.style.onChip)
        #expect(chips.count >= 2)
        #expect(chips.map(TextEngine.written).first == "🇺🇸")
    }

    @Test(
        "a line shortened at a word's end never ends on the dash or arrow before the cut: `Pitches…`, not `Pitches —…`")
    func shortenedAfterAWord() throws {
        let engine = TextEngine(fontSet: try fonts.get())
        let text = "Seven Pitches \u{2014} Stadiums of the North and their Many Supporters"
        let head = engine.advance(of: [StyledSpan("Seven Pitches \u{2014} St…", style)])
        for width in stride(from: head - 12, through: head + 2, by: 1.0) {
            let cut = engine.ellipsize(StyledSpan(text, style), width: width, middle: false).text
            #expect(!cut.hasSuffix("\u{2014}…") && !cut.hasSuffix(" …"), "\(width): \(cut)")
        }
    }

    @Test("flags written without spaces break between capsules, never inside one, each keeping its own code")
    func gluedFlags() throws {
        let engine = TextEngine(fontSet: try fonts.get())
        let flags = "🇺🇸🇨🇦🇲🇽🇯🇵🇰🇷🇬🇧🇫🇷🇩🇪🇮🇹🇪🇸🇧🇷🇦🇷"
        let lines = engine.setParagraph([StyledSpan("Tour " + flags, style)], width: 60)
        #expect(lines.count > 1)
        var codes: [String] = []
        for line in lines {
            for span in line.spans where span.style.onChip {
                #expect(
                    span.text.hasPrefix("\u{202F}") && span.text.contains(where: { $0 == "\u{202F}" }), "\(span.text)")
                codes.append(span.text.filter { $0.isLetter })
            }
        }
        #expect(codes == ["US", "CA", "MX", "JP", "KR", "GB", "FR", "DE", "IT", "ES", "BR", "AR"])
    }

    @Test("a flag is never cut from its code's padding: the capsule's spaces do not break")
    func unbreakable() throws {
        let engine = TextEngine(fontSet: try fonts.get())
        let lines = engine.setParagraph([StyledSpan("Flags 🇨🇦 🇺🇸 🇲🇽 and more flags 🇯🇵 🇰🇷", style)], width: 40)
        for line in lines {
            for span in line.spans where span.style.onChip {
                #expect(span.text.hasPrefix("\u{202F}") && span.text.hasSuffix("\u{202F}"))
            }
        }
    }
}

@Suite("One baseline")
struct OneBaselineTests {
    /// The rows holding ink of `text` set as one paragraph line, drawn on a 60-row surface at
    /// baseline 40, in the columns from `from` on.
    private func inkRows(_ text: String, from: Int, engine: TextEngine) -> ClosedRange<Int>? {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, 300, 60)!
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr) }
        let style = TextStyle(family: "Inter", size: 20, lineHeight: 24)
        let line = engine.setParagraph([StyledSpan(text, style)], width: nil)[0]
        engine.draw(line.spans, on: cr, x: 0, baseline: 40)
        cairo_surface_flush(surface)
        let data = cairo_image_surface_get_data(surface)!
        let stride = Int(cairo_image_surface_get_stride(surface))
        let rows = (0..<60).filter { y in (from..<300).contains { data[y * stride + $0] > 64 } }
        guard let first = rows.first, let last = rows.last else { return nil }
        return first...last
    }

    @Test(
        "a symbol after Chinese sits where it sits after Latin, on the baseline: Pango's ideographic alignment taken back"
    )
    func symbolAfterCJK() throws {
        let engine = TextEngine(fontSet: try fonts.get())
        let style = TextStyle(family: "Inter", size: 20, lineHeight: 24)
        for symbol in ["⚾", "☂", "🐄"] {
            let afterLatin = Int(engine.advance(of: [StyledSpan("Bb ", style)]).rounded(.up)) + 1
            let afterHan = Int(engine.advance(of: [StyledSpan("棒球 ", style)]).rounded(.up)) + 1
            let latin = try #require(inkRows("Bb " + symbol, from: afterLatin, engine: engine))
            let han = try #require(inkRows("棒球 " + symbol, from: afterHan, engine: engine))
            // Within a row either way: anti-aliasing differs with where the glyph falls across a
            // pixel (cairo 1.18 inks one row more); the shift taken back was 2 to 7 rows.
            #expect(
                abs(latin.lowerBound - han.lowerBound) <= 1 && abs(latin.upperBound - han.upperBound) <= 1,
                "\(symbol): \(latin) after Latin, \(han) after Chinese")
        }
    }
}
