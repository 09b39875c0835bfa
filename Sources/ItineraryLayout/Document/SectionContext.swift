/// What every section builder shares: the trip, the theme, the text engine, formatting and lookups.
import Foundation
import ItineraryModel
import ItineraryText

/// The trip and everything needed to turn it into blocks. Geometry comes from the theme.
struct SectionContext {
    let trip: Trip
    let theme: Theme
    let text: TextEngine
    let format: TripFormatter
    /// Width of the content box.
    let width: Double
    let zones: CityZones
    let teams: [String: Team]
    let stadiums: [String: Stadium]

    init(trip: Trip, theme: Theme, text: TextEngine, format: TripFormatter, width: Double) {
        self.trip = trip
        self.theme = theme
        self.text = text
        self.format = format
        self.width = width
        zones = CityZones(trip: trip)
        teams = Dictionary(trip.teams.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        stadiums = Dictionary(trip.stadiums.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    }

    static func destination(day index: Int) -> String { "day-\(index + 1)" }

    var labels: Labels { theme.labels }
    var spacing: Spacing { theme.template.spacing }
    /// Items are indented past the label column.
    var indent: Double { spacing.itemIndent }
    /// The right-hand column for times and durations.
    var sideWidth: Double { 104 }

    /// The blocks of one section; empty when the trip has nothing for it.
    func blocks(for section: SectionName) -> [any FlowBlock] {
        switch section {
        case .title: return titleBlock()
        case .days: return dayBlocks()
        case .progress: return progressBlocks()
        case .cover: return coverBlocks()
        case .overview: return overviewBlocks()
        }
    }

    // MARK: Shared pieces

    /// The hairline that opens a day; it disappears at the top of a page, where the header rule already separates.
    func sectionRule() -> Rule {
        Rule(width: width, thickness: spacing.dayRuleWidth, color: theme.color("rule"), spaceBelow: 10)
    }

    func paragraph(_ spans: [StyledSpan], width: Double) -> TextBlock {
        TextBlock(lines: text.setParagraph(spans, width: width), width: width)
    }

    func counted(_ n: Int, _ one: String, _ many: String) -> String {
        format.count(n) + " " + (labels.summary[n == 1 ? one : many] ?? many)
    }

    func dayTitle(index: Int, day: Day) -> String {
        "\(labels.day) \(index + 1) · \(format.dayDate(day.date)) · \(day.city)"
    }

    /// The caps label of the left column: at most two lines (a long league name is shortened
    /// with an ellipsis), the first sitting on the title's baseline so the two read as one line.
    func labelBlock(_ label: String, alignedWith title: SetLine) -> TextBlock {
        let columnWidth = indent - 8
        var lines = text.setParagraph([theme.span(label, .label)], width: columnWidth)
        if lines.count > 2 {
            let rest = lines[1...].map(\.text).joined(separator: " ")
            let shortened = text.ellipsize(theme.span(rest, .label), width: columnWidth, middle: false)
            lines = [lines[0]] + text.setParagraph([shortened], width: nil)
        }
        if !lines.isEmpty {
            lines[0].height = title.height
            lines[0].baseline = title.baseline
        }
        return TextBlock(lines: lines, width: columnWidth)
    }

    /// A URL shown without its scheme, shortened in the middle when it would not fit a line.
    func linkSpan(_ url: String) -> StyledSpan {
        var shown = url
        for scheme in ["https://", "http://"] where shown.lowercased().hasPrefix(scheme) {
            shown = String(shown.dropFirst(scheme.count))
        }
        return text.ellipsize(theme.span(shown, .link), width: width - indent, middle: true)
    }
}
