import Foundation
import ItineraryModel
import Testing

/// The examples and valid fixtures are believable trips, beyond what the loader can demand:
/// each game is written with its stadium's UTC offset at that instant (daylight saving
/// included) and starts, in the stadium's zone, on the date of the day that lists it. A
/// wrong offset would still load, and print the game at a time no ticket says.
@Suite struct ExamplePlausibilityTests {
    static var trips: [String] { TripSchemaTests.validTrips.map(\.path) }

    @Test(arguments: trips)
    func gamesAreWrittenInTheirStadiumsTime(path: String) throws {
        let trip = try TripLoader.load(Data(contentsOf: URL(fileURLWithPath: path)))
        let zones = Dictionary(trip.stadiums.map { ($0.id, $0.timeZone) }, uniquingKeysWith: { first, _ in first })
        for day in trip.days {
            for case .game(let game) in day.items {
                let zone = try #require(zones[game.stadium].flatMap(TimeZone.init(identifier:)))
                let instant = Date(timeIntervalSince1970: game.startTime.secondsSince1970)
                let offset = zone.secondsFromGMT(for: instant)
                #expect(
                    game.startTime.writtenOffsetSeconds == offset,
                    "\(game.id): written at UTC\(Self.hours(game.startTime.writtenOffsetSeconds)), but \(zone.identifier) is at UTC\(Self.hours(offset)) then"
                )
                var calendar = Calendar(identifier: .gregorian)
                calendar.timeZone = zone
                let local = calendar.dateComponents([.year, .month, .day], from: instant)
                #expect(
                    [local.year, local.month, local.day] == [day.date.year, day.date.month, day.date.day],
                    "\(game.id): starts on \(local) in \(zone.identifier), listed on \(day.date)")
            }
        }
    }

    static func hours(_ seconds: Int) -> String {
        String(format: "%+.2g", Double(seconds) / 3600)
    }
}
