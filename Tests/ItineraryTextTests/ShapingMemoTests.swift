/// Runs shaped before come from memory (Sources/CLazyLibraries/shaping_memo.c) with exactly the
/// glyphs, clusters and positions HarfBuzz gives them; runs whose shaping reads what the memory
/// cannot key on are always shaped by HarfBuzz.
import CLazyLibraries
import Foundation
@testable import ItineraryText
import Testing
import TestSupport

@Suite("Shaping memory")
struct ShapingMemoTests {
    private func engine() throws -> TextEngine { TextEngine(fontSet: try FontSet(directory: TestPaths.fonts)) }

    private func style(_ weight: Int = 400, size: Double = 10, features: String = "") -> TextStyle {
        TextStyle(family: "Inter", weight: weight, size: size, lineHeight: size * 1.4, features: features)
    }

    /// The same runs at other places in their paragraphs (after a run in another style, so that
    /// their clusters start elsewhere), with features over part of a paragraph, in several
    /// sizes and weights, and text that composes, in scripts the memory takes.
    private var paragraphs: [[StyledSpan]] {
        let times = style(600, features: "tnum")
        return [
            [StyledSpan("SportsTime", style(700))],
            [StyledSpan("Page 3 · ", style()), StyledSpan("SportsTime", style(700))],
            [StyledSpan("A much longer header before it · ", style()), StyledSpan("SportsTime", style(700))],
            [StyledSpan("Wed, May 20 · ", style()), StyledSpan("11:00 AM", times)],
            [StyledSpan("Thu, May 21, a rest day · ", style()), StyledSpan("11:00 AM", times)],
            [StyledSpan("Chicago -> Milwaukee --> Minneapolis", style(size: 8.5))],
            [StyledSpan("tickets.example.com/orders/NRLCKEAV72", style(500, size: 7))],
            [StyledSpan("Ắ café naïve ﬁ ½ 1/2", style())],
            [StyledSpan("Москва · Αθήνα · 東京ドーム · תל אביב", style())],
        ]
    }

    @Test("a run shaped again comes from memory, with HarfBuzz's glyphs, advances, offsets and clusters")
    func remembersRuns() throws {
        let engine = try engine()
        ccl_shaping_memo_set_enabled(0)
        let shapedByHarfBuzz = paragraphs.map { engine.glyphs($0, clusters: true) }
        ccl_shaping_memo_set_enabled(1)
        defer { ccl_shaping_memo_set_enabled(1) }
        let hitsBefore = ccl_shaping_memo_hits()
        let first = paragraphs.map { engine.glyphs($0, clusters: true) }
        let again = paragraphs.map { engine.glyphs($0, clusters: true) }
        let hits = ccl_shaping_memo_hits() - hitsBefore
        #expect(first == shapedByHarfBuzz)
        #expect(again == shapedByHarfBuzz)
        // Every paragraph's runs again from memory the second time, and the repeated runs of
        // the first pass (the brand line twice, the time once) already in it (or more, where
        // other tests shaped them before).
        #expect(hits >= UInt(paragraphs.count + 3))
    }

    /// Arabic's letters join across a run's edge: the same letters after a letter and after a
    /// space are other glyphs. HarfBuzz sees the letter before as the buffer's context, which
    /// the memory cannot read, so Arabic runs are never remembered.
    @Test("runs whose shaping reads their context are shaped by HarfBuzz every time")
    func contextRunsAreNotRemembered() throws {
        let engine = try engine()
        let after = [StyledSpan("ب", style(700)), StyledSpan("بيت", style())]
        let apart = [StyledSpan("ب ", style(700)), StyledSpan("بيت", style())]
        let mark = [StyledSpan("\u{0301}e", style())]
        ccl_shaping_memo_set_enabled(0)
        let expected = [after, apart, mark].map { engine.glyphs($0, clusters: true) }
        ccl_shaping_memo_set_enabled(1)
        let (hits, misses) = (ccl_shaping_memo_hits(), ccl_shaping_memo_misses())
        let shaped = [after, apart, mark, after, apart, mark].map { engine.glyphs($0, clusters: true) }
        #expect(shaped == expected + expected)
        // The joined and the unjoined word differ: the context decides.
        let word = { (glyphs: [[Int32]], from: Int32) in glyphs.filter { $0[4] >= from }.map { $0[0] } }
        #expect(word(expected[0], 2) != word(expected[1], 3))
        // Only the spaces and the other Common runs could be kept; no Arabic run and not the
        // run that starts with a mark.
        let kept = ccl_shaping_memo_misses() - misses + ccl_shaping_memo_hits() - hits
        #expect(kept <= 4)
        #expect(ccl_shaping_memo_hits() - hits <= 2)
    }

    /// Each size is a font of its own, which the memory keeps alive while it remembers a run in
    /// it: past 256 fonts it forgets everything and starts again, so a program that makes many
    /// sizes, or many font maps, does not keep all their fonts.
    @Test("the memory keeps at most 256 fonts alive, and goes on remembering past them")
    func boundedFonts() throws {
        let engine = try engine()
        let hits = ccl_shaping_memo_hits()
        for step in 0..<300 {
            let size = 6 + Double(step) / 16
            _ = engine.glyphs([StyledSpan("Wrigley Field", style(size: size))], clusters: true)
            #expect(ccl_shaping_memo_fonts() <= 256)
        }
        // A run shaped just now is remembered (tried again if another test's fonts filled the
        // memory in between).
        let last = [StyledSpan("Wrigley Field", style(size: 6 + 299.0 / 16))]
        var remembered = false
        for _ in 0..<3 where !remembered {
            _ = engine.glyphs(last)
            let before = ccl_shaping_memo_hits()
            _ = engine.glyphs(last)
            remembered = ccl_shaping_memo_hits() > before
        }
        #expect(remembered)
        #expect(ccl_shaping_memo_hits() > hits)
    }

    @Test("turned off, the memory neither answers nor keeps")
    func turnedOff() throws {
        let engine = try engine()
        ccl_shaping_memo_set_enabled(0)
        defer { ccl_shaping_memo_set_enabled(1) }
        let (hits, misses) = (ccl_shaping_memo_hits(), ccl_shaping_memo_misses())
        for _ in 0..<3 { _ = engine.glyphs([StyledSpan("SportsTime", style(700))]) }
        #expect(ccl_shaping_memo_hits() == hits)
        #expect(ccl_shaping_memo_misses() == misses)
    }

    /// Pango's run font draws spaces and ignorables visibly for text with its `show` attribute,
    /// which the memory cannot see: the program never sets it.
    @Test("the program never sets Pango's show attribute, which the memory cannot key on")
    func noShowAttribute() throws {
        let sources = TestPaths.root.appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }
        let swift = files.filter { $0.hasSuffix(".swift") || $0.hasSuffix(".c") }
        #expect(swift.count > 50)
        for file in swift {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            #expect(!text.contains("pango_attr_show_new"), "\(file) sets Pango's show attribute")
        }
    }
}
