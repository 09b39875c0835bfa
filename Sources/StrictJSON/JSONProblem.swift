/// What is wrong at one place of a JSON document, worded once for every reader (trips, templates,
/// StoreKit catalogs, manifests, App Store payloads, batch reports).

/// A problem with a value or a key, and the path where it is.
///
/// The constructors below are the one wording of the problems every reader meets: a key written
/// twice, a key nobody declared, a required key left out, a value of the wrong kind. Each reader
/// turns a `JSONProblem` into its own error type, keeping the path and the message as they are.
public struct JSONProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// Where the problem is; the root for the document as a whole.
    public let path: JSONPath
    /// What is wrong, without the path.
    public let message: String

    /// A problem at `path`.
    public init(_ path: JSONPath, _ message: String) {
        self.path = path
        self.message = message
    }

    /// `path: message`, or the message alone at the root.
    public var description: String { path.text.isEmpty ? message : "\(path.text): \(message)" }

    /// A key written a second time in one object. Which value counts would be a guess, so every
    /// reader names it (the trip reader goes on with the first, to report the rest).
    public static func duplicateKey(at path: JSONPath) -> JSONProblem {
        JSONProblem(path, "duplicate key")
    }

    /// A key the object does not declare, with the declared key it is most likely a typo of, or,
    /// when the object has only a few keys and none is close, all of them.
    public static func unknownKey(at path: JSONPath, key: String, among known: [String]) -> JSONProblem {
        var message = "unknown key"
        if let suggestion = KeySuggestion.closest(to: key, among: known) {
            message += " (did you mean \(MessageText.quoted(suggestion))?)"
        } else if !known.isEmpty, known.count <= listedKeys {
            message += " (expected \(MessageText.alternatives(known)))"
        }
        return JSONProblem(path, message)
    }

    /// Objects with at most this many keys list them all after an unknown key (a manifest line's
    /// four, say); a trip's top level has too many for a list to help.
    public static let listedKeys = 6

    /// A required key left out (null is not left out: it gets `mismatch`).
    public static func missingKey(at path: JSONPath) -> JSONProblem {
        JSONProblem(path, "required key is missing")
    }

    /// A value of the wrong kind: `expected a string, got a number`.
    public static func mismatch(at path: JSONPath, expected: String, got value: JSONValue) -> JSONProblem {
        JSONProblem(path, "expected \(expected), got \(value.kindDescription)")
    }

    /// A value of the right kind that the rule still refuses, shown as it was written:
    /// `expected an integer, got 1.5`.
    public static func mismatch(at path: JSONPath, expected: String, shown: String) -> JSONProblem {
        JSONProblem(path, "expected \(expected), got \(shown)")
    }
}
