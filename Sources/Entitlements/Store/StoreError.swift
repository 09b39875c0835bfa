/// Why the entitlement store could not answer: always an error (exit 5), never a grant of Pro.

import Foundation

/// Why the entitlement store could not be opened, read or upgraded, naming its path: reported as an
/// error (exit 5; the file-size limit exit 6), never taken as a grant of Pro.
public enum StoreError: Error, Sendable, Equatable, CustomStringConvertible, RemedyCarrying {
    /// The store exists but cannot be opened or read (permissions, a directory in its place, I/O).
    case unreadable(path: String, reason: String)
    /// The file is not a database, or not one of ours, or fails its integrity check.
    case corrupt(path: String, reason: String)
    /// The store has not been set up for the app, so nothing can be verified.
    case notInitialized(path: String)
    /// An earlier version made the store and it was opened read-only, so it could not be upgraded.
    case needsUpgrade(path: String)
    /// Opened read-only, the store's write-ahead log holds changes that need an index SQLite
    /// cannot create in the directory.
    case pendingLog(path: String)
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

    /// Restore purchases into a new store after a corrupt one; set one up; upgrade one.
    public var remedy: EntitlementRemedy? {
        switch self {
        case .corrupt: .restorePurchases
        case .notInitialized: .setUpStore
        case .needsUpgrade, .pendingLog: .openWithWriteAccess
        case .unreadable, .invalidContent, .fileSizeLimit: nil
        }
    }

    public var description: String {
        switch self {
        case let .unreadable(path, reason): return "entitlement store \(path) cannot be read: \(reason)"
        case let .corrupt(path, reason):
            return "entitlement store \(path) is corrupt: \(reason) (move it aside)"
        case let .notInitialized(path): return "entitlement store \(path) is not set up"
        case let .needsUpgrade(path):
            return
                "entitlement store \(path) cannot be read: it was made by an earlier version of export-itinerary and needs an upgrade"
        case let .pendingLog(path):
            let name = (path as NSString).lastPathComponent
            return
                "entitlement store \(path) cannot be read: its write-ahead log (\(name)-wal) holds changes not yet in the database, "
                + "and reading them needs \(name)-shm, which cannot be created in a directory this process may not write"
        case let .invalidContent(path, reason): return "entitlement store \(path) holds an invalid value: \(reason)"
        case let .fileSizeLimit(path):
            return
                "entitlement store \(path) cannot be used: the file-size limit (ulimit -f) is smaller than the files SQLite writes beside it; raise the limit"
        }
    }
}
