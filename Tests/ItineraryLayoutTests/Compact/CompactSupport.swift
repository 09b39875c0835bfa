/// Shared set-up for the compact template's tests: the two bundled templates, layouts, and
/// small readers of display items.
import DisplayList
import Foundation
@testable import ItineraryLayout
import ItineraryModel
import ItineraryText
import TestSupport

enum Compact {
    nonisolated(unsafe) static let fonts: FontSet = try! FontSet(directory: TestPaths.fonts)
    /// A new engine for each use: engines are not thread-safe, and tests run in parallel.
    static var text: TextEngine { TextEngine(fontSet: fonts) }

    /// A bundled template's JSON as an object, to change a key and load it again.
    static func json(_ name: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: TestPaths.templates + "/\(name).json"))
        return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    }

    static func template(_ name: String = "compact") throws -> Template {
        try TemplateLoader.load(Data(contentsOf: URL(fileURLWithPath: TestPaths.templates + "/\(name).json")))
    }

    /// Every trip of `Examples/` and `Tests/Fixtures/valid/`.
    static var allTrips: [URL] {
        TestPaths.jsonFiles(in: TestPaths.examples) + TestPaths.jsonFiles(in: TestPaths.validFixtures)
    }

    static func trip(_ file: String) throws -> Trip {
        for dir in [TestPaths.examples, TestPaths.validFixtures] {
            let url = dir.appendingPathComponent(file)
            if FileManager.default.fileExists(atPath: url.path) { return try TripLoader.load(Data(contentsOf: url)) }
        }
        throw CocoaError(.fileNoSuchFile)
    }

    static func theme(_ trip: Trip, template: String = "compact", paper: String? = nil) throws -> Theme {
        try Theme(template: try self.template(template), locale: trip.locale, paper: paper)
    }

    static func layout(_ trip: Trip, template: String = "compact", paper: String? = nil) throws -> LaidOutDocument {
        ItineraryLayoutEngine(theme: try theme(trip, template: template, paper: paper), text: text).layout(trip)
    }

    static func context(_ trip: Trip) throws -> SectionContext {
        let theme = try theme(trip)
        let format = TripFormatter(localeIdentifier: trip.locale, units: trip.units, labels: theme.labels)
        return SectionContext(
            trip: trip, theme: theme, text: text, format: format,
            width: theme.page.width - theme.template.margins.left - theme.template.margins.right)
    }

    static func dayLayout(_ trip: Trip) throws -> DayBuilder {
        let ctx = try context(trip)
        return DayBuilder(ctx, spec: ctx.theme.template.days!)
    }

    /// The key the error of loading `object` names, or nil when it loads.
    static func errorKey(_ object: [String: Any]) -> String? { ItineraryLayoutTests.errorKey(object) }

    /// `object` with the value at a dotted path replaced (nil removes it).
    static func with(_ object: [String: Any], _ path: String, _ value: Any?) -> [String: Any] {
        ItineraryLayoutTests.with(object, path, value)
    }
}

/// A line of text on a page: its words, where its baseline starts, its spans.
struct PlacedText {
    /// The words, with no-break, narrow and thin spaces read as plain spaces.
    var text: String
    var at: Point
    var spans: [StyledSpan]

    init(text: String, at: Point, spans: [StyledSpan]) {
        self.text = String(text.map { "\u{00A0}\u{202F}\u{2009}".contains($0) ? " " : $0 })
        self.at = at
        self.spans = spans
    }
}

extension Array where Element == DisplayItem {
    var texts: [PlacedText] {
        compactMap {
            if case let .text(spans, origin) = $0 {
                return PlacedText(text: spans.map(\.text).joined(), at: origin, spans: spans)
            } else {
                return nil
            }
        }
    }

    /// The named destinations on the page, by name.
    var destinations: [String: Point] {
        var out: [String: Point] = [:]
        for case let .destination(name, at) in self { out[name] = at }
        return out
    }
}
