/// Validation of one entry of `leagues`: how the trip wants a league written.
import StrictJSON

extension TripDecoder {
    /// `{"id": "Brasileirão", "abbreviation": "BRA", "name": "Campeonato Brasileiro Série A"}`:
    /// the league as games and teams write it, the code its chips print (2 to 4 characters, as
    /// a team's), and optionally its full name.
    static func decodeLeague(
        _ value: JSONValue, _ path: JSONPath, _ problems: inout [TripProblem],
        registry: inout IdRegistry
    ) -> League? {
        guard let members = Read.object(value, path, &problems) else { return nil }
        typealias Format = TripFormat.League
        var league = ObjectReader(members, at: path, Format.object)
        let id = league.read(Format.id)
        if let id, let duplicate = registry.register(id, at: path) {
            league.report("id", duplicate)
        }
        let abbreviation = league.read(Format.abbreviation)
        let name = league.read(Format.name)
        problems.append(contentsOf: league.problems)
        guard let id else { return nil }
        return League(id: id, abbreviation: abbreviation, name: name)
    }
}
