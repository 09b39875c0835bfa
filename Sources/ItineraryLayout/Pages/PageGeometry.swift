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

    init(template: Template, paper: PaperSize) {
        self.paper = paper
        firstPage = template.firstPageMargins
        otherPages = template.margins
    }

    /// The margins of page `index` (0-based): the first page's own, or the others'.
    public func margins(page index: Int) -> Insets { index == 0 ? firstPage : otherPages }

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
