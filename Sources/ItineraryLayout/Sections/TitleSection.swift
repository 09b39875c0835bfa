/// The title block: trip name, dates and traveler, and a one-line summary.
import Foundation
import ItineraryModel
import ItineraryText

extension SectionContext {
    func titleBlock() -> [any FlowBlock] {
        var blocks: [any FlowBlock] = []
        blocks.append(paragraph([theme.span(trip.displayName, .title)], width: width))
        blocks.append(Spacer(spacing.afterTitle))
        var facts = [format.dateRange(trip.startDate, trip.endDate)]
        if let traveler = trip.traveler { facts.append(traveler) }
        blocks.append(paragraph([theme.span(facts.joined(separator: " · "), .subtitle)], width: width))
        let games = trip.days.flatMap(\.items).filter { if case .game = $0 { return true } else { return false } }.count
        let cities = Set(trip.days.map { $0.city.lowercased() }).count
        let summary = [counted(trip.days.count, "day", "days"), counted(games, "game", "games"), counted(cities, "city", "cities")]
        blocks.append(paragraph([theme.span(summary.joined(separator: " · "), .meta)], width: width))
        blocks.append(Spacer(spacing.afterTitleBlock))
        return blocks
    }
}
