/// What an export tells the user without stopping: gaps in the trip the pages would otherwise get
/// wrong, and what the layout had to leave out or could not draw.
import DisplayList
import Foundation
import ItineraryLayout
import ItineraryModel
import StrictJSON

extension Exporter {
    /// What a valid trip leaves unsaid that the pages would otherwise get wrong: times whose
    /// place has no known zone (shown with their written offset), one line each, with the JSON
    /// path and the key to add. `validate` prints the same lines. `routeMap`: whether the pages
    /// have a route map, to warn of the stops it cannot place (a template without one, such as
    /// compact, leaves out no stop).
    public static func warnings(_ trip: Trip, routeMap: Bool = true) -> [String] {
        TimeZoneResolver(trip: trip).unknownZones(in: trip).map(\.description) + leagueWarnings(trip)
            + (routeMap ? locationWarnings(trip) : [])
    }

    /// What an export of `trip` with `template` tells before laying it out, `validate` too:
    /// `warnings(_:routeMap:)` for the template's pages, and the labels its language lacks.
    public static func warnings(_ trip: Trip, template: Template) -> [String] {
        warnings(trip, routeMap: template.sections.contains(.cover) && template.cover != nil)
            + labelWarnings(trip, labelled: Theme.labelsLanguage(of: trip.locale, in: template))
    }

    /// A trip whose locale's language the template has no labels for: its dates and numbers
    /// follow the locale, but the pages' own words (headings, `at`, units) are English.
    static func labelWarnings(_ trip: Trip, labelled: String) -> [String] {
        let wanted = Theme.language(of: trip.locale)
        guard !wanted.isEmpty, wanted != labelled else { return [] }
        let name =
            Locale(identifier: "en").localizedString(forLanguageCode: wanted).map { "\($0) (\"\(wanted)\")" }
            ?? "\"\(wanted)\""
        return [
            "locale: the template has no labels in \(name), so the pages' own words (headings, \"at\", units) "
                + "are in English; a template of your own can add \"labels.\(wanted)\" (docs/templates.md)"
        ]
    }

    /// Stops the route map cannot place (no latitude and longitude on their days, no stadium in
    /// their city; a game in another city does not place them): the key names them as not on the
    /// map. Only for a trip with stadiums: one without any has no map to miss them from. One line
    /// per stop, at its first day.
    static func locationWarnings(_ trip: Trip) -> [String] {
        let outline = RouteOutline(trip: trip)
        guard !trip.stadiums.isEmpty else { return [] }
        return outline.unlocatedStops.map { stop in
            let index = trip.days.firstIndex { $0.date == stop.firstDay } ?? 0
            return "days[\(index)].city: no location for \(MessageText.quoted(stop.city)) (no stadium in it, no "
                + "latitude and longitude), so the route map leaves it out; add \"latitude\" and \"longitude\" to the day"
        }
    }

    /// Leagues of the trip's games whose code the rule cannot shorten without cutting a word
    /// (`Bundesliga`): their chips print the whole name, small, and the day tiles may have to
    /// end it in `…`. The trip can say the code.
    /// Two leagues whose chips would print the same code (`Besta deild` and `Betri deildin`,
    /// both `BD`) are named too: the reader could not tell their games apart.
    static func leagueWarnings(_ trip: Trip) -> [String] {
        var seen = Set<String>()
        var byCode: [String: String] = [:]
        var out: [String] = []
        for day in trip.days {
            for case let .game(game) in day.items where seen.insert(game.league).inserted {
                let written = trip.leagues.first { $0.id == game.league }?.abbreviation
                let derived = TripFormatter.leagueCode(game.league)
                let code = written ?? derived
                if let other = byCode[code] {
                    out.append(
                        "leagues: \(MessageText.quoted(other)) and \(MessageText.quoted(game.league)) both print as "
                            + "\(MessageText.quoted(code)) on their chips; add {\"id\": \(MessageText.quoted(game.league)), "
                            + "\"abbreviation\": \"…\"} (2 to 4 characters) to leagues to tell them apart")
                } else {
                    byCode[code] = game.league
                }
                guard written == nil, derived.count > TripFormatter.leagueCodeLength else { continue }
                out.append(
                    "leagues: \(MessageText.quoted(game.league)) has no short code, so its chips print the whole name, "
                        + "small, and may end it in …; add {\"id\": \(MessageText.quoted(game.league)), \"abbreviation\": \"…\"} "
                        + "(2 to 4 characters) to leagues")
            }
        }
        return out
    }

    /// Uncovered characters, named by code point and as written (the first 12, then a count),
    /// on one line, with why where the kind of character says it: the bundled faces are chosen
    /// for the scripts trips are written in, and some ranges are beyond them on purpose.
    static func warnings(_ document: LaidOutDocument) -> [String] {
        markBandWarnings(document) + uncoveredWarnings(document)
    }

    /// Text left out from under the test-entitlement mark (`MarkBand`), by page.
    static func markBandWarnings(_ document: LaidOutDocument) -> [String] {
        let pages = document.pagesClearedForMark
        guard !pages.isEmpty else { return [] }
        var list = pages.prefix(12).map(String.init).joined(separator: ", ")
        if pages.count > 12 { list += " and \(pages.count - 12) more" }
        return [
            "text the template puts at the foot of the page, where the test-entitlement mark goes, was left out of page\(pages.count == 1 ? "" : "s") \(list): give the template's content room above the mark (a larger bottom margin, a smaller row or card), or export with a purchase, which has no mark"
        ]
    }

    /// Characters drawn as empty boxes, and, on a line of its own, the emoji printed by name.
    static func uncoveredWarnings(_ document: LaidOutDocument) -> [String] {
        boxWarnings(document) + namedEmojiNotice(document)
    }

    /// The emoji no bundled font draws, which the pages print by name on a capsule.
    static func namedEmojiNotice(_ document: LaidOutDocument) -> [String] {
        let names = document.namedEmoji
        guard !names.isEmpty else { return [] }
        // Each name quoted: a family's name has commas of its own (`family: man, woman, girl`).
        var list = names.prefix(12).map { "\"\($0)\"" }.joined(separator: ", ")
        if names.count > 12 { list += " and \(names.count - 12) more" }
        return [
            "\(names.count) emoji no bundled font draws \(names.count == 1 ? "is" : "are") printed by name, on a capsule: \(list)"
        ]
    }

    /// Characters no bundled font covers and that are not printed by name: drawn as empty boxes.
    static func boxWarnings(_ document: LaidOutDocument) -> [String] {
        let scalars = document.uncoveredScalars
        guard !scalars.isEmpty else { return [] }
        var names = scalars.prefix(12).map { scalar in
            let printable =
                !(scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format
                || scalar.properties.generalCategory == .privateUse)
            return String(format: "U+%04X", scalar.value) + (printable ? " \(Character(scalar))" : "")
        }.joined(separator: ", ")
        if scalars.count > 12 { names += " and \(scalars.count - 12) more" }
        let reasons = Set(scalars.compactMap(uncoveredReason)).sorted()
        let why = reasons.map { "; " + $0 }.joined()
        return [
            "no bundled font covers \(scalars.count) character\(scalars.count == 1 ? "" : "s") (\(names)): drawn as empty boxes\(why)"
        ]
    }

    /// Why the bundled faces lack a character, for the kinds where that is known.
    static func uncoveredReason(_ scalar: Unicode.Scalar) -> String? {
        switch scalar.value {
        case 0x20000...0x3FFFF:
            return
                "rare CJK ideographs (Extension B and later) are beyond the bundled CJK face, Droid Sans Fallback: write the common form where there is one (吉 for 𠮷)"
        case 0xE000...0xF8FF, 0xF0000...0x10FFFF:
            return "private-use characters have no standard picture"
        default:
            return nil
        }
    }
}

/// The warnings `validate` gives each trip: those an export with its template would give. Where
/// the template is only named (the standard one), it is read once, and only for a trip not in
/// English: its labels are all that could change the warnings, and decoding it costs more than
/// the rest of a validate.
public struct TripWarnings {
    private var template: Template?
    private var pending: TemplateChoice?

    /// The warnings of an export with `template`, already read.
    public init(template: Template) { self.template = template }
    /// The warnings of an export with the template `choice` names, read when a trip needs it.
    public init(reading choice: TemplateChoice) { pending = choice }
    /// The warnings of an export whose template could not be read: the trip's own.
    public init() {}

    /// `trip`'s warnings, one line each, without its path.
    public mutating func callAsFunction(_ trip: Trip) -> [String] {
        if template == nil, let choice = pending, Theme.language(of: trip.locale) != "en" {
            template = try? Exporter.decodedTemplate(choice)
            pending = nil
        }
        return template.map { Exporter.warnings(trip, template: $0) } ?? Exporter.warnings(trip)
    }
}
