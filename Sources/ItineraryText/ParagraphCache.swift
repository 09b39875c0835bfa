/// Broken paragraphs kept across documents, and the shaped lines one document draws.
import CCairo

/// A paragraph broken once: its set lines and the Pango lines they were cut from.
///
/// Owns a reference to the paragraph's layout (each Pango line points into it) and one to
/// each shaped line; both are released with the entry.
final class BrokenParagraph {
    let lines: [SetLine]
    /// Each drawn line's spans, keyed once here: a paragraph is used far more often than it is made.
    let shaped: [(spans: ExactSpans, line: UnsafeMutablePointer<PangoLayoutLine>)]
    /// The layout the lines were cut from (its text as set, its line-break opportunities).
    let layout: OpaquePointer
    /// Whether a line starts inside a word (not after a space or a hard break).
    let breaksInsideWords: Bool
    /// Whether a line starts between two letters or digits: a word cut, not a break after a
    /// hyphen, a thin space or a break mark.
    let cutsWords: Bool
    /// Whether a line starts where no line may break (Pango found no break that fits).
    let forcesBreaks: Bool
    /// The document generation that last used this paragraph (set by the cache); -1 before any.
    var lastUsed = -1

    init(
        lines: [SetLine], shaped: [(spans: [StyledSpan], line: UnsafeMutablePointer<PangoLayoutLine>)],
        layout: OpaquePointer, breaksInsideWords: Bool = false, cutsWords: Bool = false, forcesBreaks: Bool = false
    ) {
        self.forcesBreaks = forcesBreaks
        self.lines = lines
        self.breaksInsideWords = breaksInsideWords
        self.cutsWords = cutsWords
        self.shaped = shaped.map { (ExactSpans($0.spans), $0.line) }
        self.layout = layout
        g_object_ref(UnsafeMutableRawPointer(layout))
        for entry in shaped { pango_layout_line_ref(entry.line) }
    }

    deinit {
        for entry in shaped { pango_layout_line_unref(entry.line) }
        g_object_unref(UnsafeMutableRawPointer(layout))
    }
}

/// Paragraphs broken by earlier documents and this one, bounded, and the lines drawn by
/// the current document.
///
/// Trip after trip repeats the same labels, team names, stadiums, times and dashes, and a
/// batch job often renders one trip in several templates or sizes: shaping is the costliest
/// step of layout, so a paragraph already broken at a width is not shaped again.
///
/// Output never depends on what an earlier document left here: a cached paragraph holds
/// exactly the lines breaking it again would give, and the line drawn for a run of spans is
/// always the one from the first paragraph of *this* document that produced it, as in a
/// fresh process.
struct ParagraphCache {
    struct Key: Hashable {
        var spans: ExactSpans
        var width: Double?
        var firstLineShorter: Double

        init(spans: ExactSpans, width: Double?, firstLineShorter: Double = 0) {
            self.spans = spans
            self.width = width
            self.firstLineShorter = firstLineShorter
        }
    }

    /// Paragraphs kept between documents; a single larger document may exceed it until it ends.
    var capacity: Int
    private var paragraphs: [Key: BrokenParagraph] = [:]
    /// The Pango line to draw for a run of spans in the current document (owned by `paragraphs`).
    private var documentLines: [ExactSpans: UnsafeMutablePointer<PangoLayoutLine>] = [:]
    private var generation = 0

    init(capacity: Int) { self.capacity = capacity }

    var count: Int { paragraphs.count }

    /// The cached paragraph for `key`, registering its lines for drawing in this document.
    mutating func lookUp(_ key: Key) -> [SetLine]? {
        guard let paragraph = paragraphs[key] else { return nil }
        use(paragraph)
        return paragraph.lines
    }

    /// The lines cached for `key`, without using them in this document.
    func peek(_ key: Key) -> [SetLine]? { paragraphs[key]?.lines }

    /// The layout of the paragraph cached for `key`, shaped already (owned by the cache).
    func layout(for key: Key) -> OpaquePointer? { paragraphs[key]?.layout }

    mutating func insert(_ paragraph: BrokenParagraph, for key: Key) {
        paragraphs[key] = paragraph
        use(paragraph)
    }

    private mutating func use(_ paragraph: BrokenParagraph) {
        // Used already in this document, its lines are registered (by it or by an earlier
        // paragraph, whose line stays the one drawn): registering them again changes nothing.
        guard paragraph.lastUsed != generation else { return }
        paragraph.lastUsed = generation
        for entry in paragraph.shaped where documentLines[entry.spans] == nil {
            documentLines[entry.spans] = entry.line
        }
    }

    /// The shaped line for `spans` in the current document, if a paragraph produced one.
    func line(for spans: [StyledSpan]) -> UnsafeMutablePointer<PangoLayoutLine>? { documentLines[ExactSpans(spans)] }

    /// Ends a document: forgets its drawing lines and, over capacity, the paragraphs it did
    /// not use (all of them if it alone used more than the capacity).
    mutating func finishDocument() {
        documentLines.removeAll()
        if paragraphs.count > capacity {
            paragraphs = paragraphs.filter { $0.value.lastUsed == generation }
            if paragraphs.count > capacity { paragraphs.removeAll() }
        }
        generation += 1
    }

    /// Drops everything.
    mutating func removeAll() {
        documentLines.removeAll()
        paragraphs.removeAll()
    }
}

/// Spans compared by their exact UTF-8: Swift's `String` equality is canonical equivalence
/// ("é" precomposed equals "e" and a combining accent), but the two shape to different
/// glyphs, so a cache keyed on `String` would draw one writing for the other.
///
/// The hash is computed once, when the key is made: a paragraph's key is looked up twice or
/// more per setting (at its width, then at its natural width), and each of its lines is a
/// key again when drawn; hashing text and style on every lookup cost about 5 % of a
/// 120-day export.
struct ExactSpans: Hashable {
    let spans: [StyledSpan]
    private let digest: Int

    init(_ spans: [StyledSpan]) {
        self.spans = spans
        var hasher = Hasher()
        hasher.combine(spans.count)
        for span in spans {
            hasher.combine(span.style)
            var text = span.text
            text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        }
        digest = hasher.finalize()
    }

    static func == (a: ExactSpans, b: ExactSpans) -> Bool {
        a.digest == b.digest && a.spans.count == b.spans.count
            && zip(a.spans, b.spans).allSatisfy { $0.style == $1.style && sameBytes($0.text, $1.text) }
    }

    /// Byte equality (String's `==` is canonical equivalence), compared as memory: iterating the
    /// two UTF-8 views element by element cost 13 M instructions on the 120-day trip.
    private static func sameBytes(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        var a = a, b = b
        return a.withUTF8 { pa in
            b.withUTF8 { pb in pa.count == 0 || memcmp(pa.baseAddress!, pb.baseAddress!, pa.count) == 0 }
        }
    }

    func hash(into hasher: inout Hasher) { hasher.combine(digest) }
}
