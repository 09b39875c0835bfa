/// What decoding one part of a trip needs to know about the others.
import StrictJSON

/// Remembers where each id was first defined, so a repeat can point back to it.
struct IdRegistry {
    /// "team", "stadium" or "game", for messages.
    let kind: String
    private var firstPath: [String: JSONPath] = [:]

    init(kind: String) {
        self.kind = kind
    }

    /// Records `id` as defined at `path`; if it was already defined, the problem to report.
    mutating func register(_ id: String, at path: JSONPath) -> String? {
        if let first = firstPath[id] {
            return "duplicate \(kind) id \(MessageText.quoted(id)) (first at \(first))"
        }
        firstPath[id] = path
        return nil
    }

    var ids: Set<String> { Set(firstPath.keys) }
}

/// Ids that games refer to and ids that must be unique across the whole trip.
struct TripContext {
    /// The team ids defined, or nil when `teams` was present but not an array: then
    /// every reference would be "unknown", which says nothing new.
    var teamIds: Set<String>?
    var stadiumIds: Set<String>?
    var games = IdRegistry(kind: "game")
}
