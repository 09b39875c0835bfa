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
        var blocks =
            context.sectionTitle(
                span(label("title"), .h1), lead: span(label("lead"), .lead), spec: spec.title, anchor: "overview")
        blocks.append(daysTable())
        if let stays = staysTable() {
            let sub = spec.staysTitle
            blocks.append(Spacer(sub.spaceBefore))
            blocks.append(
                Stack(
                    [
                        context.paragraph([span(label("staysTitle"), .staysTitle)], width: context.width),
                        Spacer(sub.spaceAfter),
                    ],
                    keepWithNext: true))
            blocks.append(stays)
        }
        return blocks
    }
}
