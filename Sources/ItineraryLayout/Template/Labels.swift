/// The words a template prints, per language, with `{placeholder}` substitution.
import Foundation

/// All strings of one language. Every key is required, so a translation cannot silently miss one.
public struct Labels: Sendable, TemplateObjectReadable {
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

    /// Every string key, then the three maps, then the words of each section (`progressSection`
    /// because `progress` is the word "Progress" itself).
    static let stringKeys = ["day", "pageOf", "restDay", "restDayDetail", "traveler", "dates", "at", "localStart", "section", "row", "seats",
                             "tickets", "departs", "checkIn", "checkOut", "confirmation", "itinerary", "progress", "hoursShort", "minutesShort"]
    static let keys = stringKeys + ["modes", "categories", "summary", "cover", "overview", "days", "progressSection"]

    init(_ o: TemplateObject) throws(TemplateError) {
        day = try o.string("day"); pageOf = try o.string("pageOf"); restDay = try o.string("restDay")
        restDayDetail = try o.string("restDayDetail"); traveler = try o.string("traveler"); dates = try o.string("dates")
        at = try o.string("at"); localStart = try o.string("localStart"); section = try o.string("section")
        row = try o.string("row"); seats = try o.string("seats"); tickets = try o.string("tickets")
        departs = try o.string("departs"); checkIn = try o.string("checkIn"); checkOut = try o.string("checkOut")
        confirmation = try o.string("confirmation"); itinerary = try o.string("itinerary"); progress = try o.string("progress")
        hoursShort = try o.string("hoursShort"); minutesShort = try o.string("minutesShort")
        modes = try o.stringMap("modes")
        categories = try o.stringMap("categories")
        summary = try o.stringMap("summary")
        var sections: [String: [String: String]] = [:]
        for (key, name) in [("cover", "cover"), ("overview", "overview"), ("days", "days"), ("progressSection", "progress")] {
            sections[name] = try o.optionalStringMap(key) ?? [:]
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
