/// Where `--report` may be written: never over anything the batch reads or writes itself.
import Foundation
import ItineraryExport
import StrictJSON
#if canImport(Glibc)
import Glibc
#endif

/// Checks the report's path against the batch's own files, as the single-file command refuses
/// an output that is its input: a report that is a source (a trip file, a manifest), the trip
/// of any job, the PDF of any job, or inside the output directory's state folder would replace
/// what the batch reads, what it just made, or its ledger.
enum ReportTarget {
    /// Whether the file at `path` is an earlier batch report (so a directory listing may leave
    /// it out rather than take it for a trip).
    static func isBatchReport(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return false }
        return (try? ReportMerge.read(path: path)) != nil
    }

    /// The problem with writing the report at `report`, or nil. `rule`: the plan's inputs (every
    /// job's trip, refused jobs' too) and the kept files (`WriteRule`). `jobs`: the whole plan's,
    /// before sharding (a shard's report must not replace another shard's PDF either). The
    /// report is judged where it would land: `AtomicFile` follows links, dangling ones included.
    static func problem(report: String, outputDirectory: String, rule: WriteRule, jobs: [BatchJob]) -> String? {
        if let problem = problem(report: report, rule: rule) { return problem }
        let target = FileIdentity(AtomicFile.resolveLinks(report))
        let out = FileIdentity(outputDirectory)
        guard target.isInside(out) else { return nil }
        let relative = Array(target.canonical.dropFirst(out.canonical.count + 1))
        let state = Array(Ledger.directoryName.utf8)
        if relative == state || relative.starts(with: state + [0x2F]) {
            return
                "--report \(MessageText.path(report)) is inside \(MessageText.path(outputDirectory + "/" + Ledger.directoryName)), the batch's own state"
        }
        // Inside --out-dir: any job's PDF, by its name or through a link there.
        for job in jobs where job.refusal == nil {
            if Array(job.output.utf8) == relative
                || target.isSame(as: FileIdentity(AtomicFile.resolveLinks(outputDirectory + "/" + job.output)))
            {
                return "--report \(MessageText.path(report)) is the PDF of \(job.origin): the report would replace it"
            }
        }
        return nil
    }
}

extension ReportTarget {
    /// The problem with writing a report at `report` under `rule` alone (what `merge-reports`
    /// checks: its input reports, the store, the catalog, the installation), or nil.
    static func problem(report: String, rule: WriteRule) -> String? {
        guard let what = rule.claim(path: AtomicFile.resolveLinks(report)) else { return nil }
        return
            "--report \(MessageText.path(report)) is \(what): the report would replace \(what.hasPrefix("inside ") ? "what it keeps" : "it")"
    }
}

/// A file or folder the batch reads that no report may replace, and how messages name it.
public struct KeptPath: Sendable {
    public var path: String
    public var what: String
    public var isDirectory: Bool
    public init(_ path: String, _ what: String, isDirectory: Bool = false) {
        self.path = path
        self.what = what
        self.isDirectory = isDirectory
    }
}

/// A path as the file system resolves it: the file's device and inode when it exists, and its
/// canonical bytes (the deepest existing ancestor's real path, then the rest as written).
struct FileIdentity {
    var key: FileKey?
    var canonical: [UInt8]

    var exists: Bool { key != nil }

    init(_ path: String) {
        key = FileKey(path: path)
        // Made absolute as text but never standardised: `link/..` is the link's target's parent
        // to the kernel, not the folder holding the link, so `..` is left for realpath.
        canonical = Self.canonical(path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path)
    }

    /// Below `directory` (by canonical bytes).
    func isInside(_ directory: FileIdentity) -> Bool {
        canonical.count > directory.canonical.count + 1 && canonical.starts(with: directory.canonical + [0x2F])
    }

    /// Below the folder whose canonical bytes are `canonical`.
    func isInside(canonical folder: [UInt8]) -> Bool {
        canonical.count > folder.count + 1 && canonical.starts(with: folder + [0x2F])
    }

    func isSame(as other: FileIdentity) -> Bool {
        if let key, let otherKey = other.key { return key == otherKey }
        return canonical == other.canonical
    }

    /// `absolute` with every existing leading part resolved (links, `..` after links).
    private static func canonical(_ absolute: String) -> [UInt8] {
        var head = absolute
        var tail: [String] = []
        while !head.isEmpty, head != "/" {
            if let resolved = realpath(head, nil) {
                defer { free(resolved) }
                let base = Array(String(cString: resolved).utf8)
                return tail.isEmpty
                    ? base : base + (base == [0x2F] ? [] : [0x2F]) + Array(tail.reversed().joined(separator: "/").utf8)
            }
            tail.append(PathText.name(head))
            head = PathText.parent(head)
        }
        return Array(("/" + tail.reversed().joined(separator: "/")).utf8)
    }
}
