import Foundation
import ItineraryModel
import Testing

@Suite struct CalendarDateTests {
    @Test(arguments: ["2024-02-29", "2000-02-29", "2026-12-31", "0001-01-01", "9999-12-31"])
    func acceptsRealDays(text: String) {
        #expect(CalendarDate(iso: text)?.description == text)
    }

    @Test(arguments: [
        "2025-02-29", "1900-02-29", "2026-04-31", "2026-13-01", "2026-00-10", "2026-01-00",
        "2026-6-1", "2026-06-01T00:00:00Z", "26-06-01", "2026/06/01", "", "２０２６-06-01",
    ])
    func refusesOthers(text: String) {
        #expect(CalendarDate(iso: text) == nil)
    }

    @Test func countsDaysAcrossLeapYears() throws {
        let start = try #require(CalendarDate(iso: "2024-02-28"))
        #expect(start.adding(days: 1).description == "2024-02-29")
        #expect(start.adding(days: 2).description == "2024-03-01")
        #expect(start.days(to: try #require(CalendarDate(iso: "2025-02-28"))) == 366)
        #expect(CalendarDate(iso: "1970-01-01")?.daysSinceEpoch == 0)
        #expect(CalendarDate(daysSinceEpoch: -1).description == "1969-12-31")
    }

    @Test func parsesRFC3339WithZAndOffsets() throws {
        let utc = try #require(Instant(rfc3339: "2026-06-13T00:10:00Z"))
        let central = try #require(Instant(rfc3339: "2026-06-12T19:10:00-05:00"))
        let india = try #require(Instant(rfc3339: "2026-06-13T05:40:00+05:30"))
        // The same moment, written three ways.
        #expect(utc.secondsSince1970 == central.secondsSince1970)
        #expect(utc.secondsSince1970 == india.secondsSince1970)
        #expect(!(utc < central) && !(central < utc))
        #expect(central.writtenOffsetSeconds == -5 * 3600)
        #expect(india.writtenOffsetSeconds == 5 * 3600 + 30 * 60)
        #expect(utc.secondsSince1970 == 1_781_309_400)
    }

    @Test func keepsFractionalSeconds() throws {
        let instant = try #require(Instant(rfc3339: "1970-01-01T00:00:01.25Z"))
        #expect(instant.secondsSince1970 == 1.25)
        #expect(Instant(rfc3339: "2026-06-12t19:10:00.5z") != nil)
        #expect(Instant(rfc3339: "2026-06-12 19:10:00+01:00") != nil)
    }

    @Test(arguments: [
        "2026-06-12T19:10:00", "2026-06-12T19:10Z", "2026-06-12T24:00:00Z", "2026-06-12T19:10:00.Z",
        "2026-06-12T19:10:00+0500", "2026-02-30T10:00:00Z", "2026-06-12T19:10:00-05:00x", "tomorrow",
    ])
    func refusesBadInstants(text: String) {
        #expect(Instant(rfc3339: text) == nil)
    }

    /// The same text as Foundation's `ISO8601DateFormatter` in UTC: leap days, the epoch, before
    /// it, fractions dropped (never rounded up), the first and last seconds made by arithmetic and
    /// those beside them, the Julian calendar's last day, years before 1 and what is no date.
    @Test(arguments: [
        0.0, -0.25, -1, 59.999, 86_399.5, 86_400, 951_782_400, 1_709_164_800, 1_798_761_599.9,
        -86_401, -2_208_988_800, 253_402_300_799, 1_765_000_000.001, -12_212_553_600, -12_212_553_600.5,
        253_402_300_800, -12_219_292_801, -62_135_596_800, -62_198_755_200, 1e15, .infinity, .nan,
    ])
    func writesUTCLikeFoundation(seconds: Double) {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        let foundation = formatter.string(from: Date(timeIntervalSince1970: seconds))
        #expect(Instant(secondsSince1970: seconds).utcText == foundation)
    }

    @Test func writesWhatItParses() throws {
        let instant = try #require(Instant(rfc3339: "2026-06-12T19:10:00-05:00"))
        #expect(instant.utcText == "2026-06-13T00:10:00Z")
    }

    @Test func parsesColors() {
        #expect(RGBColor(hex: "#0E3386") == RGBColor(red: 0x0E, green: 0x33, blue: 0x86))
        #expect(RGBColor(hex: "#cc3433")?.hex == "#CC3433")
        #expect(RGBColor(hex: "0E3386") == nil)
        #expect(RGBColor(hex: "#0E338") == nil)
        #expect(RGBColor(hex: "#GG3386") == nil)
    }
}
