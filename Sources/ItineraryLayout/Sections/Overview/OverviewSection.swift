/// The overview section: a title, the table of days and, when the trip has lodging, the table of stays.
import ItineraryModel
import ItineraryText

extension SectionContext {
    /// The overview's blocks; empty when the template has no `overview` settings.
    func overviewBlocks() -> [any FlowBlock] {
        guard let spec = theme.template.overview else { return [] }
        return OverviewBuilder(context: self, spec: spec).blocks()
    }
}

extension OverviewBuilder {
    func blocks() -> [any FlowBlock] {
        var blocks: [any FlowBlock] = [heading(), daysTable()]
        if let stays = staysTable() {
            let sub = spec.staysTitle
            blocks.append(Spacer(sub.spaceAbove))
            blocks.append(
                Stack(
                    [
                        context.paragraph([span(label("staysTitle"), sub.style)], width: context.width),
                        Spacer(sub.spaceBelow),
                    ],
                    keepWithNext: true))
            blocks.append(stays)
        }
        return blocks
    }

    /// H1, lead line and the space under them, kept with the table. Its mark puts the section's
    /// title in the running header of every page the overview runs on.
    private func heading() -> any FlowBlock {
        let title = label("title")
        guard spec.title.visible else { return Stack([Anchor(name: "overview")], keepWithNext: true, mark: title) }
        var children: [any FlowBlock] = [
            Anchor(name: "overview"),
            context.paragraph([span(title, spec.title.style)], width: context.width, role: .heading1),
        ]
        let lead = label("lead")
        if !lead.isEmpty {
            children.append(Spacer(spec.title.leadGap))
            children.append(context.paragraph([span(lead, spec.title.lead)], width: context.width))
        }
        children.append(Spacer(spec.title.spaceBelow))
        return Stack(children, keepWithNext: true, mark: title)
    }
}
