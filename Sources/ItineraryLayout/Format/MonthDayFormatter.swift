/// Short dates: `Jun 14`, `Jun 12–13`, in the trip's locale (the map's labels and key, the
/// progress cards' visits).
import Foundation
import ItineraryModel

/// Formats a stop's days as a month-and-day date or range. The locale's interval pattern sets
/// the order (`12–13 jun` in Spanish); a dash between two day numbers is closed up, as the
/// design writes `Jun 12–13`.
struct MonthDayFormatter {
    /// A stop's days as a month-and-day interval.
    static let pattern = DateFormatterCache.IntervalPattern.template("MMMd")

    private let locale: Locale
    private let dates: DateFormatterCache

    init(locale: Locale, dates: DateFormatterCache) {
        self.locale = locale
        self.dates = dates
    }

    /// One date, or the range from `first` to `last`.
    func string(_ first: CalendarDate, _ last: CalendarDate) -> String {
        let text = dates.interval(from: first.noonUTC, to: last.noonUTC, locale: locale, pattern: Self.pattern)
        return Self.closeUp(text)
    }

    /// A run of consecutive days (empty for none).
    func string(_ run: [CalendarDate]) -> String {
        guard let first = run.first, let last = run.last else { return "" }
        return string(first, last)
    }

    /// Removes the spaces around an en dash that sits between two digits.
    static func closeUp(_ text: String) -> String {
        let chars = Array(text)
        var out = ""
        var i = 0
        while i < chars.count {
            if chars[i] == "–", let before = out.last(where: { !$0.isWhitespace }), before.isNumber,
                let next = chars[(i + 1)...].first(where: { !$0.isWhitespace }), next.isNumber
            {
                while let last = out.last, last.isWhitespace { out.removeLast() }
                out.append("–")
                i += 1
                while i < chars.count, chars[i].isWhitespace { i += 1 }
                continue
            }
            out.append(chars[i])
            i += 1
        }
        return out
    }
}
