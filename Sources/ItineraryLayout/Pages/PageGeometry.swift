/// Where content may go on each page, from the paper and the template's margins: the one answer
/// the paginator, the page composer, the cover and the day cards all ask (they once worked it
/// out each for itself, and disagreed about the first page).
import DisplayList

/// A template's margins on one paper: each page's margins and body frame, and the width flowing
/// content is set at. `Theme` builds it from the template and the paper chosen.
public struct PageGeometry: Sendable, Equatable {
    /// The paper chosen from the template's `papers`.
    public let paper: PaperSize
    let firstPage: Insets
    let otherPages: Insets
    /// The band at every page's foot, from the paper's bottom edge up, kept clear of text: where
    /// the test-entitlement mark is drawn (0 when there is none). A template's bottom margin or
    /// footer inside it gives way, so no word of the page lies under the mark, where a reader's
    /// text extraction would read it into the mark's words.
    public let reservedFoot: Double

    /// The template's `bodyOverrun` and its footer's top, from the paper's bottom edge.
    let overrunWanted: Double
    let footerTop: Double

    init(template: Template, paper: PaperSize, reservedFoot: Double = 0) {
        self.paper = paper
        self.reservedFoot = max(0, min(reservedFoot, paper.height))
        firstPage = template.firstPageMargins
        otherPages = template.margins
        overrunWanted = template.bodyOverrun
        footerTop = template.footer.textTopFromBottom
    }

    /// How far below page `index`'s body frame its last block may end: the template's
    /// `bodyOverrun`, at most half the room between the body frame and the footer's text or the
    /// reserved foot, whichever is higher, so the page's foot keeps its air and the mark its band.
    public func overrun(page index: Int) -> Double {
        let room = margins(page: index).bottom - max(reservedFoot, footerTop)
        return max(0, min(overrunWanted, room / 2))
    }

    /// The margins of page `index` (0-based): the first page's own, or the others', the bottom
    /// one at least `reservedFoot`.
    public func margins(page index: Int) -> Insets {
        var m = index == 0 ? firstPage : otherPages
        m.bottom = max(m.bottom, min(reservedFoot, paper.height - m.top))
        return m
    }

    /// The body frame of page `index`: where its content goes, below the header and above the
    /// footer that sit in its margins.
    public func body(page index: Int) -> Rect {
        let m = margins(page: index)
        return Rect(x: m.left, y: m.top, width: paper.width - m.left - m.right, height: paper.height - m.top - m.bottom)
    }

    /// The width flowing content is set at. It is laid out once, before it is divided into
    /// pages, so every page that holds it has this width: a template whose first page holds
    /// flowing content (no cover first) must give that page the same width (the loader checks).
    public var flowWidth: Double { body(page: 1).width }
}
