/// A game card's full-names line: beside the side column only where the side holds something.
import DisplayList
import Foundation
@testable import ItineraryLayout
import ItineraryModel
import ItineraryText
import Testing

@Suite("Game card names")
struct GameCardNamesTests {
    /// The lines a one-game day's card draws (plain text, origin, width), with `away` at `home`.
    private func drawn(away: String, home: String) throws -> [(text: String, x: Double, width: Double)] {
        let text = try DayFixtures.engine()
        let team: (String, String, String) -> [String: Any] = { id, name, code in
            ["id": id, "name": name, "abbreviation": code, "league": "NPB"]
        }
        let trip = try DayFixtures.trip(json: [
            "startDate": "2026-07-05", "endDate": "2026-07-05", "locale": "en_US",
            "teams": [team("yg", away, "YG"), team("db", home, "DB")],
            "stadiums": [
                [
                    "id": "hama", "name": "Yokohama Stadium", "city": "Yokohama", "country": "JP",
                    "timeZone": "Asia/Tokyo", "latitude": 35.443, "longitude": 139.64,
                ]
            ],
            "days": [
                [
                    "date": "2026-07-05", "city": "Yokohama",
                    "items": [
                        [
                            "type": "game", "id": "g1", "league": "NPB", "homeTeam": "db", "awayTeam": "yg",
                            "stadium": "hama", "startTime": "2026-07-05T14:00:00+09:00",
                        ]
                    ],
                ]
            ],
        ])
        let card = try #require(
            try DayFixtures.dayLayout(trip, text: text).day(0, trip.days[0]).first { $0 is CardBlock })
        return card.draw(at: Point(x: 0, y: 0)).compactMap {
            guard case let .text(spans, origin) = $0 else { return nil }
            return (LineBreaks.plain(spans.map(\.text).joined()), origin.x, text.advance(of: spans))
        }
    }

    @Test("full names stop short of LOCAL START on their first line only; the lines after run under the side")
    func underTheSide() throws {
        let away = "Tokyo Yomiuri Giants Professional Baseball Club of the Central League"
        let home = "Yokohama DeNA BayStars Professional Baseball Club of the Central League of Japan"
        let lines = try drawn(away: away, home: home)
        let caps = try #require(lines.first { $0.text == "LOCAL START" })
        let names = lines.filter { line in
            !line.text.isEmpty && (away + " at " + home).contains(line.text.trimmingCharacters(in: .whitespaces))
                && line.text.count > 3
        }
        try #require(names.count >= 2, "\(lines.map(\.text))")
        #expect(names[0].x + names[0].width < caps.x, "\(names[0]) \(caps)")
        // A line after the first reaches past where the side column starts.
        #expect(names.dropFirst().contains { $0.x + $0.width > caps.x }, "\(names)")
    }

    @Test("a name written without spaces is never broken inside: 横浜DeNAベイスターズ")
    func nameWhole() throws {
        // Away names of every length put the line's end at every point of the home name.
        let home = "横浜DeNAベイスターズ"
        for k in stride(from: 40, through: 90, by: 2) {
            let away = "読売ジャイアンツ " + String(repeating: "Yomiuri ", count: k / 8) + String(repeating: "G", count: k % 8)
            let lines = try drawn(away: away, home: home)
            #expect(lines.contains { $0.text.contains(home) }, "\(lines.map(\.text))")
        }
    }
}
