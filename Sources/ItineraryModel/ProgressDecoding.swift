/// Validation of `progress`: how far the traveller is through a league's stadiums.
import StrictJSON

extension TripDecoder {
    static let progressKeys = ["league", "visitedStadiumIds", "totalStadiums", "visitedCount"]

    static func decodeProgress(_ value: JSONValue, _ path: JSONPath, _ problems: inout [TripProblem]) -> Progress? {
        guard let members = Read.object(value, path, &problems) else { return nil }
        var progress = ObjectReader(members, at: path, knownKeys: progressKeys)
        let league = progress.required("league", Read.text)
        // Ids of stadiums in this file or free names of ones visited on earlier trips,
        // so they are not checked against `stadiums`.
        let visited = progress.required("visitedStadiumIds") { value, path, problems in
            decodeList(value, path, &problems, Read.text)
        }
        let total = progress.required("totalStadiums", Read.integer(atLeast: 1))
        let visitedCount = progress.optional("visitedCount", Read.integer(atLeast: 0))
        if let total {
            if let visitedCount, visitedCount > total {
                progress.report("visitedCount", "must not exceed totalStadiums (\(total)), got \(visitedCount)")
            } else if visitedCount == nil, !progress.has("visitedCount"), let visited, visited.count > total {
                progress.report(
                    "visitedStadiumIds", "lists \(visited.count) stadiums, more than totalStadiums (\(total))")
            }
        }
        problems.append(contentsOf: progress.problems)
        guard let league, let visited, let total else { return nil }
        return Progress(league: league, visitedStadiumIds: visited, totalStadiums: total, visitedCount: visitedCount)
    }
}
