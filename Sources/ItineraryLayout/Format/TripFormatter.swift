/// Locale-aware dates, times, distances and durations for one trip.
import BackgroundThreads
import Foundation
import ItineraryModel
import ItineraryText

/// Formats values the way the trip's locale writes them. Every formatter has its locale,
/// calendar and time zone set explicitly, so neither `TZ` nor `LANG` can reach the output.
public final class TripFormatter {
    public let locale: Locale
    /// The locale times of day and percentages are written in (`timeLocale(_:labelLanguage:)`).
    let timeLocale: Locale
    public let units: Units
    private let labels: Labels
    /// The years the trip's dates fall in: a day shown in another year carries it (a check-out
    /// in the new year after a trip that ends in December reads `Mon, Jan 1, 2029`; a check-out
    /// the morning after a June trip does not). Nil: never a year.
    public var tripYears: ClosedRange<Int>?

    /// The formatters and zone files it reuses (its owner's, kept across documents).
    public let caches: FormatCaches

    /// - Parameter labelLanguage: the language of `labels` (`Theme.language`): when it is not
    ///   the locale's, numbers are written in Western digits (see `numbering`). Nil: the same.
    public init(
        localeIdentifier: String, units: Units, labels: Labels, labelLanguage: String? = nil,
        caches: FormatCaches = FormatCaches()
    ) {
        self.caches = caches
        let identifier = localeIdentifier.replacingOccurrences(of: "-", with: "_")
        locale = Self.numbering(identifier, labelLanguage: labelLanguage)
        timeLocale = Self.timeLocale(identifier, labelLanguage: labelLanguage, numbers: locale, caches: caches)
        self.units = units
        self.labels = labels
    }

    /// `20%`: a share in whole percent, its sign the one the words beside it use (an Arabic
    /// trip printed with English labels writes `22%`, not `22٪`, as its times are `9:00 PM`).
    public func percent(_ fraction: Double) -> String {
        fraction.formatted(.percent.precision(.fractionLength(0)).locale(timeLocale))
    }

    /// The locale numbers are written in: the trip's, with Western digits (`@numbers=latn`)
    /// when the words beside them are in another language. An Arabic trip printed with English
    /// labels reads `80°W`, `15 h 10 m`, `6,683 mi`, `9 stops`, its dates `1 أكتوبر 2026`: one
    /// numbering system on the page, the labels'. With labels in the trip's own language, the
    /// locale's digits, which the labels' units then match.
    static func numbering(_ identifier: String, labelLanguage: String?) -> Locale {
        let locale = Locale(identifier: identifier)
        guard let labelLanguage, labelLanguage != Theme.language(of: identifier),
            1_234_567_890.formatted(.number.grouping(.never).locale(locale)) != "1234567890"
        else { return locale }
        return Locale(identifier: identifier + "@numbers=latn")
    }

    /// The locale a time of day is written in: the trip's, but where the labels are in another
    /// language and the trip's locale writes its day periods in letters of another script
    /// (ar_SA's `م`, set in an English line as `departs م 2:00`; ko_KR's `오후 2:00`), the
    /// labels' language in the trip's region (`en_SA`, `en_KR`: `2:00 PM`), as the labels' words
    /// beside it are.
    static func timeLocale(
        _ identifier: String, labelLanguage: String?, numbers: Locale, caches: FormatCaches
    )
        -> Locale
    {
        guard let labelLanguage, labelLanguage != Theme.language(of: identifier) else { return numbers }
        // 9 PM, written by the locale itself.
        let sample = caches.dates.string(
            from: Date(timeIntervalSince1970: 75_600), locale: numbers, zone: "UTC", pattern: timeOfDay)
        // Its day periods in another script than the labels' Latin (`م`, `오후`, `下午`): a
        // 24-hour locale (`21:00`) or one writing `PM` keeps its own form.
        guard sample.contains(where: { $0.isLetter && !$0.isASCII }) else { return numbers }
        let region = identifier.split(separator: "_").dropFirst().first.map { "_" + $0.prefix { $0 != "@" } } ?? ""
        return Locale(identifier: labelLanguage + region)
    }

    /// Starts making, on another thread, the date formatters nearly every document asks for
    /// (`DateFormatterCache.prepare`): the cover's date ranges, the map's and the day pages'
    /// dates, the times. The layout sets its first pages meanwhile; read the result's `value`
    /// before the layout returns, so that no thread outlives it.
    func prepareDates() -> BackgroundWork<Bool> {
        let locale = locale, dates = caches.dates
        return BackgroundWork {
            dates.prepare(
                locale: locale, patterns: [Self.dayInTrip, DateFormatterCache.monthName, Self.timeOfDay],
                intervals: [Self.range, MonthDayFormatter.pattern])
            return true
        }
    }

    /// The patterns of a trip's date range, of a day in the trip's years and of a time.
    static let range = DateFormatterCache.IntervalPattern.template("yMMMd")
    static let dayInTrip = DateFormatterCache.Pattern.template("EEEMMMd")
    static let timeOfDay = DateFormatterCache.Pattern.template("jmm")

    /// `Jun 12 – 19, 2026` (en_US), `12–19 jun 2026` (es_MX); a single date for a one-day trip.
    public func dateRange(_ start: CalendarDate, _ end: CalendarDate) -> String {
        // The month as the day pages spell it (`Jun 12 – 21, 2026`; `28. Dez. 2026 – 5. Jan. 2027`,
        // where the medium style would be all digits): one date style per document.
        caches.dates.interval(from: start.noonUTC, to: end.noonUTC, locale: locale, pattern: Self.range)
    }

    /// `text` as one unbreakable word: its spaces no-break spaces, and no break after a dash or a
    /// middle dot, so a date (`Jul 8`, `Sep 14–15`), a time with its zone (`11:00 PM UTC−6 (−1)`)
    /// or a marker's numbers (`7·15·+9`) is never split across lines. A line may still break
    /// before or after it.
    public static func unbreakable(_ text: String) -> String {
        var out = ""
        for s in text.unicodeScalars {
            switch s {
            case " ", "\u{2009}": out.unicodeScalars.append("\u{00A0}")
            case "\u{2013}", "-", "\u{2010}", "\u{00B7}":
                out.unicodeScalars.append(s); out.unicodeScalars.append("\u{2060}")
            default: out.unicodeScalars.append(s)
            }
        }
        return out
    }

    /// `Sun, Jun 14` (en_US); `Mon, Jan 1, 2029` outside the trip's years.
    public func dayDate(_ d: CalendarDate) -> String {
        caches.dates.string(from: d.noonUTC, locale: locale, zone: "UTC", pattern: dayPattern(d))
    }

    private func dayPattern(_ d: CalendarDate) -> DateFormatterCache.Pattern {
        tripYears.map { $0.contains(d.year) } ?? true ? Self.dayInTrip : .template("EEEMMMdy")
    }

    /// The local time and the zone's label: `6:40 PM` and `CDT` (`BST`, `JST`; `UTC+9` where the
    /// time-zone database has no letters), or, for a place whose zone the trip does not give,
    /// the time as written and its offset (`UTC−5`), never passed off as local. The abbreviation
    /// is the zone's at that moment, so the right one on either side of a DST change.
    public func time(_ instant: Instant, zone: DisplayZone) -> (time: String, zone: String) {
        let date = Date(timeIntervalSince1970: instant.secondsSince1970)
        // Joined between its characters where it is written in Chinese or Japanese (`上午4:45`):
        // a line may otherwise break between `上午` and `4:45`.
        let time = LineBreaks.tiedCharacters(
            caches.dates.string(from: date, locale: timeLocale, zone: Self.identifier(zone), pattern: Self.timeOfDay))
        switch zone {
        case let .named(id): return (time, ZoneAbbreviation.label(zone: id, at: date, files: caches.zones))
        case let .writtenOffset(seconds): return (time, ZoneAbbreviation.offsetLabel(seconds))
        }
    }

    /// The calendar day of an instant in a zone, with its time: `Sun, Jun 14 · 3:00 PM`
    /// (and the zone's label with `withZone`: `… 3:00 PM CDT`).
    public func dayAndTime(_ instant: Instant, zone: DisplayZone, withZone: Bool = false) -> String {
        let date = Date(timeIntervalSince1970: instant.secondsSince1970)
        let day = caches.dates.string(
            from: date, locale: locale, zone: Self.identifier(zone), pattern: dayPattern(localDate(instant, zone: zone))
        )
        let t = time(instant, zone: zone)
        // Day, then time, from the left whatever the script of either (`Bidi.list`).
        return Bidi.list([day, Self.unbreakable(t.time + (withZone ? " " + t.zone : ""))], separator: " · ")
    }

    /// The calendar date of an instant where it is shown.
    public func localDate(_ instant: Instant, zone: DisplayZone) -> CalendarDate {
        Self.localDate(instant, zone: zone)
    }

    static func localDate(_ instant: Instant, zone: DisplayZone) -> CalendarDate {
        let tz = timeZone(identifier(zone)) ?? TimeZone(identifier: "UTC")!
        let local =
            instant.secondsSince1970
            + Double(tz.secondsFromGMT(for: Date(timeIntervalSince1970: instant.secondsSince1970)))
        return CalendarDate(daysSinceEpoch: Int((local / 86400).rounded(.down)))
    }

    /// `(+1)`, `(−1)`, `(+2)` when an instant falls on another calendar date, where it is shown,
    /// than `day` (the date of the card it is listed under); nil on the same date.
    public func dayShift(_ instant: Instant, zone: DisplayZone, from day: CalendarDate) -> String? {
        let n = day.days(to: localDate(instant, zone: zone))
        guard n != 0 else { return nil }
        return "(" + (n > 0 ? "+" : "\u{2212}") + count(abs(n)) + ")"
    }

    /// The zone identifier the formatters take: the IANA name, or a fixed offset (`GMT-0500`).
    static func identifier(_ zone: DisplayZone) -> String {
        switch zone {
        case let .named(id): return id
        case let .writtenOffset(seconds): return fixedOffsetZone(seconds)
        }
    }

    /// A zone identifier for a fixed UTC offset (`GMT-0600`) that `timeZone(_:)` reads back.
    static func fixedOffsetZone(_ seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : "+"
        let m = abs(seconds) / 60
        let hh = m / 60, mm = m % 60
        return "GMT\(sign)\(hh < 10 ? "0" : "")\(hh)\(mm < 10 ? "0" : "")\(mm)"
    }

    /// An IANA zone, or a fixed offset written `GMT+hhmm` / `GMT-hhmm`.
    static func timeZone(_ id: String) -> TimeZone? {
        if id.hasPrefix("GMT"), id.count == 8, let sign = id.dropFirst(3).first, let hhmm = Int(id.suffix(4)) {
            let seconds = (hhmm / 100 * 3600 + hhmm % 100 * 60) * (sign == "-" ? -1 : 1)
            return TimeZone(secondsFromGMT: seconds)
        }
        return TimeZone(identifier: id)
    }

    /// `1,173 mi` or `1.887 km`, rounded to whole units (one decimal below 10); the unit comes
    /// from the template's labels (`common.milesShort`, `common.kilometresShort`), so Arabic
    /// labels write an Arabic unit beside the Arabic-Indic digits they bring.
    public func distance(meters: Double) -> String {
        let value = units == .imperial ? meters / 1609.344 : meters / 1000
        let unit = units == .imperial ? labels.milesShort : labels.kilometresShort
        let text: String
        // One decimal below 10, unless it would read `.0` (9.0 mi is written 9 mi).
        if value < 9.95 && value > 0, (value * 10).rounded().truncatingRemainder(dividingBy: 10) != 0 {
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
        if m > 0 || h == 0 { parts.append(count(m) + nb + labels.minutesShort) }
        return parts.joined(separator: nb)
    }

    /// The short code of a league when the trip gives none (`leagues[].abbreviation`), the same
    /// on the cover's chips, the day tiles and the compact chips: a name of up to
    /// `leagueCodeLength` characters as written (`MLB`, `NPB`); a name of several words in a
    /// script with capitals by its words, each acronym whole and each other word by its capital
    /// initial, at most `leagueCodeLength` characters (`Saudi Pro League` → `SPL`, `Liga MX` →
    /// `LMX`, `B.League` → `BL`, `Liga Profesional de Fútbol` → `LPF`: a word in lower case
    /// between them gives no initial). Anything else is never cut inside a word: a single long word
    /// (`Bundesliga`) or a name in a script without capitals (`ไทยลีก`) is its whole name, which
    /// a chip too small for it sets smaller and, at the last, ends with a visible `…`.
    public static func leagueCode(_ league: String) -> String {
        let name = league.trimmingCharacters(in: .whitespaces)
        guard name.count > leagueCodeLength else { return name }
        let words = name.split(whereSeparator: { $0 == " " || $0 == "-" || $0 == "." })
        // Initials mean something only where words start with a capital letter.
        let cased = words.allSatisfy { word in
            word.first.map { $0.isNumber || $0.isUppercase || $0.isLowercase } ?? false
        }
        guard words.count > 1, cased else { return name.uppercased() }
        // Words in lower case between capitalised ones (`de`, `of`, `del`) are not initials:
        // `Liga Profesional de Fútbol` → `LPF`, not `LPDF`.
        let capitalised = words.filter { $0.first.map { $0.isUppercase || $0.isNumber } ?? false }
        let code = (capitalised.count > 1 ? capitalised : words).map { word in
            word.allSatisfy { $0.isUppercase || $0.isNumber } ? String(word) : String(word.prefix(1)).uppercased()
        }.joined()
        // Initials too many for a code are not cut to their first few (`Major League Baseball
        // Spring Training…` printed `MLBS` beside `MLB`): the whole name, as for one long word.
        return code.count <= leagueCodeLength ? code : name.uppercased()
    }

    public static let leagueCodeLength = 4

    /// A whole number with the locale's grouping.
    public func count(_ n: Int) -> String { n.formatted(.number.locale(locale)) }
}
