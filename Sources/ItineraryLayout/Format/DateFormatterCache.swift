/// Date and date-interval formatters shared by every document its owner lays out, configured once each.
import Foundation
import ItineraryModel
import ItineraryText

/// Keeps one configured `DateFormatter` per (locale, zone, pattern), for as long as its owner
/// (`FormatCaches`) lives.
///
/// Configuring a formatter is the expensive part: each property set re-opens the underlying
/// ICU formatter (about a million instructions for a new time formatter), while formatting a
/// date with a configured one is cheap. Batch exports format the same few patterns in the same
/// few zones for every trip, so the formatters are built once and reused under a lock
/// (`DateFormatter` is not safe to share between threads without one).
final class DateFormatterCache: @unchecked Sendable {

    enum Pattern: Hashable {
        /// A skeleton such as `jmm`, localized for the formatter's locale.
        case template(String)
        /// A fixed pattern such as `zzz`.
        case format(String)

        /// Whether the pattern writes a zone's name, abbreviation or offset (`z`, `Z`, `v`,
        /// `V`, `O`, `X`, `x` outside quotes).
        var writesZone: Bool {
            let text: String
            switch self {
            case let .template(t): text = t
            case let .format(f): text = f
            }
            var quoted = false
            for c in text.unicodeScalars {
                if c == "'" { quoted.toggle() } else if !quoted, "zZvVOXx".unicodeScalars.contains(c) { return true }
            }
            return false
        }
    }

    private struct Key: Hashable {
        var locale: String
        var zone: String
        var pattern: Pattern
    }

    /// How an interval is written: the locale's medium date style, or a skeleton such as `MMMd`.
    enum IntervalPattern: Hashable {
        case mediumDate
        case template(String)
    }

    private struct IntervalKey: Hashable {
        var locale: String
        var pattern: IntervalPattern
    }

    private static let capacity = 256
    private let lock = NSLock()
    private var formatters: [Key: DateFormatter] = [:]
    private var intervalFormatters: [IntervalKey: DateIntervalFormatter] = [:]

    /// `date` written with `pattern` for `locale` in the IANA `zone` (or a `GMT±hhmm` offset;
    /// an unknown zone falls back to UTC, which validation has already refused for trips).
    ///
    /// A pattern that writes no zone (`h:mm a`, `EEE MMM d`) is written in UTC at the zone's
    /// offset at that instant: the same wall-clock fields, from one formatter for every zone
    /// (a trip crosses several, and each new formatter costs about a million instructions).
    func string(from date: Date, locale: Locale, zone: String, pattern: Pattern) -> String {
        if zone != "UTC", !pattern.writesZone, let tz = TripFormatter.timeZone(zone) {
            return string(
                from: date.addingTimeInterval(Double(tz.secondsFromGMT(for: date))), locale: locale, zone: "UTC",
                pattern: pattern)
        }
        lock.lock()
        defer { lock.unlock() }
        let formatter = Self.cached(in: &formatters, Key(locale: locale.identifier, zone: zone, pattern: pattern)) {
            Self.formatter(locale: locale, zone: zone, pattern: pattern)
        }
        return formatter.string(from: date)
    }

    /// Makes, on the calling thread, the formatters for `locale` in UTC with `patterns` and the
    /// interval formatters with `intervals` that are not kept yet, and keeps them. A layout asks
    /// another thread to do this while it sets its first pages: a formatter costs one to five
    /// million instructions to make (the first one for a locale loads the locale's ICU data),
    /// the same formatter whichever thread makes it. The lock is not held while one is made, so
    /// the layout's own formatting never waits for this; a formatter the layout made meanwhile
    /// is kept rather than this one.
    func prepare(locale: Locale, patterns: [Pattern], intervals: [IntervalPattern]) {
        for pattern in patterns {
            let key = Key(locale: locale.identifier, zone: "UTC", pattern: pattern)
            guard lock.withLock({ formatters[key] == nil }) else { continue }
            let made = Self.formatter(locale: locale, zone: "UTC", pattern: pattern)
            lock.withLock { _ = Self.cached(in: &formatters, key) { made } }
        }
        for pattern in intervals {
            let key = IntervalKey(locale: locale.identifier, pattern: pattern)
            guard lock.withLock({ intervalFormatters[key] == nil }) else { continue }
            let made = Self.intervalFormatter(locale: locale, pattern: pattern)
            lock.withLock { _ = Self.cached(in: &intervalFormatters, key) { made } }
        }
    }

    /// How many formatters and interval formatters are kept (for tests).
    var count: (formatters: Int, intervals: Int) { lock.withLock { (formatters.count, intervalFormatters.count) } }

    private static func formatter(locale: Locale, zone: String, pattern: Pattern) -> DateFormatter {
        let f = DateFormatter()
        let tz = TripFormatter.timeZone(zone) ?? utc
        f.locale = locale
        f.calendar = calendar(locale, tz)
        f.timeZone = tz
        switch pattern {
        case let .template(template): f.setLocalizedDateFormatFromTemplate(template)
        case let .format(format): f.dateFormat = format
        }
        return f
    }

    private static func intervalFormatter(locale: Locale, pattern: IntervalPattern) -> DateIntervalFormatter {
        let f = DateIntervalFormatter()
        f.locale = locale
        f.calendar = calendar(locale, utc)
        f.timeZone = utc
        switch pattern {
        case .mediumDate:
            f.dateStyle = .medium
            f.timeStyle = .none
        case let .template(template):
            f.dateTemplate = template
        }
        return f
    }

    /// The calendar days `first` to `last` (noon UTC dates) as one interval, e.g. `Jun 12 – 19, 2026`.
    ///
    /// A locale whose dates are written in right-to-left letters (Arabic, Hebrew) gets the two
    /// dates apart, each isolated, `1 أكتوبر 2026 – 4 أكتوبر 2026` from left to right: the pages are
    /// laid out left to right, and the locale's one-phrase interval would read, from the left,
    /// as the end date first.
    ///
    /// So does a locale whose interval drops the month's name that its dates spell (es_AR's
    /// `22 – 24 de 10` for `22 de oct`, Polish `22.10–24.10` for `22 paź`): the page writes the
    /// month one way.
    func interval(from first: Date, to last: Date, locale: Locale, pattern: IntervalPattern) -> String {
        let phrase = self.phrase(from: first, to: last, locale: locale, pattern: pattern)
        guard first != last, case let .template(template) = pattern else { return phrase }
        guard TextEngine.hasRightToLeft(phrase) || dropsMonthName(phrase, first, locale: locale, template: template)
        else { return phrase }
        // The year once, on the last date, when both fall in it (`26 במרץ – 28 במרץ 2026`).
        let years = [first, last].map { Self.calendar(locale, Self.utc).component(.year, from: $0) }
        let head = years[0] == years[1] ? template.replacingOccurrences(of: "y", with: "") : template
        let ends = [
            string(from: first, locale: locale, zone: "UTC", pattern: .template(head)),
            string(from: last, locale: locale, zone: "UTC", pattern: .template(template)),
        ]
        return Bidi.list(ends, separator: " \u{2013} ")
    }

    /// Whether `template` spells the month (`MMM`) but `phrase` holds no name of `date`'s month.
    private func dropsMonthName(_ phrase: String, _ date: Date, locale: Locale, template: String) -> Bool {
        guard template.contains("MMM") else { return false }
        let month = string(from: date, locale: locale, zone: "UTC", pattern: Self.monthName)
            .trimmingCharacters(in: .punctuationCharacters)
        return month.contains(where: \.isLetter) && phrase.range(of: month, options: .caseInsensitive) == nil
    }

    private func phrase(from first: Date, to last: Date, locale: Locale, pattern: IntervalPattern) -> String {
        lock.lock()
        defer { lock.unlock() }
        let formatter = Self.cached(in: &intervalFormatters, IntervalKey(locale: locale.identifier, pattern: pattern)) {
            Self.intervalFormatter(locale: locale, pattern: pattern)
        }
        return formatter.string(from: first, to: last)
    }

    /// The formatter kept for `key`, made on first use (and the one kept, when there is one
    /// already: `prepare` makes its own outside the lock). Callers hold `lock`.
    private static func cached<K: Hashable, F>(in table: inout [K: F], _ key: K, make: () -> F) -> F {
        if let formatter = table[key] { return formatter }
        let formatter = make()
        // A bound for long-running processes fed trips from every zone and locale.
        if table.count >= capacity { table.removeAll() }
        table[key] = formatter
        return formatter
    }

    /// A month's name alone, to look for in an interval (`dropsMonthName`).
    static let monthName = Pattern.template("MMM")

    private static let utc = TimeZone(identifier: "UTC")!

    private static func calendar(_ locale: Locale, _ zone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = locale
        calendar.timeZone = zone
        return calendar
    }
}

extension CalendarDate {
    /// Noon UTC of the day: far from any day boundary, so formatting it in UTC gives this day.
    var noonUTC: Date { Date(timeIntervalSince1970: Double(daysSinceEpoch) * 86400 + 43200) }
}
