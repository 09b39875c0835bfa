/// The words a template prints, per language, with `{placeholder}` substitution.
import Foundation
import ItineraryModel
import ItineraryText

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
    /// The distance units after a number (`mi`, `km`): the labels' language, not the code's.
    public let milesShort: String
    public let kilometresShort: String
    /// Atop the rest of a card or a table row carried over to the next page.
    public let continued: String
    /// The name of each travel mode (`modes.flight`: `Flight`).
    public let modes: [String: String]
    /// The caps label of each plan category but `other`.
    public let categories: [String: String]
    /// The words of the title block's summary.
    public let summary: [String: String]
    /// The words of each group read by key (`legs` and the sections' groups), by group name.
    private let groups: [String: [String: String]]

    // MARK: The groups, declared once

    static let common = TemplateSchema(
        "Words every section may print.",
        [
            .label("day", "`Day` (the day tile, the running header)"),
            .label("pageOf", filling: ["page", "pages"], "`Page {page} of {pages}` (the footer)"),
            .label("restDay", "`Rest day` (a day with no items)"),
            .label("restDayDetail", filling: ["city"], "`Nothing scheduled in {city}.`"),
            .label("traveler", "`Traveler` (the cover's meta row, the title block)"),
            .label("dates", "`Dates`"),
            .label("at", "`at` (between the teams' full names)"),
            .label("localStart", "`local start` (under a game's time)"),
            .label("section", "`Section` (a ticket field)"),
            .label("row", "`Row`"),
            .label("seats", "`Seats`"),
            .label("tickets", "`Tickets`"),
            .label("departs", "`departs` (a leg's departure)"),
            .label("checkIn", "`Check-in` (a stay's cell)"),
            .label("checkOut", "`Check-out`"),
            .label("confirmation", "`Confirmation`"),
            .label("itinerary", "`Itinerary` (the running header, the document title)"),
            .label("progress", "`Stadium progress` (the progress section's H1 and running header)"),
            .label("hoursShort", "`h` (durations: `2 h 35 m`)"),
            .label("minutesShort", "`m`"),
            .label("milesShort", optional: true, "`mi` (distances in miles: `1,173 mi`; left out: `mi`)"),
            .label("kilometresShort", optional: true, "`km` (distances in kilometres; left out: `km`)"),
            .label(
                "continued", optional: true,
                "`Continued`: atop the rest of a card or table row carried over to the next page (left out: `…`)"),
        ])

    static let modeWords = TemplateSchema(
        "The name of each travel mode.", TravelMode.allCases.map { .label($0.rawValue, "") })

    static let categoryWords = TemplateSchema(
        "The caps label of each plan category (`other` prints none).",
        CustomCategory.allCases.filter { $0 != .other }.map { .label($0.rawValue, "") })

    static let summaryWords = TemplateSchema(
        "The title block's summary, `10 days · 8 games · 6 cities`.",
        ["days", "day", "games", "game", "cities", "city"].map { .label($0, "") })

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

    static let legs = TemplateSchema(
        "Counts of legs, `{n}` the count (`{n} flights`): the overview's totals and the day headings use them.",
        legWords.flatMap { [TemplateKey.label($0.one, filling: ["n"], ""), .label($0.many, filling: ["n"], "")] })

    static let cover = TemplateSchema(
        "The cover's words (required when `cover` is listed).",
        [
            .label("tripItinerary", "`Trip itinerary` (the brand row's caps label)"),
            .label(
                "pageLabel", optional: true, "the cover's page label in a reader's page list (left out: its number)"),
            .label("leagues", "`Leagues` (the meta row)"),
            .label("stops", filling: ["count"], "`{count} stops` (a shortened route line)"),
            .label("note", "the closing note"),
            .label("day", "stat tile: `day`"), .label("days", "`days`"), .label("game", "`game`"),
            .label("games", "`games`"),
            .label("stadium", "`stadium`"), .label("stadiums", "`stadiums`"), .label("city", "`city`"),
            .label("cities", "`cities`"),
            .label("distance", "`Distance`"), .label("travelTime", "`Travel time` (over every leg)"),
            .label("north", "the north arrow's letter"),
            .label("latitudeNorth", filling: ["degrees"], "`{degrees}°N` (graticule labels)"),
            .label("latitudeSouth", filling: ["degrees"], "`{degrees}°S`"),
            .label("longitudeEast", filling: ["degrees"], "`{degrees}°E`"),
            .label("longitudeWest", filling: ["degrees"], "`{degrees}°W` (Spanish writes `O`)"),
            .label("degrees", filling: ["degrees"], "`{degrees}°` (the equator and the prime meridian)"),
            .label("noMap", "the line in the frame when no stop has a location"),
            .label(
                "mapKey", optional: true,
                "`Map key`: named in the cue atop the rest of a key too long for the cover (left out: the cue says `continued` alone)"
            ),
            .label(
                "mapAlt", filling: ["stops"], optional: true,
                "`Route map: {stops}`: the map's alternate text in the tagged PDF (left out: the stops alone)"),
            .label(
                "notOnMap", optional: true,
                "`Not on the map (no location given):` in the map key, before the stops that have no location (left out: `—` before them)"
            ),
        ],
        patterns: [
            TemplateKeyPattern(
                "league.<CODE>", prefix: "league.",
                "a league's full name (`league.MLB`: `Major League Baseball`), after its chip when the trip has one league"
            )
        ])

    static let overview = TemplateSchema(
        "The overview's words (required when `overview` is listed).",
        [
            .label("title", "the H1"), .label("lead", "the lead"),
            .label("staysTitle", "the heading of the table of stays"),
            .label("day", "column header"), .label("date", "column header"), .label("city", "column header"),
            .label("games", "column header"),
            .label("travel", "column header"), .label("distance", "column header"), .label("time", "column header"),
            .label("hotel", "column header"), .label("checkIn", "column header"), .label("checkOut", "column header"),
            .label("nights", "column header"), .label("confirmation", "column header"),
            .label("restDay", "a day without items"),
            .label("oneDay", filling: ["n"], "totals: `{n} day`"), .label("manyDays", filling: ["n"], "`{n} days`"),
            .label("oneCity", filling: ["n"], "`{n} city`"),
            .label("manyCities", filling: ["n"], "`{n} cities`"), .label("oneGame", filling: ["n"], "`{n} game`"),
            .label("manyGames", filling: ["n"], "`{n} games`"),
        ]
            + legWords.flatMap {
                [
                    TemplateKey.retired($0.one, "moved to `legs.\($0.one)`"),
                    .retired($0.many, "moved to `legs.\($0.many)`"),
                ]
            })

    static let days = TemplateSchema(
        "The day pages' words (required when `days` is listed).",
        [
            .label("title", "the H1"), .label("lead", "the lead"),
            .label("gameOne", filling: ["count"], "`{count} game` (the heading's summary)"),
            .label("gameOther", filling: ["count"], "`{count} games`"),
            .label("drive", filling: ["distance"], "`{distance} drive` (the day's drives, in the trip's units)"),
            .label("arrives", "`arrives ≈` (before a leg's arrival time)"),
            .label("nightOne", "`night` (under a stay's count)"), .label("nightOther", "`nights`"),
            .label("daysCaps", "`Days` (the heading of a run of quiet days, `DAYS 3–5`)"),
            .label("restDays", "`Rest days` (the card of such a run)"),
            .label("restDaysDetail", filling: ["city", "count"], "`Nothing scheduled in {city} for {count} days.`"),
        ])

    static let progress = TemplateSchema(
        "The progress page's words (required when `progress` is listed).",
        [
            .label(
                "lead", filling: ["league", "leagueName", "venueOne", "venueOther", "total", "visited"],
                "the lead (`{leagueName}`, `{venueOne}`)"),
            .label(
                "heroOf", filling: ["league", "leagueName", "venueOne", "venueOther", "total", "visited"],
                "`of {total} {league} {venueOther}` after the count"),
            .label("toGo", filling: ["count"], "`{count} to go`"),
            .label("onThisTrip", "`On this trip` (a card's visit line)"),
            .label("beforeThisTrip", "`Visited before this trip`"),
            .label("alsoInRecord", "the heading of the pills"),
            .label("recordCaption", "the caption under them"),
        ],
        patterns: [
            TemplateKeyPattern(
                "<kind>One, <kind>Other, <kind>Visited", suffixes: venueNouns,
                "each venue kind's nouns (`ballparkOne`: `ballpark`, `ballparkOther`: `ballparks`, `ballparkVisited`: the grid's heading); required for every kind `venueKinds` and `defaultVenueKind` name"
            ),
            TemplateKeyPattern("league.<CODE>", prefix: "league.", "a league's name in the lead and the hero line"),
        ])

    /// The endings of a venue kind's nouns (`ballparkOne`, `ballparkOther`, `ballparkVisited`).
    static let venueNouns = ["One", "Other", "Visited"]

    /// The groups read by key, with the sections whose listing requires them.
    static let keyedGroups: [(name: String, schema: TemplateSchema, sections: [SectionName])] = [
        ("legs", legs, [.overview, .days]), ("cover", cover, [.cover]), ("overview", overview, [.overview]),
        ("days", days, [.days]),
        ("progress", progress, [.progress]),
    ]

    private static let moved = [
        "day", "pageOf", "restDay", "restDayDetail", "traveler", "dates", "at", "localStart", "section", "row",
        "seats", "tickets", "departs", "checkIn", "checkOut", "confirmation", "itinerary", "hoursShort", "minutesShort",
    ]

    static let schema = TemplateSchema(
        "The words of one language, by group.",
        [
            TemplateKey(
                name: "common", kind: .object(common), presence: .required, doc: "words every section may print"),
            TemplateKey(name: "modes", kind: .object(modeWords), presence: .required, doc: "the travel modes"),
            TemplateKey(
                name: "categories", kind: .object(categoryWords), presence: .required, doc: "the plan categories"),
            TemplateKey(
                name: "summary", kind: .object(summaryWords), presence: .required, doc: "the title block's summary"),
        ]
            + keyedGroups.map {
                TemplateKey(
                    name: $0.name, kind: .object($0.schema), presence: .requiredWhen(listed($0.sections)),
                    doc: $0.schema.doc)
            } + moved.map { .retired($0, "moved to `common.\($0)`") } + [
                .retired(
                    "progressSection", "renamed `progress` (the word \"Stadium progress\" moved to `common.progress`)"),
                .retired("progressSummary", "no longer used: delete it"),
                .retired("lodging", "no longer used: delete it"),
            ])

    init(_ o: TemplateObject) throws(TemplateError) {
        if case .string? = o.optionalValue("progress")?.json {
            throw o.error(
                "progress",
                "expected an object: the section's words (the word \"Stadium progress\" moved to `common.progress`)")
        }
        let c = try o.value("common").object(Self.common)
        day = try c.text("day"); pageOf = try c.text("pageOf"); restDay = try c.text("restDay")
        restDayDetail = try c.text("restDayDetail"); traveler = try c.text("traveler"); dates = try c.text("dates")
        at = try c.text("at"); localStart = try c.text("localStart"); section = try c.text("section")
        row = try c.text("row"); seats = try c.text("seats"); tickets = try c.text("tickets")
        departs = try c.text("departs"); checkIn = try c.text("checkIn"); checkOut = try c.text("checkOut")
        confirmation = try c.text("confirmation"); itinerary = try c.text("itinerary");
        progress = try c.text("progress")
        hoursShort = try c.text("hoursShort"); minutesShort = try c.text("minutesShort")
        // Optional, so that a template written before these keys existed still loads.
        milesShort = try c.optionalText("milesShort") ?? "mi"
        kilometresShort = try c.optionalText("kilometresShort") ?? "km"
        continued = try c.optionalText("continued") ?? "\u{2026}"
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
    private static func words(
        _ o: TemplateObject, _ key: String, _ schema: TemplateSchema
    ) throws(TemplateError) -> [String: String] {
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

    /// `pattern` with the count `number` in place of `{key}`, tied to the words beside it by
    /// no-break spaces: a count and its noun never break apart (`2 vuelos`, not `2` / `vuelos`).
    public static func fill(_ pattern: String, count key: String, _ number: String) -> String {
        let placeholder = "{\(key)}"
        let tied = pattern.replacingLiterally(" " + placeholder, with: "\u{00A0}" + placeholder)
            .replacingLiterally(placeholder + " ", with: placeholder + "\u{00A0}")
        return fill(tied, [key: number])
    }

    /// Replaces each `{key}` in `pattern` with its value.
    public static func fill(_ pattern: String, _ values: [String: String]) -> String {
        var out = pattern
        for (key, value) in values.sorted(by: { $0.key < $1.key }) {
            out = out.replacingLiterally("{\(key)}", with: value)
        }
        return out
    }
}
