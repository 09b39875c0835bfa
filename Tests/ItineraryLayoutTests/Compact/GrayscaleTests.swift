/// Compact prints well in gray: no colour but the template's palette (no team colours), text
/// never lighter than ink-3, and no fill darker than the rule colour but for thin lines and the
/// visited progress segments DESIGN asks for.
import Foundation
@testable import ItineraryLayout
import ItineraryText
import Testing

@Suite("Compact in gray")
struct GrayscaleTests {
    @Test(
        "every colour is the template's, text is never lighter than ink-3, fills stay light",
        arguments: Compact.allTrips.map(\.lastPathComponent))
    func grayscaleSafe(_ file: String) throws {
        let template = try Compact.template()
        let tokens = Set(template.colors.values)
        // A plain Bool keeps a failure's message to the colour at fault.
        func inPalette(_ color: Color) -> Bool { tokens.contains(color) }
        let ink3 = try #require(template.colors["ink3"]), rule = try #require(template.colors["rule"])
        let segment = try #require(template.progress?.bar.height)
        let doc = try Compact.layout(try Compact.trip(file))
        for (n, page) in doc.pages.enumerated() {
            let whereAt = "\(file) page \(n + 1)"
            let progressY = page.items.destinations["progress"]?.y ?? .infinity
            for item in page.items {
                switch item {
                case let .text(spans, _):
                    for span in spans {
                        #expect(inPalette(span.style.color), "\(whereAt): \(span.text) in \(span.style.color.hex)")
                        #expect(
                            span.style.color.relativeLuminance <= ink3.relativeLuminance + 1e-9,
                            "\(whereAt): \(span.text) lighter than ink-3")
                    }
                case let .rect(box, _, fill, stroke, _):
                    for color in [fill, stroke].compactMap({ $0 }) {
                        #expect(inPalette(color), "\(whereAt): \(color.hex)")
                    }
                    // Dark fills: only 1-line rules (the team lines) and progress segments.
                    if let fill, fill.relativeLuminance < rule.relativeLuminance - 1e-9 {
                        let isLine = min(box.width, box.height) <= 1
                        let isSegment = box.height == segment && box.y > progressY
                        #expect(isLine || isSegment, "\(whereAt): a \(box.width) × \(box.height) fill in \(fill.hex)")
                    }
                case let .line(_, _, _, color, _):
                    #expect(inPalette(color), "\(whereAt): line in \(color.hex)")
                case let .path(_, style):
                    // Icons and outlines: strokes and the icons' small dots, in the palette.
                    for color in [style.fill, style.stroke].compactMap({ $0 }) {
                        #expect(inPalette(color), "\(whereAt): \(color.hex)")
                    }
                default:
                    // The footer's wordmark disc is the brand mark, drawn by the page furniture.
                    break
                }
            }
        }
    }
}
