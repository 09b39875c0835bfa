/// `--out-dir`, held open for the whole batch: the handle every PDF, temporary and report
/// inside it is written, renamed and removed through.
import StrictJSON
import Foundation
import ItineraryExport
#if canImport(Glibc)
import Glibc
#endif

/// The output directory, opened once. Paths inside it are kept relative to it and reached
/// from its handle (`DirectoryHandle`), never by an absolute path checked earlier.
final class OutputRoot: Sendable {
    /// `--out-dir` as given, for messages.
    let path: String
    /// Its real path when it was opened: a resolved target is inside it when it starts with it.
    let realPath: String
    let handle: DirectoryHandle

    /// Opens `path`, which must be a directory (the batch made it).
    init(path: String) throws(BatchRunError) {
        self.path = path
        // Above the descriptors a worker is given (`WorkerWire.outputDirectoryDescriptor`).
        switch DirectoryHandle.open(path, lowest: 10) {
        case let .success(handle): self.handle = handle
        case let .failure(failure):
            throw BatchRunError(
                "cannot open the output directory \(MessageText.path(path)): \(AtomicFile.systemMessage(failure.code))",
                exitCode: ExitCode.outputFailed)
        }
        // The kernel's name for what was opened, not a second resolution of `path` that a
        // rename in between could make another directory.
        realPath =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(handle.fd)"))
            ?? OutputPath.realPath(path) ?? path
    }

    /// `target` (an absolute path with real directories, as `OutputPath.resolvedTarget` gives)
    /// relative to the root; nil when it lies outside, or is the root itself.
    func relative(_ target: String) -> String? {
        let root = realPath == "/" ? "" : realPath
        guard target.utf8.count > root.utf8.count + 1, target.utf8.starts(with: Array(root.utf8) + [0x2F]) else {
            return nil
        }
        return String(decoding: target.utf8.dropFirst(root.utf8.count + 1), as: UTF8.self)
    }

    /// The folder of `relative`, opened from the root without following a link; `create`
    /// makes what is missing.
    func directory(of relative: String, create: Bool) -> Result<DirectoryHandle, DirectoryHandle.Failure> {
        handle.descend(PathText.parent(relative), create: create)
    }

    /// The status of the file at `relative`, no link followed anywhere on the way; nil when
    /// it cannot be reached so.
    func status(_ relative: String) -> stat? {
        guard case let .success(folder) = directory(of: relative, create: false) else { return nil }
        return folder.status(PathText.name(relative))
    }

    /// Writes `data` as `relative` in one step, through the handle (`DirectoryHandle.replace`).
    func replace(_ relative: String, with data: Data) throws(OutputError) {
        let shown = path + "/" + relative
        switch directory(of: relative, create: false) {
        case let .success(folder): try folder.replace(PathText.name(relative), with: data, shown: shown)
        case let .failure(failure): throw OutputError(path: shown, reason: failure.reason, code: failure.code)
        }
    }

    /// Removes the stale temporaries beside `outputs` (paths relative to the root), each folder
    /// reached through the handle and listed once; returns how many went.
    /// A temporary that is a file the rule keeps (a trip or template named like one) stays.
    func removeStaleTemporaries(besides outputs: some Sequence<String>, rule: WriteRule) -> Int {
        var prefixes: [PathKey: Set<[UInt8]>] = [:]
        for output in outputs {
            prefixes[PathKey(PathText.parent(output)), default: []].insert(
                Array(AtomicFile.temporaryPrefix(for: PathText.name(output)).utf8))
        }
        var removed = 0
        for (folder, wanted) in prefixes {
            guard case let .success(directory) = handle.descend(folder.description, create: false) else { continue }
            removed += directory.removeStaleTemporaries(prefixes: wanted) { rule.claim($0) == nil }
        }
        return removed
    }
}
