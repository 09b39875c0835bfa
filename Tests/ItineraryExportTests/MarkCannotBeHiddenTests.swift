/// The test-entitlement mark no template or font can hide (issue 19 §1): every page of an export
/// made with only a local test purchase carries the mark as real text, at least 7 pt, inside
/// the paper, and inked at 4.5:1 or more against white, whatever the template or the fonts
/// directory say, single and batch, PDF and PNG.
import CCairo
import DisplayList
import Foundation
import ItineraryLayout
import ItineraryRender
import ItineraryText
import Testing
import TestSupport

private let markWords = ["Test", "entitlement", "(LocalTesting)", "—", "not", "a", "purchase"]
private let trip = TestPaths.examples.appendingPathComponent("midwest-mlb-10-day.json").path

/// One word of `pdftotext -bbox`, in points from the page's top-left corner.
private struct Word { var text: String; var xMin, yMin, xMax, yMax: Double }

/// The pages of a PDF, each with its size and words.
private func words(_ pdf: String) throws -> [(width: Double, height: Double, words: [Word])] {
    let html = try runProcess("/usr/bin/pdftotext", ["-bbox", pdf, "-"]).stdout
    var pages: [(width: Double, height: Double, words: [Word])] = []
    func attribute(_ name: String, _ line: Substring) -> Double? {
        guard let start = line.range(of: name + "=\"") else { return nil }
        return Double(line[start.upperBound...].prefix { $0 != "\"" })
    }
    for line in html.split(separator: "\n") {
        if line.contains("<page "), let w = attribute("width", line), let h = attribute("height", line) {
            pages.append((w, h, []))
        } else if line.contains("<word "), let x0 = attribute("xMin", line), let y0 = attribute("yMin", line),
            let x1 = attribute("xMax", line), let y1 = attribute("yMax", line),
            let open = line.firstIndex(of: ">"), let close = line.range(of: "</word>")
        {
            let text = String(line[line.index(after: open)..<close.lowerBound]).replacingOccurrences(
                of: "&amp;", with: "&")
            pages[pages.count - 1].words.append(Word(text: text, xMin: x0, yMin: y0, xMax: x1, yMax: y1))
        }
    }
    return pages
}

/// WCAG contrast of an sRGB colour against white.
private func contrastOnWhite(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Double {
    func linear(_ c: UInt8) -> Double {
        let v = Double(c) / 255
        return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
    }
    let l = 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
    return 1.05 / (l + 0.05)
}

/// How many pixels of the box (points) on `page` are inked at 4.5:1 or more against white, as
/// poppler draws the PDF at 4 pixels per point (fewer on a paper larger than Letter or A4 on both
/// sides, in proportion, where the mark is larger in proportion).
private func inkedPixels(_ pdf: String, page: Int, _ w: Word, pageWidth: Double, pageHeight: Double) throws -> Int {
    let perPoint = 4 / pageScale(pageWidth, pageHeight)
    let x = Int(w.xMin * perPoint), y = Int(w.yMin * perPoint)
    let width = max(1, Int((w.xMax - w.xMin) * perPoint)), height = max(1, Int((w.yMax - w.yMin) * perPoint))
    let ppm = try runProcess(
        "/usr/bin/pdftoppm",
        [
            "-r", String(72 * perPoint), "-f", String(page), "-l", String(page),
            "-x", String(x), "-y", String(y), "-W", String(width), "-H", String(height), pdf,
        ]
    ).stdoutData
    // P6 header: magic, width, height, maximum, each followed by one whitespace byte.
    var fields = 0, index = 0
    while fields < 4, index < ppm.count {
        if ppm[index] == 0x0A || ppm[index] == 0x20 { fields += 1 }
        index += 1
    }
    var count = 0
    var i = index
    while i + 2 < ppm.count {
        if contrastOnWhite(ppm[i], ppm[i + 1], ppm[i + 2]) >= 4.5 { count += 1 }
        i += 3
    }
    return count
}

/// Checks every page of `pdf`: the mark's words in order, each inside the paper, at least 7 pt
/// tall, with ink of 4.5:1 contrast in its box.
private func expectMarkOnEveryPage(
    _ pdf: String, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let pages = try words(pdf)
    #expect(!pages.isEmpty, "\(what): no pages", sourceLocation: sourceLocation)
    for (index, page) in pages.enumerated() {
        let texts = page.words.map(\.text)
        let start = texts.indices.first { i in
            i + markWords.count <= texts.count && Array(texts[i..<(i + markWords.count)]) == markWords
        }
        guard let start else {
            Issue.record("\(what) page \(index + 1): no mark in \(texts.suffix(12))", sourceLocation: sourceLocation)
            continue
        }
        // Nothing of the page's own lies level with or below the mark's top: the layout keeps
        // that band clear (and leaves out what a template forces into it), so no word there can
        // be read into the mark's.
        let markTop = page.words[start..<(start + markWords.count)].map(\.yMin).min() ?? 0
        let intruders = page.words.indices.filter { !(start..<(start + markWords.count)).contains($0) }
            .map { page.words[$0] }.filter { $0.yMax > markTop + 1 }
        #expect(
            intruders.isEmpty, "\(what) page \(index + 1): \(intruders.map(\.text)) in the mark's band",
            sourceLocation: sourceLocation)
        for word in page.words[start..<(start + markWords.count)] {
            #expect(
                word.xMin >= 0 && word.yMin >= 0 && word.xMax <= page.width && word.yMax <= page.height,
                "\(what) page \(index + 1): \"\(word.text)\" at \(word) is off the \(page.width) × \(page.height) paper",
                sourceLocation: sourceLocation)
            // At least 7 pt, and as large against the page as 7 pt is against Letter.
            let least = 7 * pageScale(page.width, page.height)
            #expect(
                word.yMax - word.yMin >= least,
                "\(what) page \(index + 1): \"\(word.text)\" is \(word.yMax - word.yMin) pt tall on a \(page.width) × \(page.height) page",
                sourceLocation: sourceLocation)
            let inked = try inkedPixels(pdf, page: index + 1, word, pageWidth: page.width, pageHeight: page.height)
            #expect(
                inked >= 12, "\(what) page \(index + 1): \"\(word.text)\" has \(inked) pixels of 4.5:1 ink",
                sourceLocation: sourceLocation)
        }
    }
}

/// Writes the classic template changed by `change` as `name`.json in the scratch directory.
private func hidingTemplate(
    _ cli: GateCLI, _ name: String, base: String = "classic", _ change: (inout [String: Any]) -> Void
) throws -> String {
    let data = try Data(contentsOf: URL(fileURLWithPath: TestPaths.templates + "/\(base).json"))
    var template = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    change(&template)
    let path = cli.path("\(name).json")
    try JSONSerialization.data(withJSONObject: template).write(to: URL(fileURLWithPath: path))
    return path
}

private func setting(_ template: inout [String: Any], _ path: [String], _ value: Any) {
    func set(_ object: inout [String: Any], _ keys: ArraySlice<String>) {
        guard let key = keys.first else { return }
        if keys.count == 1 { object[key] = value; return }
        var inner = object[key] as? [String: Any] ?? [:]
        set(&inner, keys.dropFirst())
        object[key] = inner
    }
    set(&template, path[...])
}

/// The templates that hid the mark before it was the renderer's, and the papers at the schema's
/// extremes: each exported with only a local test purchase.
nonisolated(unsafe) private let hidingChanges: [(name: String, base: String, changes: [(path: [String], value: Any)])] =
    [
        ("white-accent", "classic", [(["colors", "accent"], "#FFFFFF")]),
        ("tiny-furniture", "classic", [(["styles", "furniture", "size"], 0.01)]),
        ("stacked-furniture", "classic", [(["styles", "furniture", "tracking"], -58)]),
        ("scattered-furniture", "classic", [(["styles", "furniture", "tracking"], 3000)]),
        ("white-ink", "classic", [(["colors", "ink4"], "#FFFFFF")]),
        ("footer-on-the-mark", "classic", [(["footer", "textTopFromBottom"], 22)]),
        ("compact-tiny", "compact", [(["styles", "furniture", "size"], 0.01)]),
        ("compact-white", "compact", [(["colors", "accent"], "#FFFFFF")]),
        // The running header set on the mark's baseline, a cover row and a progress card taller
        // than the page: text forced into the mark's band.
        ("header-in-the-band", "classic", [(["header", "textTop"], 766)]),
        ("brand-row-in-the-band", "classic", [(["cover", "brand", "height"], 1450)]),
        ("card-through-the-band", "classic", [(["progress", "card", "nameGap"], 650)]),
        // A page ten times Letter, to be viewed or printed fitted to Letter: the mark grows with it.
        ("tenfold-paper", "classic", [(["papers", "letter"], ["width": 6120, "height": 7920])]),
        // The widest and the tallest papers the schema allows (200 inches by 20): the mark scaled
        // with the page's shorter side once hung above a wide page's top edge.
        ("wide-paper", "classic", [(["papers", "letter"], ["width": 14400, "height": 1440])]),
        ("tall-paper", "classic", [(["papers", "letter"], ["width": 1440, "height": 14400])]),
        // The narrowest paper, without margins: the mark wraps, between words only.
        (
            "narrow-paper", "classic",
            [
                (["papers", "letter"], ["width": 144, "height": 1440]),
                (["margins"], ["top": 0, "right": 0, "bottom": 0, "left": 0]),
                (["firstPageMargins"], ["top": 0, "right": 0, "bottom": 0, "left": 0]),
            ]
        ),
    ]

/// How many of `hidingChanges`, at its end, change the paper.
private let paperChangeCount = 4

/// How large a mark is against its page, at least: 7 pt on Letter and A4, in proportion on
/// a paper larger on both sides.
private func pageScale(_ width: Double, _ height: Double) -> Double { max(1, min(width / 612, height / 792)) }

@Suite("The test-entitlement mark no template or font can hide")
struct MarkCannotBeHiddenTests {
    @Test("every page, with each template that hid the mark, single and batch")
    func templates() throws {
        let cli = GateCLI("mark-hide")
        try cli.setUpLocalTesting()
        _ = try cli.purchase(annual)
        var paths: [String] = []
        for change in hidingChanges {
            let template = try hidingTemplate(cli, change.name, base: change.base) { template in
                for (path, value) in change.changes { setting(&template, path, value) }
            }
            paths.append(template)
            let out = cli.path("\(change.name).pdf")
            let r = try cli.run([trip, out, "--template", template])
            #expect(r.status == 0, "\(change.name): \(r.stderr)")
            try expectMarkOnEveryPage(out, change.name)
            // What was left out from under the mark is said, never dropped in silence.
            if ["brand-row-in-the-band", "card-through-the-band"].contains(change.name) {
                #expect(r.stderr.contains("where the test-entitlement mark goes, was left out of page"), "\(r.stderr)")
            }
        }
        // Through a batch, the same templates by file (and the papers).
        let chosen =
            Array(zip(hidingChanges.prefix(4), paths))
            + Array(zip(hidingChanges.suffix(paperChangeCount), paths.suffix(paperChangeCount)))
        for (change, template) in chosen {
            let dir = cli.path("batch-\(change.name)")
            let r = try cli.run(["batch", trip, "--out-dir", dir, "--template", template, "--jobs", "1"])
            #expect(r.status == 0, "batch \(change.name): \(r.stderr)")
            try expectMarkOnEveryPage(dir + "/midwest-mlb-10-day.pdf", "batch \(change.name)")
        }
    }

    @Test("a templates directory whose classic.json whitens the accent: the default name is marked too")
    func changedBundledTemplate() throws {
        let cli = GateCLI("mark-bundled")
        try cli.setUpLocalTesting()
        _ = try cli.purchase(annual)
        let templates = cli.path("templates")
        try FileManager.default.createDirectory(atPath: templates, withIntermediateDirectories: true)
        for name in ["classic", "compact"] {
            let changed = try hidingTemplate(cli, name) {
                setting(&$0, ["colors", "accent"], "#FFFFFF"); setting(&$0, ["styles", "furniture", "size"], 0.01)
            }
            try FileManager.default.moveItem(atPath: changed, toPath: templates + "/\(name).json")
        }
        let out = cli.path("out.pdf")
        let r = try cli.run([trip, out], env: ["EXPORT_ITINERARY_TEMPLATES": templates])
        #expect(r.status == 0, "\(r.stderr)")
        try expectMarkOnEveryPage(out, "EXPORT_ITINERARY_TEMPLATES")
    }

    @Test("a fonts directory whose Inter Medium has no outlines: the mark keeps its glyphs")
    func emptiedFont() throws {
        let cli = GateCLI("mark-fonts")
        try cli.setUpLocalTesting()
        _ = try cli.purchase(annual)
        // A copy of Fonts/ without its lock (a lock would refuse the changed file), Inter
        // Medium's every glyph emptied by fontTools.
        let fonts = cli.path("fonts")
        try FileManager.default.createDirectory(atPath: fonts, withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: TestPaths.fonts)
        where name.hasSuffix(".ttf") && name != "Inter-Medium.ttf" {
            try FileManager.default.copyItem(atPath: TestPaths.fonts + "/" + name, toPath: fonts + "/" + name)
        }
        let empty = try runProcess(
            "/usr/bin/python3",
            [
                "-I", "-c",
                """
                import sys
                from fontTools.ttLib import TTFont
                from fontTools.ttLib.tables._g_l_y_f import Glyph
                font = TTFont(sys.argv[1])
                for name in font.getGlyphOrder():
                    font["glyf"][name] = Glyph()
                font.save(sys.argv[2])
                """, TestPaths.fonts + "/Inter-Medium.ttf", fonts + "/Inter-Medium.ttf",
            ])
        #expect(empty.status == 0, "\(empty.stderr)")
        let out = cli.path("out.pdf")
        let r = try cli.run([trip, out], env: ["EXPORT_ITINERARY_FONTS": fonts])
        #expect(r.status == 0, "\(r.stderr)")
        try expectMarkOnEveryPage(out, "emptied Inter Medium")
    }

    @Test("a PNG preview: inside the mark's plate, the page is the mark drawn alone, pixel for pixel")
    func png() throws {
        let cli = GateCLI("mark-png")
        try cli.setUpLocalTesting()
        _ = try cli.purchase(annual)
        let fonts = try FontSet(directory: TestPaths.fonts)
        let text = TextEngine(fontSet: fonts, language: "en")
        let notice = "Test entitlement (LocalTesting) — not a purchase"
        // At the usual resolution, and at the coarsest a preview may have (where the mark grows
        // to stay legible).
        // The large papers at 9 dpi only: at 144 their pages are 200-million-pixel images.
        let large: Set = ["tenfold-paper", "wide-paper", "tall-paper"]
        for (change, dpi) in hidingChanges.map({ ($0, large.contains($0.name) ? 9.0 : 144.0) }) + [
            (hidingChanges[1], 9.0), (hidingChanges[6], 18.0),
        ] {
            let template = try hidingTemplate(cli, change.name, base: change.base) { template in
                for (path, value) in change.changes { setting(&template, path, value) }
            }
            let scale = dpi / 72
            // The paper, from the template (the image's size is rounded up to whole pixels).
            let papers = try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: template)))
                    as? [String: Any])
            let paperName = try #require(papers["paper"] as? String)
            let paper = try #require((papers["papers"] as? [String: Any])?[paperName] as? [String: Any])
            let size = (try #require(paper["width"] as? Double), try #require(paper["height"] as? Double))
            for page in [1, 2] {
                let out = cli.path("\(change.name)-\(page)-\(Int(dpi)).png")
                let r = try cli.run([trip, out, "--template", template, "--page", String(page), "--dpi", String(dpi)])
                #expect(r.status == 0, "\(change.name): \(r.stderr)")
                let drawn = try image(Data(contentsOf: URL(fileURLWithPath: out)))
                let blank = LaidOutDocument(
                    pages: [PageFrame(width: size.0, height: size.1)], outline: [],
                    metadata: DocumentMetadata(title: "", language: "en"))
                let alone = try image(PNGRenderer.render(blank, page: 0, text: text, scale: scale, mark: notice))
                let geometry = try EntitlementMark.geometry(
                    notice, pageWidth: size.0, pageHeight: size.1, pixelsPerPoint: scale)
                let plate = geometry.plate
                let x0 = Int((plate.x * scale).rounded(.up)) + 1, x1 = Int((plate.x + plate.width) * scale) - 1
                let y0 = Int((plate.y * scale).rounded(.up)) + 1, y1 = Int((plate.y + plate.height) * scale) - 1
                #expect(
                    x0 > 0 && y0 > 0 && x1 < drawn.width && y1 < drawn.height,
                    "\(change.name): plate \(plate) off the page")
                // Glyphs at least minimumPixels tall: 8 pt, or more in a coarse image.
                #expect(geometry.size * scale >= 9, "\(change.name): the mark is \(geometry.size * scale) pixels")
                #expect(geometry.lines.joined(separator: " ") == notice, "\(change.name): \(geometry.lines)")
                var differing = 0, inked = 0
                for y in y0..<y1 {
                    for x in x0..<x1 {
                        let a = drawn.rgb(x, y), b = alone.rgb(x, y)
                        if a != b { differing += 1 }
                        if contrastOnWhite(a.0, a.1, a.2) >= 4.5 { inked += 1 }
                    }
                }
                #expect(
                    differing == 0, "\(change.name) at \(dpi) dpi page \(page): \(differing) pixels of the mark changed"
                )
                #expect(
                    inked > (dpi > 100 ? 200 : 40), "\(change.name) at \(dpi) dpi page \(page): \(inked) inked pixels")
            }
        }
    }
}

/// A decoded PNG's pixels.
private struct Image {
    var bytes: [UInt8]
    var width: Int, height: Int, stride: Int
    func rgb(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
        // cairo's RGB24 in memory, little-endian: B, G, R, unused.
        let i = y * stride + 4 * x
        return (bytes[i + 2], bytes[i + 1], bytes[i])
    }
}

private func image(_ png: Data) throws -> Image {
    let file = TestPaths.scratch("mark-png-decode").appendingPathComponent("p.png")
    try png.write(to: file)
    let surface = try #require(cairo_image_surface_create_from_png(file.path))
    defer { cairo_surface_destroy(surface) }
    #expect(cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS)
    cairo_surface_flush(surface)
    let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
    let stride = Int(cairo_image_surface_get_stride(surface))
    let bytes = Array(UnsafeBufferPointer(start: cairo_image_surface_get_data(surface), count: stride * height))
    return Image(bytes: bytes, width: width, height: height, stride: stride)
}
