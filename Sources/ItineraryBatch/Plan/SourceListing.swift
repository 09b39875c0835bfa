/// Turns the SOURCE arguments of `batch` into jobs: a directory (every `*.json` below it,
/// sorted by path), trip files, or JSON Lines manifests (`*.jsonl`).
import Foundation
import ItineraryExport
#if canImport(Glibc)
import Glibc
#endif

enum SourceListing {
    /// `a/b.json` → `a/b.pdf`; any other name gets `.pdf` added.
    static func pdfName(for tripPath: String) -> String {
        tripPath.hasSuffix(".json") ? String(tripPath.dropLast(5)) + ".pdf" : tripPath + ".pdf"
    }

    /// The jobs of every source in argument order, or every problem found. `excluding`: paths
    /// (the output directory, the report) a directory listing leaves out, so a report or an
    /// output tree inside a source is never taken for trips.
    static func jobs(sources: [String], defaults: JobDefaults, excluding: [String] = []) -> (jobs: [BatchJob], problems: [String]) {
        var jobs: [BatchJob] = []
        var problems: [String] = []
        let excluded = Set(excluding.map(absolute))
        for source in sources {
            var info = stat()
            guard !source.isEmpty, stat(source, &info) == 0 else {
                problems.append("\(source.isEmpty ? "\"\"" : source): \(source.isEmpty ? "no such file or directory" : AtomicFile.systemMessage())")
                continue
            }
            if info.st_mode & S_IFMT == S_IFDIR {
                let listing = tripsBelow(source, excluding: excluded)
                problems += listing.problems
                if listing.found.isEmpty && listing.problems.isEmpty { problems.append("\(source): no *.json trip files below this directory") }
                let base = source.hasSuffix("/") ? source : source + "/"
                for relative in listing.found {
                    jobs.append(BatchJob(trip: base + relative, output: pdfName(for: relative), template: defaults.template,
                                         paper: defaults.paper, origin: base + relative))
                }
            } else if source.hasSuffix(".jsonl") {
                let manifest = Manifest.jobs(path: source, defaults: defaults)
                jobs += manifest.jobs
                problems += manifest.problems
            } else {
                let name = (source as NSString).lastPathComponent
                // "-" is a file here, never standard input (a worker's input is its job pipe).
                jobs.append(BatchJob(trip: source == "-" ? "./-" : source, output: pdfName(for: name), template: defaults.template,
                                     paper: defaults.paper, origin: source))
            }
            if jobs.count > BatchLimits.maximumJobs {
                return (jobs, problems + ["more than \(BatchLimits.maximumJobs) jobs: split the batch"])
            }
        }
        return (jobs, problems)
    }

    /// `path` made absolute and tidied (`.`, `..`, doubled slashes), without resolving links.
    static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }


    /// Paths (relative to `root`) of the `*.json` files below it, sorted bytewise so the order
    /// does not depend on the file system or the locale. Hidden files and directories (a
    /// leading dot) are skipped, links to directories are not followed (no cycles), and the
    /// `excluding` paths (absolute) are left out. A directory that cannot be read, or a name
    /// that is not UTF-8, is a problem: trips are never silently left out.
    static func tripsBelow(_ root: String, excluding: Set<String> = []) -> (found: [String], problems: [String]) {
        var found: [[UInt8]] = []
        var problems: [String] = []
        var pending: [[UInt8]] = [[]]
        let rootBytes = Array(root.utf8)
        let absoluteRoot = absolute(root)
        // Only an entry whose name is the last part of an excluded path can be one: the full
        // path is built for those alone.
        let excludedNames = Set(excluding.map { Array(($0 as NSString).lastPathComponent.utf8) })
        while let relative = pending.popLast() {
            var dirPath = rootBytes
            if !relative.isEmpty { dirPath += [0x2F] + relative }
            let dirName = String(decoding: dirPath, as: UTF8.self)
            guard let dir = opendir(dirName) else {
                problems.append("cannot list \(dirName): \(AtomicFile.systemMessage())")
                continue
            }
            defer { closedir(dir) }
            while true {
                errno = 0
                guard let entry = readdir(dir) else {
                    if errno != 0 { problems.append("cannot list \(dirName): \(AtomicFile.systemMessage())") }
                    break
                }
                let name: [UInt8] = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                    pointer.withMemoryRebound(to: UInt8.self, capacity: 256) { Array(UnsafeBufferPointer(start: $0, count: strlen(UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)))) }
                }
                if name.first == 0x2E { continue }  // ".", "..", hidden
                let child = relative.isEmpty ? name : relative + [0x2F] + name
                var type = entry.pointee.d_type
                let full = String(decoding: rootBytes + [0x2F] + child, as: UTF8.self)
                if type == UInt8(DT_UNKNOWN) || type == UInt8(DT_LNK) {
                    var info = stat()
                    if type == UInt8(DT_LNK) {
                        // A link to a file is a trip; a link to a directory is not followed.
                        guard stat(full, &info) == 0, info.st_mode & S_IFMT != S_IFDIR else { continue }
                        type = UInt8(DT_REG)
                    } else if lstat(full, &info) == 0 {
                        type = info.st_mode & S_IFMT == S_IFDIR ? UInt8(DT_DIR) : UInt8(DT_REG)
                    }
                }
                let isTrip = type != UInt8(DT_DIR) && name.count > 5 && name.suffix(5).elementsEqual(".json".utf8)
                guard type == UInt8(DT_DIR) || isTrip else { continue }
                if excludedNames.contains(name), excluding.contains(absoluteRoot + "/" + String(decoding: child, as: UTF8.self)) { continue }
                guard String(validating: name, as: UTF8.self) != nil else {
                    problems.append("\(full): the name is not UTF-8; rename it")
                    continue
                }
                if type == UInt8(DT_DIR) { pending.append(child) } else { found.append(child) }
            }
        }
        found.sort { $0.lexicographicallyPrecedes($1) }
        return (found.map { String(decoding: $0, as: UTF8.self) }, problems)
    }
}
