/// Zone-free patterns are written in UTC at the zone's offset: the same words as a formatter
/// made for the zone, across DST changes, half-hour zones and fixed offsets.
import BackgroundThreads
import Foundation
@testable import ItineraryLayout
import ItineraryText
import Testing

@Suite("Date formatter cache")
struct DateFormatterCacheTests {
    /// What a formatter configured for `zone` itself writes.
    private func direct(
        _ date: Date, _ locale: Locale, _ zone: TimeZone, _ pattern: DateFormatterCache.Pattern
    ) -> String {
        let f = DateFormatter()
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = locale
        calendar.timeZone = zone
        f.locale = locale
        f.calendar = calendar
        f.timeZone = zone
        switch pattern {
        case let .template(t): f.setLocalizedDateFormatFromTemplate(t)
        case let .format(p): f.dateFormat = p
        }
        return f.string(from: date)
    }

    @Test("every hour around DST changes, in six zones and three locales, reads as a formatter made for the zone")
    func sameAsZoneFormatter() throws {
        let cache = DateFormatterCache()
        let zones = [
            "America/New_York", "America/Phoenix", "Australia/Lord_Howe", "Asia/Kolkata", "Pacific/Chatham", "GMT+0530",
        ]
        let patterns: [DateFormatterCache.Pattern] = [
            .template("jmm"), .template("EEEMMMd"), .format("HH:mm EEE d"), .template("yMMMd"),
        ]
        // Hours around the 2026 changes in the US (March 8, November 1) and Lord Howe (April 5, October 4).
        let starts = [1_772_935_200.0, 1_793_500_000.0, 1_775_300_000.0, 1_791_000_000.0]
        for zoneName in zones {
            let zone = try #require(TripFormatter.timeZone(zoneName))
            for locale in ["en_US", "de_DE", "ar_EG"].map(Locale.init(identifier:)) {
                for start in starts {
                    for hour in 0..<30 {
                        let date = Date(timeIntervalSince1970: start + Double(hour) * 1800)
                        for pattern in patterns {
                            #expect(
                                cache.string(from: date, locale: locale, zone: zoneName, pattern: pattern)
                                    == direct(date, locale, zone, pattern),
                                "\(zoneName) \(locale.identifier) \(date) \(pattern)")
                        }
                    }
                }
            }
        }
    }

    @Test("a pattern that writes the zone is still written in the zone")
    func zoneNames() throws {
        let cache = DateFormatterCache()
        let date = Date(timeIntervalSince1970: 1_781_000_000)
        for pattern: DateFormatterCache.Pattern in [
            .format("zzz"), .format("h:mm a z"), .template("jmmz"), .format("xxx"),
        ] {
            #expect(pattern.writesZone)
            let zone = try #require(TimeZone(identifier: "America/Chicago"))
            #expect(
                cache.string(from: date, locale: Locale(identifier: "en_US"), zone: "America/Chicago", pattern: pattern)
                    == direct(date, Locale(identifier: "en_US"), zone, pattern))
        }
        #expect(!DateFormatterCache.Pattern.format("h 'o''clock' a").writesZone)
        #expect(DateFormatterCache.Pattern.format("'at' h:mm a z").writesZone)
        #expect(!DateFormatterCache.Pattern.format("'zone' h:mm").writesZone)
    }

    @Test("formatters prepared ahead (on another thread) are kept once each and write what a cache without them writes")
    func prepared() {
        let date = Date(timeIntervalSince1970: 1_781_000_000), later = Date(timeIntervalSince1970: 1_781_600_000)
        let patterns: [DateFormatterCache.Pattern] = [.template("EEEMMMd"), .template("MMM"), .template("jmm")]
        let intervals: [DateFormatterCache.IntervalPattern] = [.template("yMMMd"), .template("MMMd")]
        for identifier in ["en_US", "de_DE", "ja_JP", "ar_EG@numbers=latn"] {
            let locale = Locale(identifier: identifier)
            let ahead = DateFormatterCache(), plain = DateFormatterCache()
            BackgroundWork { ahead.prepare(locale: locale, patterns: patterns, intervals: intervals) }.value
            #expect(ahead.count == (3, 2), "\(identifier)")
            ahead.prepare(locale: locale, patterns: patterns, intervals: intervals)
            #expect(ahead.count == (3, 2), "\(identifier): prepared twice")
            for pattern in patterns {
                #expect(
                    ahead.string(from: date, locale: locale, zone: "UTC", pattern: pattern)
                        == plain.string(from: date, locale: locale, zone: "UTC", pattern: pattern), "\(identifier)")
            }
            for pattern in intervals {
                #expect(
                    ahead.interval(from: date, to: later, locale: locale, pattern: pattern)
                        == plain.interval(from: date, to: later, locale: locale, pattern: pattern), "\(identifier)")
            }
            // Formatting asked for nothing the preparation had not made (but the two dates of a
            // right-to-left interval, each written on its own).
            if !identifier.hasPrefix("ar") { #expect(ahead.count == (3, 2), "\(identifier): after formatting") }
        }
    }
}
