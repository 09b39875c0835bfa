/// A JSON value as the Swift type a reader wants, or the problem in the shared wording.

extension JSONValue {
    /// The string this value is.
    public func string(at path: JSONPath) throws(JSONProblem) -> String {
        guard case let .string(text) = self else { throw .mismatch(at: path, expected: "a string", got: self) }
        return text
    }

    /// `true` or `false` (not 0 or 1).
    public func bool(at path: JSONPath) throws(JSONProblem) -> Bool {
        guard case let .bool(flag) = self else { throw .mismatch(at: path, expected: "true or false", got: self) }
        return flag
    }

    /// The number this value is; a literal too large for a Double (`1e400`) is refused.
    public func number(at path: JSONPath) throws(JSONProblem) -> Double {
        guard case let .number(number, _) = self else { throw .mismatch(at: path, expected: "a number", got: self) }
        guard number.isFinite else { throw .mismatch(at: path, expected: "a finite number", shown: String(number)) }
        return number
    }

    /// An integral number below 2^53 in magnitude, however spelt (`2`, `2.0`, `2e0`). The parser
    /// holds numbers as Doubles, exact only that far: a rounded integer is refused, not read wrong.
    public func integer(at path: JSONPath) throws(JSONProblem) -> Int {
        let number = try number(at: path)
        guard number.rounded(.towardZero) == number, abs(number) < 0x1p53 else {
            throw .mismatch(at: path, expected: "an integer below 2^53 in magnitude", shown: MessageText.number(number))
        }
        return Int(number)
    }

    /// The elements of this array.
    public func array(at path: JSONPath) throws(JSONProblem) -> [JSONValue] {
        guard case let .array(elements) = self else { throw .mismatch(at: path, expected: "an array", got: self) }
        return elements
    }

    /// This array's elements, each a string.
    public func strings(at path: JSONPath) throws(JSONProblem) -> [String] {
        let elements = try array(at: path)
        var texts: [String] = []
        texts.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() { texts.append(try element.string(at: path.index(index))) }
        return texts
    }

    /// The first object in or under this value, in document order, that writes a key twice, as
    /// a problem at that key. For documents whose every object counts, read or not: a signed
    /// payload that two readers could read two ways.
    public func firstDuplicateKey(at path: JSONPath) -> JSONProblem? {
        firstDuplicateKey(under: { path })
    }

    /// The path is a closure so that a document without a repeated key, the usual case, builds
    /// no path text.
    private func firstDuplicateKey(under path: () -> JSONPath) -> JSONProblem? {
        switch self {
        case let .object(members):
            var seen = Set<String>(minimumCapacity: members.count)
            for member in members {
                guard seen.insert(member.key).inserted else { return .duplicateKey(at: path().key(member.key)) }
                if let found = member.value.firstDuplicateKey(under: { path().key(member.key) }) { return found }
            }
            return nil
        case let .array(elements):
            for (index, element) in elements.enumerated() {
                if let found = element.firstDuplicateKey(under: { path().index(index) }) { return found }
            }
            return nil
        case .null, .bool, .number, .string:
            return nil
        }
    }
}
