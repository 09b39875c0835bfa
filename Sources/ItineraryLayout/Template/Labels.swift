/// The words a template prints, per language, with `{placeholder}` substitution.
import Foundation

/// All strings of one language. Every key is required, so a translation cannot silently miss one.
public struct Labels: Sendable, Decodable {
    public var day: String
    public var pageOf: String
    public var restDay: String
    public var restDayDetail: String
    public var traveler: String
    public var dates: String
    public var at: String
    public var localStart: String
    public var section: String
    public var row: String
    public var seats: String
    public var tickets: String
    public var departs: String
    public var checkIn: String
    public var checkOut: String
    public var confirmation: String
    public var itinerary: String
    public var progress: String
    public var hoursShort: String
    public var minutesShort: String
    public var modes: [String: String]
    public var categories: [String: String]
    public var summary: [String: String]
    /// Words of each section, by section; each section lists the keys it needs
    /// (`CoverSpec.requiredLabels`, …) and the template loader checks they are all there.
    public var sections: [String: [String: String]]

    enum CodingKeys: String, CodingKey, CaseIterable {
        case day, pageOf, restDay, restDayDetail, traveler, dates, at, localStart, section, row, seats, tickets,
             departs, checkIn, checkOut, confirmation, itinerary, progress, hoursShort, minutesShort,
             modes, categories, summary
        case coverLabels = "cover", overviewLabels = "overview", daysLabels = "days", progressLabels = "progressSection"
    }

    public init(from decoder: Decoder) throws {
        let c = try strictContainer(decoder, CodingKeys.self)
        func s(_ k: CodingKeys) throws -> String { try c.decode(String.self, forKey: k) }
        day = try s(.day); pageOf = try s(.pageOf); restDay = try s(.restDay); restDayDetail = try s(.restDayDetail)
        traveler = try s(.traveler); dates = try s(.dates); at = try s(.at); localStart = try s(.localStart)
        section = try s(.section); row = try s(.row); seats = try s(.seats); tickets = try s(.tickets)
        departs = try s(.departs); checkIn = try s(.checkIn); checkOut = try s(.checkOut)
        confirmation = try s(.confirmation); itinerary = try s(.itinerary); progress = try s(.progress)
        hoursShort = try s(.hoursShort); minutesShort = try s(.minutesShort)
        modes = try c.decode([String: String].self, forKey: .modes)
        categories = try c.decode([String: String].self, forKey: .categories)
        summary = try c.decode([String: String].self, forKey: .summary)
        var sections: [String: [String: String]] = [:]
        for (key, name) in [(CodingKeys.coverLabels, "cover"), (.overviewLabels, "overview"), (.daysLabels, "days"), (.progressLabels, "progress")] {
            sections[name] = try c.decodeIfPresent([String: String].self, forKey: key) ?? [:]
        }
        self.sections = sections
    }

    /// A section's label, e.g. `label("cover", "dates")`; empty when missing (the loader
    /// refuses templates that miss a required one).
    public func label(_ section: String, _ key: String) -> String { sections[section]?[key] ?? "" }

    /// Replaces each `{key}` in `pattern` with its value.
    public static func fill(_ pattern: String, _ values: [String: String]) -> String {
        var out = pattern
        for (key, value) in values.sorted(by: { $0.key < $1.key }) {
            out = out.replacingOccurrences(of: "{\(key)}", with: value)
        }
        return out
    }
}
