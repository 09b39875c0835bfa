/// Validation of one entry of `teams`.
import StrictJSON

extension TripDecoder {
    static func decodeTeam(
        _ value: JSONValue, _ path: JSONPath, _ problems: inout [TripProblem],
        registry: inout IdRegistry
    ) -> Team? {
        guard let members = Read.object(value, path, &problems) else { return nil }
        typealias Format = TripFormat.Team
        var team = ObjectReader(members, at: path, Format.object)
        let id = team.read(Format.id)
        if let id, let duplicate = registry.register(id, at: path) {
            team.report("id", duplicate)
        }
        let name = team.read(Format.name)
        let abbreviation = team.read(Format.abbreviation)
        let league = team.read(Format.league)
        let primaryColor = team.read(Format.primaryColor)
        let secondaryColor = team.read(Format.secondaryColor)
        problems.append(contentsOf: team.problems)
        guard let id, let name, let abbreviation, let league else { return nil }
        return Team(
            id: id, name: name, abbreviation: abbreviation, league: league,
            primaryColor: primaryColor, secondaryColor: secondaryColor)
    }
}
