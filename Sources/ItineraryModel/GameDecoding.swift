/// Validation of a game item and its ticket.
import StrictJSON

extension TripDecoder {
    static func decodeGame(_ item: inout ObjectReader, path: JSONPath, context: inout TripContext) -> Game? {
        typealias Format = TripFormat.Game
        let id = item.read(Format.id)
        if let id, let duplicate = context.games.register(id, at: path) {
            item.report("id", duplicate)
        }
        let league = item.read(Format.league)
        let homeTeam = item.read(Format.homeTeam.declaration, as: reference(to: context.teamIds, kind: "team"))
        let awayTeam = item.read(Format.awayTeam.declaration, as: reference(to: context.teamIds, kind: "team"))
        if let homeTeam, let awayTeam, homeTeam == awayTeam {
            item.report("awayTeam", "must differ from homeTeam, got \(MessageText.quoted(awayTeam)) for both")
        }
        let stadium = item.read(Format.stadium.declaration, as: reference(to: context.stadiumIds, kind: "stadium"))
        let startTime = item.read(Format.startTime)
        let ticket = item.read(Format.ticket, as: decodeTicket)
        let notes = item.read(Format.notes)
        guard let id, let league, let homeTeam, let awayTeam, let stadium, let startTime else { return nil }
        return Game(
            id: id, league: league, homeTeam: homeTeam, awayTeam: awayTeam, stadium: stadium,
            startTime: startTime, ticket: ticket, notes: notes)
    }

    /// An id that must be one of `ids`; any non-empty id when `ids` is unknown.
    static func reference(to ids: Set<String>?, kind: String) -> FieldReader<String> {
        { value, path, problems in
            guard let id = Read.text(value, path, &problems) else { return nil }
            if let ids, !ids.contains(id) {
                problems.append(TripProblem(path, "unknown \(kind) id \(MessageText.quoted(id))"))
                return nil
            }
            return id
        }
    }

    static func decodeTicket(_ value: JSONValue, _ path: JSONPath, _ problems: inout [TripProblem]) -> Ticket? {
        guard let members = Read.object(value, path, &problems) else { return nil }
        typealias Format = TripFormat.Ticket
        var ticket = ObjectReader(members, at: path, Format.object)
        let section = ticket.read(Format.section)
        let row = ticket.read(Format.row)
        let seats = ticket.read(Format.seats)
        let url = ticket.read(Format.url)
        problems.append(contentsOf: ticket.problems)
        return Ticket(section: section, row: row, seats: seats, url: url)
    }
}
