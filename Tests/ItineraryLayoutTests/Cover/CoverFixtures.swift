/// Loading the bundled template and the sample trips, and laying out their covers.
import DisplayList
import Foundation
@testable import ItineraryLayout
import ItineraryModel
import ItineraryText
import TestSupport

enum CoverFixtures {
    static func template(_ name: String = "classic") throws -> Template {
        try TemplateLoader.load(Data(contentsOf: URL(fileURLWithPath: TestPaths.templates + "/\(name).json")))
    }

    static func trip(_ url: URL) throws -> Trip {
        try TripLoader.load(Data(contentsOf: url))
    }

    /// Every trip in Examples/ and Tests/Fixtures/valid/.
    static var tripFiles: [URL] {
        TestPaths.jsonFiles(in: TestPaths.examples) + TestPaths.jsonFiles(in: TestPaths.validFixtures)
    }

    static func file(_ name: String) -> URL {
        tripFiles.first { $0.deletingPathExtension().lastPathComponent == name }!
    }

    /// A text engine of its own: engines are not shared between threads, and tests run in parallel.
    static func engine() throws -> TextEngine {
        TextEngine(fontSet: try FontSet(directory: TestPaths.fonts))
    }

    /// The trip's section context, as the layout engine builds it.
    static func context(_ trip: Trip, template: Template? = nil) throws -> SectionContext {
        let theme = try Theme(template: template ?? self.template(), locale: trip.locale)
        let format = TripFormatter(localeIdentifier: trip.locale, units: trip.units, labels: theme.labels)
        return SectionContext(
            trip: trip, theme: theme, text: try engine(), format: format,
            width: theme.geometry.flowWidth)
    }

    static func document(_ trip: Trip, template: Template? = nil) throws -> LaidOutDocument {
        let theme = try Theme(template: template ?? self.template(), locale: trip.locale)
        return ItineraryLayoutEngine(theme: theme, text: try engine()).layout(trip)
    }

    /// A page's text, one drawn line per element, as read: no-break spaces as spaces, without
    /// the marks of where a line may break.
    static func texts(_ page: PageFrame) -> [String] {
        page.items.compactMap { item in
            if case let .text(spans, _) = item {
                return LineBreaks.plain(spans.map(\.text).joined()).replacingOccurrences(of: "\u{00A0}", with: " ")
            }
            return nil
        }
    }
}
