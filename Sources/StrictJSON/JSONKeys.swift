/// Which keys a JSON object may have.

/// How an object's keys are judged as it is read: every key the reader knows, any key (a map, or
/// Apple's payloads, which gain fields), or a rule of the caller's (a template's retired keys and
/// key patterns).
public struct JSONKeys {
    /// What a key is to the object.
    public enum Verdict: Equatable {
        /// Declared: read it.
        case known
        /// Not declared: a problem, with a suggestion from `declared`.
        case unknown
        /// Declared but refused with this message (a retired key that says what replaced it).
        case refused(String)
    }

    /// The keys a misspelling is matched against, in the order a tie is broken.
    public let declared: [String]
    let judge: (String) -> Verdict

    /// Keys judged by `judge`; `declared` serves the suggestions for unknown ones.
    public init(declared: [String], judge: @escaping (String) -> Verdict) {
        self.declared = declared
        self.judge = judge
    }

    /// Any key: a map whose keys the document chooses, or a wire format that may gain fields.
    public static var any: JSONKeys { JSONKeys(declared: []) { _ in .known } }

    /// Exactly `declared`; any other key is unknown.
    public static func only(_ declared: [String]) -> JSONKeys {
        // A linear search beats hashing for the dozen keys an object declares.
        JSONKeys(declared: declared) { declared.contains($0) ? .known : .unknown }
    }
}
