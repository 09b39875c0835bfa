/// Turns the SOURCE arguments of `batch` into jobs: a directory (every `*.json` below it,
/// sorted by path), trip files, or JSON Lines manifests (`*.jsonl`).
import Foundation
#if canImport(Glibc)
import Glibc
#endif

enum SourceListing {
    /// `a/b.json` → `a/b.pdf`; any other name gets `.pdf` added.
    static func pdfName(for tripPath: String) -> String {
        tripPath.hasSuffix(".json") ? String(tripPath.dropLast(5)) + ".pdf" : tripPath + ".pdf"
    }

    /// The jobs of every source in argument order, or every problem found.
    static func jobs(sources: [String], defaults: JobDefaults) -> (jobs: [BatchJob], problems: [String]) {
        var jobs: [BatchJob] = []
        var problems: [String] = []
        for source in sources {
            var info = stat()
            guard !source.isEmpty, stat(source, &info) == 0 else {
                problems.append("\(source.isEmpty ? "\"\"" : source): no such file or directory")
                continue
            }
            if info.st_mode & S_IFMT == S_IFDIR {
                let found = tripsBelow(source)
                if found.isEmpty { problems.append("\(source): no *.json trip files below this directory") }
                let base = source.hasSuffix("/") ? source : source + "/"
                for relative in found {
                    jobs.append(BatchJob(trip: base + relative, output: pdfName(for: relative), template: defaults.template,
                                         paper: defaults.paper, origin: base + relative))
                }
            } else if source.hasSuffix(".jsonl") {
                let manifest = Manifest.jobs(path: source, defaults: defaults)
                jobs += manifest.jobs
                problems += manifest.problems
            } else {
                let name = (source as NSString).lastPathComponent
                jobs.append(BatchJob(trip: source, output: pdfName(for: name), template: defaults.template,
                                     paper: defaults.paper, origin: source))
            }
            if jobs.count > BatchLimits.maximumJobs {
                return (jobs, problems + ["more than \(BatchLimits.maximumJobs) jobs: split the batch"])
            }
        }
        return (jobs, problems)
    }

    /// Paths (relative to `root`) of the `*.json` files below it, sorted bytewise so the order
    /// does not depend on the file system or the locale. Hidden files and directories (a
    /// leading dot) are skipped, and links to directories are not followed (no cycles).
    static func tripsBelow(_ root: String) -> [String] {
        var found: [[UInt8]] = []
        var pending: [[UInt8]] = [[]]
        let rootBytes = Array(root.utf8)
        while let relative = pending.popLast() {
            var dirPath = rootBytes
            if !relative.isEmpty { dirPath += [0x2F] + relative }
            guard let dir = opendir(String(decoding: dirPath, as: UTF8.self)) else { continue }
            defer { closedir(dir) }
            while let entry = readdir(dir) {
                let name: [UInt8] = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                    pointer.withMemoryRebound(to: UInt8.self, capacity: 256) { Array(UnsafeBufferPointer(start: $0, count: strlen(UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)))) }
                }
                if name.first == 0x2E { continue }  // ".", "..", hidden
                let child = relative.isEmpty ? name : relative + [0x2F] + name
                var type = entry.pointee.d_type
                if type == UInt8(DT_UNKNOWN) || type == UInt8(DT_LNK) {
                    var info = stat()
                    let full = String(decoding: rootBytes + [0x2F] + child, as: UTF8.self)
                    if type == UInt8(DT_LNK) {
                        // A link to a file is a trip; a link to a directory is not followed.
                        guard stat(full, &info) == 0, info.st_mode & S_IFMT != S_IFDIR else { continue }
                        type = UInt8(DT_REG)
                    } else if lstat(full, &info) == 0 {
                        type = info.st_mode & S_IFMT == S_IFDIR ? UInt8(DT_DIR) : UInt8(DT_REG)
                    }
                }
                if type == UInt8(DT_DIR) {
                    pending.append(child)
                } else if name.count > 5, name.suffix(5).elementsEqual(".json".utf8) {
                    found.append(child)
                }
            }
        }
        found.sort { $0.lexicographicallyPrecedes($1) }
        return found.map { String(decoding: $0, as: UTF8.self) }
    }
}
