/// Page geometry in one place: a first page with margins of its own keeps everything on it, and
/// the header, footer and body of every page take that page's frame.
import DisplayList
import Foundation
@testable import ItineraryLayout
import ItineraryModel
import ItineraryText
import Testing
import TestSupport

@Suite("Page geometry")
struct PageGeometryTests {
    /// Every point a drawn item reaches (text by its origin, shapes by their corners).
    private func extents(_ page: PageFrame) -> [(x: Double, y: Double)] {
        var points: [(Double, Double)] = []
        for item in page.items {
            switch item {
            case let .text(_, origin), let .textHalo(_, origin, _, _): points.append((origin.x, origin.y))
            case let .line(from, to, _, _, _): points += [(from.x, from.y), (to.x, to.y)]
            case let .rect(r, _, _, _, _), let .link(r, _, _), let .internalLink(r, _, _):
                points += [(r.x, r.y), (r.x + r.width, r.y + r.height)]
            case let .circle(center, radius, _):
                points += [(center.x - radius, center.y - radius), (center.x + radius, center.y + radius)]
            default: break
            }
        }
        return points
    }

    @Test func anAsymmetricFirstPageKeepsTheCoverOnThePaper() throws {
        var object = try classic()
        object = with(object, "firstPageMargins", ["left": 160, "right": 20, "top": 60, "bottom": 40])
        let template = try TemplateLoader.load(JSONSerialization.data(withJSONObject: object))
        let trip = try CoverFixtures.trip(CoverFixtures.file("midwest-mlb-10-day"))
        let theme = try Theme(template: template, locale: trip.locale)
        let document = ItineraryLayoutEngine(theme: theme, text: try CoverFixtures.engine()).layout(trip)
        let frame = theme.geometry.body(page: 0)
        #expect(frame.x == 160 && frame.width == theme.page.width - 180)
        let cover = extents(document.pages[0])
        #expect(!cover.isEmpty)
        for point in cover {
            #expect(
                point.x >= frame.x - 0.01 && point.x <= frame.x + frame.width + 0.01, "x \(point.x) outside \(frame)")
        }
        // The other pages keep the ordinary frame.
        let other = theme.geometry.body(page: 1)
        for point in extents(document.pages[1]) {
            #expect(
                point.x >= other.x - 0.01 && point.x <= other.x + other.width + 0.01, "x \(point.x) outside \(other)")
        }
    }

    @Test(
        "a page's last block may end below the body frame by the template's overrun, never into the lower half of the foot"
    )
    func overrun() throws {
        let template = try TemplateLoader.load(JSONSerialization.data(withJSONObject: try classic()))
        let margin = template.margins.bottom, footer = template.footer.textTopFromBottom
        #expect(template.bodyOverrun > 0 && template.bodyOverrun < (margin - footer) / 2)
        let plain = try Theme(template: template, locale: "en_US")
        #expect(plain.geometry.overrun(page: 1) == template.bodyOverrun)
        // A reserved foot (the test-entitlement mark's band) higher than the footer: half the room above it.
        let marked = try Theme(template: template, locale: "en_US", reservedFoot: { _ in margin - 6 })
        #expect(marked.geometry.overrun(page: 1) == 3)
        // A reserved foot up to the margin, or a footer in the body's way: none.
        let full = try Theme(template: template, locale: "en_US", reservedFoot: { _ in margin + 10 })
        #expect(full.geometry.overrun(page: 1) == 0)
        let low = try TemplateLoader.load(
            JSONSerialization.data(withJSONObject: with(try classic(), "footer.textTopFromBottom", margin + 2)))
        #expect(try Theme(template: low, locale: "en_US").geometry.overrun(page: 1) == 0)
    }

    @Test func withoutACoverTheFirstPageMustBeAsWideAsTheOthers() throws {
        var object = try classic()
        object = with(object, "sections", (object["sections"] as! [String]).filter { $0 != "cover" })
        #expect(
            errorKey(with(object, "firstPageMargins", ["left": 160, "right": 20, "top": 60, "bottom": 40]))
                == "firstPageMargins")
        let margins = try #require(object["margins"] as? [String: Any])
        let sameWidth = with(
            object, "firstPageMargins",
            ["left": margins["left"]!, "right": margins["right"]!, "top": 120, "bottom": 40])
        #expect(errorKey(sameWidth) == nil)
    }
}
