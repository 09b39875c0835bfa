/// Validation of one entry of `teams`.
import StrictJSON

extension TripDecoder {
    static let teamKeys = ["id", "name", "abbreviation", "league", "primaryColor", "secondaryColor"]

    static func decodeTeam(
        _ value: JSONValue, _ path: JSONPath, _ problems: inout [TripProblem],
        registry: inout IdRegistry
    ) -> Team? {
        guard let members = Read.object(value, path, &problems) else { return nil }
        var team = ObjectReader(members, at: path, knownKeys: teamKeys)
        let id = team.required("id", Read.text)
        if let id, let duplicate = registry.register(id, at: path) {
            team.report("id", duplicate)
        }
        let name = team.required("name", Read.text)
        let abbreviation = team.required("abbreviation", readAbbreviation)
        // Any non-empty league name: the well-known ones are not a closed list.
        let league = team.required("league", Read.text)
        let primaryColor = team.optional("primaryColor", Read.color)
        let secondaryColor = team.optional("secondaryColor", Read.color)
        problems.append(contentsOf: team.problems)
        guard let id, let name, let abbreviation, let league else { return nil }
        return Team(
            id: id, name: name, abbreviation: abbreviation, league: league,
            primaryColor: primaryColor, secondaryColor: secondaryColor)
    }

    /// 2 to 4 characters (Unicode scalars), as printed in tight table cells.
    static func readAbbreviation(_ value: JSONValue, _ path: JSONPath, _ problems: inout [TripProblem]) -> String? {
        guard let text = Read.text(value, path, &problems) else { return nil }
        guard (2...4).contains(text.unicodeScalars.count) else {
            problems.append(TripProblem(path, "must be 2 to 4 characters, got \(MessageText.quoted(text))"))
            return nil
        }
        return text
    }
}
