/// Top-level validation: a parsed document to a `Trip`, or every problem with it.
import StrictJSON

enum TripDecoder {
    static let topLevelKeys = [
        "schemaVersion", "id", "name", "traveler", "startDate", "endDate", "units", "locale",
        "teams", "stadiums", "leagues", "days", "progress", "extensions",
    ]
    /// The only schema version this code reads.
    static let schemaVersion = 1
    /// The longest trip, counting both the first and the last day.
    static let maximumDays = 366

    /// The trip, if nothing is wrong, and the problems in document order.
    static func decode(_ document: JSONValue) -> (Trip?, [TripProblem]) {
        guard case .object(let members) = document else {
            return (nil, [TripProblem(.mismatch(at: .root, expected: "an object at the top level", got: document))])
        }
        var top = ObjectReader(members, at: .root, knownKeys: topLevelKeys)
        let version = top.required("schemaVersion", Read.integer())
        if let version, version != schemaVersion {
            // Another version has other rules; checking it against these would only bury
            // the one problem that matters under many that do not.
            return (
                nil,
                [
                    TripProblem(
                        JSONPath.root.key("schemaVersion"),
                        "unsupported schema version \(version); this exporter reads version \(schemaVersion)")
                ]
            )
        }
        let id = top.required("id", Read.text(maximumLength: 128))
        let name = top.optional("name", Read.string)
        let traveler = top.optional("traveler", Read.string)
        let startDate = top.required("startDate", Read.date)
        let endDate = top.required("endDate", Read.date)
        var tripDates: ClosedRange<CalendarDate>?
        if let startDate, let endDate {
            if endDate < startDate {
                top.report("endDate", "must not be before startDate (\(startDate)), got \(endDate)")
            } else {
                tripDates = startDate...endDate
                let length = startDate.days(to: endDate) + 1
                if length > maximumDays {
                    top.report("endDate", "a trip may be at most \(maximumDays) days long, got \(length) days")
                }
            }
        }
        let units = top.optional("units", Read.choice(Units.self)) ?? .imperial
        let locale = top.optional("locale", readLocale) ?? "en_US"

        // Teams and stadiums first, whatever their place in the file: games refer to them.
        var context = TripContext()
        var teamRegistry = IdRegistry(kind: "team")
        let teams = top.optional("teams") { value, path, problems in
            decodeList(value, path, &problems) { decodeTeam($0, $1, &$2, registry: &teamRegistry) }
        }
        context.teamIds = top.has("teams") && teams == nil ? nil : teamRegistry.ids
        var stadiumRegistry = IdRegistry(kind: "stadium")
        let stadiums = top.optional("stadiums") { value, path, problems in
            decodeList(value, path, &problems) { decodeStadium($0, $1, &$2, registry: &stadiumRegistry) }
        }
        context.stadiumIds = top.has("stadiums") && stadiums == nil ? nil : stadiumRegistry.ids
        var leagueRegistry = IdRegistry(kind: "league")
        let leagues = top.optional("leagues") { value, path, problems in
            decodeList(value, path, &problems) { decodeLeague($0, $1, &$2, registry: &leagueRegistry) }
        }

        let days = top.required("days") { value, path, problems in
            decodeDays(value, path, &problems, tripDates: tripDates, context: &context)
        }
        let progress = top.optional("progress", decodeProgress)
        // Free-form and ignored, but it must be an object so it can grow keys later.
        _ = top.optional("extensions", Read.object)

        let problems = top.problems
        guard problems.isEmpty, version != nil, let id, let startDate, let endDate, let days else {
            return (nil, problems)
        }
        let trip = Trip(
            id: id, name: name, traveler: traveler, startDate: startDate, endDate: endDate,
            units: units, locale: locale, teams: teams ?? [], stadiums: stadiums ?? [],
            leagues: leagues ?? [], days: days, progress: progress)
        return (trip, [])
    }

    static func readLocale(_ value: JSONValue, _ path: JSONPath, _ problems: inout [TripProblem]) -> String? {
        guard let text = Read.string(value, path, &problems) else { return nil }
        if let locale = LocaleIdentifier.normalized(text) { return locale }
        problems.append(
            TripProblem(path, "expected a locale like \"en_US\" or \"es-MX\", got \(MessageText.quoted(text))"))
        return nil
    }

    /// Decodes each element of an array; elements that fail are left out (and reported).
    static func decodeList<Element>(
        _ value: JSONValue, _ path: JSONPath, _ problems: inout [TripProblem],
        _ decodeElement: (JSONValue, JSONPath, inout [TripProblem]) -> Element?
    ) -> [Element]? {
        guard let elements = Read.array(value, path, &problems) else { return nil }
        var decoded: [Element] = []
        decoded.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            if let item = decodeElement(element, path.index(index), &problems) { decoded.append(item) }
        }
        return decoded
    }
}
