/// Zone abbreviations as people write them (CDT, BST, CEST, JST), from the time-zone database.
///
/// Foundation on Linux only gives `GMT-5` for every zone outside the United States' short names,
/// so the letters come from the system's compiled tz files (`/usr/share/zoneinfo`, TZif): the
/// abbreviation in force at the instant, or, past the file's last transition, from its POSIX TZ
/// footer (`CST6CDT,M3.2.0,M11.1.0`). Where the database has no letters (`+09`, `-03`), or
/// disagrees with Foundation's offset, the offset is written instead: `UTC+9`, `UTC−3`.
import Foundation

enum ZoneAbbreviation {
    /// `CDT` for America/Chicago in July; `UTC+9` for a zone without letters.
    static func label(zone: String, at date: Date, files: TZifCache) -> String {
        guard let tz = TimeZone(identifier: zone) else { return offsetLabel(0) }
        let offset = tz.secondsFromGMT(for: date)
        let file = files.file(zone)
        if let file,
            let letters = file.abbreviation(at: Int64(date.timeIntervalSince1970.rounded(.down)), offset: offset),
            letters.count >= 2, letters.allSatisfy({ $0.isASCII && $0.isLetter && $0.isUppercase }),
            !misread(letters, offset: offset),
            // A zone whose other season's letters are written as an offset writes this season's
            // so too: Israel is `UTC+3`, then `UTC+2`, not `IDT`, then `UTC+2` (`IST` is India's).
            !file.footer.contains(where: { misread($0.name, offset: $0.offset) })
        {
            return letters
        }
        return offsetLabel(offset)
    }

    /// Whether a reader would take `letters` for another offset than `offset` (`sharedLetters`).
    private static func misread(_ letters: String, offset: Int) -> Bool {
        sharedLetters[letters].map { $0 != offset } ?? false
    }

    /// Letters the database gives zones of different offsets, with the offset a reader of these
    /// pages takes them for: `CST` is Chicago's (UTC−6), so Shanghai's and Taipei's China
    /// Standard Time (UTC+8) is written `UTC+8`; `PST` is Los Angeles', not Manila's; `IST` is
    /// India's, not Ireland's summer time or Israel's.
    static let sharedLetters: [String: Int] = [
        "CST": -6 * 3600, "CDT": -5 * 3600, "PST": -8 * 3600, "PDT": -7 * 3600,
        "IST": 5 * 3600 + 1800, "AST": -4 * 3600, "ADT": -3 * 3600,
        "BST": 1 * 3600, "EST": -5 * 3600, "EDT": -4 * 3600,
    ]

    /// `UTC`, `UTC+9`, `UTC−5` (a true minus sign), `UTC+5:30`.
    static func offsetLabel(_ seconds: Int) -> String {
        if seconds == 0 { return "UTC" }
        let minutes = abs(seconds) / 60
        let sign = seconds < 0 ? "\u{2212}" : "+"
        return "UTC" + sign + String(minutes / 60)
            + (minutes % 60 == 0 ? "" : ":" + (minutes % 60 < 10 ? "0" : "") + String(minutes % 60))
    }
}

/// One parsed TZif file: its transitions, local time types and footer.
struct TZifFile {
    struct LocalType {
        let offset: Int
        let isDST: Bool
        let abbreviation: String
    }

    let transitions: [Int64]
    let typeIndices: [Int]
    let types: [LocalType]
    /// The POSIX TZ footer's standard and daylight names and offsets (seconds east of UTC).
    let footer: [(name: String, offset: Int)]

    /// The abbreviation in force at `time` whose offset is `offset`, or nil.
    func abbreviation(at time: Int64, offset: Int) -> String? {
        if let last = transitions.last, time >= last, !footer.isEmpty {
            return footer.first { $0.offset == offset }?.name
        }
        var type: LocalType?
        if let index = transitions.lastIndex(where: { $0 <= time }) {
            type = types[typeIndices[index]]
        } else {
            type = types.first { !$0.isDST } ?? types.first
        }
        guard let type, type.offset == offset else { return nil }
        return type.abbreviation
    }

    /// Parses version 2+ TZif bytes (the 64-bit block and the footer); nil when they are not that.
    init?(_ data: Data) {
        let bytes = [UInt8](data)
        guard bytes.count >= 44, bytes[0] == 0x54, bytes[1] == 0x5A, bytes[2] == 0x69, bytes[3] == 0x66,
            bytes[4] >= 0x32
        else { return nil }
        func count(_ at: Int, _ field: Int) -> Int? {
            let o = at + 20 + field * 4
            guard o + 4 <= bytes.count else { return nil }
            return Int(
                UInt32(bytes[o]) << 24 | UInt32(bytes[o + 1]) << 16 | UInt32(bytes[o + 2]) << 8 | UInt32(bytes[o + 3]))
        }
        // Skip the 32-bit block: its counts are in the first header.
        guard let isut = count(0, 0), let isstd = count(0, 1), let leap = count(0, 2), let time = count(0, 3),
            let typeCount = count(0, 4), let chars = count(0, 5)
        else { return nil }
        let second = 44 + time * 4 + time + typeCount * 6 + chars + leap * 8 + isstd + isut
        guard let isut2 = count(second, 0), let isstd2 = count(second, 1), let leap2 = count(second, 2),
            let time2 = count(second, 3),
            let types2 = count(second, 4), let chars2 = count(second, 5), types2 > 0
        else { return nil }
        var p = second + 44
        let needed = p + time2 * 9 + types2 * 6 + chars2 + leap2 * 12 + isstd2 + isut2
        guard needed <= bytes.count, time2 < 100_000, types2 < 256, chars2 < 10_000 else { return nil }
        func int64(_ o: Int) -> Int64 { (0..<8).reduce(Int64(0)) { $0 << 8 | Int64(bytes[o + $1]) } }
        func int32(_ o: Int) -> Int {
            Int(Int32(bitPattern: (0..<4).reduce(UInt32(0)) { $0 << 8 | UInt32(bytes[o + $1]) }))
        }
        transitions = (0..<time2).map { int64(p + $0 * 8) }
        p += time2 * 8
        typeIndices = (0..<time2).map { Int(bytes[p + $0]) }
        p += time2
        let designations = Array(bytes[(p + types2 * 6)..<(p + types2 * 6 + chars2)])
        var parsed: [LocalType] = []
        for i in 0..<types2 {
            let o = p + i * 6
            let start = Int(bytes[o + 5])
            guard start < designations.count else { return nil }
            let end = designations[start...].firstIndex(of: 0) ?? designations.count
            parsed.append(
                LocalType(
                    offset: int32(o), isDST: bytes[o + 4] != 0,
                    abbreviation: String(decoding: designations[start..<end], as: UTF8.self)))
        }
        guard typeIndices.allSatisfy({ $0 < parsed.count }) else { return nil }
        types = parsed
        let footerStart = needed
        if footerStart < bytes.count, bytes[footerStart] == 0x0A,
            let close = bytes[(footerStart + 1)...].firstIndex(of: 0x0A)
        {
            footer = Self.posixNames(String(decoding: bytes[(footerStart + 1)..<close], as: UTF8.self))
        } else {
            footer = []
        }
    }

    /// The names and offsets of a POSIX TZ string's standard and daylight parts: `CST6CDT,…` →
    /// [("CST", −6 h), ("CDT", −5 h)]; `<+09>-9` → [("+09", +9 h)]. Offsets in the string are west
    /// of UTC; daylight defaults to an hour ahead of standard.
    static func posixNames(_ tz: String) -> [(name: String, offset: Int)] {
        var s = Substring(tz)
        func name() -> String? {
            if s.first == "<" {
                guard let close = s.firstIndex(of: ">") else { return nil }
                let n = String(s[s.index(after: s.startIndex)..<close])
                s = s[s.index(after: close)...]
                return n
            }
            let n = s.prefix { $0.isLetter }
            s = s.dropFirst(n.count)
            return n.count >= 3 ? String(n) : nil
        }
        func offset() -> Int? {
            let text = s.prefix { $0 == "+" || $0 == "-" || $0.isNumber || $0 == ":" }
            guard !text.isEmpty else { return nil }
            s = s.dropFirst(text.count)
            let negative = text.first == "-"
            let parts = text.drop { $0 == "+" || $0 == "-" }.split(separator: ":").map { Int($0) ?? 0 }
            let seconds =
                (parts.first ?? 0) * 3600 + (parts.count > 1 ? parts[1] * 60 : 0) + (parts.count > 2 ? parts[2] : 0)
            return -(negative ? -seconds : seconds)
        }
        guard let std = name(), let stdOffset = offset() else { return [] }
        var result = [(std, stdOffset)]
        if let dst = name() {
            result.append((dst, offset() ?? stdOffset + 3600))
        }
        return result
    }
}

/// The system's time-zone database, which zone abbreviations and offsets come from.
public enum ZoneDatabase {
    /// Its release (`2025b`), from the first line of `tzdata.zi` (`# version 2025b`) beside
    /// the compiled files; `unknown` where there is none.
    public static let version: String = {
        let path = TZifCache.directory + "/tzdata.zi"
        guard let handle = FileHandle(forReadingAtPath: path) else { return "unknown" }
        defer { try? handle.close() }
        let head = String(decoding: (try? handle.read(upToCount: 64)) ?? Data(), as: UTF8.self)
        let line = head.split(separator: "\n", maxSplits: 1).first ?? ""
        guard line.hasPrefix("# version "), case let release = line.dropFirst(10), !release.isEmpty,
            release.count <= 16, release.allSatisfy({ $0.isLetter || $0.isNumber })
        else { return "unknown" }
        return String(release)
    }()
}

/// Parsed TZif files by zone name, each read once for as long as its owner (`FormatCaches`) lives.
final class TZifCache: @unchecked Sendable {
    /// Where the system keeps the compiled database (Debian's `tzdata`).
    static let directory = "/usr/share/zoneinfo"
    private let lock = NSLock()
    private var files: [String: TZifFile?] = [:]

    func file(_ zone: String) -> TZifFile? {
        lock.lock()
        defer { lock.unlock() }
        if let known = files[zone] { return known }
        // Only names that passed the trip's IANA check reach here; refuse anything path-like anyway.
        let safe = !zone.contains("..") && !zone.hasPrefix("/")
        let parsed =
            safe ? FileManager.default.contents(atPath: Self.directory + "/" + zone).flatMap(TZifFile.init) : nil
        files[zone] = parsed
        return parsed
    }
}
