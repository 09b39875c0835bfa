/// Fuzz target: whatever a template says, the test-entitlement mark survives. Each input that
/// loads as a template lays out a small trip with it (every paper, and one more paper of a size
/// drawn from the input's bytes, English) and draws its first and last pages with the mark;
/// inside the mark's plate, each image must be pixel for pixel the mark drawn alone on a blank
/// page of that size, the mark's words whole, and no text of the page's own below the plate's
/// top (where a reader's text extraction would mix it into the mark). A colour, size, tracking,
/// shape, clip, margin or paper of the template that breaks one of these is a finding (the
/// process stops).
/// Runs from the project's root (`make fuzz`): it reads `Fonts/` and `Tests/Fixtures/valid/minimal.json`.
import CCairo
import DisplayList
import Foundation
import FuzzSupport
import ItineraryLayout
import ItineraryModel
import ItineraryRender
import ItineraryText

let notice = "Test entitlement (LocalTesting) — not a purchase"
/// Pixels per point for a page of this size: 1, or less on a page over 2,000 pt, for speed
/// (the comparison is exact at any scale).
func scale(_ page: PageFrame) -> Double { min(1, 2_000 / max(page.width, page.height)) }

let fonts: FontSet = {
    do { return try FontSet(directory: ProcessInfo.processInfo.environment["EXPORT_ITINERARY_FONTS"] ?? "Fonts") } catch
    {
        fatalError("fuzz-mark: run from the project's root after make fonts: \(error)")
    }
}()
nonisolated(unsafe) let text = TextEngine(fontSet: fonts, language: "en")
let trip: Trip = {
    guard let data = FileManager.default.contents(atPath: "Tests/Fixtures/valid/minimal.json"),
        let trip = try? TripLoader.load(data)
    else { fatalError("fuzz-mark: cannot read Tests/Fixtures/valid/minimal.json") }
    return trip
}()

/// The RGB24 pixels of a PNG, with its width, height and stride.
func pixels(_ png: Data) -> (bytes: [UInt8], width: Int, height: Int, stride: Int) {
    final class Reader { var data: Data; var offset = 0; init(_ d: Data) { data = d } }
    let reader = Reader(png)
    let unmanaged = Unmanaged.passRetained(reader)
    defer { unmanaged.release() }
    let surface = cairo_image_surface_create_from_png_stream(
        { closure, buffer, length in
            let r = Unmanaged<Reader>.fromOpaque(closure!).takeUnretainedValue()
            guard r.offset + Int(length) <= r.data.count, let buffer else { return CAIRO_STATUS_READ_ERROR }
            r.data.copyBytes(to: buffer, from: r.offset..<(r.offset + Int(length)))
            r.offset += Int(length)
            return CAIRO_STATUS_SUCCESS
        }, unmanaged.toOpaque())!
    defer { cairo_surface_destroy(surface) }
    guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
        fatalError("fuzz-mark: the renderer wrote an unreadable PNG")
    }
    let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
    let stride = Int(cairo_image_surface_get_stride(surface))
    let bytes = Array(UnsafeBufferPointer(start: cairo_image_surface_get_data(surface), count: stride * height))
    return (bytes, width, height, stride)
}

func checkPage(_ document: LaidOutDocument, _ index: Int) {
    let page = document.pages[index]
    let scale = scale(page)
    guard let drawn = try? PNGRenderer.render(document, page: index, text: text, scale: scale, mark: notice) else {
        fatalError("fuzz-mark: a valid template's page \(index + 1) did not render with its mark")
    }
    let blank = LaidOutDocument(
        pages: [PageFrame(width: page.width, height: page.height)], outline: [],
        metadata: DocumentMetadata(
            title: "", author: nil, subject: nil, keywords: nil, language: "en"))
    let alone = try! PNGRenderer.render(blank, page: 0, text: text, scale: scale, mark: notice)
    let geometry = try! EntitlementMark.geometry(
        notice, pageWidth: page.width, pageHeight: page.height, pixelsPerPoint: scale)
    guard geometry.lines.joined(separator: " ") == notice else {
        fatalError(
            "fuzz-mark: the mark is broken inside a word on a \(page.width) × \(page.height) page: \(geometry.lines)")
    }
    let band = try! EntitlementMark.geometry(notice, pageWidth: page.width, pageHeight: page.height).plate.y
    for case let .text(spans, origin) in page.items where origin.y > band && spans.contains(where: { !$0.text.isEmpty })
    {
        fatalError(
            "fuzz-mark: page \(index + 1) sets \"\(spans.map(\.text).joined())\" at y \(origin.y), under the mark (from \(band))"
        )
    }
    let a = pixels(drawn), b = pixels(alone)
    // Pixels wholly inside the plate (its edge pixels blend with what is under them).
    let plate = geometry.plate
    let x0 = Int((plate.x * scale).rounded(.up)) + 1, x1 = Int((plate.x + plate.width) * scale) - 1
    let y0 = Int((plate.y * scale).rounded(.up)) + 1, y1 = Int((plate.y + plate.height) * scale) - 1
    guard x0 >= 0, y0 >= 0, x1 <= a.width, y1 <= a.height, x0 < x1, y0 < y1 else {
        fatalError("fuzz-mark: the mark's plate \(plate) is not inside the \(page.width) × \(page.height) page")
    }
    for y in y0..<y1 {
        for x in x0..<x1
        where a.bytes[y * a.stride + 4 * x..<y * a.stride + 4 * x + 3]
            != b.bytes[y * b.stride + 4 * x..<y * b.stride + 4 * x + 3]
        {
            fatalError("fuzz-mark: page \(index + 1) changes the mark at pixel (\(x), \(y))")
        }
    }
}

/// The band the exporter keeps clear of text for the mark (`Exporter.markBand`).
func markBand(_ paper: PaperSize) -> Double {
    paper.height - (try! EntitlementMark.geometry(notice, pageWidth: paper.width, pageHeight: paper.height)).plate.y
}

/// The template of `data` with one more paper, `fuzzed`, whose size the input's bytes choose
/// within the schema's bounds (sides of 144 to 14,400 pt, at most 10 : 1), or nil when `data`
/// is not a JSON object.
func withFuzzedPaper(_ data: Data) -> Data? {
    guard var object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
        var papers = object["papers"] as? [String: Any]
    else { return nil }
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in data { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    let width = 144 + Double(hash % 14_257)
    let low = max(144, (width / 10).rounded(.up)), high = min(14_400, width * 10)
    let height = low + Double((hash >> 20) % UInt64(high - low + 1))
    papers["fuzzed"] = ["width": width, "height": height]
    object["papers"] = papers
    return try? JSONSerialization.data(withJSONObject: object)
}

func fuzzOne(_ data: Data) {
    guard let template = try? TemplateLoader.load(withFuzzedPaper(data) ?? data),
        fonts.families.contains(template.fontFamily)
    else { return }
    for paper in template.papers.keys.sorted() {
        guard let theme = try? Theme(template: template, locale: "en", paper: paper, reservedFoot: markBand)
        else { continue }
        text.beginDocument()
        let document = ItineraryLayoutEngine(theme: theme, text: text, notice: notice).layout(trip)
        checkPage(document, 0)
        if document.pages.count > 1 { checkPage(document, document.pages.count - 1) }
        text.finishDocument()
    }
}

@main struct Main {
    static func main() { exit(FuzzEntry.main(fuzzOne)) }
}
