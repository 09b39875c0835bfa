/// The H1 and lead line that open the day and progress sections.
import ItineraryText

extension SectionContext {
    /// The H1 with its lead under it, kept with what follows and setting the running header;
    /// then the space before the section's content.
    func sectionTitle(
        _ title: StyledSpan, lead: StyledSpan, spec: SectionTitleSpec, anchor: String? = nil
    ) -> [any FlowBlock] {
        var parts: [any FlowBlock] = []
        if let anchor { parts.append(Anchor(name: anchor)) }
        parts.append(paragraph([title], width: width, role: .heading1))
        if !lead.text.isEmpty {
            parts.append(Spacer(spec.leadGap))
            parts.append(paragraph([lead], width: width))
        }
        let title = Stack(parts, keepWithNext: true, mark: title.text)
        // Only when asked for: after a page break the space would not be dropped.
        let before: [any FlowBlock] = spec.spaceBefore > 0 ? [Spacer(spec.spaceBefore)] : []
        return before + [title, Spacer(spec.spaceAfter)]
    }
}
