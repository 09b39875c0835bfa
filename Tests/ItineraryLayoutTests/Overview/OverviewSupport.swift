/// Trips, the classic theme and laid-out documents for the overview tests.
import DisplayList
import Foundation
@testable import ItineraryLayout
import ItineraryModel
import ItineraryText
import TestSupport

enum OverviewSupport {
    nonisolated(unsafe) static let fonts: FontSet = try! FontSet(directory: TestPaths.fonts)
    /// A new engine for each use: engines are not thread-safe, and tests run in parallel.
    static var text: TextEngine { TextEngine(fontSet: fonts) }

    static var midwest: URL { example("midwest-mlb-10-day.json") }
    static var long366: URL { fixture("long-366-days.json") }
    static func example(_ name: String) -> URL { TestPaths.examples.appendingPathComponent(name) }
    static func fixture(_ name: String) -> URL { TestPaths.validFixtures.appendingPathComponent(name) }

    struct NoOverviewSettings: Error {}

    static func trip(_ url: URL) throws -> Trip { try TripLoader.load(Data(contentsOf: url)) }

    static func template() throws -> Template {
        try TemplateLoader.load(Data(contentsOf: URL(fileURLWithPath: TestPaths.templates + "/classic.json")))
    }

    static func builder(_ trip: Trip) throws -> OverviewBuilder {
        let theme = try Theme(template: template(), locale: trip.locale)
        let format = TripFormatter(localeIdentifier: trip.locale, units: trip.units, labels: theme.labels)
        let context = SectionContext(trip: trip, theme: theme, text: text, format: format, width: 504)
        guard let spec = theme.template.overview else { throw NoOverviewSettings() }
        return OverviewBuilder(context: context, spec: spec)
    }

    static func layout(_ trip: Trip) throws -> LaidOutDocument {
        ItineraryLayoutEngine(theme: try Theme(template: template(), locale: trip.locale), text: text).layout(trip)
    }

    static func texts(_ items: [DisplayItem]) -> [(text: String, at: Point)] {
        items.compactMap {
            if case let .text(spans, origin) = $0 { return (spans.map(\.text).joined(), origin) } else { return nil }
        }
    }

    static func links(_ items: [DisplayItem]) -> [(rect: Rect, destination: String)] {
        items.compactMap { if case let .internalLink(rect, d, _) = $0 { return (rect, d) } else { return nil } }
    }

    /// The lines of a drawn table, top to bottom: the texts sharing a baseline, left to right,
    /// with no-break spaces written as spaces.
    static func lines(_ items: [DisplayItem]) -> [[String]] {
        Dictionary(grouping: texts(items), by: { ($0.at.y * 100).rounded() })
            .sorted { $0.key < $1.key }
            .map { $0.value.sorted { $0.at.x < $1.at.x }.map { plain($0.text) } }
    }

    static func plain(_ s: String) -> String {
        s.replacingOccurrences(of: "\u{00A0}", with: " ").replacingOccurrences(of: "\u{202F}", with: " ")
    }

    /// Indices of the pages that carry the days table's header row.
    static func overviewPages(_ document: LaidOutDocument) -> [Int] {
        document.pages.indices.filter { i in
            let words = Set(texts(document.pages[i].items).map(\.text))
            return ["DAY", "DATE", "CITY", "GAMES", "TRAVEL", "DISTANCE", "TIME"].allSatisfy(words.contains)
        }
    }
}
