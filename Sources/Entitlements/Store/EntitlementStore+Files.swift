/// What is at the store's path and beside it, looked at before SQLite opens it: SQLite reports a
/// FIFO as "disk I/O error", a directory as "unable to open database file", and a link that leads
/// nowhere as no file at all (an empty store, not Pro). Each is named here in the user's words.
import Foundation
import StrictJSON

extension EntitlementStore {
    /// What one path holds, by `lstat` and then `stat` (a link to a regular file is a store: a
    /// Kubernetes Secret mounts its files as links).
    enum PathKind: Equatable {
        case absent
        case regularFile
        /// Anything else, described: "a FIFO (named pipe)", "a symbolic link to x, which does not exist".
        case other(String)
        /// `lstat` itself failed (a folder on the way that cannot be searched): SQLite says why.
        case unknown
    }

    /// The files SQLite keeps beside the database: its write-ahead log, its index of the log, and
    /// a rollback journal.
    static let companionSuffixes = ["-wal", "-shm", "-journal"]

    /// Checks the store's path and the files beside it; returns whether the database exists.
    /// Anything there that is not a regular file (or a link to one) is an error naming it.
    static func inspectFiles(directory: String) throws(StoreError) -> Bool {
        let file = directory + "/" + fileName
        let exists: Bool
        switch kind(of: file) {
        case .absent: exists = false
        case .regularFile, .unknown: exists = true  // .unknown: SQLite's own error says why
        case let .other(what): throw .notAFile(path: file, what: what + ", not a database file")
        }
        // `--store` naming a file, or a link to nowhere: the path inside it does not exist, and no
        // command should take that for a store not made yet.
        if !exists {
            switch kind(of: directory) {
            case .absent, .unknown: break
            case .regularFile:
                throw .notAFile(path: directory, what: "a file, not the directory that holds \(fileName)")
            case let .other(what):
                var target = stat()
                if stat(directory, &target) != 0 || target.st_mode & S_IFMT != S_IFDIR {
                    throw .notAFile(path: directory, what: what + ", not the directory that holds \(fileName)")
                }
            }
        }
        for suffix in companionSuffixes {
            if case let .other(what) = kind(of: file + suffix) {
                throw .strayFile(path: file + suffix, what: what)
            }
        }
        return exists
    }

    /// What `path` holds, in words a person would use.
    static func kind(of path: String) -> PathKind {
        var link = stat()
        guard lstat(path, &link) == 0 else {
            switch errno {
            case ENOENT: return .absent
            case ENOTDIR: return .absent  // a folder on the way is a file: reported by the caller
            default: return .unknown
            }
        }
        let isLink = link.st_mode & S_IFMT == S_IFLNK
        var target = stat()
        guard stat(path, &target) == 0 else {
            let failure = errno
            guard isLink else { return .unknown }
            let to = destination(of: path)
            switch failure {
            case ELOOP: return .other("a symbolic link that leads back to itself (to \(MessageText.path(to)))")
            case ENOENT, ENOTDIR: return .other("a symbolic link to \(MessageText.path(to)), which does not exist")
            default: return .unknown
            }
        }
        guard let what = fileType(target.st_mode) else { return .regularFile }
        return .other(isLink ? "a symbolic link to \(destination(of: path)), \(what)" : what)
    }

    /// The kind of a file that is not a regular one; nil for a regular file.
    private static func fileType(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: "a directory"
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        default: "not a regular file"
        }
    }

    /// Where a symbolic link points, as written in it.
    private static func destination(of path: String) -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: path)).map { MessageText.quoted($0) } ?? "?"
    }
}
