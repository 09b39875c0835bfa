/// Why the entitlement store could not answer: always an error (exit 5), never a grant of Pro.

import Foundation
import StrictJSON

/// Why the entitlement store could not be opened, read or upgraded, naming its path: reported as an
/// error (exit 5, the file-size limit included), never taken as a grant of Pro.
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
    /// store (its log and shared-memory files): the store cannot be used (exit 5), as for any
    /// other reason; the message names the limit.
    case fileSizeLimit(path: String)
    /// The store's path (or the `--store` directory) holds something SQLite cannot use as a
    /// database: a directory, a FIFO, a device, or a symbolic link that leads nowhere or to itself.
    /// `what` says which, e.g. "a FIFO (named pipe), not a database file".
    case notAFile(path: String, what: String)
    /// A file SQLite keeps beside the store (`-wal`, `-shm`, `-journal`) is not a regular file.
    case strayFile(path: String, what: String)
    /// A command that changes the store met a store this process cannot write: the file itself
    /// (`folder` false) or the folder that holds it, where SQLite writes its log (`folder` true).
    case readOnly(path: String, folder: Bool)
    /// Another process held the store's write lock for the whole wait; `holder` names it when
    /// the system says who it is ("process 1234 (python3)").
    case busy(path: String, holder: String?)

    /// Restore purchases into a new store after a corrupt one; set one up; upgrade one.
    public var remedy: EntitlementRemedy? {
        switch self {
        case .corrupt: .restorePurchases
        case .notInitialized: .setUpStore
        case .needsUpgrade, .pendingLog: .openWithWriteAccess
        case .notAFile: .replaceStore
        case .readOnly: .useWritableStore
        case .unreadable, .invalidContent, .fileSizeLimit, .strayFile, .busy: nil
        }
    }

    public var description: String {
        switch self {
        case let .unreadable(path, reason):
            return "entitlement store \(MessageText.path(path)) cannot be read: \(reason)"
        case let .corrupt(path, reason):
            return "entitlement store \(MessageText.path(path)) is corrupt: \(reason) (move it aside)"
        case let .notInitialized(path): return "entitlement store \(MessageText.path(path)) is not set up"
        case let .needsUpgrade(path):
            return
                "entitlement store \(MessageText.path(path)) cannot be read: it was made by an earlier version of export-itinerary and needs an upgrade"
        case let .pendingLog(path):
            let name = (path as NSString).lastPathComponent
            return
                "entitlement store \(MessageText.path(path)) cannot be read: its write-ahead log (\(MessageText.path(name))-wal) holds changes not yet in the database, "
                + "and reading them needs \(MessageText.path(name))-shm, which cannot be created in a directory this process may not write"
        case let .invalidContent(path, reason):
            return "entitlement store \(MessageText.path(path)) holds an invalid value: \(reason)"
        case let .notAFile(path, what): return "entitlement store \(MessageText.path(path)) is \(what)"
        case let .strayFile(path, what):
            // Nothing SQLite wrote is lost by removing it: it never was a file SQLite could write.
            let role =
                path.hasSuffix("-wal") ? "write-ahead log" : path.hasSuffix("-shm") ? "log index" : "rollback journal"
            return
                "entitlement store \(MessageText.path(path)) is \(what), not the file SQLite keeps the store's \(role) in; remove it (SQLite makes it again)"
        case let .readOnly(path, folder):
            let directory = (path as NSString).deletingLastPathComponent
            return folder
                ? "entitlement store \(MessageText.path(path)) is read-only: this user cannot write its folder \(MessageText.path(directory)), where SQLite writes beside the store, and this command changes the store"
                : "entitlement store \(MessageText.path(path)) is read-only: this user cannot write the file, and this command changes the store"
        case let .busy(path, holder):
            return
                "entitlement store \(MessageText.path(path)) is busy: \(holder ?? "another process") holds its write lock and kept it for \(Int(SQLiteDatabase.defaultTimeLimit)) s; try again when it has finished"
        case let .fileSizeLimit(path):
            return
                "entitlement store \(MessageText.path(path)) cannot be used: the file-size limit (ulimit -f) is smaller than the files SQLite writes beside it; raise the limit"
        }
    }
}
