/// Validation of a game item and its ticket.
import StrictJSON

extension TripDecoder {
    static let ticketKeys = ["section", "row", "seats", "url"]

    static func decodeGame(_ item: inout ObjectReader, path: JSONPath, context: inout TripContext) -> Game? {
        let id = item.required("id", Read.text)
        if let id, let duplicate = context.games.register(id, at: path) {
            item.report("id", duplicate)
        }
        // Not checked against the teams' leagues: a preseason or cross-league game is real.
        let league = item.required("league", Read.text)
        let homeTeam = item.required("homeTeam", reference(to: context.teamIds, kind: "team"))
        let awayTeam = item.required("awayTeam", reference(to: context.teamIds, kind: "team"))
        if let homeTeam, let awayTeam, homeTeam == awayTeam {
            item.report("awayTeam", "must differ from homeTeam, got \(MessageText.quoted(awayTeam)) for both")
        }
        let stadium = item.required("stadium", reference(to: context.stadiumIds, kind: "stadium"))
        let startTime = item.required("startTime", Read.instant)
        let ticket = item.optional("ticket", decodeTicket)
        let notes = item.optional("notes", Read.string)
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
        var ticket = ObjectReader(members, at: path, knownKeys: ticketKeys)
        let section = ticket.optional("section", Read.string)
        let row = ticket.optional("row", Read.string)
        let seats = ticket.optional("seats", Read.string)
        let url = ticket.optional("url", Read.webURL)
        problems.append(contentsOf: ticket.problems)
        return Ticket(section: section, row: row, seats: seats, url: url)
    }
}
