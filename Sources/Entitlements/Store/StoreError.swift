/// Why the entitlement store could not answer: always an error (exit 5), never a grant of Pro.

public enum StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The store exists but cannot be opened or read (permissions, a directory in its place, I/O).
    case unreadable(path: String, reason: String)
    /// The file is not a database, or not one of ours, or fails its integrity check.
    case corrupt(path: String, reason: String)
    /// `entitlements init --bundle-id` has not been run, so nothing can be verified.
    case notInitialized(path: String)
    /// A stored value does not parse (a trusted root, the local test authority).
    case invalidContent(path: String, reason: String)
    /// The process's file-size limit (`ulimit -f`) is below what SQLite must write to use the
    /// store (its log and shared-memory files): an output failure, as for a PDF (exit 6).
    case fileSizeLimit(path: String)

    /// Whether this is the file-size limit, which callers report as an output failure (exit 6).
    public var isFileSizeLimit: Bool {
        if case .fileSizeLimit = self { return true }
        return false
    }

    public var description: String {
        switch self {
        case let .unreadable(path, reason): return "entitlement store \(path) cannot be read: \(reason)"
        case let .corrupt(path, reason):
            return
                "entitlement store \(path) is corrupt: \(reason) (move it aside and restore purchases with 'export-itinerary entitlements import')"
        case let .notInitialized(path):
            return "entitlement store \(path) is not set up: run 'export-itinerary entitlements init --bundle-id ID'"
        case let .invalidContent(path, reason): return "entitlement store \(path) holds an invalid value: \(reason)"
        case let .fileSizeLimit(path):
            return
                "entitlement store \(path) cannot be used: the file-size limit (ulimit -f) is smaller than the files SQLite writes beside it; raise the limit"
        }
    }
}
