/// Readers for the kinds of value trip.json uses: strings, numbers, dates, times, choices.
import StrictJSON

/// Each reader checks one value and appends what is wrong with it; the `FieldReader`
/// signature lets `ObjectReader` file the problems under the right member.
enum Read {
    static func typeMismatch(_ expected: String, _ value: JSONValue, _ path: JSONPath, _ problems: inout [TripProblem])
    {
        problems.append(TripProblem(.mismatch(at: path, expected: expected, got: value)))
    }

    // MARK: Strings

    /// Any string, empty allowed, at most `TripLoader.maximumStringLength` Unicode scalars.
    ///
    /// Length counts Unicode scalars rather than grapheme clusters: the count is then the
    /// same on every platform and Unicode version, and cannot be gamed by long runs of
    /// combining marks that make one "character".
    static func string(_ value: JSONValue, _ path: JSONPath, _ problems: inout [TripProblem]) -> String? {
        guard case .string(let text) = value else {
            typeMismatch("a string", value, path, &problems)
            return nil
        }
        let length = text.unicodeScalars.count
        guard length <= TripLoader.maximumStringLength else {
            problems.append(
                TripProblem(path, "must be at most \(TripLoader.maximumStringLength) characters, got \(length)"))
            return nil
        }
        // Control characters draw nothing and end up in PDF metadata; line breaks and tabs are
        // fine (notes), and so are bidi marks, which right-to-left text needs.
        if let bad = text.unicodeScalars.first(where: {
            ($0.value < 0x20 && $0 != "\n" && $0 != "\t" && $0 != "\r") || (0x7F...0x9F).contains($0.value)
        }) {
            problems.append(
                TripProblem(
                    path,
                    "must not contain control characters (found U+\(String(bad.value, radix: 16, uppercase: true).leftPadded4))"
                ))
            return nil
        }
        return text
    }

    /// A string with something in it besides whitespace; used for every required string.
    static func text(_ value: JSONValue, _ path: JSONPath, _ problems: inout [TripProblem]) -> String? {
        guard let text = string(value, path, &problems) else { return nil }
        if text.isEmpty {
            problems.append(TripProblem(path, "must not be empty"))
            return nil
        }
        if text.allSatisfy(\.isWhitespace) {
            problems.append(TripProblem(path, "must not be only whitespace"))
            return nil
        }
        return text
    }

    /// `read` (`string` or `text`), with a tighter length limit: at most `maximumLength`
    /// Unicode scalars.
    static func limited(
        _ read: @escaping SendableFieldReader<String>, maximumLength: Int
    ) -> SendableFieldReader<String> {
        { value, path, problems in
            guard let written = read(value, path, &problems) else { return nil }
            let length = written.unicodeScalars.count
            guard length <= maximumLength else {
                problems.append(TripProblem(path, "must be at most \(maximumLength) characters, got \(length)"))
                return nil
            }
            return written
        }
    }

    /// 2 to 4 characters (Unicode scalars), as printed in tight table cells.
    static func abbreviation(_ value: JSONValue, _ path: JSONPath, _ problems: inout [TripProblem]) -> String? {
        guard let text = Read.text(value, path, &problems) else { return nil }
        guard (2...4).contains(text.unicodeScalars.count) else {
            problems.append(TripProblem(path, "must be 2 to 4 characters, got \(MessageText.quoted(text))"))
            return nil
        }
        return text
    }

    /// One of an enumeration's raw values, exactly (case matters).
    static func choice<Choice>(_ type: Choice.Type) -> SendableFieldReader<Choice>
    where Choice: RawRepresentable & CaseIterable, Choice.RawValue == String {
        { value, path, problems in
            guard let text = string(value, path, &problems) else { return nil }
            if let choice = Choice(rawValue: text) { return choice }
            let allowed = Choice.allCases.map(\.rawValue)
            problems.append(
                TripProblem(path, "must be \(MessageText.alternatives(allowed)), got \(MessageText.quoted(text))"))
            return nil
        }
    }

    // MARK: Numbers

    /// A finite number, optionally within `range`.
    static func number(in range: ClosedRange<Double>? = nil) -> SendableFieldReader<Double> {
        { value, path, problems in
            guard case .number(let number, _) = value else {
                typeMismatch("a number", value, path, &problems)
                return nil
            }
            guard number.isFinite else {
                problems.append(TripProblem(path, "must be a finite number"))
                return nil
            }
            if let range, !range.contains(number) {
                problems.append(TripProblem(path, rangeMessage(range, MessageText.number(number))))
                return nil
            }
            return number
        }
    }

    /// An integer written as an integer literal, optionally at least `minimum`.
    ///
    /// `1.0` and `1e0` are refused: the schema says integer, and a writer producing
    /// `1.0` for a count has probably mixed something up.
    static func integer(atLeast minimum: Int? = nil) -> SendableFieldReader<Int> {
        { value, path, problems in
            guard case .number(let number, let isInteger) = value else {
                typeMismatch("an integer", value, path, &problems)
                return nil
            }
            guard number.isFinite else {
                problems.append(TripProblem(path, "must be a finite number"))
                return nil
            }
            guard isInteger, let integer = Int(exactly: number), abs(number) < 1e15 else {
                // Shown as a decimal when written as one, so "got 1.0" explains the refusal.
                let shown = isInteger ? MessageText.number(number) : String(number)
                problems.append(TripProblem(.mismatch(at: path, expected: "an integer", shown: shown)))
                return nil
            }
            if let minimum, integer < minimum {
                let rule = minimum == 0 ? "must be zero or more" : "must be at least \(minimum)"
                problems.append(TripProblem(path, "\(rule), got \(integer)"))
                return nil
            }
            return integer
        }
    }

    private static func rangeMessage(_ range: ClosedRange<Double>, _ got: String) -> String {
        if range.upperBound == .infinity {
            return range.lowerBound == 0
                ? "must be zero or more, got \(got)"
                : "must be at least \(MessageText.number(range.lowerBound)), got \(got)"
        }
        return
            "must be between \(MessageText.number(range.lowerBound)) and \(MessageText.number(range.upperBound)), got \(got)"
    }

    // MARK: Dates, times, colours, links

    /// `YYYY-MM-DD` naming a real day.
    static func date(_ value: JSONValue, _ path: JSONPath, _ problems: inout [TripProblem]) -> CalendarDate? {
        guard let text = string(value, path, &problems) else { return nil }
        if let date = CalendarDate(iso: text) { return date }
        // The right shape with an impossible day ("2025-02-29") deserves its own message.
        let shapeIsRight =
            text.utf8.count == 10
            && text.utf8.enumerated().allSatisfy { index, b in
                index == 4 || index == 7 ? b == UInt8(ascii: "-") : (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b)
            }
        if shapeIsRight {
            problems.append(TripProblem(path, "no such date \(MessageText.quoted(text))"))
        } else {
            problems.append(TripProblem(path, "expected a date \"YYYY-MM-DD\", got \(MessageText.quoted(text))"))
        }
        return nil
    }

    /// An RFC 3339 date-time with `Z` or a numeric offset.
    static func instant(_ value: JSONValue, _ path: JSONPath, _ problems: inout [TripProblem]) -> Instant? {
        guard let text = string(value, path, &problems) else { return nil }
        if let instant = Instant(rfc3339: text) { return instant }
        problems.append(
            TripProblem(
                path,
                "expected an RFC 3339 date-time like \"2026-06-12T19:10:00-05:00\", got \(MessageText.quoted(text))"))
        return nil
    }

    /// `#RRGGBB`.
    static func color(_ value: JSONValue, _ path: JSONPath, _ problems: inout [TripProblem]) -> RGBColor? {
        guard let text = string(value, path, &problems) else { return nil }
        if let color = RGBColor(hex: text) { return color }
        problems.append(TripProblem(path, "expected a color \"#RRGGBB\", got \(MessageText.quoted(text))"))
        return nil
    }

    /// An absolute `http` or `https` URL with a host; kept as written.
    static func webURL(_ value: JSONValue, _ path: JSONPath, _ problems: inout [TripProblem]) -> String? {
        guard let text = string(value, path, &problems) else { return nil }
        if WebURL.isValid(text) { return text }
        problems.append(TripProblem(path, "expected an absolute http or https URL, got \(MessageText.quoted(text))"))
        return nil
    }

    // MARK: Containers

    static func array(_ value: JSONValue, _ path: JSONPath, _ problems: inout [TripProblem]) -> [JSONValue]? {
        guard case .array(let elements) = value else {
            typeMismatch("an array", value, path, &problems)
            return nil
        }
        return elements
    }

    static func object(_ value: JSONValue, _ path: JSONPath, _ problems: inout [TripProblem]) -> [JSONMember]? {
        guard case .object(let members) = value else {
            typeMismatch("an object", value, path, &problems)
            return nil
        }
        return members
    }
}

private extension String {
    var leftPadded4: String { String(repeating: "0", count: max(0, 4 - count)) + self }
}
