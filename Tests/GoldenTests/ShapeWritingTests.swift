/// Shapes written by the renderer itself (map label halos among them) look and read as cairo's:
/// the same pixels within anti-aliasing, the same text, the same structure tree, and a file
/// qpdf finds clean.
import DisplayList
import Foundation
import ItineraryExport
import ItineraryText
@testable import ItineraryRender
import Testing
import TestSupport

@Suite("Shapes written without cairo")
struct ShapeWritingTests {
    /// A page's grey levels from `pdftoppm -gray` (binary PGM).
    private func pixels(_ pgm: URL) throws -> (width: Int, height: Int, levels: [UInt8]) {
        let data = [UInt8](try Data(contentsOf: pgm))
        // "P5\n<w> <h>\n255\n" then the pixels.
        var fields: [String] = [], field = "", index = 0
        while fields.count < 4 {
            let byte = data[index]
            index += 1
            if byte == 0x0A || byte == 0x20 {
                if !field.isEmpty { fields.append(field) }
                field = ""
            } else {
                field.append(Character(Unicode.Scalar(byte)))
            }
        }
        return (Int(fields[1])!, Int(fields[2])!, Array(data[index...]))
    }

    @Test(
        "every page of each example, in each bundled template, written both ways: at most 0.05 % of pixels differ by more than 4 grey levels, the text and the structure tree are the same",
        arguments: ["day-trip.json", "midwest-mlb-10-day.json"], ["classic", "compact"])
    func sameAsCairo(trip file: String, template: String) throws {
        let trip = try Exporter.loadTrip(path: TestPaths.examples.appendingPathComponent(file).path)
        let (document, engine) = try TestStores.exporter().layout(
            trip, options: ExportOptions(template: .named(template)))
        let options = PDFOptions(creationDate: "2026-06-12T00:00:00Z", creator: "export-itinerary tests")
        let directory = TestPaths.scratch("shape-writing-\(template)-\(file)")
        let plan = VectorPlan(document)
        #expect(plan.written.reduce(0) { $0 + $1.count } > 10, "the example has shapes the renderer writes")
        // Its map's label halos among them, and runs inside leaves.
        let halos = document.pages.enumerated().flatMap { pageIndex, page in
            page.items.indices.filter {
                if case .textHalo = page.items[$0] { return true }
                return false
            }.map { (pageIndex, $0) }
        }
        // (The compact template's map labels have no halo.)
        #expect(halos.isEmpty == (template == "compact") && halos.allSatisfy { plan.written[$0.0].contains($0.1) })
        #expect(plan.leafRuns.contains { !$0.isEmpty })
        var outputs: [URL] = []
        for writing in [true, false] {
            let url = directory.appendingPathComponent(writing ? "written.pdf" : "cairo.pdf")
            try PDFRenderer.render(document, text: engine, options: options, writingShapes: writing).write(to: url)
            outputs.append(url)
        }
        let check = try runProcess("/usr/bin/qpdf", ["--check", outputs[0].path])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        let qdf = try runProcess("/usr/bin/qpdf", ["--qdf", "--object-streams=disable", outputs[0].path, "-"]).stdout
        #expect(!qdf.contains("NonStruct") && !qdf.contains("0.012 0.016 re"))

        func read(_ tool: String, _ arguments: [String], _ pdf: URL) throws -> String {
            try runProcess(tool, arguments + [pdf.path, "-"]).stdout
        }
        #expect(
            try read("/usr/bin/pdftotext", ["-layout"], outputs[0])
                == read("/usr/bin/pdftotext", ["-layout"], outputs[1]))
        // (Link annotations are listed by object number, and the two files number objects apart.)
        let structure = try outputs.map {
            try runProcess("/usr/bin/pdfinfo", ["-struct-text", $0.path]).stdout
                .replacingOccurrences(of: #"Object [0-9]+ 0"#, with: "Object", options: .regularExpression)
        }
        #expect(structure[0] == structure[1])

        for (index, url) in outputs.enumerated() {
            let run = try runProcess(
                "/usr/bin/pdftoppm",
                ["-r", "72", "-gray", url.path, directory.appendingPathComponent("page-\(index)").path])
            #expect(run.status == 0, "\(run.stderr)")
        }
        for page in 1...document.pages.count {
            let name = document.pages.count >= 10 ? String(format: "%02d", page) : "\(page)"
            let written = try pixels(directory.appendingPathComponent("page-0-\(name).pgm"))
            let cairo = try pixels(directory.appendingPathComponent("page-1-\(name).pgm"))
            #expect(written.width == cairo.width && written.height == cairo.height)
            // Anti-aliasing at a curved edge differs a little (cairo's arcs and these Béziers
            // are not the same curves); a missing, moved or recoloured shape, even a near-white
            // card, differs by far more (without the rectangles: 4,000 to 25,000 pixels a page).
            let differing = zip(written.levels, cairo.levels).filter { abs(Int($0) - Int($1)) > 4 }.count
            #expect(Double(differing) <= 0.0005 * Double(written.levels.count), "page \(page): \(differing) pixels")
        }
    }

    @Test(
        "a map label's halo, written inside its figure where cairo stroked it: the same pixels at 144 dpi, and without it the label over a dark route is plainly different"
    )
    func haloAsCairoStrokesIt() throws {
        let engine = ItineraryText.TextEngine(fontSet: try FontSet(directory: TestPaths.fonts))
        let style = TextStyle(family: "Inter", size: 14, lineHeight: 18)
        let line = engine.setParagraph([StyledSpan("Détroit · Kansas City", style)], width: nil)[0]
        let ink = Color(red: 0.1, green: 0.1, blue: 0.18), paper = Color(red: 0.98, green: 0.976, blue: 0.969)
        let origin = Point(x: 20, y: 60)
        func document(halo: Bool) -> LaidOutDocument {
            var items: [DisplayItem] = [
                .beginStructure(.figure, alternate: "A map"),
                .rect(Rect(x: 10, y: 40, width: 200, height: 30), radius: 0, fill: ink, stroke: nil, strokeWidth: 0),
            ]
            if halo { items.append(.textHalo(spans: line.spans, origin: origin, color: paper, width: 4)) }
            items += [.text(spans: line.spans, origin: origin), .endStructure(.figure)]
            return LaidOutDocument(
                pages: [PageFrame(width: 240, height: 100, items: items)], outline: [],
                metadata: DocumentMetadata(title: "Halo"), laidOutWith: engine.documentMark)
        }
        let options = PDFOptions(creationDate: "2026-06-12T00:00:00Z", creator: "export-itinerary tests")
        let directory = TestPaths.scratch("halo-writing")
        #expect(VectorPlan(document(halo: true)).leafRuns[0] == [0])
        var images: [PageImage] = []
        for (name, writing, halo) in [("written", true, true), ("cairo", false, true), ("none", true, false)] {
            let url = directory.appendingPathComponent(name + ".pdf")
            try PDFRenderer.render(document(halo: halo), text: engine, options: options, writingShapes: writing)
                .write(to: url)
            let check = try runProcess("/usr/bin/qpdf", ["--check", url.path])
            #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
            let run = try runProcess(
                "/usr/bin/pdftoppm",
                ["-r", "144", "-gray", "-png", "-singlefile", url.path, directory.appendingPathComponent(name).path])
            #expect(run.status == 0, "\(run.stderr)")
            images.append(try #require(PageImage(pngAt: directory.appendingPathComponent(name + ".png").path)))
        }
        #expect(images[0].differingFraction(from: images[1], threshold: 4) <= 0.001)
        #expect(images[0].differingFraction(from: images[2], threshold: 4) >= 0.02)
    }
}
