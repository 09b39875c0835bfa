/// Every icon draws something, inside its box, filled only where the sheet has dots.
import DisplayList
@testable import ItineraryLayout
import ItineraryText
import Testing

@Suite("Icons")
struct IconTests {
    @Test("icons render non-empty paths within their box", arguments: Icon.allCases)
    func withinBox(_ icon: Icon) {
        let size = 16.0, origin = Point(x: 100, y: 200)
        let items = icon.draw(at: origin, size: size, color: .black)
        #expect(!items.isEmpty)
        for item in items {
            guard case let .path(elements, style) = item else {
                Issue.record("\(icon): not a path")
                continue
            }
            #expect(elements.count >= 2)
            #expect(style.fill != nil || style.stroke != nil)
            var points: [Point] = []
            for e in elements {
                switch e {
                case let .move(p), let .line(p): points.append(p)
                case let .curve(a, b, c): points += [a, b, c]
                case let .arc(c, r, _, _): points += [Point(x: c.x - r, y: c.y - r), Point(x: c.x + r, y: c.y + r)]
                case .close: break
                }
            }
            // Half a stroke may reach past the outermost point; the ink stays in the box.
            let pad = style.lineWidth / 2
            for p in points {
                #expect(p.x - pad >= origin.x - 0.001 && p.x + pad <= origin.x + size + 0.001, "\(icon) x \(p.x)")
                #expect(p.y - pad >= origin.y - 0.001 && p.y + pad <= origin.y + size + 0.001, "\(icon) y \(p.y)")
            }
        }
    }

    @Test func strokeScalesWithTheIcon() {
        guard
            case let .path(_, style) = Icon.info.draw(at: Point(x: 0, y: 0), size: 12, color: .black, strokeWidth: 2)[0]
        else {
            Issue.record("no path")
            return
        }
        #expect(style.lineWidth == 1)
        #expect(style.lineCap == .round && style.lineJoin == .round)
    }

    @Test("only dots are filled")
    func fills() {
        for icon in Icon.allCases {
            for case let .path(_, style) in icon.draw(at: Point(x: 0, y: 0), size: 24, color: .black)
            where style.fill != nil {
                #expect(style.stroke == nil, "\(icon)")
            }
        }
        let dots = Icon.plan.draw(at: Point(x: 0, y: 0), size: 24, color: .black).filter {
            if case let .path(_, style) = $0 { return style.fill != nil } else { return false }
        }
        #expect(dots.count == 1)
    }
}
