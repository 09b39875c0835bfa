/// The line under a link, for templates that must not rely on colour to show one.
import DisplayList
import ItineraryText

extension DayBuilder {
    /// The underline of `link` set from `x` on `baseline`, in the link's colour; none when the
    /// template's `linkUnderline.width` is 0.
    func underline(_ link: SetLine, x: Double, baseline: Double) -> [DisplayItem] {
        let u = spec.linkUnderline
        guard u.width > 0, let color = link.spans.first?.style.color else { return [] }
        let y = baseline + u.offset
        return [
            .line(from: Point(x: x, y: y), to: Point(x: x + link.width, y: y), width: u.width, color: color, dash: [])
        ]
    }

    /// How an address inside a note is set (`IconParagraph`).
    var noteLinkLook: NoteLinkLook {
        let style = ctx.theme.style(named: spec.styles[.link])
        return NoteLinkLook(color: style.color, weight: style.weight, underline: spec.linkUnderline)
    }
}
