/// Time-zone-free calendar dates ("YYYY-MM-DD") and RFC 3339 instants.
import Foundation

/// A date on the proleptic Gregorian calendar with no time and no zone, so that
/// "2026-06-12" means the same day whatever `TZ` the process runs under.
public struct CalendarDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// Returns nil unless the fields name a real day.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...CalendarDate.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses exactly `YYYY-MM-DD`.
    public init?(iso text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            let y = Self.digits(bytes[0..<4]), let m = Self.digits(bytes[5..<7]), let d = Self.digits(bytes[8..<10])
        else { return nil }
        self.init(year: y, month: m, day: d)
    }

    public var description: String {
        func pad(_ v: Int, _ n: Int) -> String {
            String(repeating: "0", count: max(0, n - String(v).count)) + String(v)
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    /// Days since 1970-01-01 (negative before it).
    public var daysSinceEpoch: Int {
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146097 + doe - 719468
    }

    public init(daysSinceEpoch z0: Int) {
        let z = z0 + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let doe = z - era * 146097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        self.year = yoe + era * 400 + (m <= 2 ? 1 : 0)
        self.month = m
        self.day = d
    }

    public func adding(days: Int) -> CalendarDate { CalendarDate(daysSinceEpoch: daysSinceEpoch + days) }

    /// Whole days from `self` to `other` (positive when `other` is later).
    public func days(to other: CalendarDate) -> Int { other.daysSinceEpoch - daysSinceEpoch }

    public static func < (a: CalendarDate, b: CalendarDate) -> Bool { a.daysSinceEpoch < b.daysSinceEpoch }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    static func digits(_ s: ArraySlice<UInt8>) -> Int? {
        var v = 0
        for b in s {
            guard b >= 48, b <= 57 else { return nil }
            v = v * 10 + Int(b - 48)
        }
        return v
    }
}

/// A moment in time from an RFC 3339 timestamp (`2026-06-12T19:10:00-05:00` or `…Z`).
/// Kept as seconds since 1970 UTC plus the offset it was written with.
public struct Instant: Sendable, Hashable, Comparable {
    /// Seconds since 1970-01-01T00:00:00Z, fractional seconds kept.
    public let secondsSince1970: Double
    /// The offset from UTC the text was written in, in seconds (0 for `Z`).
    public let writtenOffsetSeconds: Int

    public init(secondsSince1970: Double, writtenOffsetSeconds: Int = 0) {
        self.secondsSince1970 = secondsSince1970
        self.writtenOffsetSeconds = writtenOffsetSeconds
    }

    /// Parses RFC 3339 `date-time`: `YYYY-MM-DDTHH:MM:SS[.frac](Z|±HH:MM)`; `t`, `z` and a space for `T` are accepted as RFC 3339 allows.
    public init?(rfc3339 text: String) {
        let b = Array(text.utf8)
        guard b.count >= 20, let date = CalendarDate(iso: String(decoding: b[0..<10], as: UTF8.self)) else {
            return nil
        }
        let sep = b[10]
        guard sep == UInt8(ascii: "T") || sep == UInt8(ascii: "t") || sep == UInt8(ascii: " "),
            b[13] == UInt8(ascii: ":"), b[16] == UInt8(ascii: ":"),
            let hh = CalendarDate.digits(b[11..<13]), let mm = CalendarDate.digits(b[14..<16]),
            let ss = CalendarDate.digits(b[17..<19]), hh <= 23, mm <= 59, ss <= 60
        else { return nil }
        var i = 19
        var fraction = 0.0
        if b[i] == UInt8(ascii: ".") {
            i += 1
            var scale = 0.1
            let start = i
            while i < b.count, b[i] >= 48, b[i] <= 57 {
                fraction += Double(b[i] - 48) * scale
                scale /= 10
                i += 1
            }
            guard i > start else { return nil }
        }
        guard i < b.count else { return nil }
        var offset = 0
        if b[i] == UInt8(ascii: "Z") || b[i] == UInt8(ascii: "z") {
            guard i + 1 == b.count else { return nil }
        } else if b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") {
            guard i + 6 == b.count, b[i + 3] == UInt8(ascii: ":"),
                let oh = CalendarDate.digits(b[(i + 1)..<(i + 3)]), let om = CalendarDate.digits(b[(i + 4)..<(i + 6)]),
                oh <= 23, om <= 59
            else { return nil }
            offset = (oh * 3600 + om * 60) * (b[i] == UInt8(ascii: "-") ? -1 : 1)
        } else {
            return nil
        }
        let local = Double(date.daysSinceEpoch) * 86400 + Double(hh * 3600 + mm * 60 + min(ss, 59)) + fraction
        self.init(secondsSince1970: local - Double(offset), writtenOffsetSeconds: offset)
    }

    public static func < (a: Instant, b: Instant) -> Bool { a.secondsSince1970 < b.secondsSince1970 }
}

extension Instant {
    /// `YYYY-MM-DDTHH:MM:SSZ`: this instant in UTC to the second, fractions dropped: the text
    /// Foundation's `ISO8601DateFormatter` writes in UTC. From 1583 to 9999 it is made by
    /// arithmetic, with no time zone or calendar loaded, whatever the process's `TZ` and locale;
    /// outside them by that formatter, whose calendar is Julian before 15 October 1582 and
    /// counts years before 1 backwards, so that every date reads as it always has.
    public var utcText: String {
        guard secondsSince1970 >= Self.firstArithmeticSecond, secondsSince1970 < Self.endOfYear9999 else {
            let formatter = ISO8601DateFormatter()
            formatter.timeZone = TimeZone(identifier: "UTC")
            return formatter.string(from: Date(timeIntervalSince1970: secondsSince1970))
        }
        let whole = Int(secondsSince1970.rounded(.down))
        let (quotient, remainder) = whole.quotientAndRemainder(dividingBy: 86400)
        let days = remainder < 0 ? quotient - 1 : quotient
        let seconds = whole - days * 86400
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return
            "\(CalendarDate(daysSinceEpoch: days))T\(two(seconds / 3600)):\(two(seconds % 3600 / 60)):\(two(seconds % 60))Z"
    }

    /// 1583-01-01T00:00:00Z: the first whole year of the Gregorian calendar.
    static let firstArithmeticSecond: Double = -12_212_553_600
    /// 10000-01-01T00:00:00Z.
    static let endOfYear9999: Double = 253_402_300_800
}

/// An sRGB colour from `#RRGGBB`.
public struct RGBColor: Sendable, Hashable {
    public let red: UInt8
    public let green: UInt8
    public let blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Parses `#RRGGBB` (either case).
    public init?(hex: String) {
        let b = Array(hex.utf8)
        guard b.count == 7, b[0] == UInt8(ascii: "#") else { return nil }
        var v: [UInt8] = []
        for i in stride(from: 1, to: 7, by: 2) {
            guard let hi = Self.nibble(b[i]), let lo = Self.nibble(b[i + 1]) else { return nil }
            v.append(hi << 4 | lo)
        }
        self.init(red: v[0], green: v[1], blue: v[2])
    }

    public var hex: String {
        let digits = Array("0123456789ABCDEF")
        return "#" + [red, green, blue].map { "\(digits[Int($0 >> 4)])\(digits[Int($0 & 15)])" }.joined()
    }

    private static func nibble(_ c: UInt8) -> UInt8? {
        switch c {
        case 48...57: return c - 48
        case 65...70: return c - 55
        case 97...102: return c - 87
        default: return nil
        }
    }
}
