/// Right-to-left names and an Arabic locale on left-to-right pages, checked where a reader sees
/// them: the glyphs' positions on the page, as `pdftotext -bbox` reports them.
import Foundation
import ItineraryExport
import Testing
import TestSupport

@Suite("Right-to-left text on the page")
struct RightToLeftTests {
    /// The words of each page of the Arabic-locale fixture in `template`. pdftotext gives an
    /// Arabic word letter by letter, each with its own box, so positions of single letters can
    /// be compared.
    static func pages(
        _ template: String, for test: String = #function
    ) throws -> [(width: Double, height: Double, words: [WordBox])] {
        let url = TestPaths.validFixtures.appendingPathComponent("arabic-locale.json")
        let trip = try Exporter.loadTrip(path: url.path)
        let exporter = try TestStores.exporter(policy: TestStores.buildPolicy)
        let pdf = TestPaths.scratch("rtl-\(template)-\(test.prefix { $0 != "(" })").appendingPathComponent("trip.pdf")
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
        "lists the program writes read from the left in order: the route, the running header, a day heading, a date range"
    )
    func orderFromTheLeft() throws {
        let pages = try Self.pages("classic")
        // ض is only in الرياض (Riyadh, first), ج only in جدة (Jeddah, second).
        let cover = pages[0].words
        let arrow = try #require(cover.first { $0.text == "→" })
        let route = cover.filter { abs(($0.yMin + $0.yMax) / 2 - (arrow.yMin + arrow.yMax) / 2) < 4 }
        let riyadh = try #require(Self.x(of: "ض", in: route)), jeddah = try #require(Self.x(of: "ج", in: route))
        #expect(
            riyadh < arrow.xMin && arrow.xMin < jeddah,
            "route: Riyadh at \(riyadh), → at \(arrow.xMin), Jeddah at \(jeddah)")

        // The running header of page 2: the name (its ة), then the dates; the dates start on the 1st (١) and end on the 4th (٤).
        let header = pages[1].words.filter { $0.yMax < 60 && $0.xMin < pages[1].width / 2 }
        let name = try #require(Self.x(of: "ة", in: header))
        let first = try #require(header.first { $0.text.contains("١") && !$0.text.contains("٢٠٢٦") }?.xMin)
        let last = try #require(header.first { $0.text.contains("٤") }?.xMin)
        #expect(name < first && first < last, "header: name \(name), 1st \(first), 4th \(last)")

        // Day 1's heading: its date (خميس, Thursday: خ) before its city (ض of الرياض).
        let days = pages[2].words
        let thursday = try #require(days.first { $0.text.contains("خ") })
        let heading = Self.row(days, near: thursday.yMin)
        let city = try #require(heading.filter { $0.text.contains("ض") }.map(\.xMin).max())
        #expect(thursday.xMin < city, "day heading: date at \(thursday.xMin), city at \(city)")
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
        "one numbering system: an Arabic trip's figures are all in Arabic-Indic digits, in both designs",
        arguments: ["classic", "compact"])
    func oneNumberingSystem(template: String) throws {
        for (n, page) in try Self.pages(template).enumerated() {
            for word in page.words
            where word.text.contains(where: \.isASCII) && word.text.contains(where: { $0.isNumber }) {
                // Codes keep their characters: a booking reference, a zone's offset.
                let code = word.text.hasPrefix("FSL-") || word.text.hasPrefix("UTC")
                #expect(
                    code || !word.text.unicodeScalars.contains { (0x30...0x39).contains($0.value) },
                    "\(template) page \(n + 1): \(word.text) has Western digits")
            }
        }
    }
}
