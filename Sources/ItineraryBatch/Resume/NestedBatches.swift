/// Batches on nested output folders (`pdfs/` and `pdfs/2026/`) exclude each other, as two
/// batches on one folder do.
import StrictJSON
import Foundation
import ItineraryExport
#if canImport(Glibc)
import Glibc
#endif

/// Looks for a batch running on a folder that contains this run's `--out-dir` or lies inside
/// it: each would write the other's PDFs (one plan's `2026/a.pdf` is the other's `a.pdf`), and
/// both reports would say ok. A running batch holds its folder's `batch.lock` (`flock`,
/// exclusive or shared), so a lock that cannot be taken at once is a running batch. Only read:
/// nothing outside this run's `--out-dir` is made or written.
enum NestedBatches {
    /// Throws exit 2 naming the other batch's folder when one is running above or below `root`.
    /// Called with this run's own lock held: two nested batches starting at once may both
    /// refuse, never both run.
    static func check(_ root: OutputRoot) throws(BatchRunError) {
        var above = PathText.parent(root.realPath)
        while !above.isEmpty {
            if let owner = runningBatch(in: above) { throw refusal(other: above, owner: owner, contains: true, root) }
            if above == "/" { break }
            above = PathText.parent(above)
        }
        if let (folder, owner) = runningBatch(below: root.handle, path: "", depth: 0) {
            throw refusal(other: root.path + "/" + folder, owner: owner, contains: false, root)
        }
    }

    private static func refusal(other: String, owner: String, contains: Bool, _ root: OutputRoot) -> BatchRunError {
        BatchRunError(
            "another batch is writing \(MessageText.path(other)) (\(owner)), which \(contains ? "contains" : "lies inside") \(MessageText.path(root.path)): "
                + "batches on nested folders would write each other's PDFs; wait for it to finish, or give this one a folder of its own",
            exitCode: ExitCode.usage)
    }

    /// The owner line of the batch running in the folder at `path`, if one is.
    private static func runningBatch(in path: String) -> String? {
        let folder = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { return nil }
        defer { close(folder) }
        return runningBatch(at: folder)
    }

    /// The owner line of the batch running in the folder `fd`, if one is: its state folder's
    /// `batch.lock` held by someone (opened without following links, read only).
    private static func runningBatch(at fd: Int32) -> String? {
        let state = openat(fd, StateDirectory.name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard state >= 0 else { return nil }
        defer { close(state) }
        let lock = openat(state, StateDirectory.runLockName, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard lock >= 0 else { return nil }
        defer { close(lock) }
        if flock(lock, LOCK_EX | LOCK_NB) == 0 {
            flock(lock, LOCK_UN)
            return nil
        }
        var buffer = [UInt8](repeating: 0, count: 200)
        let n = buffer.withUnsafeMutableBytes { pread(lock, $0.baseAddress, $0.count, 0) }
        let first = n > 0 ? String(decoding: buffer[0..<n], as: UTF8.self).split(separator: "\n").first : nil
        // Written by whoever holds the lock, maybe a co-user: escaped (`MessageText.path`).
        return first.map(String.init).flatMap { $0.hasPrefix("pid ") ? MessageText.path($0) : nil } ?? "pid unknown"
    }

    /// The folder (relative to `root`) and owner of a batch running on a folder between
    /// `root` and the folder `relative` (both excluded from the first, included from the
    /// second), asked as a job is handed out: a batch on `pdfs/2026` started after this one on
    /// `pdfs` began (or reached through another path, a bind mount) is met before a PDF of
    /// this run lands in its folder.
    static func runningBatch(on relative: String, below root: OutputRoot) -> (String, String)? {
        var walked = ""
        for part in relative.split(separator: "/", omittingEmptySubsequences: true) {
            walked += (walked.isEmpty ? "" : "/") + part
            guard case let .success(folder) = root.handle.descend(walked, create: false) else { return nil }
            if let owner = runningBatch(at: folder.fd) { return (walked, owner) }
        }
        return nil
    }

    /// How deep below `--out-dir` the check looks at start. A tree a co-user made deeper (15,000
    /// folders would overflow the stack, or run out of descriptors) is not walked further; a
    /// batch running down there is still met by each job headed into its folder
    /// (`runningBatch(on:below:)`).
    static let deepestLook = 64

    /// The first folder below `directory` (depth first, links not followed, the state folder
    /// not entered, at most `deepestLook` levels) where a batch is running, relative to the
    /// root, with its owner.
    private static func runningBatch(below directory: DirectoryHandle, path: String, depth: Int) -> (String, String)? {
        guard depth < deepestLook else { return nil }
        let listing = dup(directory.fd)
        guard listing >= 0, let dir = fdopendir(listing) else {
            if listing >= 0 { close(listing) }
            return nil
        }
        rewinddir(dir)
        var folders: [String] = []
        while let entry = readdir(dir) {
            let name = String(decoding: DirectoryEntry.name(entry), as: UTF8.self)
            guard name != ".", name != "..", name != StateDirectory.name else { continue }
            // d_type saves a stat per PDF; a file system that does not fill it in says unknown.
            let type = entry.pointee.d_type
            if type == UInt8(DT_DIR) || type == UInt8(DT_UNKNOWN) { folders.append(name) }
        }
        closedir(dir)
        for name in folders {
            guard case let .success(sub) = directory.descend(name, create: false) else { continue }
            let relative = path.isEmpty ? name : path + "/" + name
            if let owner = runningBatch(at: sub.fd) { return (relative, owner) }
            if let found = runningBatch(below: sub, path: relative, depth: depth + 1) { return found }
        }
        return nil
    }
}
