/// Writing a report (`batch --report`, `batch merge-reports --report`) by the rule every file of
/// the batch obeys.
import StrictJSON
import Foundation
import ItineraryExport
#if canImport(Glibc)
import Glibc
#endif

/// The named `--report`, checked and written: never over an input (a trip, a source, an input
/// report), a file of the program's installation, the store or the catalog (`WriteRule`), and
/// written through its folder's handle (`DirectoryHandle.replace`), so the name checked is the
/// name replaced.
public enum ReportFile {
    /// Why `merge-reports` may not write its report at `path`, or nil: it is one of the reports
    /// it merges, a trip they name, a kept file (`KeptPath`: the store, the catalog, the
    /// installation), or any other file that is not a batch report (a merged report replaces
    /// only an earlier report, or makes a new file).
    public static func problem(
        report path: String, merging reports: [(path: String, report: BatchReport)], kept: [KeptPath]
    ) -> String? {
        if let problem = ReportTarget.problem(report: path, rule: rule(merging: reports, kept: kept)) { return problem }
        let target = AtomicFile.resolveLinks(path)
        var info = stat()
        if lstat(target, &info) == 0, !ReportTarget.isBatchReport(target) {
            return
                "--report \(MessageText.path(path)) is a file that is not a batch report: a merged report replaces only an earlier report; name a new file"
        }
        return nil
    }

    /// Writes a merged report at `path` (checked by `problem(report:merging:kept:)`), the
    /// name checked again through its folder's handle at the moment of the write.
    public static func write(
        _ data: Data, to path: String, merging reports: [(path: String, report: BatchReport)], kept: [KeptPath]
    ) throws(OutputError) {
        try write(data, to: path, root: nil, rule: rule(merging: reports, kept: kept), replacesEmpty: false)
    }

    /// The reports merged and the trips they name (paths as the batch was given them, so
    /// from the same working directory) are inputs, with the kept files.
    private static func rule(merging reports: [(path: String, report: BatchReport)], kept: [KeptPath]) -> WriteRule {
        var files: [FileKey: String] = [:]
        func add(_ path: String, _ what: @autoclosure () -> String) {
            guard let key = FileKey(path: path), files[key] == nil else { return }
            files[key] = what()
        }
        for (path, _) in reports { add(path, "the input report \(MessageText.path(path))") }
        for (path, report) in reports {
            for job in report.jobs {
                add(job.trip, "the trip \(MessageText.path(job.trip)) of the report \(MessageText.path(path))")
            }
        }
        return WriteRule(inputs: files, kept: kept)
    }

    /// Writes `data` at `path`: the file its links lead to (the operator named it), through
    /// `root`'s handle when that lies inside `--out-dir`, else through its own folder's. The
    /// name is looked at once more, through that handle, just before it is replaced: a kept
    /// file that reached it meanwhile is an error, never replaced.
    /// `replacesEmpty`: whether an empty file may be replaced (a batch's `--report` may name
    /// one; `merge-reports` replaces only an earlier report, as its check before the merge says).
    static func write(
        _ data: Data, to path: String, root: OutputRoot?, rule: WriteRule, replacesEmpty: Bool = true
    ) throws(OutputError) {
        guard !path.isEmpty else { throw OutputError(path: path, reason: "the path is empty") }
        let target = AtomicFile.resolveLinks(path)
        let name = PathText.name(target)
        let parent = PathText.parent(target)
        let folderPath = parent.isEmpty ? "." : parent
        let folder: DirectoryHandle
        let opened: Result<DirectoryHandle, DirectoryHandle.Failure>
        if let root, let real = OutputPath.realPath(folderPath), let relative = root.relative(real + "/" + name) {
            opened = root.directory(of: relative, create: false)
        } else {
            opened = DirectoryHandle.open(folderPath)
        }
        switch opened {
        case let .success(handle): folder = handle
        case let .failure(failure):
            throw OutputError(
                path: path,
                reason: failure.code == ENOENT
                    ? "the directory \(MessageText.path(folderPath)) does not exist" : failure.reason,
                code: failure.code)
        }
        if let what = rule.claim(folder: folder) {
            throw OutputError(path: path, reason: "it lies \(what): the report would replace what it keeps")
        }
        if let info = folder.status(name) {
            if let what = rule.claim(info) {
                throw OutputError(path: path, reason: "it is \(what): the report would replace it")
            }
            // A name a co-user turned, since the check, into a link to a PDF, the batch's state
            // or any other file lands here as that file: only an earlier report is replaced.
            if info.st_mode & S_IFMT == S_IFREG, info.st_size > 0 || !replacesEmpty, !holdsReport(folder, name) {
                throw OutputError(
                    path: path,
                    reason: replacesEmpty
                        ? "it is now a file that is not a batch report: a report replaces only an earlier report or an empty file, or makes a new file"
                        : "it is now a file that is not a batch report: a merged report replaces only an earlier report, or makes a new file"
                )
            }
        }
        if isStateFolder(folder) {
            throw OutputError(
                path: path,
                reason: "it lies in \(Ledger.directoryName), the batch's own state: the report would replace it")
        }
        try folder.replace(name, with: data, shown: path)
    }

    /// Whether `folder` is a batch's state folder (any `--out-dir`'s, whatever path reached
    /// it): its parent's `.export-itinerary`, compared by device and inode.
    private static func isStateFolder(_ folder: DirectoryHandle) -> Bool {
        var here = stat(), state = stat()
        let parent = openat(folder.fd, "..", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard parent >= 0 else { return false }
        defer { close(parent) }
        guard fstat(folder.fd, &here) == 0,
            fstatat(parent, Ledger.directoryName, &state, AT_SYMLINK_NOFOLLOW) == 0
        else { return false }
        return FileKey(here) == FileKey(state)
    }

    /// Whether the regular file `name` in `folder` (not followed if a link) is a batch report.
    private static func holdsReport(_ folder: DirectoryHandle, _ name: String) -> Bool {
        let file = openat(folder.fd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard file >= 0 else { return false }
        let handle = FileHandle(fileDescriptor: file, closeOnDealloc: true)
        guard let data = try? handle.read(upToCount: BatchLimits.maximumReportBytes + 1),
            data.count <= BatchLimits.maximumReportBytes
        else { return false }
        return (try? BatchReport(reading: data)) != nil
    }
}
