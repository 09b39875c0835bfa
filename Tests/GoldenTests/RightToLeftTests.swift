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
        // The names under HJM @ MTA (away Hapoel, its פ; home Maccabi, its מ): `Away at Home`
        // from the left, the sentence of the English label.
        let names = try #require(
            pages.flatMap { page in
                page.words.filter { $0.text == "at" }.map { at in page.words.filter { abs($0.yMax - at.yMax) < 2 } }
            }.first { $0.contains { $0.text.contains("פ") } })
        let at = try #require(names.first { $0.text == "at" })
        let hapoel = try #require(Self.x(of: "פ", in: names)), maccabi = try #require(Self.x(of: "מ", in: names))
        #expect(hapoel < at.xMin && at.xMin < maccabi, "names: Hapoel \(hapoel), at \(at.xMin), Maccabi \(maccabi)")
    }

    @Test("a right-to-left title is set from the right edge, as its notes are")
    func titlesFromTheRight() throws {
        let pages = try Self.pages("classic")
        // The cover's title: the name's last letter (ي of السعودي) is its leftmost glyph; the
        // first (ج of جولة) ends at the right margin (612 − 54).
        let cover = pages[0].words
        let title = cover.filter { $0.yMax - $0.yMin > 30 }
        let right = try #require(title.map(\.xMax).max())
        #expect(abs(right - (pages[0].width - 54)) < 2, "title ends at \(right)")
        // The stay's name in its card ends at the content column's right edge, where its
        // address ends too.
        let days = pages[2].words
        let hotel = try #require(days.first { $0.text.contains("ف") && $0.text.count == 1 })
        let hotelRow = Self.row(days, near: hotel.yMin)
        let address = days.filter { $0.yMin > hotel.yMin + 4 && $0.yMin < hotel.yMin + 20 }
        let nameEnd = try #require(hotelRow.map(\.xMax).max()), addressEnd = try #require(address.map(\.xMax).max())
        #expect(abs(nameEnd - addressEnd) < 1.5, "name ends at \(nameEnd), address at \(addressEnd)")
        #expect(nameEnd > pages[2].width / 2)
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
