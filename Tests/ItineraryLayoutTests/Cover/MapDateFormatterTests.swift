/// The map's short dates in English and Spanish.
import Foundation
@testable import ItineraryLayout
import ItineraryModel
import Testing

private func d(_ month: Int, _ day: Int) -> CalendarDate { CalendarDate(year: 2026, month: month, day: day)! }

@Suite("Map dates")
struct MapDateFormatterTests {
    @Test func english() {
        let f = MapDateFormatter(locale: Locale(identifier: "en_US"), dates: DateFormatterCache())
        #expect(f.string(d(6, 14), d(6, 14)) == "Jun 14")
        #expect(f.string(d(6, 12), d(6, 13)) == "Jun 12–13")
        #expect(f.string(d(6, 30), d(7, 2)).hasPrefix("Jun 30"))
        #expect(f.string(d(6, 30), d(7, 2)).hasSuffix("Jul 2"))
    }

    @Test func spanish() {
        let f = MapDateFormatter(locale: Locale(identifier: "es_MX"), dates: DateFormatterCache())
        #expect(f.string(d(8, 27), d(8, 29)).hasPrefix("27–29"))
        #expect(f.string(d(8, 30), d(8, 30)).hasPrefix("30"))
    }

    @Test("the dash closes up only between two numbers")
    func closeUp() {
        #expect(MapDateFormatter.closeUp("Jun 12\u{2009}–\u{2009}13") == "Jun 12–13")
        #expect(MapDateFormatter.closeUp("Jun 30 – Jul 2") == "Jun 30 – Jul 2")
    }
}
