/// Validation of `progress`: how far the traveller is through a league's stadiums.
import StrictJSON

extension TripDecoder {
    static func decodeProgress(_ value: JSONValue, _ path: JSONPath, _ problems: inout [TripProblem]) -> Progress? {
        guard let members = Read.object(value, path, &problems) else { return nil }
        typealias Format = TripFormat.Progress
        var progress = ObjectReader(members, at: path, Format.object)
        let league = progress.read(Format.league)
        let visited = progress.read(Format.visitedStadiumIds) { value, path, problems in
            decodeList(value, path, &problems, Read.text)
        }
        let total = progress.read(Format.totalStadiums)
        let visitedCount = progress.read(Format.visitedCount)
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
