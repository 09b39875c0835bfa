/// Writing a file so that readers see the old content or the new, never a half-written one.
import Foundation
import StrictJSON
#if canImport(Glibc)
import Glibc
#endif

/// Why an output file could not be written; the destination is untouched in every case.
public struct OutputError: Error, Sendable, CustomStringConvertible {
    /// The file that was to be written.
    public var path: String
    /// What went wrong, in words (`no space left on the device`).
    public var reason: String
    /// The system error behind it (`ENOSPC`, `EROFS`…), when there is one.
    public var code: Int32?
    /// `cannot write out.pdf: …`, the line the command prints.
    public var description: String { "cannot write \(MessageText.path(path)): \(reason)" }

    /// The error for `path`, with its `reason` and the system error `code` behind it, if any.
    public init(path: String, reason: String, code: Int32? = nil) {
        self.path = path
        self.reason = reason
        self.code = code
    }

    /// The failure `errno` describes now.
    static func system(_ path: String, _ code: Int32 = errno) -> OutputError {
        OutputError(path: path, reason: AtomicFile.systemMessage(code), code: code)
    }
}

/// Replacing a file in one step (temporary file, `fsync`, `rename`), so a reader, or a crash, never
/// meets a half-written PDF, PNG or report.
public enum AtomicFile {
    /// Writes `data` to a temporary file beside `path`, flushes it to disk, then renames it
    /// over `path`. On any failure the temporary file is removed and `path` is left as it was.
    /// A symbolic link is followed: its target is replaced and the link kept. Only a regular
    /// file is ever replaced (never a device, FIFO or socket), and it keeps its permissions.
    public static func write(_ data: Data, to requestedPath: String) throws(OutputError) {
        guard !requestedPath.isEmpty else { throw OutputError(path: requestedPath, reason: "the path is empty") }
        let path = resolveLinks(requestedPath)
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDir) else {
            throw OutputError(
                path: requestedPath, reason: "the directory \(MessageText.path(directory)) does not exist")
        }
        guard isDir.boolValue else {
            throw OutputError(path: requestedPath, reason: "\(MessageText.path(directory)) is not a directory")
        }
        var existing = stat()
        var keepMode: mode_t?
        if lstat(path, &existing) == 0 {
            switch existing.st_mode & S_IFMT {
            case S_IFREG: keepMode = existing.st_mode & 0o7777
            case S_IFDIR: throw OutputError(path: requestedPath, reason: "it is a directory")
            case S_IFLNK:
                throw OutputError(
                    path: requestedPath, reason: "its symbolic links do not end in a file (a loop, or more than 32)")
            default:
                throw OutputError(
                    path: requestedPath, reason: "it is not a regular file (a device, pipe or socket is never replaced)"
                )
            }
        }
        let (fd, holdFD, tempPath) = try createTemporary(
            beside: url.lastPathComponent, in: directory, for: requestedPath)
        var ok = false
        defer {
            if !ok { unlink(tempPath) }
            close(holdFD)
        }
        if let failure = fill(fd, with: data, keepMode: keepMode) { throw OutputError.system(requestedPath, failure) }
        guard rename(tempPath, path) == 0 else { throw OutputError.system(requestedPath) }
        ok = true
        // Make the rename itself durable.
        let dirFD = open(directory, O_RDONLY)
        if dirFD >= 0 {
            fsync(dirFD)
            close(dirFD)
        }
    }

    /// Creates the temporary file (`mkstemp`) and locks it (`flock`, exclusive) through a
    /// second descriptor that stays open until the file has been renamed or removed, past the
    /// checked close of the first: a batch starting on this directory removes only temporaries
    /// nobody holds (`removeIfStale(_:)`), so it never deletes one a live writer will rename.
    /// Should a remover take the name between the creation and the lock (the file then has no
    /// link left once the lock is ours), another name is made (on a loaded machine a remover
    /// looping beside the writer wins that race more often than not).
    static func createTemporary(
        beside name: String, in directory: String, for requestedPath: String
    ) throws(OutputError)
        -> (fd: Int32, holdFD: Int32, path: String)
    {
        // A remover runs once, when a batch starts; more than a few losses in a row mean
        // something else is deleting our files.
        for _ in 0..<100 {
            var template = Array((directory + "/" + temporaryPrefix(for: name) + "XXXXXX").utf8CString)
            let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard fd >= 0 else { throw OutputError.system(requestedPath) }
            let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let holdFD = dup(fd)
            guard holdFD >= 0 else {
                let code = errno
                close(fd)
                unlink(path)
                throw OutputError.system(requestedPath, code)
            }
            // Blocking: a remover holds the lock only while it unlinks.
            while flock(holdFD, LOCK_EX) != 0 && errno == EINTR {}
            var info = stat()
            if fstat(holdFD, &info) == 0 && info.st_nlink > 0 { return (fd, holdFD, path) }
            close(holdFD)
            close(fd)
        }
        throw OutputError(
            path: requestedPath, reason: "its temporary file was removed by another process a hundred times running")
    }

    /// Removes the temporary file at `path` when no live writer holds it (its `flock`), and
    /// says whether it did. A link, anything but a regular file, or a file this process cannot
    /// open is never taken for a stale temporary and stays.
    @discardableResult
    public static func removeIfStale(_ path: String) -> Bool {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else { return false }
        // Still the file the name gives (not renamed over by now): then it goes, the lock held.
        var now = stat()
        guard lstat(path, &now) == 0, now.st_dev == info.st_dev, now.st_ino == info.st_ino else { return false }
        return unlink(path) == 0
    }

    /// The start of the temporary file's name beside `name` (`.NAME.tmp-`, then six random
    /// characters), the name shortened on a character boundary where the whole would pass the
    /// file system's 255-byte limit: a valid 254-byte output name still gets written.
    public static func temporaryPrefix(for name: String) -> String {
        let fixed = ".".utf8.count + ".tmp-".utf8.count + 6
        var kept = Substring(name)
        while kept.utf8.count + fixed > 255 { kept = kept.dropLast() }
        return "." + kept + ".tmp-"
    }

    /// Writes all of `data` into the temporary `fd`, gives it its mode (`keepMode`, a replaced
    /// file's; else the usual 0666 less the umask, not mkstemp's 0600), flushes it to disk and
    /// closes it: the errno of the first step that failed, or nil. The one way a temporary is
    /// finished, here and in a batch's folder handle, before it is renamed over its name.
    public static func fill(_ fd: Int32, with data: Data, keepMode: mode_t?) -> Int32? {
        var failure: Int32?
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += n
            }
        }
        if let keepMode {
            fchmod(fd, keepMode)
        } else {
            let mask = umask(0)
            umask(mask)
            fchmod(fd, 0o666 & ~mask)
        }
        if failure == nil, fsync(fd) != 0 { failure = errno }
        if close(fd) != 0, failure == nil { failure = errno }
        return failure
    }
    /// System messages in the tool's own lower-case style ("permission denied").
    public static func systemMessage(_ code: Int32 = errno) -> String {
        let text = String(cString: strerror(code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }

    /// Follows symbolic links (up to 32) to the path that will really be written.
    public static func resolveLinks(_ path: String) -> String {
        var current = path
        for _ in 0..<32 {
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else {
                return current
            }
            current =
                target.hasPrefix("/")
                ? target
                : URL(fileURLWithPath: current).deletingLastPathComponent().appendingPathComponent(target).path
        }
        return current
    }

    /// True when both paths name the same existing file (same device and inode).
    public static func sameFile(_ a: String, _ b: String) -> Bool {
        var sa = stat(), sb = stat()
        guard stat(a, &sa) == 0, stat(b, &sb) == 0 else { return false }
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino
    }
}
