/// Where `--report` may be written: never over anything the batch reads or writes itself.
import Foundation
import ItineraryExport
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

    /// The problem with writing the report at `report`, or nil. `jobs`: the whole plan's, before
    /// sharding (a shard's report must not replace another shard's PDF either).
    static func problem(report: String, outputDirectory: String, sources: [String], jobs: [BatchJob]) -> String? {
        let target = FileIdentity(report)
        for source in sources where target.isSame(as: FileIdentity(source)) {
            return "--report \(report) is the source \(source): the report would replace it"
        }
        if target.exists {
            for job in jobs where target.isSame(as: FileIdentity(job.trip)) {
                return "--report \(report) is the trip of \(job.origin): the report would replace it"
            }
        }
        let out = FileIdentity(outputDirectory).canonical
        let reportPath = target.canonical
        guard reportPath.count > out.count + 1, reportPath.starts(with: out + [0x2F]) else { return nil }
        let relative = Array(reportPath.dropFirst(out.count + 1))
        let state = Array(Ledger.directoryName.utf8)
        if relative == state || relative.starts(with: state + [0x2F]) {
            return "--report \(report) is inside \(outputDirectory)/\(Ledger.directoryName), the batch's own state"
        }
        if let job = jobs.first(where: { Array($0.output.utf8) == relative }) {
            return "--report \(report) is the PDF of \(job.origin): the report would replace it"
        }
        return nil
    }
}

/// A path as the file system resolves it: the file's device and inode when it exists, and its
/// canonical bytes (the deepest existing ancestor's real path, then the rest as written).
struct FileIdentity {
    var device: UInt64?
    var inode: UInt64?
    var canonical: [UInt8]

    var exists: Bool { inode != nil }

    init(_ path: String) {
        var info = stat()
        if stat(path, &info) == 0 {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
        canonical = Self.canonical(SourceListing.absolute(path))
    }

    func isSame(as other: FileIdentity) -> Bool {
        if let inode, let otherInode = other.inode { return inode == otherInode && device == other.device }
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
                return tail.isEmpty ? base : base + (base == [0x2F] ? [] : [0x2F]) + Array(tail.reversed().joined(separator: "/").utf8)
            }
            tail.append((head as NSString).lastPathComponent)
            head = (head as NSString).deletingLastPathComponent
        }
        return Array(("/" + tail.reversed().joined(separator: "/")).utf8)
    }
}
