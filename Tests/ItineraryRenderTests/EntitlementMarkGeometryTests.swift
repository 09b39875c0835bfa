/// The test-entitlement mark's geometry on every shape of paper a template may declare: whole,
/// on the page, its words unbroken, at least 7 pt (issue 39: a wide, short paper once lost it).
import DisplayList
@testable import ItineraryRender
import Testing

@Suite("Entitlement mark geometry")
struct EntitlementMarkGeometryTests {
    /// Every notice the gate can give (`EntitlementGrade.notice`).
    private static let notices = ["LocalTesting", "Sandbox", "Xcode", "Production, test root", "unknown"].map {
        "Test entitlement (\($0)) — not a purchase"
    }

    /// Paper sides from the schema's smallest (2 in) to its largest (200 in).
    private static let sides: [Double] = [144, 150, 200, 300, 420, 595, 612, 842, 1000, 1440, 2880, 6120, 9999, 14400]

    @Test(
        "on every paper from 2 to 200 inches up to 10 : 1, in PDF and at 9, 72 and 288 dpi",
        arguments: [nil, 0.125, 1, 4] as [Double?])
    func everyPaper(pixelsPerPoint: Double?) throws {
        for width in Self.sides {
            for height in Self.sides where max(width, height) <= 10 * min(width, height) {
                for notice in Self.notices {
                    let mark = try EntitlementMark.geometry(
                        notice, pageWidth: width, pageHeight: height, pixelsPerPoint: pixelsPerPoint)
                    let resolution: String = pixelsPerPoint.map { "\($0) px/pt" } ?? "PDF"
                    let paper = "\(notice) on \(width) × \(height) at \(resolution)"
                    #expect(mark.lines.joined(separator: " ") == notice, "\(paper): \(mark.lines)")
                    let plate = mark.plate
                    let inside =
                        plate.x >= 0 && plate.y >= 0 && plate.x + plate.width <= width
                        && plate.y + plate.height <= height
                    #expect(inside, "\(paper): plate \(plate)")
                    for origin in mark.origins {
                        #expect(origin.x >= 0 && origin.y <= height && origin.y >= plate.y, "\(paper): \(origin)")
                    }
                    if pixelsPerPoint == nil || pixelsPerPoint! >= 1 {
                        #expect(mark.size >= 7, "\(paper): \(mark.size) pt")
                    }
                }
            }
        }
    }

    @Test("on a paper larger than Letter on both sides, the mark grows with the shorter proportion")
    func largePaper() throws {
        let notice = Self.notices[0]
        #expect(try EntitlementMark.geometry(notice, pageWidth: 612, pageHeight: 792).size == 8)
        #expect(try EntitlementMark.geometry(notice, pageWidth: 6120, pageHeight: 7920).size == 80)
        // Wide and short, or tall and narrow: as on Letter, never scaled off the page.
        #expect(try EntitlementMark.geometry(notice, pageWidth: 14400, pageHeight: 1440).size < 16)
        #expect(try EntitlementMark.geometry(notice, pageWidth: 1440, pageHeight: 14400).size < 20)
    }

    @Test("lines break between words only; a word wider than the line is no wrap at all")
    func wrapBetweenWords() {
        let width = { (text: String) in Double(text.count) }
        #expect(
            EntitlementMark.wrap("Test entitlement (LocalTesting)", width: 16, advance: width) == [
                "Test entitlement", "(LocalTesting)",
            ])
        #expect(EntitlementMark.wrap("Test entitlement (LocalTesting)", width: 10, advance: width) == nil)
    }
}
