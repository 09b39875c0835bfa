/// `OUT/.export-itinerary/`: the batch's own files, opened so that none of them can lead out.
import Foundation
import ItineraryExport
import StrictJSON
#if canImport(Glibc)
import Glibc
#endif

/// The batch's state folder inside the output directory, and its locks.
///
/// Every file in it is opened relative to the folder, which is itself opened without following
/// a link, and each file without following one either (`O_NOFOLLOW`): a symbolic link planted
/// there (`ledger.tsv` → a file elsewhere) is an error naming it, never a way to append to or
/// replace a file outside `--out-dir`. Replacing a file writes a temporary beside it and renames
/// it over the name, which replaces a link itself, never its target.
///
/// Locks (`flock`, which the kernel drops when a process dies, so a dead batch's lock is free
/// at once): `batch.lock` is held exclusively by a whole-plan run and shared by every shard's
/// run, so a whole-plan run excludes any shard and the reverse, while shards of a plan run side
/// by side; each shard also holds its own `ledger-shard-I-of-N.lock` exclusively. The holder of an
/// exclusive lock writes "pid N on HOST" into it, for the message of a batch it excludes.
final class StateDirectory {
    static let name = ".export-itinerary"
    static let runLockName = "batch.lock"
    /// Held for a moment while a shard checks the plans of the shards running beside it.
    static let planLockName = "plan.lock"

    /// `OUT/.export-itinerary`, as the messages name it.
    let path: String
    private let fd: Int32
    private var locks: [Int32] = []

    /// Opens the folder, making it when missing. A link, or anything but a directory, in its
    /// place is refused. With `root` (the output directory as the batch holds it open), the
    /// folder is made and opened relative to that handle, so a link planted in place of a
    /// folder on `--out-dir`'s path meanwhile leads nowhere.
    init(outputDirectory: String, root: DirectoryHandle? = nil) throws(BatchRunError) {
        path = outputDirectory + "/" + Self.name
        let base = root?.fd ?? AT_FDCWD
        let name = root == nil ? path : Self.name
        var info = stat()
        if fstatat(base, name, &info, AT_SYMLINK_NOFOLLOW) == 0, (info.st_mode & S_IFMT) != S_IFDIR {
            let what = (info.st_mode & S_IFMT) == S_IFLNK ? "a symbolic link" : "not a directory"
            throw BatchRunError(
                "\(MessageText.path(path)) is \(what): the batch keeps its state only in a directory of its own inside --out-dir; remove it",
                exitCode: ExitCode.usage)
        }
        if mkdirat(base, name, 0o777) != 0, errno != EEXIST {
            throw BatchRunError(
                "cannot create \(MessageText.path(path)): \(AtomicFile.systemMessage())",
                exitCode: ExitCode.outputFailed)
        }
        fd = openat(base, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else {
            let why =
                errno == ELOOP || errno == ENOTDIR
                ? "is a symbolic link or not a directory" : "cannot be opened: \(AtomicFile.systemMessage())"
            throw BatchRunError(
                "\(MessageText.path(path)) \(why)",
                exitCode: errno == ELOOP || errno == ENOTDIR ? ExitCode.usage : ExitCode.outputFailed)
        }
    }

    deinit {
        for lock in locks { close(lock) }
        close(fd)
    }

    /// The names in the folder, sorted bytewise.
    func names() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted {
            Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8))
        }
    }

    /// Opens `name` in the folder, never through a link, and only when it is a regular file
    /// with no other name: a hard link (`ln`, or a snapshot made with `cp -al` or rsync's
    /// `--link-dest`) would let the batch's appends and lock owner lines reach a file that is
    /// also a trip, or another directory's state. The error names the file.
    func open(_ name: String, _ flags: Int32, mode: mode_t = 0o666) throws(BatchRunError) -> Int32 {
        let file = openat(fd, name, flags | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, mode)
        guard file >= 0 else { throw failure(name) }
        var info = stat()
        guard fstat(file, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            close(file)
            throw BatchRunError(
                "\(MessageText.path(path))/\(MessageText.path(name)) is not a regular file: remove it",
                exitCode: ExitCode.usage)
        }
        guard info.st_nlink == 1 else {
            close(file)
            throw BatchRunError(
                "\(MessageText.path(path))/\(MessageText.path(name)) has \(info.st_nlink) names (a hard link, as cp -al or rsync --link-dest make): "
                    + "the batch writes its state only into files of its own; give it its own copy (cp F F.new && mv F.new F) or remove it",
                exitCode: ExitCode.usage)
        }
        return file
    }

    /// Why opening `name` failed, from `errno`.
    private func failure(_ name: String) -> BatchRunError {
        if errno == ELOOP {
            return BatchRunError(
                "\(MessageText.path(path))/\(MessageText.path(name)) is a symbolic link: the batch writes its state only into files of its own; remove it",
                exitCode: ExitCode.usage)
        }
        return BatchRunError(
            "cannot open \(MessageText.path(path))/\(MessageText.path(name)): \(AtomicFile.systemMessage())",
            exitCode: ExitCode.outputFailed)
    }

    /// The bytes of a regular file in the folder; nil when it does not exist.
    func read(_ name: String) throws(BatchRunError) -> Data? {
        let file = openat(fd, name, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
        guard file >= 0 else {
            if errno == ENOENT { return nil }
            throw failure(name)
        }
        defer { close(file) }
        var info = stat()
        guard fstat(file, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw BatchRunError(
                "\(MessageText.path(path))/\(MessageText.path(name)) is not a regular file: remove it",
                exitCode: ExitCode.usage)
        }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(file, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue };
                throw BatchRunError(
                    "cannot read \(MessageText.path(path))/\(MessageText.path(name)): \(AtomicFile.systemMessage())",
                    exitCode: ExitCode.outputFailed)
            }
            if n == 0 { return data }
            data.append(contentsOf: buffer[0..<n])
        }
    }

    /// Replaces `name` with `data`: a temporary in the folder, flushed, renamed over the name.
    func replace(_ name: String, with data: Data) throws(BatchRunError) {
        let temporary = ".\(name).tmp-\(getpid())"
        unlinkat(fd, temporary, 0)
        let file = try open(temporary, O_WRONLY | O_CREAT | O_EXCL, mode: 0o666)
        var ok = true
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = write(file, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 { if errno == EINTR { continue }; ok = false; return }
                offset += n
            }
        }
        ok = ok && fsync(file) == 0
        close(file)
        guard ok, renameat(fd, temporary, fd, name) == 0 else {
            let message = AtomicFile.systemMessage()
            unlinkat(fd, temporary, 0)
            throw BatchRunError(
                "cannot write \(MessageText.path(path))/\(MessageText.path(name)): \(message)",
                exitCode: ExitCode.outputFailed)
        }
    }

    /// Takes the run's locks: `batch.lock` exclusively for a whole-plan run (`shardLock` nil),
    /// shared plus `shardLock` exclusively for a shard. Another batch in the way is exit 2,
    /// naming it. A shard also writes its plan's digest into its lock, and refuses to run
    /// beside a shard of another plan (another shard count, other outputs, another template or
    /// paper): shards of one plan share a directory, shards of two plans would mix it. The
    /// check and the write happen under `plan.lock`, so two shards starting at once cannot
    /// both miss each other.
    func lockRun(shardLock: String?, plan digest: String) throws(BatchRunError) {
        let run = try open(Self.runLockName, O_RDWR | O_CREAT)
        locks.append(run)
        guard flock(run, (shardLock == nil ? LOCK_EX : LOCK_SH) | LOCK_NB) == 0 else {
            throw busy(
                holder: shardLock == nil
                    ? ((try heldShardOwner())?.owner ?? owner(of: run)?.owner) : owner(of: run)?.owner)
        }
        guard let shardLock else {
            writeOwner(run, plan: digest)
            return
        }
        let planLock = try open(Self.planLockName, O_RDWR | O_CREAT)
        defer { close(planLock) }
        while flock(planLock, LOCK_EX) != 0 && errno == EINTR {}
        let own = try open(shardLock, O_RDWR | O_CREAT)
        locks.append(own)
        guard flock(own, LOCK_EX | LOCK_NB) == 0 else { throw busy(holder: owner(of: own)?.owner) }
        if let other = try heldShardOwner(except: shardLock), let plan = other.plan, plan != digest {
            let directory = PathText.parent(path)
            throw BatchRunError(
                "a shard of another plan is writing \(MessageText.path(directory)) (\(other.owner), plan \(Self.short(plan)), this one \(Self.short(digest))): "
                    + "shards of one plan (the same sources, shard count, template and paper) may share a directory, two plans may not; "
                    + "wait for it to finish, or give this one another --out-dir", exitCode: ExitCode.usage)
        }
        writeOwner(own, plan: digest)
    }

    private func busy(holder: String?) -> BatchRunError {
        let directory = PathText.parent(path)
        return BatchRunError(
            "another batch is writing \(MessageText.path(directory))" + (holder.map { " (\($0))" } ?? "")
                + ": wait for it to finish, or give this one another --out-dir", exitCode: ExitCode.usage)
    }

    /// A plan as messages name it: "3f2a9c01d4e5… in 4 shards".
    static func short(_ plan: String) -> String {
        let digest = plan.prefix { $0 != " " }
        return digest.prefix(12) + "…" + plan.dropFirst(digest.count)
    }

    /// "pid N on HOST", then "plan DIGEST", into a lock this process holds exclusively.
    private func writeOwner(_ lock: Int32, plan: String) {
        var host = [CChar](repeating: 0, count: 256)
        gethostname(&host, host.count - 1)
        let text = Array("pid \(getpid()) on \(String(cString: host))\nplan \(plan)\n".utf8)
        ftruncate(lock, 0)
        _ = text.withUnsafeBytes { pwrite(lock, $0.baseAddress, $0.count, 0) }
    }

    /// What a lock's holder wrote: who it is, and its plan's digest when it said.
    private func owner(of lock: Int32) -> (owner: String, plan: String?)? {
        var buffer = [UInt8](repeating: 0, count: 400)
        let n = buffer.withUnsafeMutableBytes { pread(lock, $0.baseAddress, $0.count, 0) }
        guard n > 0 else { return nil }
        let lines = String(decoding: buffer[0..<n], as: UTF8.self).split(separator: "\n").map(String.init)
        guard let first = lines.first, first.hasPrefix("pid ") else { return nil }
        let plan = lines.dropFirst().first { $0.hasPrefix("plan ") }.map { String($0.dropFirst(5)) }
        // Written by whoever holds the lock, maybe a co-user: escaped, so it cannot send the
        // terminal commands or break the message's line.
        return (MessageText.path(first), plan.map(MessageText.path))
    }

    /// The owner of a shard lock some other process holds now, if any (`except`: this run's own).
    /// A shard lock that cannot be opened (a link, a second name) is an error naming it: it
    /// would hide a running shard from the check.
    private func heldShardOwner(except mine: String? = nil) throws(BatchRunError) -> (owner: String, plan: String?)? {
        for name in names() where name.hasPrefix("ledger-shard-") && name.hasSuffix(".lock") && name != mine {
            let lock = try open(name, O_RDWR)
            defer { close(lock) }
            if flock(lock, LOCK_EX | LOCK_NB) == 0 {
                flock(lock, LOCK_UN)
                continue
            }
            return owner(of: lock) ?? ("pid unknown", nil)
        }
        return nil
    }
}
