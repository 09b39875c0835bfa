/// Locale-aware dates, times, distances and durations for one trip.
import Foundation
import ItineraryModel

/// Formats values the way the trip's locale writes them. Every formatter has its locale,
/// calendar and time zone set explicitly, so neither `TZ` nor `LANG` can reach the output.
public final class TripFormatter {
    public let locale: Locale
    public let units: Units
    private let labels: Labels

    public init(localeIdentifier: String, units: Units, labels: Labels) {
        locale = Locale(identifier: localeIdentifier.replacingOccurrences(of: "-", with: "_"))
        self.units = units
        self.labels = labels
    }


    /// `Jun 12 – 19, 2026` (en_US), `12–19 jun 2026` (es_MX); a single date for a one-day trip.
    public func dateRange(_ start: CalendarDate, _ end: CalendarDate) -> String {
        DateFormatterCache.shared.interval(from: start.noonUTC, to: end.noonUTC, locale: locale, pattern: .mediumDate)
    }

    /// `Sun, Jun 14` (en_US).
    public func dayDate(_ d: CalendarDate) -> String {
        DateFormatterCache.shared.string(from: d.noonUTC, locale: locale, zone: "UTC", pattern: .template("EEEMMMd"))
    }

    /// `6:40 PM CDT`: the local time at `instant` in the IANA zone, with the zone's abbreviation
    /// at that moment (so the right one on either side of a DST change).
    public func time(_ instant: Instant, zone: String) -> (time: String, zone: String) {
        let date = Date(timeIntervalSince1970: instant.secondsSince1970)
        let cache = DateFormatterCache.shared
        // Zone abbreviations such as CDT are only defined in English data; other locales
        // would print GMT-5, which travellers read less easily.
        return (cache.string(from: date, locale: locale, zone: zone, pattern: .template("jmm")),
                cache.string(from: date, locale: Self.english, zone: zone, pattern: .format("zzz")))
    }

    private static let english = Locale(identifier: "en_US")

    /// The calendar day of an instant in a zone, with its time: `Sun, Jun 14 · 3:00 PM`
    /// (and the zone's abbreviation with `withZone`: `… 3:00 PM CDT`).
    public func dayAndTime(_ instant: Instant, zone: String, withZone: Bool = false) -> String {
        let date = Date(timeIntervalSince1970: instant.secondsSince1970)
        let day = DateFormatterCache.shared.string(from: date, locale: locale, zone: zone, pattern: .template("EEEMMMd"))
        let t = time(instant, zone: zone)
        return day + " · " + t.time + (withZone ? " " + t.zone : "")
    }

    /// An IANA zone, or a fixed offset written `GMT+hhmm` / `GMT-hhmm`.
    static func timeZone(_ id: String) -> TimeZone? {
        if id.hasPrefix("GMT"), id.count == 8, let sign = id.dropFirst(3).first, let hhmm = Int(id.suffix(4)) {
            let seconds = (hhmm / 100 * 3600 + hhmm % 100 * 60) * (sign == "-" ? -1 : 1)
            return TimeZone(secondsFromGMT: seconds)
        }
        return TimeZone(identifier: id)
    }

    /// `1,173 mi` or `1.887 km`, rounded to whole units (one decimal below 10).
    public func distance(meters: Double) -> String {
        let value = units == .imperial ? meters / 1609.344 : meters / 1000
        let unit = units == .imperial ? "mi" : "km"
        let text: String
        if value < 9.95 && value > 0 {
            text = value.formatted(.number.precision(.fractionLength(1)).locale(locale))
        } else {
            // Validation bounds distances; clamping keeps a library caller's odd value from trapping.
            text = Int(min(value, 1e12).rounded()).formatted(.number.locale(locale))
        }
        return text + "\u{00A0}" + unit
    }

    /// `1 h 28 m`, `4 h`, `41 m` with no-break spaces; the unit letters come from the template.
    public func duration(seconds: Double) -> String {
        let minutes = Int((min(max(seconds, 0), 1e12) / 60).rounded())
        let h = minutes / 60, m = minutes % 60
        let nb = "\u{00A0}"
        var parts: [String] = []
        if h > 0 { parts.append(h.formatted(.number.locale(locale)) + nb + labels.hoursShort) }
        if m > 0 || h == 0 { parts.append("\(m)" + nb + labels.minutesShort) }
        return parts.joined(separator: nb)
    }

    /// A whole number with the locale's grouping.
    public func count(_ n: Int) -> String { n.formatted(.number.locale(locale)) }
}
