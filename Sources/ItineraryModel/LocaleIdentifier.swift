/// Syntax of the `locale` key: BCP 47 tags and POSIX locale names.
import StrictJSON

enum LocaleIdentifier {
    /// Reads a `locale` value, normalized.
    static func read(_ value: JSONValue, _ path: JSONPath, _ problems: inout [TripProblem]) -> String? {
        guard let text = Read.string(value, path, &problems) else { return nil }
        if let locale = normalized(text) { return locale }
        problems.append(
            TripProblem(path, "expected a locale like \"en_US\" or \"es-MX\", got \(MessageText.quoted(text))"))
        return nil
    }

    /// The identifier with any POSIX `.UTF-8` / `.utf8` suffix removed, or nil if the
    /// syntax is wrong.
    ///
    /// Only the shape is checked, not whether the language exists: a language of 2–3
    /// letters, then in order an optional script (4 letters), an optional region
    /// (2 letters or 3 digits) and any number of variants (5–8 letters or digits, or a
    /// digit and 3 more), separated by "_" or "-". So "en_US", "es-MX", "fr",
    /// "zh-Hant-TW" and "es-419" pass; extensions such as "-u-ca-gregory" do not.
    static func normalized(_ text: String) -> String? {
        var body = Substring(text)
        for suffix in [".utf-8", ".utf8"] where body.lowercased().hasSuffix(suffix) {
            body = body.dropLast(suffix.count)
            break
        }
        let subtags = body.split(omittingEmptySubsequences: false) { $0 == "_" || $0 == "-" }
        guard let language = subtags.first, (2...3).contains(language.count), language.allSatisfy(isLetter) else {
            return nil
        }
        // 0: nothing yet, 1: script seen, 2: region seen, 3: a variant seen.
        var stage = 0
        for tag in subtags.dropFirst() {
            if stage < 1, tag.count == 4, tag.allSatisfy(isLetter) {
                stage = 1
            } else if stage < 2,
                (tag.count == 2 && tag.allSatisfy(isLetter)) || (tag.count == 3 && tag.allSatisfy(isDigit))
            {
                stage = 2
            } else if isVariant(tag) {
                stage = 3
            } else {
                return nil
            }
        }
        return String(body)
    }

    private static func isVariant(_ tag: Substring) -> Bool {
        guard tag.allSatisfy({ isLetter($0) || isDigit($0) }) else { return false }
        if (5...8).contains(tag.count) { return true }
        return tag.count == 4 && tag.first.map(isDigit) == true
    }

    private static func isLetter(_ c: Character) -> Bool {
        c.isASCII && c.isLetter
    }

    private static func isDigit(_ c: Character) -> Bool {
        c.isASCII && c.isNumber
    }
}
