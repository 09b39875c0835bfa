/// Every word of every rendered page, as a PDF reader extracts it (`pdftotext -bbox`): none
/// outside the paper, and no two overprinting each other (body over footer, label over label).
import Foundation
import ItineraryExport
import Testing
import TestSupport

/// A word's box in PDF points, top-left origin, as pdftotext reports it.
struct WordBox {
    var text: String
    var xMin, yMin, xMax, yMax: Double
}

/// The pages of `pdftotext -bbox` output: size and words.
func wordPages(_ html: String) -> [(width: Double, height: Double, words: [WordBox])] {
    var pages: [(width: Double, height: Double, words: [WordBox])] = []
    func number(_ name: String, in tag: Substring) -> Double? {
        guard let r = tag.range(of: name + "=\"") else { return nil }
        let rest = tag[r.upperBound...]
        return Double(rest.prefix { $0 != "\"" })
    }
    for line in html.split(separator: "\n") {
        let t = line.trimmingCharacters(in: .whitespaces)[...]
        if t.hasPrefix("<page ") {
            pages.append((number("width", in: t) ?? 0, number("height", in: t) ?? 0, []))
        } else if t.hasPrefix("<word "), !pages.isEmpty, let open = t.utf8.firstIndex(of: UInt8(ascii: ">")),
            let close = t.range(of: "</word>"), open < close.lowerBound
        {
            // Bytes, not Characters: a word that starts with a combining mark (Thai, Devanagari)
            // makes one Character of the tag's ">" and that mark.
            let text = String(decoding: t.utf8[t.utf8.index(after: open)..<close.lowerBound], as: UTF8.self)
            if let a = number("xMin", in: t), let b = number("yMin", in: t), let c = number("xMax", in: t),
                let d = number("yMax", in: t)
            {
                pages[pages.count - 1].words.append(WordBox(text: text, xMin: a, yMin: b, xMax: c, yMax: d))
            }
        }
    }
    return pages
}

@Suite("Words on the page")
struct WordOverlapTests {
    static let trips = TestPaths.jsonFiles(in: TestPaths.examples) + TestPaths.jsonFiles(in: TestPaths.validFixtures)

    @Test(
        "no word leaves the paper and no two words overprint, in every example and fixture, in both designs",
        arguments: trips.map(\.lastPathComponent))
    func words(_ file: String) throws {
        let url = Self.trips.first { $0.lastPathComponent == file }!
        let trip = try Exporter.loadTrip(path: url.path)
        // The command's policy: the notice line at the foot of every page is checked too.
        let exporter = try TestStores.exporter(policy: TestStores.buildPolicy)
        for template in ["classic", "compact"] {
            let pdf = TestPaths.scratch("words-\(template)-\(file)").appendingPathComponent("trip.pdf")
            try exporter.render(trip, options: ExportOptions(template: .named(template))).bytes.write(to: pdf)
            let out = try runProcess("/usr/bin/pdftotext", ["-bbox", "-enc", "UTF-8", pdf.path, "-"])
            #expect(out.status == 0)
            for (n, page) in wordPages(out.stdout).enumerated() {
                for w in page.words {
                    #expect(
                        w.xMin >= -0.5 && w.yMin >= -0.5 && w.xMax <= page.width + 0.5 && w.yMax <= page.height + 0.5,
                        "\(template) \(file) page \(n + 1): \(w.text) off the paper")
                }
                // pdftotext's boxes span the font's whole ascent and descent, so lines set tight
                // touch; a quarter of the box's height off each edge leaves the ink.
                let boxes = page.words.map { w -> (WordBox, Double, Double, Double, Double) in
                    let inset = (w.yMax - w.yMin) * 0.25
                    return (w, w.xMin + 0.3, w.yMin + inset, w.xMax - 0.3, w.yMax - inset)
                }
                // pdftotext cuts right-to-left runs, and Indic clusters whose vowel signs are drawn
                // before their consonant, into single letters with approximate boxes (a Hebrew or
                // Hindi word comes out as overlapping letters): two such pieces are not compared.
                let rtl = page.words.map { w in w.text.unicodeScalars.contains { (0x0590...0x0DFF).contains($0.value) }
                }
                for i in boxes.indices {
                    for j in boxes.indices where j > i && !(rtl[i] && rtl[j]) {
                        let a = boxes[i], b = boxes[j]
                        let overlap = a.1 < b.3 && b.1 < a.3 && a.2 < b.4 && b.2 < a.4
                        #expect(!overlap, "\(template) \(file) page \(n + 1): \(a.0.text) over \(b.0.text)")
                    }
                }
            }
        }
    }
}
