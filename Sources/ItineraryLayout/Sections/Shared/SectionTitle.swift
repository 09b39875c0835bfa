/// The H1 and lead line that open the overview, the day and the progress sections.
import ItineraryText

extension SectionContext {
    /// The H1 with its lead under it and the space after them, kept with what follows and
    /// setting the running header; hidden, only the anchor and the running header's mark.
    func sectionTitle(
        _ title: StyledSpan, lead: StyledSpan, spec: SectionTitleSpec, anchor: String
    ) -> [any FlowBlock] {
        guard spec.visible else { return [Stack([Anchor(name: anchor)], keepWithNext: true, mark: title.text)] }
        var parts: [any FlowBlock] = [Anchor(name: anchor), paragraph([title], width: width, role: .heading1)]
        if !lead.text.isEmpty {
            parts.append(Spacer(spec.leadGap))
            parts.append(paragraph([lead], width: width))
        }
        // Inside the kept block: a page break (the balancing of section ends too) never parts the
        // title from the content it opens.
        parts.append(Spacer(spec.spaceAfter))
        let title = Stack(parts, keepWithNext: true, mark: title.text)
        // Only when asked for: after a page break the space would not be dropped.
        let before: [any FlowBlock] = spec.spaceBefore > 0 ? [Spacer(spec.spaceBefore)] : []
        return before + [title]
    }
}
