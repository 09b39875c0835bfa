/// The words a template prints, per language, with `{placeholder}` substitution.
import Foundation
import ItineraryModel

/// All strings of one language, in one shape: `labels.<language>.<group>.<key>`, every value a
/// string. Each group declares its keys once (below); the loader requires a section's group when
/// the section is listed, and every group's required keys.
public struct Labels: Sendable, TemplateObjectReadable {
    public let day: String
    public let pageOf: String
    public let restDay: String
    public let restDayDetail: String
    public let traveler: String
    public let dates: String
    public let at: String
    public let localStart: String
    public let section: String
    public let row: String
    public let seats: String
    public let tickets: String
    public let departs: String
    public let checkIn: String
    public let checkOut: String
    public let confirmation: String
    public let itinerary: String
    public let progress: String
    public let hoursShort: String
    public let minutesShort: String
    /// The name of each travel mode (`modes.flight`: `Flight`).
    public let modes: [String: String]
    /// The caps label of each plan category but `other`.
    public let categories: [String: String]
    /// The words of the title block's summary.
    public let summary: [String: String]
    /// The words of each group read by key (`legs` and the sections' groups), by group name.
    private let groups: [String: [String: String]]

    // MARK: The groups, declared once

    static let common = TemplateSchema("Words every section may print.", [
        .text("day", "`Day` (the day tile, the running header)"),
        .text("pageOf", "`Page {page} of {pages}` (the footer)"),
        .text("restDay", "`Rest day` (a day with no items)"),
        .text("restDayDetail", "`Nothing scheduled in {city}.`"),
        .text("traveler", "`Traveler` (the cover's meta row, the title block)"),
        .text("dates", "`Dates`"),
        .text("at", "`at` (between the teams' full names)"),
        .text("localStart", "`local start` (under a game's time)"),
        .text("section", "`Section` (a ticket field)"),
        .text("row", "`Row`"),
        .text("seats", "`Seats`"),
        .text("tickets", "`Tickets`"),
        .text("departs", "`departs` (a leg's departure)"),
        .text("checkIn", "`Check-in` (a stay's cell)"),
        .text("checkOut", "`Check-out`"),
        .text("confirmation", "`Confirmation`"),
        .text("itinerary", "`Itinerary` (the running header, the document title)"),
        .text("progress", "`Stadium progress` (the progress section's H1 and running header)"),
        .text("hoursShort", "`h` (durations: `2 h 35 m`)"),
        .text("minutesShort", "`m`"),
    ])

    static let modeWords = TemplateSchema("The name of each travel mode.", TravelMode.allCases.map { .text($0.rawValue, "") })

    static let categoryWords = TemplateSchema("The caps label of each plan category (`other` prints none).",
                                              CustomCategory.allCases.filter { $0 != .other }.map { .text($0.rawValue, "") })

    static let summaryWords = TemplateSchema("The title block's summary, `10 days · 8 games · 6 cities`.",
                                             ["days", "day", "games", "game", "cities", "city"].map { .text($0, "") })

    /// `{n} flight` / `{n} flights` and so on for every travel mode, in the order listed: the
    /// overview's totals and the day headings' summaries count legs in these words.
    public static let legWords: [(mode: TravelMode, one: String, many: String)] = [
        (.drive, "oneDrive", "manyDrives"), (.flight, "oneFlight", "manyFlights"), (.train, "oneTrain", "manyTrains"),
        (.bus, "oneBus", "manyBuses"), (.walk, "oneWalk", "manyWalks"), (.other, "oneOtherLeg", "manyOtherLegs"),
    ]

    /// "`cover` is listed", "`overview` or `days` is listed".
    static func listed(_ sections: [SectionName]) -> String {
        sections.map { "`\($0.rawValue)`" }.joined(separator: " or ") + " is listed"
    }

    static let legs = TemplateSchema("Counts of legs, `{n}` the count (`{n} flights`): the overview's totals and the day headings use them.",
                                     legWords.flatMap { [TemplateKey.text($0.one, ""), .text($0.many, "")] })

    static let cover = TemplateSchema("The cover's words (required when `cover` is listed).", [
        .text("tripItinerary", "`Trip itinerary` (the brand row's caps label)"),
        .text("pageLabel", optional: true, "the cover's page label in a reader's page list (left out: its number)"),
        .text("leagues", "`Leagues` (the meta row)"),
        .text("stops", "`{count} stops` (a shortened route line)"),
        .text("note", "the closing note"),
        .text("day", "stat tile: `day`"), .text("days", "`days`"), .text("game", "`game`"), .text("games", "`games`"),
        .text("stadium", "`stadium`"), .text("stadiums", "`stadiums`"), .text("city", "`city`"), .text("cities", "`cities`"),
        .text("distance", "`Distance`"), .text("travelTime", "`Travel time` (over every leg)"),
        .text("north", "the north arrow's letter"),
        .text("latitudeNorth", "`{degrees}°N` (graticule labels)"), .text("latitudeSouth", "`{degrees}°S`"),
        .text("longitudeEast", "`{degrees}°E`"), .text("longitudeWest", "`{degrees}°W` (Spanish writes `O`)"),
        .text("degrees", "`{degrees}°` (the equator and the prime meridian)"),
        .text("noMap", "the line in the frame when no stop has a location"),
        .text("mapAlt", optional: true, "`Route map: {stops}`: the map's alternate text in the tagged PDF (left out: the stops alone)"),
    ], patterns: [TemplateKeyPattern("league.<CODE>", prefix: "league.", "a league's full name (`league.MLB`: `Major League Baseball`), after its chip when the trip has one league")])

    static let overview = TemplateSchema("The overview's words (required when `overview` is listed).", [
        .text("title", "the H1"), .text("lead", "the lead"), .text("staysTitle", "the heading of the table of stays"),
        .text("day", "column header"), .text("date", "column header"), .text("city", "column header"), .text("games", "column header"),
        .text("travel", "column header"), .text("distance", "column header"), .text("time", "column header"),
        .text("hotel", "column header"), .text("checkIn", "column header"), .text("checkOut", "column header"),
        .text("nights", "column header"), .text("confirmation", "column header"),
        .text("restDay", "a day without items"),
        .text("oneDay", "totals: `{n} day`"), .text("manyDays", "`{n} days`"), .text("oneCity", "`{n} city`"),
        .text("manyCities", "`{n} cities`"), .text("oneGame", "`{n} game`"), .text("manyGames", "`{n} games`"),
    ] + legWords.flatMap { [TemplateKey.retired($0.one, "moved to `legs.\($0.one)`"), .retired($0.many, "moved to `legs.\($0.many)`")] })

    static let days = TemplateSchema("The day pages' words (required when `days` is listed).", [
        .text("title", "the H1"), .text("lead", "the lead"),
        .text("gameOne", "`{count} game` (the heading's summary)"), .text("gameOther", "`{count} games`"),
        .text("drive", "`{distance} drive` (the day's drives, in the trip's units)"),
        .text("arrives", "`arrives ≈` (before a leg's arrival time)"),
        .text("nightOne", "`night` (under a stay's count)"), .text("nightOther", "`nights`"),
        .text("daysCaps", "`Days` (the heading of a run of quiet days, `DAYS 3–5`)"),
        .text("restDays", "`Rest days` (the card of such a run)"), .text("restDaysDetail", "`Nothing scheduled in {city} for {count} days.`"),
    ])

    static let progress = TemplateSchema("The progress page's words (required when `progress` is listed).", [
        .text("lead", "the lead (`{leagueName}`, `{venueOne}`)"),
        .text("heroOf", "`of {total} {league} {venueOther}` after the count"),
        .text("toGo", "`{count} to go`"),
        .text("onThisTrip", "`On this trip` (a card's visit line)"),
        .text("beforeThisTrip", "`Visited before this trip`"),
        .text("alsoInRecord", "the heading of the pills"),
        .text("recordCaption", "the caption under them"),
    ], patterns: [
        TemplateKeyPattern("<kind>One, <kind>Other, <kind>Visited", suffixes: ["One", "Other", "Visited"], "each venue kind's nouns (`ballparkOne`: `ballpark`, `ballparkOther`: `ballparks`, `ballparkVisited`: the grid's heading); required for every kind `venueKinds` and `defaultVenueKind` name"),
        TemplateKeyPattern("league.<CODE>", prefix: "league.", "a league's name in the lead and the hero line"),
    ])

    /// The groups read by key, with the sections whose listing requires them.
    static let keyedGroups: [(name: String, schema: TemplateSchema, sections: [SectionName])] = [
        ("legs", legs, [.overview, .days]), ("cover", cover, [.cover]), ("overview", overview, [.overview]), ("days", days, [.days]),
        ("progress", progress, [.progress]),
    ]

    private static let moved = ["day", "pageOf", "restDay", "restDayDetail", "traveler", "dates", "at", "localStart", "section", "row",
                                "seats", "tickets", "departs", "checkIn", "checkOut", "confirmation", "itinerary", "hoursShort", "minutesShort"]

    static let schema = TemplateSchema("The words of one language, by group.", [
        TemplateKey(name: "common", kind: .object(common), presence: .required, doc: "words every section may print"),
        TemplateKey(name: "modes", kind: .object(modeWords), presence: .required, doc: "the travel modes"),
        TemplateKey(name: "categories", kind: .object(categoryWords), presence: .required, doc: "the plan categories"),
        TemplateKey(name: "summary", kind: .object(summaryWords), presence: .required, doc: "the title block's summary"),
    ] + keyedGroups.map {
        TemplateKey(name: $0.name, kind: .object($0.schema), presence: .requiredWhen(listed($0.sections)), doc: $0.schema.doc)
    } + moved.map { .retired($0, "moved to `common.\($0)`") } + [
        .retired("progressSection", "renamed `progress` (the word \"Stadium progress\" moved to `common.progress`)"),
        .retired("progressSummary", "no longer used: delete it"),
        .retired("lodging", "no longer used: delete it"),
    ])

    init(_ o: TemplateObject) throws(TemplateError) {
        if case .string? = o.optionalValue("progress")?.json {
            throw o.error("progress", "expected an object: the section's words (the word \"Stadium progress\" moved to `common.progress`)")
        }
        let c = try o.value("common").object(Self.common)
        day = try c.text("day"); pageOf = try c.text("pageOf"); restDay = try c.text("restDay")
        restDayDetail = try c.text("restDayDetail"); traveler = try c.text("traveler"); dates = try c.text("dates")
        at = try c.text("at"); localStart = try c.text("localStart"); section = try c.text("section")
        row = try c.text("row"); seats = try c.text("seats"); tickets = try c.text("tickets")
        departs = try c.text("departs"); checkIn = try c.text("checkIn"); checkOut = try c.text("checkOut")
        confirmation = try c.text("confirmation"); itinerary = try c.text("itinerary"); progress = try c.text("progress")
        hoursShort = try c.text("hoursShort"); minutesShort = try c.text("minutesShort")
        modes = try Self.words(o, "modes", Self.modeWords)
        categories = try Self.words(o, "categories", Self.categoryWords)
        summary = try Self.words(o, "summary", Self.summaryWords)
        var groups: [String: [String: String]] = [:]
        for group in Self.keyedGroups where o.contains(group.name) {
            groups[group.name] = try Self.words(o, group.name, group.schema)
        }
        self.groups = groups
    }

    /// Every word of the group at `key`, its required keys checked by the group's schema.
    private static func words(_ o: TemplateObject, _ key: String, _ schema: TemplateSchema) throws(TemplateError) -> [String: String] {
        let group = try o.value(key).object(schema)
        var words: [String: String] = [:]
        for declared in schema.current {
            if let word = try group.optionalText(declared.name) { words[declared.name] = word }
        }
        for name in group.keys where schema.key(name) == nil { words[name] = try group.text(name) }
        return words
    }

    /// Whether the language has the group `name` (a section's words).
    func has(_ name: String) -> Bool { groups[name] != nil }

    /// The words of the group `name`.
    func words(_ name: String) -> [String: String] { groups[name] ?? [:] }

    /// A word of a group, e.g. `label("cover", "dates")`; empty when an optional one is left out
    /// (the loader refuses templates that miss a required one).
    public func label(_ group: String, _ key: String) -> String { groups[group]?[key] ?? "" }

    /// Replaces each `{key}` in `pattern` with its value.
    public static func fill(_ pattern: String, _ values: [String: String]) -> String {
        var out = pattern
        for (key, value) in values.sorted(by: { $0.key < $1.key }) {
            out = out.replacingOccurrences(of: "{\(key)}", with: value)
        }
        return out
    }
}

extension TemplatePresence {
    /// Whether the key must always be written.
    var isRequired: Bool {
        if case .required = self { return true }
        return false
    }
}
