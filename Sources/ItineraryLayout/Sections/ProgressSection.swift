/// Stadium progress: visited of total, a bar, and the visited stadiums.
import Foundation
import ItineraryModel
import ItineraryText

extension SectionContext {
    func progressBlocks() -> [any FlowBlock] {
        guard let progress = trip.progress else { return [] }
        let summary = Labels.fill(labels.progressSummary, ["visited": format.count(progress.visitedCount),
                                                           "total": format.count(progress.totalStadiums),
                                                           "league": progress.league])
        let fraction = min(1, Double(progress.visitedCount) / Double(progress.totalStadiums))
        let bar = Canvas(height: 8, items: [
            .rect(Rect(x: 0, y: 0, width: width, height: 8), radius: 4, fill: theme.color("surface"), stroke: nil, strokeWidth: 0),
            .rect(Rect(x: 0, y: 0, width: max(8, width * fraction), height: 8), radius: 4, fill: theme.color("accent"), stroke: nil, strokeWidth: 0),
        ])
        var visited: [String] = []
        for id in progress.visitedStadiumIds {
            // No-break spaces inside an entry: lines break only between stadiums.
            let entry = stadiums[id].map { "\($0.name), \($0.city)" } ?? id
            visited.append(entry.replacingOccurrences(of: " ", with: "\u{00A0}"))
        }
        var heading: [any FlowBlock] = [Anchor(name: "progress"),
                                        paragraph([theme.span(labels.progress, .dayHeading)], width: width),
                                        Spacer(spacing.itemLineGap),
                                        paragraph([theme.span(summary, .body)], width: width),
                                        Spacer(spacing.afterDayHeading),
                                        bar]
        heading.append(Spacer(spacing.afterDayHeading))
        return [Spacer(spacing.betweenDays), sectionRule(), Stack(heading, keepWithNext: true, mark: labels.progress),
                paragraph([theme.span(visited.joined(separator: " · "), .meta)], width: width)]
    }
}
