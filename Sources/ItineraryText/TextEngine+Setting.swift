/// What the layout asks of the text engine first: a paragraph broken into set lines at a width
/// (cached), the break rules Pango lacks applied where a line breaks inside a word.
import CCairo

extension TextEngine {
    /// Breaks `spans` into lines no wider than `width` (nil: one line per hard break).
    /// Words longer than the width break between characters rather than overflow.
    /// `firstLineShorter`: the first line is that much narrower than `width`, at its end (a line
    /// beside something set at the right of the first line only); a right-to-left first line
    /// ends that far from the right edge (its `offset`).
    public func setParagraph(_ spans: [StyledSpan], width: Double?, firstLineShorter: Double = 0) -> [SetLine] {
        NativeTextLock.lock()
        defer { NativeTextLock.unlock() }
        let spans = spans.filter { !$0.text.isEmpty }
        guard !spans.isEmpty else { return [] }
        let exact = ExactSpans(spans)
        let shorter = width == nil ? 0 : max(0, firstLineShorter)
        let key = ParagraphCache.Key(spans: exact, width: width, firstLineShorter: shorter)
        func breakParagraph(_ spans: [StyledSpan], width: Double?) -> BrokenParagraph {
            self.breakParagraph(spans, width: width, firstLineShorter: shorter)
        }
        if let done = cache.lookUp(key) { return done }
        // A paragraph set on one line at its natural width is that line at any width it fits:
        // the same label, date or name measured, then set in a column, is shaped once.
        let natural = ParagraphCache.Key(spans: exact, width: nil)
        if let width, let line = cache.peek(natural), Self.fitsUnbroken(line, width: width - shorter) {
            return cache.lookUp(natural)!
        }
        // Set as the faces can draw it (emoji sequences by what they stand for), once per paragraph.
        // In a right-to-left paragraph, its addresses and codes are isolated, so each reads whole
        // from its start (`LineBreaks.leftToRightIsolated`).
        // Only where the paragraph itself reads from the right (its first strong letter): in a
        // paragraph that starts in English, an isolate between two Hebrew phrases would be a
        // neutral between them, taken into their run and carried across to its other side.
        let whole = spans.map(\.text).joined()
        let isolating = Self.startsRightToLeft(whole)
        // In one that reads from the left, a number against a Latin word after Hebrew or
        // Arabic stays with its word (`Bidi.numbersJoinedToWords`).
        let joining = !isolating && Self.hasRightToLeft(whole)
        // A dash or an arrow between spaces keeps to the word before it
        // (`LineBreaks.spacedSeparatorsKept`).
        let separators = whole.unicodeScalars.contains(where: LineBreaks.isSpacedSeparator)
        func directed(_ spans: [StyledSpan]) -> [StyledSpan] {
            let spans =
                separators ? spans.map { StyledSpan(LineBreaks.spacedSeparatorsKept($0.text), $0.style) } : spans
            if joining { return spans.map { StyledSpan(Bidi.numbersJoinedToWords($0.text), $0.style) } }
            guard isolating else { return spans }
            return zip(LineBreaks.leftToRightIsolated(parts: spans.map(\.text)), spans).map {
                StyledSpan($0, $1.style)
            }
        }
        var paragraph = breakParagraph(directed(spans).flatMap(drawable), width: width)
        // Broken inside a word that the break rules Pango lacks (`LineBreaks`) concern (a code,
        // an address, kana), it is set again with their marks. Only then: a mark is a character
        // of the text, and one in a code that stays whole would split it for search and copy
        // (`FSL-` `2291`).
        if let width, paragraph.breaksInsideWords {
            // A web address that fits a line of its own is kept whole (the line breaks before it).
            var prepared = spans.map { span in
                StyledSpan(
                    LineBreaks.prepared(span.text) { address in
                        breakParagraph([StyledSpan(address, span.style)], width: nil).lines.first.map {
                            $0.width <= width
                        } ?? false
                    }, span.style)
            }
            if prepared != spans { paragraph = breakParagraph(directed(prepared).flatMap(drawable), width: width) }
            // Words tied by no-break spaces (a place kept whole, `Dortmund Hauptbahnhof,`) wider
            // than the line are cut inside a word, or where no line may break (`(` / `AEP)`):
            // untied, they break between their words instead, which is taken when it cuts none
            // (and, where the tied text cut no word, breaks nowhere it may not).
            if paragraph.cutsWords || paragraph.forcesBreaks, prepared.contains(where: { $0.text.contains("\u{00A0}") })
            {
                let untied = prepared.map { StyledSpan(LineBreaks.untied($0.text), $0.style) }
                let tried = breakParagraph(directed(untied).flatMap(drawable), width: width)
                if !tried.cutsWords, paragraph.cutsWords || !tried.forcesBreaks {
                    paragraph = tried
                    prepared = untied
                }
            }
            prepared = directed(prepared).flatMap(drawable)
            // A word longer than the line, cut between its letters, never leaves one or two of
            // them alone on the last line (`…gogogoc` / `h`): a little narrower, the cut moves.
            let size = spans.map(\.style.size).max() ?? 0
            var narrower = width
            let source = prepared.map(\.text).joined()
            for _ in 0..<6 where Self.endsInRunt(paragraph, source: source) {
                narrower -= size / 2
                guard narrower > size else { break }
                let tried = breakParagraph(prepared, width: narrower)
                if tried.lines.count <= paragraph.lines.count + 1, !Self.endsInRunt(tried, source: source) {
                    paragraph = tried
                    break
                }
            }
        }
        // A paragraph never ends with a word of three letters or fewer alone on its last line
        // (`row` / `G.`, `Rio de Janeiro -` / `RJ`): tied to the word before, it takes that word
        // with it, where that adds no line.
        if let width, !paragraph.breaksInsideWords, Self.endsInShortWord(paragraph.lines),
            let tied = Self.lastSpaceTied(spans)
        {
            let tried = breakParagraph(directed(tied).flatMap(drawable), width: width)
            if tried.lines.count <= paragraph.lines.count, !Self.endsInShortWord(tried.lines) { paragraph = tried }
        }
        cache.insert(paragraph, for: key)
        if width != nil, Self.fitsUnbroken(paragraph.lines, width: .infinity), cache.peek(natural) == nil {
            cache.insert(paragraph, for: natural)
        }
        return paragraph.lines
    }

    /// Whether the last of several `lines` is one word of at most three letters or digits (its
    /// punctuation aside): a runt.
    static func endsInShortWord(_ lines: [SetLine]) -> Bool {
        guard lines.count > 1, let last = lines.last else { return false }
        let text = LineBreaks.plain(last.spans.map(\.text).joined()).trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty, !text.contains(where: \.isWhitespace) else { return false }
        return text.filter { $0.isLetter || $0.isNumber }.count <= 3
            && !text.unicodeScalars.contains(where: Self.isWideScript)
    }

    /// Chinese, Japanese and Korean letters: a short last line of them is no runt of a word.
    private static func isWideScript(_ s: Unicode.Scalar) -> Bool {
        (0x1100...0x11FF).contains(s.value) || (0x2E80...0x9FFF).contains(s.value)
            || (0xAC00...0xD7AF).contains(s.value) || (0xF900...0xFAFF).contains(s.value)
            || (0xFF00...0xFFEF).contains(s.value) || (0x20000...0x3FFFF).contains(s.value)
    }

    /// `spans` with the last space of their text (before the last word) made a no-break space;
    /// nil when there is none.
    static func lastSpaceTied(_ spans: [StyledSpan]) -> [StyledSpan]? {
        for i in spans.indices.reversed() {
            let text = spans[i].text
            let trimmed = text.reversed().drop { $0 == " " }
            guard let space = trimmed.firstIndex(of: " ") else {
                if trimmed.isEmpty { continue }
                return nil
            }
            var tied = spans
            let at = space.base
            let index = text.index(before: at)
            var before = String(text[..<index])
            // A spaced dash before the word stays tied to the word before it too (`Janeiro - RJ`),
            // and to the word after it by a joiner: a line may break after a hyphen even before a
            // no-break space (UAX #14, LB12a).
            for dash in [" -", " \u{2013}", " \u{2014}"] where before.hasSuffix(dash) {
                before = String(before.dropLast(2)) + "\u{00A0}" + String(dash.last!) + "\u{2060}"
            }
            tied[i].text = before + "\u{00A0}" + String(text[at...])
            return tied
        }
        return nil
    }

    /// Whether the UTF-8 `bytes` have a letter or digit on each side of `index`.
    /// Whether the line starting at byte `index` of `layout`'s text starts where no line may
    /// break, Pango having found no break that fits (a place and its arrow tied wider than the
    /// line cut at `(` / `AEP)`, or before the arrow).
    static func isForcedBreak(_ layout: OpaquePointer, _ bytes: [UInt8], at index: Int) -> Bool {
        var count: Int32 = 0
        guard let attrs = pango_layout_get_log_attrs_readonly(layout, &count) else { return false }
        // The character index of the byte: the bytes before it that start a character.
        let character = bytes[..<index].reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
        return character < Int(count) && attrs[character].is_line_break == 0
    }

    static func isWordCut(_ bytes: [UInt8], at index: Int) -> Bool {
        var before = index - 1
        while before > 0, bytes[before] & 0xC0 == 0x80 { before -= 1 }
        var after = index + 1
        while after < bytes.count, bytes[after] & 0xC0 == 0x80 { after += 1 }
        func wordy(_ range: Range<Int>) -> Bool {
            guard let s = String(decoding: bytes[range], as: UTF8.self).unicodeScalars.first else { return false }
            return s.properties.isAlphabetic || s.properties.numericType != nil
        }
        return index < bytes.count && wordy(before..<index) && wordy(index..<after)
    }

    /// Whether a paragraph broken inside a word ends with a line of one or two characters cut
    /// from the word before it. `source`: the text it was set from, which says whether the
    /// last line starts a word (a line's text leaves out the space it broke at: `타워` after
    /// `이그제큐티브 ` is a word of its own, not a runt).
    static func endsInRunt(_ paragraph: BrokenParagraph, source: String) -> Bool {
        guard paragraph.lines.count > 1, let last = paragraph.lines.last,
            let before = paragraph.lines.dropLast().last?.spans.last?.text.unicodeScalars.last
        else { return false }
        let lastText = last.spans.map(\.text).joined()
        let text = LineBreaks.plain(lastText)
        let letters = text.filter { !$0.isWhitespace && !$0.isPunctuation }
        guard
            (1...2).contains(letters.count) && text.count <= 3 && !before.properties.isWhitespace
                && !["-", "/", "\u{200B}"].contains(before)
        else { return false }
        // Short, but a word of its own when the source has a space before it.
        let trimmed = source.unicodeScalars.reversed().drop { $0.properties.isWhitespace }
        let sourceScalars = Array(trimmed.reversed()), lastScalars = Array(lastText.unicodeScalars)
        return
            !(sourceScalars.count > lastScalars.count
            && Array(sourceScalars.suffix(lastScalars.count)) == lastScalars
            && sourceScalars[sourceScalars.count - lastScalars.count - 1].properties.isWhitespace)
    }

    /// Whether `lines` is one line, with no hard break or trailing space that breaking at a
    /// width could treat otherwise, that Pango would leave whole at `width` (it breaks a line
    /// whose width in its units exceeds the width rounded down to them).
    static func fitsUnbroken(_ lines: [SetLine], width: Double) -> Bool {
        guard lines.count == 1, let last = lines[0].spans.last?.text.unicodeScalars.last, !last.properties.isWhitespace,
            !lines[0].spans.contains(where: { hasHardBreak($0.text) })
        else { return false }
        guard width.isFinite else { return true }
        return (lines[0].width * Double(PANGO_SCALE)).rounded() <= (width * Double(PANGO_SCALE)).rounded(.down)
    }

    func breakParagraph(_ spans: [StyledSpan], width: Double?, firstLineShorter: Double = 0) -> BrokenParagraph {
        let layout = makeLayout(spans)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        if let width {
            pango_layout_set_width(layout, Int32(clamping: Int((width * Double(PANGO_SCALE)).rounded(.down))))
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
            // Pango's indent narrows the first line by as much (it would also move it along,
            // which the lines drawn here do not take: each is placed by its own offset).
            if firstLineShorter > 0 {
                pango_layout_set_indent(
                    layout, Int32(clamping: Int((firstLineShorter * Double(PANGO_SCALE)).rounded(.up))))
            }
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
        var breaksInsideWords = false, cutsWords = false, forcesBreaks = false
        let count = Int(pango_layout_get_line_count(layout))
        for i in 0..<count {
            guard let line = Self.line(layout, Int32(i)) else { continue }
            var start = Int(line.pointee.start_index)
            if start > 0, ![0x20, 0x0A, 0x0D, 0x09].contains(bytes[start - 1]) {
                breaksInsideWords = true
                cutsWords = cutsWords || Self.isWordCut(bytes, at: start)
                forcesBreaks = forcesBreaks || Self.isForcedBreak(layout, bytes, at: start)
            }
            var end = start + Int(line.pointee.length)
            // Drop the spaces and the hard break at which the line ended: they take no room.
            while end > start {
                if [0x20, 0x0A, 0x0D, 0x09].contains(bytes[end - 1]) {
                    end -= 1
                } else if end - 3 >= start, bytes[end - 3] == 0xE2, bytes[end - 2] == 0x80, bytes[end - 1] == 0x89 {
                    end -= 3  // a thin space the line broke at
                } else {
                    break
                }
            }
            // A list's separator never ends a line (`departs 8:30 AM ·`): at a break, the break
            // separates, and the dot is left out. The Pango line still holds it, so the shorter
            // line is drawn from a layout of its own.
            var cutSeparator = false
            if i + 1 < count, let cut = Self.beforeSeparator(start: start, end: end, bytes) {
                end = cut
                cutSeparator = true
            }
            // Nor does one start a line (`· 14 St. Petersburg`, where the break fell before the dot),
            // nor a no-break space (a break after a dash before one, `(DEN) –` / ` Jeppesen`).
            if i > 0,
                let after = Self.afterSeparator(start: start, end: end, bytes)
                    ?? Self.afterNoBreakSpaces(start: start, end: end, bytes)
            {
                start = after
                cutSeparator = true
            }
            var lineSpans: [StyledSpan] = []
            for (span, range) in zip(spans, ranges) {
                let lo = max(range.lowerBound, start), hi = min(range.upperBound, end)
                guard lo < hi else { continue }
                lineSpans.append(StyledSpan(String(decoding: bytes[lo..<hi], as: UTF8.self), span.style))
            }
            let styles = lineSpans.isEmpty ? [spans[0].style] : lineSpans.map(\.style)
            var (baseline, height) = lineBox(styles)
            // Arabic letters stack dots and marks far above and below the line, past the line
            // box a Latin design gives (a cover title's tight leading drew one line's dots into
            // the next's). A right-to-left line's box grows to hold its ink.
            if bidi, lineSpans.contains(where: { Self.hasRightToLeft($0.text) }) {
                (baseline, height) = Self.holdingInk(line, baseline: baseline, height: height)
            }
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
        // A paragraph that reads from the right, on several lines: each line ends at the right
        // edge of the width it was set in, so its reader starts every line at one edge, the
        // right one of its column, card or callout (`SetLine.offset`).
        if lines.count > 1, Self.readsFromTheRight(bytes) || Self.isRightToLeftList(bytes) {
            let edge = width ?? lines.map(\.width).max() ?? 0
            for i in lines.indices { lines[i].offset = max(0, edge - (i == 0 ? firstLineShorter : 0) - lines[i].width) }
        }
        return BrokenParagraph(
            lines: lines, shaped: shaped, layout: layout, breaksInsideWords: breaksInsideWords, cutsWords: cutsWords,
            forcesBreaks: forcesBreaks)
    }

    /// Whether the paragraph in UTF-8 `bytes` is one of the program's right-to-left lists
    /// (`Bidi.listParts`: a left-to-right mark, then one right-to-left isolate to its end): laid
    /// out from the left, it is still read from the right, so on several lines its lines end at
    /// one edge as a right-to-left paragraph's do.
    static func isRightToLeftList(_ bytes: [UInt8]) -> Bool {
        // U+200E then U+2067, in UTF-8.
        guard bytes.starts(with: [0xE2, 0x80, 0x8E, 0xE2, 0x81, 0xA7]) else { return false }
        var depth = 0
        for s in String(decoding: bytes.dropFirst(3), as: UTF8.self).unicodeScalars {
            switch s.value {
            case 0x2066, 0x2067, 0x2068: depth += 1
            case 0x2069: depth -= 1
            default: if depth == 0, !s.properties.isWhitespace { return false }
            }
        }
        return true
    }

    /// Whether the paragraph in UTF-8 `bytes` takes the right-to-left direction by the bidi
    /// algorithm's rules P2 and P3: its first strong character, outside isolates, is right to
    /// left (a left-to-right mark counts, and Arabic-Indic digits do not).
    static func readsFromTheRight(_ bytes: [UInt8]) -> Bool {
        var depth = 0
        for s in String(decoding: bytes, as: UTF8.self).unicodeScalars {
            switch s.value {
            case 0x2066, 0x2067, 0x2068: depth += 1
            case 0x2069: depth = max(0, depth - 1)
            case 0x200E where depth == 0: return false
            case 0x200F, 0x061C: if depth == 0 { return true }
            default:
                guard depth == 0, !isArabicIndicNumber(s) else { continue }
                if isRightToLeft(s) { return true }
                if s.properties.isAlphabetic { return false }
            }
        }
        return false
    }

    /// The line box (`baseline` from its top, `height`) grown to hold the ink of `line`'s glyphs:
    /// the baseline lowered by what rises above the box, the box deepened by what hangs below.
    static func holdingInk(
        _ line: UnsafeMutablePointer<PangoLayoutLine>, baseline: Double, height: Double
    ) -> (baseline: Double, height: Double) {
        var ink = PangoRectangle()
        pango_layout_line_get_extents(line, &ink, nil)
        let scale = Double(PANGO_SCALE)
        let above = -Double(ink.y) / scale, below = Double(ink.y + ink.height) / scale
        let top = max(baseline, above)
        return (top, top + max(height - baseline, below))
    }

    /// Where a line that ends in a list's separator (` · `: a middle dot after a space, a
    /// no-break space, a narrow one or a thin one) ends without it, or nil.
    static func beforeSeparator(start: Int, end: Int, _ bytes: [UInt8]) -> Int? {
        guard end - start >= 4, bytes[end - 2] == 0xC2, bytes[end - 1] == 0xB7 else { return nil }
        var cut = end - 2
        while cut > start {
            if bytes[cut - 1] == 0x20 {
                cut -= 1
            } else if cut - 2 >= start, bytes[cut - 2] == 0xC2, bytes[cut - 1] == 0xA0 {
                cut -= 2
            } else if cut - 3 >= start, bytes[cut - 3] == 0xE2, bytes[cut - 2] == 0x80,
                bytes[cut - 1] == 0xAF || bytes[cut - 1] == 0x89
            {
                cut -= 3  // a narrow no-break space or a thin space (a list of stop numbers)
            } else {
                break
            }
        }
        return cut < end - 2 && cut > start ? cut : nil
    }

    /// Where a line that starts with a list's separator (`· `: a middle dot before a space or a
    /// no-break space) starts without it, or nil.
    static func afterSeparator(start: Int, end: Int, _ bytes: [UInt8]) -> Int? {
        guard end - start >= 4, bytes[start] == 0xC2, bytes[start + 1] == 0xB7 else { return nil }
        var cut = start + 2
        while cut < end {
            if bytes[cut] == 0x20 {
                cut += 1
            } else if cut + 1 < end, bytes[cut] == 0xC2, bytes[cut + 1] == 0xA0 {
                cut += 2
            } else {
                break
            }
        }
        return cut > start + 2 && cut < end ? cut : nil
    }

    /// Where a line that starts with no-break spaces starts without them, or nil.
    static func afterNoBreakSpaces(start: Int, end: Int, _ bytes: [UInt8]) -> Int? {
        var cut = start
        while cut + 1 < end, bytes[cut] == 0xC2, bytes[cut + 1] == 0xA0 { cut += 2 }
        return cut > start && cut < end ? cut : nil
    }

    /// The width of a broken line up to `end` (its trailing spaces excluded), read from the
    /// paragraph's own shaping instead of shaping the line again. Nil for lines with
    /// right-to-left text, whose visual extent the caller measures directly.
    func lineWidth(
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
}
