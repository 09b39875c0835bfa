/// Top-level validation: a parsed document to a `Trip`, or every problem with it.
import StrictJSON

enum TripDecoder {
    /// The only schema version this code reads.
    static let schemaVersion = 1
    /// The longest trip, counting both the first and the last day.
    static let maximumDays = 366

    /// The trip, if nothing is wrong, and the problems in document order.
    static func decode(_ document: JSONValue) -> (Trip?, [TripProblem]) {
        guard case .object(let members) = document else {
            return (nil, [TripProblem(.mismatch(at: .root, expected: "an object at the top level", got: document))])
        }
        typealias Top = TripFormat.Top
        var top = ObjectReader(members, at: .root, Top.object)
        let version = top.read(Top.schemaVersion)
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
        let id = top.read(Top.id)
        let name = top.read(Top.name)
        let traveler = top.read(Top.traveler)
        let startDate = top.read(Top.startDate)
        let endDate = top.read(Top.endDate)
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
        let units = top.read(Top.units) ?? .imperial
        let locale = top.read(Top.locale) ?? "en_US"

        // Teams and stadiums first, whatever their place in the file: games refer to them.
        var context = TripContext()
        var teamRegistry = IdRegistry(kind: "team")
        let teams = top.read(Top.teams) { value, path, problems in
            decodeList(value, path, &problems) { decodeTeam($0, $1, &$2, registry: &teamRegistry) }
        }
        context.teamIds = top.has("teams") && teams == nil ? nil : teamRegistry.ids
        var stadiumRegistry = IdRegistry(kind: "stadium")
        let stadiums = top.read(Top.stadiums) { value, path, problems in
            decodeList(value, path, &problems) { decodeStadium($0, $1, &$2, registry: &stadiumRegistry) }
        }
        context.stadiumIds = top.has("stadiums") && stadiums == nil ? nil : stadiumRegistry.ids
        var leagueRegistry = IdRegistry(kind: "league")
        let leagues = top.read(Top.leagues) { value, path, problems in
            decodeList(value, path, &problems) { decodeLeague($0, $1, &$2, registry: &leagueRegistry) }
        }

        let days = top.read(Top.days) { value, path, problems in
            decodeDays(value, path, &problems, tripDates: tripDates, context: &context)
        }
        let progress = top.read(Top.progress, as: decodeProgress)
        // Free-form and ignored, but it must be an object so it can grow keys later.
        _ = top.read(Top.extensions, as: Read.object)

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
