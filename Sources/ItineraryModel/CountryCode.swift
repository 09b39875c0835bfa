/// ISO 3166-1 alpha-2 country codes.
import StrictJSON

enum CountryCode {
    /// Two ASCII letters, upper case.
    ///
    /// Lower case ("us") is refused with a message saying to use upper case, rather than
    /// fixed up silently: the rest of trip.json is case-sensitive (ids, enum values), and
    /// one rule for all keeps files that pass here from failing elsewhere.
    static func read(_ value: JSONValue, _ path: JSONPath, _ problems: inout [TripProblem]) -> String? {
        guard let text = Read.string(value, path, &problems) else { return nil }
        let letters = Array(text.unicodeScalars)
        let isLetter = { (c: Unicode.Scalar) in ("A"..."Z").contains(c) || ("a"..."z").contains(c) }
        if letters.count == 2, letters.allSatisfy(isLetter) {
            if letters.allSatisfy({ ("A"..."Z").contains($0) }) { return text }
            problems.append(
                TripProblem(
                    path,
                    "country code must be upper case: \(MessageText.quoted(text.uppercased())), got \(MessageText.quoted(text))"
                ))
        } else {
            problems.append(
                TripProblem(
                    path, "expected a two-letter ISO 3166 country code like \"US\", got \(MessageText.quoted(text))"))
        }
        return nil
    }
}
