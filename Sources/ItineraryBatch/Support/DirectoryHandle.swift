/// A directory held open, and the files reached from it one name at a time: the only way the
/// batch writes, renames or removes anything inside `--out-dir`.
import Foundation
import ItineraryExport
import StrictJSON
#if canImport(Glibc)
import Glibc
#endif

/// An open directory. Every part below it is opened with `O_NOFOLLOW`, every file is created,
/// renamed and removed with `openat`, `renameat` and `unlinkat` relative to it: a symbolic link
/// planted after a path was checked is met as an error (or, as the last name, replaced itself),
/// never followed out of the directory.
final class DirectoryHandle: Sendable {
    /// The descriptor (`O_DIRECTORY`, close-on-exec).
    let fd: Int32

    /// Takes over `fd`, which this handle closes.
    init(adopting fd: Int32) { self.fd = fd }

    deinit { close(fd) }

    /// Why a part of a path could not be opened: the part (the path up to it) and `errno`.
    struct Failure: Error {
        var part: String
        var code: Int32

        /// "sub/2026 is a symbolic link", "cannot create sub: no space left on device".
        var reason: String {
            switch code {
            case ELOOP:
                return
                    "\(MessageText.path(part)) is a symbolic link (the batch writes inside --out-dir only through no link)"
            case ENOTDIR: return "\(MessageText.path(part)) is not a directory"
            default: return "cannot open \(MessageText.path(part)): \(AtomicFile.systemMessage(code))"
            }
        }
    }

    /// Opens `path` as a directory. Links in it are followed, once, here: it is the directory
    /// the operator named. The descriptor is `lowest` or above.
    static func open(_ path: String, lowest: Int32 = 0) -> Result<DirectoryHandle, Failure> {
        let opened = Glibc.open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard opened >= 0 else { return .failure(Failure(part: path, code: errno)) }
        guard opened < lowest else { return .success(DirectoryHandle(adopting: opened)) }
        let moved = fcntl(opened, F_DUPFD_CLOEXEC, lowest)
        let code = errno
        close(opened)
        guard moved >= 0 else { return .failure(Failure(part: path, code: code)) }
        return .success(DirectoryHandle(adopting: moved))
    }

    /// The directory `relative` ("a/b") below this one, each part opened without following a
    /// link; with `create`, missing parts are made (`mkdirat`). "" is this directory again.
    func descend(_ relative: String, create: Bool) -> Result<DirectoryHandle, Failure> {
        var current = dup(fd)
        guard current >= 0 else { return .failure(Failure(part: ".", code: errno)) }
        // dup drops close-on-exec: set it again, so no worker inherits a stray handle.
        _ = fcntl(current, F_SETFD, FD_CLOEXEC)
        var walked = ""
        for part in relative.split(separator: "/", omittingEmptySubsequences: true) {
            walked += (walked.isEmpty ? "" : "/") + part
            var next = openat(current, String(part), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if next < 0, errno == ENOENT, create {
                if mkdirat(current, String(part), 0o777) != 0 && errno != EEXIST {
                    let code = errno
                    close(current)
                    return .failure(Failure(part: walked, code: code))
                }
                next = openat(current, String(part), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            }
            let code = errno
            close(current)
            guard next >= 0 else { return .failure(Failure(part: walked, code: code)) }
            current = next
        }
        return .success(DirectoryHandle(adopting: current))
    }

    /// `name`'s status here, a link not followed; nil when there is nothing by that name.
    func status(_ name: String) -> stat? {
        var info = stat()
        return fstatat(fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0 ? info : nil
    }

    /// Writes `data` as `name` here in one step: a temporary beside it (`.NAME.tmp-XXXXXX`,
    /// created exclusively, locked until renamed, as `AtomicFile` makes them), flushed, then
    /// renamed over the name. The rename replaces the name only: a link there is replaced
    /// itself, a hard link's other names keep the old file. Only a regular file (or a link) is
    /// replaced, keeping its permissions. `shown` is the path errors name.
    func replace(_ name: String, with data: Data, shown: String) throws(OutputError) {
        var keepMode: mode_t?
        if let existing = status(name) {
            switch existing.st_mode & S_IFMT {
            case S_IFREG: keepMode = existing.st_mode & 0o7777
            case S_IFLNK: break
            case S_IFDIR: throw OutputError(path: shown, reason: "it is a directory")
            default:
                throw OutputError(
                    path: shown, reason: "it is not a regular file (a device, pipe or socket is never replaced)")
            }
        }
        let (file, hold, temporary) = try createTemporary(beside: name, shown: shown)
        var renamed = false
        defer {
            if !renamed { unlinkat(fd, temporary, 0) }
            close(hold)
        }
        if let failure = AtomicFile.fill(file, with: data, keepMode: keepMode) {
            throw OutputError(path: shown, reason: AtomicFile.systemMessage(failure), code: failure)
        }
        guard renameat(fd, temporary, fd, name) == 0 else {
            let code = errno
            throw OutputError(path: shown, reason: AtomicFile.systemMessage(code), code: code)
        }
        renamed = true
        // The rename itself made durable.
        fsync(fd)
    }

    /// A new temporary for `name`, open for writing, and a second descriptor holding its lock
    /// (`flock`) until it is renamed or removed: a sweep of stale temporaries removes only
    /// those nobody holds. A sweep that took the name between creation and lock (the file then
    /// has no name left) means another name is made.
    private func createTemporary(
        beside name: String, shown: String
    ) throws(OutputError)
        -> (file: Int32, hold: Int32, name: String)
    {
        let prefix = AtomicFile.temporaryPrefix(for: name)
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        for _ in 0..<100 {
            let temporary = prefix + String((0..<6).map { _ in letters.randomElement()! })
            let file = openat(fd, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if file < 0 {
                if errno == EEXIST { continue }
                let code = errno
                throw OutputError(path: shown, reason: AtomicFile.systemMessage(code), code: code)
            }
            let hold = fcntl(file, F_DUPFD_CLOEXEC, 0)
            guard hold >= 0 else {
                let code = errno
                close(file)
                unlinkat(fd, temporary, 0)
                throw OutputError(path: shown, reason: AtomicFile.systemMessage(code), code: code)
            }
            while flock(hold, LOCK_EX) != 0 && errno == EINTR {}
            var info = stat()
            if fstat(hold, &info) == 0 && info.st_nlink > 0 { return (file, hold, temporary) }
            close(hold)
            close(file)
        }
        throw OutputError(
            path: shown, reason: "its temporary file was removed by another process a hundred times running")
    }

    /// Removes the temporaries here whose names start with one of `prefixes` (the
    /// `AtomicFile.temporaryPrefix` of an output, as bytes) followed by six characters, when
    /// they are regular files nobody holds (`flock`); returns how many went. A link named like
    /// one is never touched.
    /// `removable`: asked of each file's status before it goes (the batch's `WriteRule`).
    func removeStaleTemporaries(prefixes: Set<[UInt8]>, removable: (stat) -> Bool) -> Int {
        let listing = dup(fd)
        guard listing >= 0, let dir = fdopendir(listing) else {
            if listing >= 0 { close(listing) }
            return 0
        }
        rewinddir(dir)
        let randomPart = 6
        var stale: [String] = []
        while let entry = readdir(dir) {
            let name = DirectoryEntry.name(entry)
            guard name.count > randomPart, name.first == 0x2E, prefixes.contains(Array(name.dropLast(randomPart)))
            else { continue }
            stale.append(String(decoding: name, as: UTF8.self))
        }
        closedir(dir)
        return stale.filter { removeIfStale($0, removable: removable) }.count
    }

    /// Removes the temporary `name` when it is a regular file (not a link) whose lock nobody
    /// holds, and still the file that name gives once the lock is taken.
    private func removeIfStale(_ name: String, removable: (stat) -> Bool) -> Bool {
        let file = openat(fd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard file >= 0 else { return false }
        defer { close(file) }
        var info = stat()
        guard fstat(file, &info) == 0, info.st_mode & S_IFMT == S_IFREG, removable(info) else { return false }
        guard flock(file, LOCK_EX | LOCK_NB) == 0 else { return false }
        guard let now = status(name), now.st_dev == info.st_dev, now.st_ino == info.st_ino else { return false }
        return unlinkat(fd, name, 0) == 0
    }
}
