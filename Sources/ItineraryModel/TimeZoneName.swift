/// The `timeZone` of a stadium: an IANA time zone name.

import Foundation
import StrictJSON

enum TimeZoneName {
    /// An IANA name Foundation knows, such as "America/Chicago"; "UTC" and "Etc/UTC" too.
    ///
    /// Foundation alone is not enough: it also accepts abbreviations ("EST", "PST") and
    /// fixed offsets, which ignore daylight saving and so print wrong local times for half
    /// the year. A name must therefore be "UTC" or Area/Location ("/"-separated parts
    /// of ASCII letters, digits, "_" and "-", each starting with a letter), and the
    /// "Etc/GMT+5" style of offset zone is refused as well.
    static func read(_ value: JSONValue, _ path: JSONPath, _ problems: inout [TripProblem]) -> String? {
        guard let text = Read.string(value, path, &problems) else { return nil }
        guard looksLikeIANAName(text) else {
            problems.append(
                TripProblem(
                    path, "expected an IANA time zone name like \"America/Chicago\", got \(MessageText.quoted(text))"))
            return nil
        }
        guard TimeZone(identifier: text) != nil else {
            problems.append(TripProblem(path, "unknown time zone \(MessageText.quoted(text))"))
            return nil
        }
        return text
    }

    static func looksLikeIANAName(_ text: String) -> Bool {
        if text == "UTC" { return true }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 2 else { return false }
        let wellFormed = parts.allSatisfy { part in
            guard let first = part.first, first.isASCII, first.isLetter else { return false }
            return part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
        }
        let isOffsetZone = parts.count == 2 && parts[0] == "Etc" && parts[1].hasPrefix("GMT") && parts[1].count > 3
        return wellFormed && !isOffsetZone
    }
}
