/// Month-day dates and ranges (the map's labels, the progress cards) in English and Spanish.
import Foundation
@testable import ItineraryLayout
import ItineraryModel
import Testing

private func d(_ month: Int, _ day: Int) -> CalendarDate { CalendarDate(year: 2026, month: month, day: day)! }

@Suite("Month-day dates")
struct MonthDayFormatterTests {
    @Test func english() {
        let f = MonthDayFormatter(locale: Locale(identifier: "en_US"), dates: DateFormatterCache())
        #expect(f.string(d(6, 14), d(6, 14)) == "Jun 14")
        #expect(f.string(d(6, 12), d(6, 13)) == "Jun 12–13")
        #expect(f.string(d(6, 30), d(7, 2)).hasPrefix("Jun 30"))
        #expect(f.string(d(6, 30), d(7, 2)).hasSuffix("Jul 2"))
    }

    @Test("a run of days: one date, a range in one month set tight, a range across months spaced")
    func runs() {
        let f = MonthDayFormatter(locale: Locale(identifier: "en_US"), dates: DateFormatterCache())
        #expect(f.string([d(6, 15)]) == "Jun 15")
        #expect(f.string([d(6, 18), d(6, 19)]) == "Jun 18–19")
        #expect(f.string([d(6, 30), d(7, 1)]) == "Jun 30\u{2009}–\u{2009}Jul 1")
        #expect(f.string([]) == "")
    }

    @Test func spanish() {
        let f = MonthDayFormatter(locale: Locale(identifier: "es_MX"), dates: DateFormatterCache())
        #expect(f.string(d(8, 27), d(8, 29)).hasPrefix("27–29"))
        #expect(f.string(d(8, 30), d(8, 30)).hasPrefix("30"))
    }

    @Test(
        "a locale whose range drops the month's name (es_AR `22 – 24 de 10`, Polish `22.10–24.10`) gets two dates with it"
    )
    func monthNamed() {
        for (id, month) in [("es_AR", "oct"), ("pl_PL", "paź"), ("es_ES", "oct"), ("fr_FR", "oct")] {
            let f = MonthDayFormatter(locale: Locale(identifier: id), dates: DateFormatterCache())
            let range = f.string(d(10, 22), d(10, 24))
            #expect(range.contains(month) && range.contains("22") && range.contains("24"), "\(id): \(range)")
        }
    }

    @Test("the dash closes up only between two numbers")
    func closeUp() {
        #expect(MonthDayFormatter.closeUp("Jun 12\u{2009}–\u{2009}13") == "Jun 12–13")
        #expect(MonthDayFormatter.closeUp("Jun 30 – Jul 2") == "Jun 30 – Jul 2")
    }
}
