/// Line breaks that keep codes, web addresses, lists and kana words readable.
import ItineraryText
import Testing
import TestSupport

@Suite("Line breaks")
struct LineBreaksTests {
    private let style = TextStyle(family: "Inter", size: 9, lineHeight: 13)

    private func engine() throws -> TextEngine { TextEngine(fontSet: try FontSet(directory: TestPaths.fonts)) }

    /// The lines of `text` set `width` wide, as read (without the break marks).
    private func lines(_ text: String, width: Double, _ engine: TextEngine) -> [String] {
        engine.setParagraph([StyledSpan(text, style)], width: width).map { LineBreaks.plain($0.text) }
    }

    @Test(
        "a code breaks only after a hyphen, with at least three characters on each side",
        arguments: [40.0, 60, 80, 110])
    func code(width: Double) throws {
        let e = try engine()
        let code = "LHP-2026-0814-ZXQW-7781-3320-KJHG"
        let set = lines(code, width: width, e)
        #expect(set.joined() == code)
        for (i, line) in set.enumerated() where i + 1 < set.count {
            #expect(line.hasSuffix("-"), "\(set)")
        }
        #expect(set.allSatisfy { $0.filter { $0 != "-" }.count >= 3 }, "\(set)")
        // Slashes separate a code's pieces as hyphens do.
        let slashed = "BAJ/2026/12/02-ROYAL-SUITE-000098127364-5-XK"
        let pieces = lines(slashed, width: width, e)
        #expect(pieces.joined() == slashed)
        // (Where its longest piece fits the line: one wider is broken between its characters.)
        if width >= 80 {
            #expect(pieces.dropLast().allSatisfy { $0.hasSuffix("-") || $0.hasSuffix("/") }, "\(pieces)")
        }
        // A code without separators breaks only where letters and digits take turns.
        let run = "BUCHUNGSREFERENZ2026DORTMUND00429981237744ZZQ"
        let runLines = lines(run, width: width, e)
        #expect(runLines.joined() == run)
        if width >= 110 {
            let pieces = ["BUCHUNGSREFERENZ", "2026", "DORTMUND", "00429981237744", "ZZQ"]
            #expect(
                runLines.allSatisfy { line in
                    var rest = Substring(line)
                    for p in pieces where rest.hasPrefix(p) { rest = rest.dropFirst(p.count) }
                    return rest.isEmpty
                }, "\(runLines)")
        }
        // Codes with letters of any script among their hyphens break at a hyphen (where their
        // longest piece fits the line): never `…-0009` / `912`, `TPE-寒` / `舍-…`, `２０２` / `６`;
        // a long piece breaks where its letters and digits take turns (`BUCHUNGSREFERENZ` / `2026`).
        let hyphened: [(code: String, from: Double, pieceEnd: String)] = [
            ("GELLÉRT-ÖSSZESÍTŐ-2026-11-0009912", 80, "-"), ("TDH-予約-２０２６０７２４-Ａ１５", 90, "-"),
            ("TPE-寒舍-20260508-0042", 60, "-"),
            ("DORINT-MG-2026111300004471-BUCHUNGSREFERENZ2026", 110, "BUCHUNGSREFERENZ"),
        ]
        for (code, from, pieceEnd) in hyphened {
            let broken = lines(code, width: width, e)
            #expect(broken.joined() == code)
            if width >= from {
                #expect(broken.dropLast().allSatisfy { $0.hasSuffix("-") || $0.hasSuffix(pieceEnd) }, "\(broken)")
            }
        }
        #expect(!LineBreaks.prepared("ABC2026").unicodeScalars.contains(LineBreaks.opportunity))
        // Short codes never break at their hyphen.
        #expect(LineBreaks.prepared("5-6") == "5-6")
        #expect(!LineBreaks.prepared("A-1234").unicodeScalars.contains(LineBreaks.opportunity))
    }

    @Test(
        "a web address breaks at its slashes and parameters and leaves no runt or lone hyphen",
        arguments: [90.0, 130, 170])
    func address(width: Double) throws {
        let e = try engine()
        for url in [
            "https://parking.example.com/reserve?lot=fenway-lansdowne-garage&date=2026-08-14&spaces=1",
            "https://reservations.example-booking-service.com/venues/neptune-oyster-north-end-boston/book?party-size=2&time=1730",
            "https://tickets.example.de/bvb/heimspiel/block-13/reihe-27?utm_source=newsletter&utm_medium=email&utm_campaign=herbst",
        ] {
            let set = lines("Parking: " + url + " today", width: width, e)
            #expect(set.joined(separator: " ").replacingOccurrences(of: " ", with: "") == ("Parking:" + url + "today"))
            // A break goes after a hyphen or a dot, as a code's does: no line of it starts with
            // one, and none is one alone.
            for line in set.dropFirst() {
                #expect(!line.hasPrefix("-") && !line.hasPrefix(".") && line != "-", "\(set)")
            }
            // A date inside it stays whole.
            #expect(!set.contains { $0.hasPrefix("-14") || $0.hasPrefix("-08") || $0.hasSuffix("2026") }, "\(set)")
            // A query's names stay whole.
            #expect(!set.contains { $0.hasPrefix("_") || $0.hasSuffix("_") }, "\(set)")
            // The address's last piece holds at least five characters (`spaces=1`, not `=1`).
            let last =
                set.last(where: { $0.contains("=") || $0.contains("/") }).map { $0.split(separator: " ")[0] } ?? ""
            #expect(last.count >= 5, "\(set)")
        }
    }

    @Test("a web address that fits a line whole is not broken inside: it goes to the next line whole")
    func addressWholeFirst() throws {
        let e = try engine()
        let url = "https://visa2egypt.gov.eg"
        let urlWidth = e.advance(of: [StyledSpan(url, style)])
        for text in [
            "Visa on arrival, 25 dollars; details on \(url)",
            "تأشيرة عند الوصول ٢٥ دولارًا؛ التفاصيل على \(url)",
        ] {
            // Widths at which the words before it fill most of a line: the address would split.
            for width in stride(from: urlWidth + 4, through: urlWidth + 80, by: 7) {
                let set = lines(text, width: width, e)
                #expect(set.contains { $0.contains(url) }, "\(width): \(set)")
            }
        }
        // A language tag in a path stays whole: the line breaks at the slash before it.
        let tagged = "https://www.realmadrid.com/es-ES/entradas"
        for width in stride(from: 40.0, through: 150, by: 5) {
            let set = lines(tagged, width: width, e)
            #expect(!set.contains { $0.hasSuffix("es-") } && !set.contains { $0.hasPrefix("ES") }, "\(width): \(set)")
        }
        // Wider than the line, it still breaks, after a dot.
        let narrow = lines("Details: \(url)", width: urlWidth - 10, e)
        #expect(!narrow.contains { $0.contains(url) } && narrow.joined().contains("visa2egypt."), "\(narrow)")
    }

    @Test("the widest unbreakable piece: set in its width, a paragraph breaks only between its pieces")
    func widestUnbreakable() throws {
        let e = try engine()
        // A place tied to its arrow by no-break spaces is one piece; the next place another.
        let origin = "Newark\u{00A0}Liberty\u{00A0}(EWR)\u{00A0}→"
        let cell = origin + " Chicago\u{00A0}O'Hare\u{00A0}(ORD)"
        let widest = e.widestUnbreakable([StyledSpan(cell, style)])
        #expect(abs(widest - e.advance(of: [StyledSpan(origin, style)])) < 0.5, "\(widest)")
        #expect(lines(cell, width: widest.rounded(.up), e) == [origin, "Chicago\u{00A0}O'Hare\u{00A0}(ORD)"])
        // Trailing spaces take no room; a sentence's widest piece is its widest word.
        let sentence = "Gates open at noon for ballpark tours"
        let words = sentence.split(separator: " ").map { e.advance(of: [StyledSpan(String($0), style)]) }
        #expect(abs(e.widestUnbreakable([StyledSpan(sentence + "  ", style)]) - words.max()!) < 0.5)
        // In mixed directions a piece is as wide as its characters, wherever the line puts them:
        // an Arabic airport tied to its Latin code reads in two places on the line.
        // (The overview's travel cell of a leg from London Heathrow to Cairo, as it is built.)
        let (places, arrow) = Bidi.listParts([
            LineBreaks.wholePlace("لندن هيثرو (LHR)", longest: 24),
            LineBreaks.wholePlace("مطار القاهرة الدولي (CAI) – المبنى 3", longest: 24),
        ])
        let leg = [
            StyledSpan(places[0] + "\u{00A0}", style), StyledSpan(arrow, style), StyledSpan(" " + places[1], style),
        ]
        let piece = e.widestUnbreakable(leg)
        let head = e.advance(of: [StyledSpan(places[0] + "\u{00A0}" + arrow, style)])
        #expect(piece < e.advance(of: leg) * 0.6 && piece >= head - 0.5, "\(piece) of \(e.advance(of: leg))")
    }

    @Test("a hyphenated word never breaks beside a piece of one or two letters: A-League, T-Mobile; Saint-Étienne may")
    func shortPieces() throws {
        let e = try engine()
        let title = "Autumn Footy: AFL, NRL & A-League, then T-Mobile Park and Saint-Étienne"
        for width in stride(from: 30.0, through: 300, by: 2) {
            let set = lines(title, width: width, e)
            #expect(!set.contains { $0.hasSuffix("A-") || $0.hasSuffix("T-") }, "\(width): \(set)")
        }
        #expect(LineBreaks.prepared("Saint-Étienne") == "Saint-Étienne")
        #expect(LineBreaks.prepared("A-League") == "A-\u{2060}League")
    }

    @Test("a line never starts with a no-break space (a break after a dash before one)")
    func noLeadingNoBreakSpace() throws {
        let e = try engine()
        // A place tied whole after a dash: the line may break after the dash, before the tie.
        let travel = "Denver International Airport (DEN) \u{2013}\u{00A0}Jeppesen\u{00A0}Terminal"
        let head = "Denver International Airport (DEN) \u{2013}"
        let set = lines(travel, width: e.advance(of: [StyledSpan(head, style)]) + 4, e)
        #expect(set.count == 2 && set[0] == head, "\(set)")
        #expect(set.allSatisfy { !$0.hasPrefix("\u{00A0}") && !$0.hasPrefix(" ") }, "\(set)")
    }

    @Test("a list's separator never ends a line: at a break it is left out")
    func separator() throws {
        let e = try engine()
        let meta =
            "Drive · departs\u{00A0}8:30\u{00A0}AM\u{00A0}EDT · arrives\u{00A0}≈\u{00A0}12:30\u{00A0}PM\u{00A0}EDT"
        let full = e.advance(of: [StyledSpan(meta, style)])
        let set = lines(meta, width: full - 10, e)
        #expect(set.count == 2)
        #expect(set.allSatisfy { !$0.hasSuffix("·") && !$0.hasPrefix("·") }, "\(set)")
        #expect(set[1].hasPrefix("arrives"))
        // The line's width is that of what it shows.
        let first = e.setParagraph([StyledSpan(meta, style)], width: full - 10)[0]
        #expect(abs(first.width - e.advance(of: first.spans)) < 0.01)
    }

    @Test("a list's separator never starts a line either, at any width")
    func separatorNeverStarts() throws {
        let e = try engine()
        // A map key's shape: numbers tied to their places, entries joined by ` · `.
        let key = (1...14).map { "\($0)\u{00A0}City\u{00A0}\($0)" }.joined(separator: " · ")
        let full = e.advance(of: [StyledSpan(key, style)])
        var width = full / 6
        var broken = 0
        while width < full {
            let set = lines(key, width: width, e)
            broken += set.count > 1 ? 1 : 0
            #expect(set.allSatisfy { !$0.hasPrefix("·") && !$0.hasSuffix("·") }, "\(set)")
            #expect(set.joined(separator: " · ") == key, "\(set)")
            width += 3
        }
        #expect(broken > 20)
    }

    @Test("in a right-to-left paragraph the English words after an address are in its isolate, and read after it")
    func isolateTakesTheWordsAfter() throws {
        let e = try engine()
        let url = "https://en.example.com/guide"
        // The English words after it, up to the run's last letter; two addresses in one run share it.
        let after = "ראו: \(url) — the English page, updated daily. סוף."
        #expect(
            LineBreaks.leftToRightIsolated(after)
                == "ראו: \u{2066}\(url) — the English page, updated daily\u{2069}. סוף.")
        #expect(
            LineBreaks.leftToRightIsolated("לפרטים See also \(url) and \(url)/x ואז")
                == "לפרטים \u{2066}See also \(url) and \(url)/x\u{2069} ואז")
        // Numbers after a spaced dash with no word of letters are the Hebrew sentence's: the
        // price stays with its shekel sign and the words after it.
        #expect(
            LineBreaks.leftToRightIsolated("להזמין מראש ב-\(url)/book — 120 ₪ לאדם")
                == "להזמין מראש ב-\u{2066}\(url)/book\u{2069} — 120 ₪ לאדם")
        // Isolates typed into the text, empty or not, are the writer's: nothing breaks on them.
        for typed in ["שלום \u{2066}\u{2069} a-b.c", "שלום \u{2066}\u{2069}", "א \u{2069}\u{2066} https://x.y/z ב"] {
            #expect(LineBreaks.plain(LineBreaks.leftToRightIsolated(typed)).count <= typed.count)
            #expect(!e.setParagraph([StyledSpan(typed, style)], width: 60).isEmpty)
        }
        let afterLine = try #require(e.setParagraph([StyledSpan(after, style)], width: nil).first)
        let afterText = afterLine.spans.map(\.text).joined()
        let link = try #require(afterText.range(of: url))
        let englishRange = try #require(afterText.range(of: "the English page"))
        let afterPieces: [StyledSpan] = [
            String(afterText[..<link.lowerBound]), String(afterText[link]),
            String(afterText[link.upperBound..<englishRange.lowerBound]), String(afterText[englishRange]),
            String(afterText[englishRange.upperBound...]),
        ].map { StyledSpan($0, style) }
        let linkBox = e.extent(ofSpan: 1, in: afterPieces), wordsBox = e.extent(ofSpan: 3, in: afterPieces)
        #expect(linkBox.x + linkBox.width <= wordsBox.x + 0.01, "\(linkBox) \(wordsBox)")
    }

    @Test("a paragraph that starts in English isolates no address: Hebrew on either side keeps its place")
    func noIsolateInLeftToRightParagraph() throws {
        let e = try engine()
        let note = "Train 413 from Savidor, קרון 3. Free Wi-Fi: https://www.rail.co.il/wifi ואז לרחוב יפו."
        let set = try #require(e.setParagraph([StyledSpan(note, style)], width: nil).first)
        #expect(!set.spans.map(\.text).joined().unicodeScalars.contains("\u{2066}"))
        // Hebrew first: isolated.
        let hebrew = "קרון 3. Free Wi-Fi: https://www.rail.co.il/wifi ואז"
        let rtl = try #require(e.setParagraph([StyledSpan(hebrew, style)], width: nil).first)
        #expect(rtl.spans.map(\.text).joined().unicodeScalars.contains("\u{2066}"))
    }

    @Test("Japanese keeps ドーム whole and never starts a line with ー or a small kana", arguments: [30.0, 40, 50, 60, 70])
    func kana(width: Double) throws {
        let e = try engine()
        let title = "東京ドームで巨人戦、チケットはショップで"
        let set = lines(title, width: width, e)
        #expect(set.joined() == title)
        #expect(set.allSatisfy { !$0.hasPrefix("ー") && !$0.hasPrefix("ッ") && !$0.hasPrefix("ム") }, "\(set)")
        #expect(!set.contains { $0.hasSuffix("ド") || $0.hasSuffix("ドー") }, "\(set)")
    }

    @Test("text that breaks only at spaces carries no mark: a code that fits stays one word for search and copy")
    func noMarksWhenNotNeeded() throws {
        let e = try engine()
        for text in ["Booking FSL-2291, https://a.example.com/x?y=1 and 東京ドーム", "LHP-2026-0814-ZXQW-7781-3320-KJHG"] {
            let set = e.setParagraph([StyledSpan(text, style)], width: 400).flatMap(\.spans).map(\.text).joined()
            #expect(set == text)
        }
        // Broken inside the code, it is set with the marks.
        let narrow = e.setParagraph([StyledSpan("LHP-2026-0814-ZXQW-7781-3320-KJHG", style)], width: 60)
        #expect(narrow.contains { $0.text.unicodeScalars.contains(LineBreaks.opportunity) })
    }

    @Test(
        "a dash (or a hyphen) or an arrow between spaces never starts a line, in English, Arabic or Portuguese, at any width"
    )
    func spacedDash() throws {
        let e = try engine()
        for name in [
            "Burj Al Arab Jumeirah — Royal Suite with a view of the Gulf",
            "فندق برج العرب جميرا — جناح ملكي بإطلالة على الخليج العربي",
            "Hotel Arts Barcelona – Club Room, sea view",
            "Estádio Jornalista Mário Filho, Maracanã - RJ, 20271-130",
        ] {
            let full = e.advance(of: [StyledSpan(name, style)])
            // From the width of the word before the dash with the dash (narrower, the two are a
            // word too long for its line, broken anywhere).
            let before = name.split(separator: " ").split(whereSeparator: { ["—", "–", "-"].contains($0) })[0].last!
            var width = e.advance(of: [StyledSpan(before + " —", style)]) + 1
            var broken = 0
            while width < full {
                let set = lines(name, width: width, e)
                broken += set.count > 1 ? 1 : 0
                #expect(
                    set.allSatisfy {
                        let start = $0.trimmingCharacters(in: .whitespaces)
                        return !start.hasPrefix("\u{2014}") && !start.hasPrefix("\u{2013}") && !start.hasPrefix("- ")
                    }, "\(set)")
                width += 4
            }
            #expect(broken > 5)
        }
        // An arrow between spaces as well: a title's `Seoul ⇄` ends a line, `⇄ Guam` never starts one.
        let title = "Around the Pacific: Honolulu ⇄ Tokyo ⇄ Seoul ⇄ Guam → Auckland ⟶ Sydney"
        var arrowBroken = 0
        for width in stride(from: 90.0, to: e.advance(of: [StyledSpan(title, style)]), by: 3) {
            let set = lines(title, width: width, e)
            arrowBroken += set.dropFirst().contains { $0.contains("⇄") || $0.contains("→") || $0.contains("⟶") } ? 1 : 0
            #expect(
                set.allSatisfy { !["⇄", "→", "⟶"].contains(where: $0.trimmingCharacters(in: .whitespaces).hasPrefix) },
                "\(set)")
        }
        #expect(arrowBroken > 5)
        #expect(LineBreaks.spacedSeparatorsKept("A — B – C - D") == "A\u{00A0}— B\u{00A0}– C\u{00A0}- D")
        #expect(
            LineBreaks.spacedSeparatorsKept("Seoul ⇄ Guam → Apra-Harbor ⟶ X")
                == "Seoul\u{00A0}⇄ Guam\u{00A0}→ Apra-Harbor\u{00A0}⟶ X")
    }

    @Test(
        "full-width numbers, times and words (２０２６, ６：３０, Ｊリーグ) and a year in kanji figures stay whole",
        arguments: [90.0, 110, 150, 200])
    func fullWidth(width: Double) throws {
        // Each width holds the longest of them, `２０２６０９１８－`.
        let text =
            "真夏の首都圏プロ野球・Ｊリーグ完全観戦ツアー２０２６（東京・横浜）朝食は６：３０～１０：００。二〇二六年夏・Jリーグ確认号：ＷＡ－２０２６０９１８－上海－００７"
        let broken = lines(text, width: width, try engine())
        #expect(broken.joined() == text)
        let alphanumeric: [ClosedRange<UInt32>] = [0xFF10...0xFF19, 0xFF21...0xFF3A, 0xFF41...0xFF5A]
        func wide(_ c: Character) -> Bool {
            c.unicodeScalars.allSatisfy { s in alphanumeric.contains { $0.contains(s.value) } }
        }
        let breaks = zip(broken, broken.dropFirst()).compactMap { pair in
            pair.0.last.flatMap { a in pair.1.first.map { (a, $0) } }
        }
        #expect(!breaks.isEmpty)
        for (a, b) in breaks {
            #expect(!(wide(a) && wide(b)) && !((a == "Ｊ" || a == "J") && b == "リ"), "\(broken)")
            #expect(!("〇二六".contains(a) && "〇二六".contains(b)) && b != "－", "\(broken)")
        }
    }

    @Test("a Latin word after a katakana one is a word of its own: the line breaks before it, never inside it")
    func latinAfterKatakana() throws {
        let e = try engine()
        let name = "ホテルエスコンフィールドHOKKAIDO"
        let word = e.advance(of: [StyledSpan("HOKKAIDO", style)])
        var width = word + 2
        while width < e.advance(of: [StyledSpan(name, style)]) {
            let set = lines(name, width: width, e)
            #expect(set.joined() == name)
            #expect(set.contains { $0.hasSuffix("HOKKAIDO") }, "\(width): \(set)")
            width += 7
        }
    }

    @Test("an address never leaves its postcode alone on a line, at any width")
    func postcodeKept() throws {
        let e = try engine()
        let address = "1337 Lower Campus Rd, Honolulu, HI 96822"
        let tied = LineBreaks.postcodeTied(address)
        var width = e.advance(of: [StyledSpan("HI 96822", style)]) + 1
        var broken = 0, aloneUntied = 0
        while width < e.advance(of: [StyledSpan(address, style)]) {
            let set = lines(tied, width: width, e).map { $0.trimmingCharacters(in: .whitespaces) }
            broken += set.count > 1 ? 1 : 0
            #expect(!set.contains("96822"), "\(set)")
            // As written, the same address does leave it alone at some of these widths.
            aloneUntied +=
                lines(address, width: width, e).map { $0.trimmingCharacters(in: .whitespaces) }
                    .contains("96822") ? 1 : 0
            width += 3
        }
        #expect(broken > 5 && aloneUntied > 0)
        // Only a short last word with a digit: a street or a city stays free.
        #expect(LineBreaks.postcodeTied("Rua Professor Eurico Rabelo") == "Rua Professor Eurico Rabelo")
        #expect(LineBreaks.postcodeTied("Olympic Park NSW 2127") == "Olympic Park NSW\u{00A0}2127")
    }

    @Test(
        "a title ending in a separator and a word keeps the three together at any width: the separator neither ends nor starts a line"
    )
    func titleSeparatorKept() throws {
        let e = try engine()
        let title = "臺灣職棒巡禮 CPBL Ballpark Tour + 香港 · 上海"
        let tied = LineBreaks.lastWordsTied(title)
        #expect(LineBreaks.plain(tied).hasSuffix("香港\u{00A0}·\u{00A0}上海"))
        var width = e.advance(of: [StyledSpan("香港 · 上海", style)]) + 1
        var broken = 0
        while width < e.advance(of: [StyledSpan(title, style)]) {
            let set = lines(tied, width: width, e).map { $0.trimmingCharacters(in: .whitespaces) }
            broken += set.count > 1 ? 1 : 0
            #expect(set.last?.hasSuffix("香港\u{00A0}·\u{00A0}上海") == true, "\(width): \(set)")
            #expect(!set.contains { $0.hasPrefix("·") || $0.hasSuffix("·") }, "\(set)")
            width += 4
        }
        #expect(broken > 5)
        // A separator with nothing before it stays as written; an ordinary word before the last is not one.
        #expect(LineBreaks.plain(LineBreaks.lastWordsTied("· 上海")) == "·\u{00A0}上海")
        #expect(LineBreaks.lastWordsTied("Boston to New York") == "Boston to New\u{00A0}York")
        #expect(LineBreaks.lastWordsTied("Boston – Toronto") == "Boston\u{00A0}–\u{00A0}Toronto")
        // A word written without spaces before the last is kept whole too.
        let asia = LineBreaks.lastWordsTied("2026 亚洲足球之旅 🌏")
        #expect(LineBreaks.plain(asia) == "2026 亚洲足球之旅\u{00A0}🌏")
        var w = e.advance(of: [StyledSpan("亚洲足球之旅 🌏", style)]) + 1
        while w < e.advance(of: [StyledSpan("2026 亚洲足球之旅 🌏", style)]) {
            let set = lines(asia, width: w, e)
            #expect(set.contains { $0.contains("亚洲足球之旅") }, "\(w): \(set)")
            w += 3
        }
    }

    @Test(
        "a leg's place kept whole and tied to its arrow, wider than the line, parts between its words: never inside `(AEP)`, never before the arrow"
    )
    func tiedPlaceAndArrow() throws {
        let e = try engine()
        let (places, arrow) = Bidi.listParts([
            "Buenos\u{00A0}Aires-\u{2060}Aeroparque\u{00A0}(AEP)", "Santiago\u{00A0}(SCL)",
        ])
        let spans = [
            StyledSpan(places[0] + "\u{00A0}", style), StyledSpan(arrow, style), StyledSpan(" " + places[1], style),
        ]
        for width in stride(from: 100.0, through: 150, by: 5) {
            let set = e.setParagraph(spans, width: width).map {
                LineBreaks.plain($0.spans.map(\.text).joined()).trimmingCharacters(in: .whitespaces)
            }
            #expect(
                !set.contains { $0.hasPrefix("\u{2192}") || $0.hasPrefix("AEP") || $0.hasPrefix(")") },
                "\(width): \(set)")
            #expect(!set.contains { $0.hasSuffix("(") || $0.hasSuffix("(AEP") }, "\(width): \(set)")
        }
    }

    @Test("words tied by no-break spaces that are wider together than the line break between the words, not inside one")
    func tiedWiderThanTheLine() throws {
        let e = try engine()
        let tied = "Gleis 103 → Dortmund\u{00A0}Hauptbahnhof,\u{00A0}Gleis\u{00A0}16"
        let words = Set(tied.replacingOccurrences(of: "\u{00A0}", with: " ").split(separator: " ").map(String.init))
        let widest = words.map { e.advance(of: [StyledSpan($0, style)]) }.max()!
        let set = lines(tied, width: widest + 2, e)
        #expect(set.count > 1)
        for line in set {
            let pieces = line.replacingOccurrences(of: "\u{00A0}", with: " ").split(separator: " ").map(String.init)
            #expect(pieces.allSatisfy(words.contains), "\(set)")
        }
        // Where the tied words fit, they stay together.
        let fits = lines(tied, width: e.advance(of: [StyledSpan("Dortmund Hauptbahnhof, Gleis 16", style)]) + 2, e)
        #expect(fits.contains { $0.contains("Dortmund\u{00A0}Hauptbahnhof,\u{00A0}Gleis\u{00A0}16") }, "\(fits)")
    }

    @Test("preparing is idempotent and plain text undoes it")
    func roundTrip() {
        for text in ["LHP-2026-0814-ZXQW", "https://a.example.com/x?y=1&z=2", "東京ドーム", "plain words"] {
            let once = LineBreaks.prepared(text)
            #expect(LineBreaks.prepared(once) == once)
            #expect(LineBreaks.plain(once) == text)
        }
    }
    @Test(
        "in a right-to-left paragraph an address and a code are isolated, so each reads whole from its start, and plain text undoes it"
    )
    func isolatedInRightToLeft() throws {
        let e = try engine()
        let url = "https://www.parks.org.il/reserve-park/coral-beach/"
        // The third joined to a Hebrew prefix by a hyphen (`ב-`, "at"), which stays outside.
        let leaan = "https://www.leaan.co.il/"
        for (prefix, word, cut) in [
            ("", url, url.count - 1), ("", "2026-0814-LHP", 10), ("ב-", leaan, leaan.count - 1),
        ] {
            let note = "להזמין מראש: \(prefix)\(word) (חובה בסופי שבוע)"
            let set = try #require(e.setParagraph([StyledSpan(note, style)], width: nil).first)
            #expect(LineBreaks.plain(set.text) == note)
            // The line as drawn, cut into the text before the word, the word less its end, its end
            // (the last `/`, or the code's `LHP`) and the rest: the end is drawn just right of the rest of the word.
            let text = set.spans.map(\.text).joined()
            let start = try #require(text.range(of: String(word.prefix(5))))
            let end = text.index(start.lowerBound, offsetBy: cut)
            let last = text.index(start.lowerBound, offsetBy: word.count)
            let spans = [
                String(text[..<start.lowerBound]), String(text[start.lowerBound..<end]), String(text[end..<last]),
                String(text[last...]),
            ].map { StyledSpan($0, style) }
            let head = e.extent(ofSpan: 1, in: spans), tail = e.extent(ofSpan: 2, in: spans)
            #expect(abs(tail.x - (head.x + head.width)) < 0.01, "\(word): \(head) \(tail)")
        }
        #expect(LineBreaks.leftToRightIsolated("(\(url)).") == "(\u{2066}\(url)\u{2069}).")
        #expect(LineBreaks.leftToRightIsolated("כרטיסים ב-\(leaan)") == "כרטיסים ב-\u{2066}\(leaan)\u{2069}")
        // English words before the address are in its isolate, so they read before it, on its left.
        let guide = "https://en.example.com/guide"
        let english = "הליכה של 12 דקות. See also \(guide)."
        #expect(LineBreaks.leftToRightIsolated(english) == "הליכה של 12 דקות. \u{2066}See also \(guide)\u{2069}.")
        // The same when the address is a span of its own (a link): the isolate starts in the span before.
        let parts = LineBreaks.leftToRightIsolated(parts: ["הליכה של 12 דקות. See also ", guide, "."])
        #expect(parts == ["הליכה של 12 דקות. \u{2066}See also ", guide, "\u{2069}."])
        let set = try #require(e.setParagraph([StyledSpan(english, style)], width: nil).first)
        let text = set.spans.map(\.text).joined()
        let see = try #require(text.range(of: "See also ")), at = try #require(text.range(of: guide))
        let pieces = [
            String(text[..<see.lowerBound]), String(text[see]), String(text[see.upperBound..<at.lowerBound]),
            String(text[at]), String(text[at.upperBound...]),
        ].map { StyledSpan($0, style) }
        let words = e.extent(ofSpan: 1, in: pieces), address = e.extent(ofSpan: 3, in: pieces)
        #expect(words.x + words.width <= address.x + 0.01, "\(words) \(address)")
        #expect(LineBreaks.leftToRightIsolated("שלום עולם") == "שלום עולם")
        // Only the isolates it adds: a first-strong isolate of the program's (`Bidi`) keeps its pop.
        #expect(
            LineBreaks.plain("\u{2068}תל אביב\u{2069} \u{2066}A-123-456\u{2069}") == "\u{2068}תל אביב\u{2069} A-123-456"
        )
    }

    @Test("a number against a Latin word after right-to-left text gets a left-to-right mark; nothing else changes")
    func numbersJoinedToWords() {
        let hebrew = "\u{05DE}\u{05E9}\u{05D7}\u{05E7}"
        #expect(Bidi.numbersJoinedToWords(hebrew + ", 2nd row") == hebrew + ", \u{200E}2nd row")
        #expect(Bidi.numbersJoinedToWords(hebrew + " 10am") == hebrew + " \u{200E}10am")
        // Not against a word, after English, or marked already: as written.
        for text in [
            hebrew + ", 2 rows", "Row 2nd", hebrew + " then row 2nd", hebrew + " \u{200E}2nd", "2nd " + hebrew,
        ] {
            #expect(Bidi.numbersJoinedToWords(text) == text, "\(text)")
        }
    }

    @Test("a long place breaks between its parts, never inside a short one, after a particle or before a short number")
    func wholePlaceParts() {
        let nb = "\u{00A0}"
        #expect(LineBreaks.wholePlace("East Rutherford") == "East\(nb)Rutherford")
        // Its hyphens too: `Barcelona-` / `Sants` is a station split.
        #expect(LineBreaks.wholePlace("Barcelona-Sants") == "Barcelona-\u{2060}Sants")
        // A name in a script without spaces is joined between its characters.
        #expect(LineBreaks.wholePlace("千葉") == "千\u{2060}葉")
        #expect(LineBreaks.wholePlace("東京 ドーム") == "東\u{2060}京\(nb)ド\u{2060}ー\u{2060}ム")
        #expect(LineBreaks.wholePlace("Rio de Janeiro (Santos Dumont)") == "Rio\(nb)de\(nb)Janeiro (Santos\(nb)Dumont)")
        #expect(LineBreaks.wholePlace("Madrid Puerta de Atocha") == "Madrid Puerta de\(nb)Atocha")
        #expect(
            LineBreaks.wholePlace("London Paddington (Great Western Railway, Platform 1)")
                == "London Paddington (Great Western Railway, Platform\(nb)1)")
        // A word alone is as written.
        #expect(
            LineBreaks.wholePlace("Llanfairpwllgwyngyllgogerychwyrndrobwll")
                == "Llanfairpwllgwyngyllgogerychwyrndrobwll")
    }

    @Test("Korean breaks at its spaces, not between a word's syllables; a katakana word of up to 12 stays whole")
    func hangulAndLongKana() throws {
        let e = try engine()
        let hotel = "롯데호텔 서울 이그제큐티브 타워"
        for width in [70.0, 90, 120] {
            let set = lines(hotel, width: width, e)
            let words = Set(hotel.split(separator: " ").map(String.init))
            #expect(
                set.allSatisfy { line in line.split(separator: " ").allSatisfy { words.contains(String($0)) } },
                "\(set)")
        }
        #expect(!LineBreaks.prepared("東京ヤクルトスワローズ").unicodeScalars.contains(LineBreaks.opportunity))
        let team = lines("東京ヤクルトスワローズ", width: 100, e)
        #expect(!team.contains { $0.hasPrefix("ロ") || $0.hasSuffix("ワ") }, "\(team)")
    }

    @Test("a short name in kanji between a list's separators stays whole: 日本・韓国・中国・台湾")
    func kanjiList() throws {
        let e = try engine()
        let title = "東アジア野球の旅 2026 — 日本・韓国・中国・台湾"
        for width in [60.0, 80, 100, 120, 140] {
            let set = lines(title, width: width, e)
            for line in set {
                #expect(
                    !line.hasSuffix("日") && !line.hasSuffix("韓") && !line.hasSuffix("中") && !line.hasSuffix("台"),
                    "\(set)")
            }
        }
    }
}
