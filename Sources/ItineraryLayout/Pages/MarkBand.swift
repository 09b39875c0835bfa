/// Keeping the test-entitlement mark's band free of the page's own text, whatever put it there.
import DisplayList
import ItineraryText

/// The last word on the band at a page's foot that the test-entitlement mark takes
/// (`PageGeometry.reservedFoot`). The body's margin and the running header and footer already
/// give way to it; a template can still push other text there (a cover row made taller than the
/// page, a card that cannot split and does not fit, a paper too small for its content). Such a
/// line would lie under the mark's white plate, hidden on paper, and a reader's text extraction
/// would read it into the mark's words. So it is left out of the page, and the export warns,
/// naming the pages: the mark is read whole on every page, whatever the template says.
enum MarkBand {
    /// `page` without the text (and text halos) reaching below `top`, the band's top edge; true
    /// when anything was left out. `descent` is how far a line of these spans reaches below its
    /// baseline.
    static func clear(_ page: inout PageFrame, top: Double, descent: ([StyledSpan]) -> Double) -> Bool {
        // A line whose descenders end on the band's edge (the body's last line) stays.
        let edge = top + 0.01
        let before = page.items.count
        page.items.removeAll { item in
            switch item {
            case let .text(spans, origin), let .textHalo(spans, origin, _, _):
                return origin.y + descent(spans) > edge
            default:
                return false
            }
        }
        return page.items.count != before
    }
}
