/// Right-to-left names and an Arabic locale on left-to-right pages, checked where a reader sees
/// them: the glyphs' positions on the page, as `pdftotext -bbox` reports them.
import Foundation
import ItineraryExport
import ItineraryText
import Testing
import TestSupport

@Suite("Right-to-left text on the page")
struct RightToLeftTests {
    /// The words of each page of the Arabic-locale fixture in `template`. pdftotext gives an
    /// Arabic word letter by letter, each with its own box, so positions of single letters can
    /// be compared.
    static func pages(
        _ template: String, fixture: String = "arabic-locale", for test: String = #function
    ) throws -> [(width: Double, height: Double, words: [WordBox])] {
        let url = TestPaths.validFixtures.appendingPathComponent(fixture + ".json")
        let trip = try Exporter.loadTrip(path: url.path)
        let exporter = try TestStores.exporter(policy: TestStores.buildPolicy)
        let pdf = TestPaths.scratch("rtl-\(fixture)-\(template)-\(test.prefix { $0 != "(" })").appendingPathComponent(
            "trip.pdf")
        try exporter.render(trip, options: ExportOptions(template: .named(template))).bytes.write(to: pdf)
        let out = try runProcess("/usr/bin/pdftotext", ["-bbox", "-enc", "UTF-8", pdf.path, "-"])
        return wordPages(out.stdout)
    }

    /// The words on the line whose box top is nearest `y`.
    static func row(_ words: [WordBox], near y: Double) -> [WordBox] {
        words.filter { abs($0.yMin - y) < 2 }
    }

    static func x(of letter: Character, in words: [WordBox]) -> Double? {
        words.first { $0.text.contains(letter) }?.xMin
    }

    @Test(
        "lists wholly in right-to-left script read from the right, arrows pointing left: the route, the running header, a day heading, a date range"
    )
    func rightToLeftLists() throws {
        let pages = try Self.pages("classic")
        // ض is only in الرياض (Riyadh, first), ج only in جدة (Jeddah, second): read from the
        // right, Riyadh, then ← pointing on to Jeddah.
        let cover = pages[0].words
        let arrow = try #require(cover.first { $0.text == "←" }, "no ← on the cover")
        let route = cover.filter { abs(($0.yMin + $0.yMax) / 2 - (arrow.yMin + arrow.yMax) / 2) < 4 }
        let riyadh = try #require(Self.x(of: "ض", in: route)), jeddah = try #require(Self.x(of: "ج", in: route))
        #expect(
            jeddah < arrow.xMin && arrow.xMin < riyadh,
            "route: Jeddah at \(jeddah), ← at \(arrow.xMin), Riyadh at \(riyadh)")

        // The running header of page 2: the name (its ة) at the right, then the dates to its
        // left, the 1st (1) right of the 4th (4).
        let header = pages[1].words.filter { $0.yMax < 60 && $0.xMin < pages[1].width / 2 }
        let name = try #require(Self.x(of: "ة", in: header))
        let first = try #require(header.first { $0.text == "1" }?.xMin)
        let last = try #require(header.first { $0.text == "4" }?.xMin)
        #expect(last < first && first < name, "header: 4th \(last), 1st \(first), name \(name)")

        // Day 1's heading: its date (خميس, Thursday: خ) right of its city (ض of الرياض).
        let days = pages[2].words
        let thursday = try #require(days.first { $0.text.contains("خ") })
        let heading = Self.row(days, near: thursday.yMin)
        let city = try #require(heading.filter { $0.text.contains("ض") }.map(\.xMin).max())
        #expect(city < thursday.xMin, "day heading: city at \(city), date at \(thursday.xMin)")
    }

    @Test(
        "a Hebrew trip: Tel Aviv ← Jerusalem legs and dates read from the right, the English sentence of the names from the left",
        arguments: ["classic", "compact"])
    func hebrewTrip(template: String) throws {
        let pages = try Self.pages(template, fixture: "hebrew-locale")
        let words = pages.flatMap(\.words)
        #expect(!words.contains { $0.text == "→" }, "an arrow pointing right among Hebrew places")
        // The leg of day 2, Tel Aviv (its ת) to Jerusalem (its ש), on a line with ←: Tel Aviv at
        // the right, where its reader starts.
        for page in pages {
            for arrow in page.words where arrow.text == "←" {
                let row = page.words.filter { abs(($0.yMin + $0.yMax) / 2 - (arrow.yMin + arrow.yMax) / 2) < 4 }
                let left = row.filter { $0.xMax <= arrow.xMin + 0.5 },
                    right = row.filter { $0.xMin >= arrow.xMax - 0.5 }
                #expect(!left.isEmpty && !right.isEmpty, "← at the end of its line")
            }
        }
        // The cover's or title's date range: the 5th right of the 8th.
        let range = try #require(
            pages[0].words.first { $0.text == "8" }.map { eight in Self.row(pages[0].words, near: eight.yMin) })
        let fifth = try #require(range.first { $0.text == "5" }), eighth = try #require(range.first { $0.text == "8" })
        #expect(eighth.xMin < fifth.xMin, "dates: 8th at \(eighth.xMin), 5th at \(fifth.xMin)")
        // The map's key, two Hebrew places: 1, Tel Aviv (its ת), then 2 and Jerusalem (its ש)
        // to their left, read from the right as the route is.
        if template == "classic" {
            let key = try #require(
                pages[0].words.filter { $0.text == "·" }.map { Self.row(pages[0].words, near: $0.yMin) }.first {
                    row in row.contains { $0.text == "1" } && row.contains { $0.text == "2" }
                })
            let one = try #require(key.first { $0.text == "1" }), two = try #require(key.first { $0.text == "2" })
            let telAviv = try #require(Self.x(of: "ת", in: key)), jerusalem = try #require(Self.x(of: "ש", in: key))
            #expect(
                jerusalem < two.xMin && two.xMin < telAviv && telAviv < one.xMin,
                "key: Jerusalem \(jerusalem), 2 at \(two.xMin), Tel Aviv \(telAviv), 1 at \(one.xMin)")
        }
        // The names under HJM @ MTA (away Hapoel, its פ; home Maccabi, its מ): `Away at Home`,
        // an English sentence read from the left as the code line above it, each name isolated
        // inside it (as one run from the right, a reader from the left took it as home at away).
        let names = try #require(
            pages.flatMap { page in
                page.words.filter { $0.text == "at" }.map { at in page.words.filter { abs($0.yMax - at.yMax) < 2 } }
            }.first { $0.contains { $0.text.contains("פ") } })
        let at = try #require(names.first { $0.text == "at" })
        let hapoel = try #require(Self.x(of: "פ", in: names)), maccabi = try #require(Self.x(of: "מ", in: names))
        #expect(hapoel < at.xMin && at.xMin < maccabi, "names: Hapoel \(hapoel), at \(at.xMin), Maccabi \(maccabi)")
    }

    @Test(
        "a Hebrew key with a stop not on the map: the places on it still read from the right, the English cue and the stop off it after them"
    )
    func hebrewKeyWithAStopOffTheMap() throws {
        var trip = try Exporter.loadTrip(
            path: TestPaths.validFixtures.appendingPathComponent("hebrew-locale.json").path)
        // The last day in Acre (its ע), where no stadium is and no coordinates are given.
        trip.days[trip.days.count - 1].city = "\u{05E2}\u{05DB}\u{05D5}"
        let exporter = try TestStores.exporter(policy: TestStores.buildPolicy)
        let pdf = TestPaths.scratch("rtl-key-off-map").appendingPathComponent("trip.pdf")
        try exporter.render(trip, options: ExportOptions(template: .named("classic"))).bytes.write(to: pdf)
        let out = try runProcess("/usr/bin/pdftotext", ["-bbox", "-f", "1", "-l", "1", "-enc", "UTF-8", pdf.path, "-"])
        let words = try #require(wordPages(out.stdout).first).words
        let cue = try #require(words.first { $0.text == "Not" }, "no `Not on the map` cue")
        let key = words.filter { abs(($0.yMin + $0.yMax) / 2 - (cue.yMin + cue.yMax) / 2) < 3 }
        let one = try #require(key.first { $0.text == "1" }), two = try #require(key.first { $0.text == "2" })
        let three = try #require(key.first { $0.text == "3" })
        let telAviv = try #require(Self.x(of: "\u{05EA}", in: key)),
            jerusalem = try #require(Self.x(of: "\u{05E9}", in: key))
        let acre = try #require(Self.x(of: "\u{05E2}", in: key))
        #expect(
            jerusalem < two.xMin && two.xMin < telAviv && telAviv < one.xMin,
            "on the map: Jerusalem \(jerusalem), 2 at \(two.xMin), Tel Aviv \(telAviv), 1 at \(one.xMin)")
        #expect(one.xMin < cue.xMin && cue.xMin < acre && acre < three.xMin, "\(key.map(\.text))")
    }

    /// Where each line of `words` starts: the left edge of its leftmost word, by line (box
    /// middles within 3 pt: Hebrew letters and Latin punctuation on one line have boxes of
    /// different heights), top to bottom.
    static func lineStarts(_ words: [WordBox]) -> [(y: Double, x: Double)] {
        var lines: [(y: Double, x: Double)] = []
        for word in words.sorted(by: { $0.yMin + $0.yMax < $1.yMin + $1.yMax }) {
            let middle = (word.yMin + word.yMax) / 2
            if let last = lines.last, abs(last.y - middle) < 3 {
                lines[lines.count - 1].x = min(last.x, word.xMin)
            } else {
                lines.append((middle, word.xMin))
            }
        }
        return lines
    }

    /// The left edges of the lines of `words` when there are two or more and they are one
    /// edge, left of the middle of `page`; nil otherwise.
    static func oneEdge(_ words: [WordBox], page: (width: Double, height: Double, words: [WordBox])) -> Double? {
        let starts = lineStarts(words).map(\.x)
        guard let first = starts.first, starts.count > 1, starts.allSatisfy({ abs($0 - first) < 1 }),
            first < page.width / 2
        else { return nil }
        return first
    }

    @Test("a right-to-left title starts at the page's start side, the left, as the rest of the cover does")
    func titlesFromTheLeft() throws {
        let pages = try Self.pages("classic")
        // The cover's title: its last word's last letter (ي of السعودي) at the left margin (54).
        let title = pages[0].words.filter { $0.yMax - $0.yMin > 30 }
        let left = try #require(title.map(\.xMin).min())
        #expect(abs(left - 54) < 1, "title starts at \(left)")
    }

    @Test(
        "one edge: every part of a right-to-left trip on left-to-right pages starts at the left (cover, plan card, stay, game card's venue and note)",
        arguments: ["classic", "compact"])
    func oneEdgeEverywhere(template: String) throws {
        let pages = try Self.pages(template, fixture: "hebrew-locale")
        if template == "classic" {
            // The cover: the title (סיור כדורגל בישראל) and the route under it, at the left margin.
            let cover = pages[0].words
            let arrow = try #require(cover.first { $0.text == "←" })
            let heading = cover.filter { $0.yMax - $0.yMin > 30 } + Self.row(cover, near: arrow.yMin)
            let edge = Self.oneEdge(heading, page: pages[0])
            #expect(edge.map { abs($0 - 54) < 1 } == true, "cover: \(Self.lineStarts(heading).map(\.x))")
        }
        // The plan card (סיור בעיר העתיקה): title, category, address and link, one under another.
        let plan = try #require(pages.first { $0.words.contains { $0.text == "ACTIVITY" } })
        let activity = try #require(plan.words.first { $0.text == "ACTIVITY" })
        let link = try #require(plan.words.first { $0.text.hasSuffix("old-city") })
        let planParts = plan.words.filter {
            $0.yMin > activity.yMin - 16 && $0.yMin < link.yMax && $0.xMax < link.xMax + 40
        }
        #expect(Self.oneEdge(planParts, page: plan) != nil, "plan card: \(Self.lineStarts(planParts).map(\.x))")
        // The stay (מלון דן תל אביב over הירקון 99, תל אביב), left of compact's cells beside it.
        let stayPage = try #require(pages.first { $0.words.contains { $0.text == "99" || $0.text == "99," } })
        let number = try #require(stayPage.words.first { $0.text == "99" || $0.text == "99," })
        let stay = stayPage.words.filter {
            $0.yMin > number.yMin - 18 && $0.yMin < number.yMin + 2 && $0.xMin < stayPage.width * 0.35
        }
        #expect(Self.oneEdge(stay, page: stayPage) != nil, "stay: \(Self.lineStarts(stay).map(\.x))")
        // The first game: its venue and its note, each after its icon, between LOCAL START and SECTION.
        let gamePage = try #require(pages.first { $0.words.contains { $0.text == "SECTION" } })
        let local = try #require(gamePage.words.first { $0.text == "LOCAL" })
        let section = try #require(gamePage.words.first { $0.text == "SECTION" })
        let rows = gamePage.words.filter { $0.yMin > local.yMax && $0.yMax < section.yMin && $0.xMax < 480 }
        #expect(Self.lineStarts(rows).count >= 2)
        #expect(Self.oneEdge(rows, page: gamePage) != nil, "venue and note: \(Self.lineStarts(rows).map(\.x))")
    }

    @Test(
        "in an English note, a number against its word after Hebrew stays with it: `כדורסל, 2nd row`, not `2 ,כדורסלnd row`"
    )
    func ordinalAfterHebrew() throws {
        var trip = try Exporter.loadTrip(path: TestPaths.validFixtures.appendingPathComponent("minimal.json").path)
        trip.days[0].notes = "Basketball night \u{2014} \u{05DE}\u{05E9}\u{05D7}\u{05E7}, 2nd row behind the bench."
        let exporter = try TestStores.exporter(policy: TestStores.buildPolicy)
        let pdf = TestPaths.scratch("rtl-ordinal").appendingPathComponent("trip.pdf")
        try exporter.render(trip, options: ExportOptions(template: .named("classic"))).bytes.write(to: pdf)
        let out = try runProcess("/usr/bin/pdftotext", ["-bbox", "-enc", "UTF-8", pdf.path, "-"])
        let words = wordPages(out.stdout).flatMap(\.words)
        let night = try #require(words.first { $0.text == "night" })
        let row = Self.row(words, near: night.yMin)
        // Left to right: night, the Hebrew word (מ at its right end), the comma, 2nd, row.
        let hebrew = try #require(Self.x(of: "\u{05DE}", in: row))
        let second = try #require(row.first { $0.text.contains("2") })
        let rowWord = try #require(row.first { $0.text == "row" })
        #expect(night.xMin < hebrew && hebrew < second.xMin && second.xMin < rowWord.xMin, "\(row.map(\.text))")
        #expect(second.text.contains("2nd"), "\(row.map(\.text))")
    }

    @Test(
        "an Arabic trip printed with English labels writes its times as the labels do: `9:00 PM`, the marker right of its digits, never `م`, on the game card and in the travel line alike",
        arguments: ["classic", "compact"])
    func timeMarkerSide(template: String) throws {
        let words = try Self.pages(template).flatMap(\.words)
        // Every time: digits with a colon, and its AM or PM on the same line within a space's
        // reach. The fixture's drive departs at 7:00 AM and arrives at 5:10 PM.
        var times = 0
        for clock in words where clock.text.contains(":") && clock.text.first?.isNumber == true {
            let middle = (clock.yMin + clock.yMax) / 2
            let line = words.filter { abs(($0.yMin + $0.yMax) / 2 - middle) < 3 }
            // No Arabic marker against the digits (`م 8:00`).
            #expect(
                !line.contains {
                    ($0.text == "\u{0645}" || $0.text == "\u{0635}")
                        && min(abs($0.xMax - clock.xMin), abs(clock.xMax - $0.xMin)) < 4
                }, "\(template): \(line.map(\.text))")
            guard
                let marker = line.first(where: {
                    ($0.text == "AM" || $0.text == "PM")
                        && min(abs($0.xMax - clock.xMin), abs(clock.xMax - $0.xMin)) < 8
                })
            else { continue }
            times += 1
            #expect(
                clock.xMax <= marker.xMin + 0.5,
                "\(template): \(marker.text) left of \(clock.text) in \(line.map(\.text))")
        }
        #expect(times >= 6, "\(template): \(times) times with a marker")
    }

    @Test(
        "one numbering system: an Arabic trip printed with English labels writes every figure in Western digits, in both designs",
        arguments: ["classic", "compact"])
    func oneNumberingSystem(template: String) throws {
        // The traveller's own words keep their digits (a note's `الصف ١٢`, row 12).
        let own = try String(
            contentsOf: TestPaths.validFixtures.appendingPathComponent("arabic-locale.json"), encoding: .utf8)
        for (n, page) in try Self.pages(template).enumerated() {
            for word in page.words where !own.contains(word.text) {
                #expect(
                    !word.text.unicodeScalars.contains(where: TextEngine.isArabicIndicNumber),
                    "\(template) page \(n + 1): \(word.text) has Arabic-Indic digits beside English labels")
            }
        }
    }
}
