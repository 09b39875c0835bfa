/// Turns the SOURCE arguments of `batch` into jobs: a directory (every `*.json` below it,
/// sorted by path), trip files, or JSON Lines manifests (`*.jsonl`).
import Foundation
import ItineraryExport
import StrictJSON
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
    static func jobs(
        sources: [String], defaults: JobDefaults, excluding: [String] = []
    ) -> (jobs: [BatchJob], problems: [String], notes: [String]) {
        var jobs: [BatchJob] = []
        var problems: [String] = []
        var notes: [String] = []
        // By device and inode, so the same folder or report reached by another spelling
        // (through a link: `$HOME/x` and `/gpfs/users/x`) is still left out; with the names
        // they may be met under, to stat only entries that could be one of them.
        var excluded = Exclusions()
        for path in excluding {
            guard let key = FileKey(path: path) else { continue }
            excluded.files.insert(key)
            excluded.names.insert(Array(PathText.name(path).utf8))
            if let real = OutputPath.realPath(path) { excluded.names.insert(Array(PathText.name(real).utf8)) }
        }
        for source in sources {
            var info = stat()
            guard !source.isEmpty, stat(source, &info) == 0 else {
                problems.append(
                    "\(source.isEmpty ? "\"\"" : source): \(source.isEmpty ? "no such file or directory" : AtomicFile.systemMessage())"
                )
                continue
            }
            if info.st_mode & S_IFMT == S_IFDIR {
                let listing = tripsBelow(source, excluding: excluded)
                problems += listing.problems
                notes += listing.notes
                if listing.found.isEmpty && listing.problems.isEmpty {
                    problems.append("\(MessageText.path(source)): no *.json trip files below this directory")
                }
                let base = source.hasSuffix("/") ? source : source + "/"
                for (relative, refusal) in listing.found {
                    jobs.append(
                        BatchJob(
                            trip: base + relative, output: pdfName(for: relative), template: defaults.template,
                            paper: defaults.paper, origin: MessageText.path(base + relative), refusal: refusal))
                }
            } else if source.hasSuffix(".jsonl") {
                guard info.st_mode & S_IFMT == S_IFREG else {
                    problems.append(
                        "\(MessageText.path(source)): \(notAFile(info).replacingOccurrences(of: "the trip", with: "the manifest").replacingOccurrences(of: "trips", with: "manifests"))"
                    )
                    continue
                }
                let manifest = Manifest.jobs(path: source, defaults: defaults)
                let first = jobs.count
                jobs += manifest.jobs
                problems += manifest.problems
                // A manifest's trip that is there but is not a file (a pipe would hold a worker
                // until the timeout, twice) is refused now; a missing one fails when it runs.
                for i in first..<jobs.count where jobs[i].refusal == nil {
                    var trip = stat()
                    if stat(jobs[i].trip, &trip) == 0 && trip.st_mode & S_IFMT != S_IFREG {
                        jobs[i].refusal = notAFile(trip)
                    }
                }
            } else {
                let name = PathText.name(source)
                // "-" is a file here, never standard input (a worker's input is its job pipe).
                jobs.append(
                    BatchJob(
                        trip: source == "-" ? "./-" : source, output: pdfName(for: name), template: defaults.template,
                        paper: defaults.paper, origin: MessageText.path(source),
                        refusal: info.st_mode & S_IFMT == S_IFREG ? nil : notAFile(info)))
            }
            if jobs.count > BatchLimits.maximumJobs {
                return (jobs, problems + ["more than \(BatchLimits.maximumJobs) jobs: split the batch"], notes)
            }
        }
        return (jobs, problems, notes)
    }

    /// What a directory source holds: its trips (relative paths, sorted bytewise so the order
    /// does not depend on the file system or the locale), with a refusal for each entry that
    /// cannot be a job; problems that stop the batch; and notes on what was left out and why.
    struct DirectoryListing {
        var found: [(path: String, refusal: String?)] = []
        var problems: [String] = []
        var notes: [String] = []
    }

    /// The `*.json` entries below `root`. Hidden files and directories (a leading dot) are
    /// skipped, and so are the `excluding` paths (absolute). Links to directories are followed,
    /// after every directory reached without one, each real directory once: a link to one
    /// listed already (a loop, or a second way in) is a note, never a second copy of its trips.
    /// An entry that cannot be a trip (a dangling link, a loop of links, a pipe or a device) is
    /// a job refused with the reason; a directory that cannot be read, or a name that is not
    /// UTF-8, is a problem. No trip is ever silently left out.
    /// Files a directory listing leaves out (`jobs(sources:defaults:excluding:)`).
    struct Exclusions {
        var files: Set<FileKey> = []
        var names: Set<[UInt8]> = []
    }

    static func tripsBelow(_ root: String, excluding: Exclusions = Exclusions()) -> DirectoryListing {
        var listing = DirectoryListing()
        var found: [([UInt8], String?)] = []
        let rootBytes = Array(root.utf8)
        // Only an entry whose name is the last part of an excluded path can be one: the full
        // path is built for those alone.
        var listed: [FileKey: [UInt8]] = [:]
        var rootInfo = stat()
        if stat(root, &rootInfo) == 0 { listed[FileKey(rootInfo)] = [] }
        var pending: [[UInt8]] = [[]]
        /// Links to directories met so far, followed once every directory without one is listed.
        var links: [[UInt8]] = []
        func text(_ relative: [UInt8]) -> String {
            String(decoding: relative.isEmpty ? rootBytes : rootBytes + [0x2F] + relative, as: UTF8.self)
        }
        while true {
            guard let relative = pending.popLast() else {
                // The next link in byte order: which name a directory is listed under does not
                // depend on the order readdir gives.
                guard let next = links.indices.min(by: { links[$0].lexicographicallyPrecedes(links[$1]) }) else {
                    break
                }
                let link = links.remove(at: next)
                var info = stat()
                guard stat(text(link), &info) == 0 else { continue }
                let id = FileKey(info)
                if let earlier = listed[id] {
                    let holds = earlier.isEmpty || link.starts(with: earlier + [0x2F])
                    listing.notes.append(
                        holds
                            ? "\(text(link)): a link to \(text(earlier)), which holds it (a loop): not followed"
                            : "\(text(link)): a link to \(text(earlier)), listed already: its trips are listed once, under \(text(earlier))"
                    )
                    continue
                }
                listed[id] = link
                pending.append(link)
                continue
            }
            let dirName = text(relative)
            guard let dir = opendir(dirName) else {
                listing.problems.append("cannot list \(dirName): \(AtomicFile.systemMessage())")
                continue
            }
            defer { closedir(dir) }
            while true {
                errno = 0
                guard let entry = readdir(dir) else {
                    if errno != 0 { listing.problems.append("cannot list \(dirName): \(AtomicFile.systemMessage())") }
                    break
                }
                let name = DirectoryEntry.name(entry)
                if name.first == 0x2E { continue }  // ".", "..", hidden
                let child = relative.isEmpty ? name : relative + [0x2F] + name
                let isJSON = name.count > 5 && name.suffix(5).elementsEqual(".json".utf8)
                var type = entry.pointee.d_type
                // What a trip entry that is not a regular file is refused with.
                var refusal: String?
                if type == UInt8(DT_UNKNOWN) || type == UInt8(DT_LNK) {
                    let full = text(child)
                    var info = stat()
                    if lstat(full, &info) == 0 && info.st_mode & S_IFMT != S_IFLNK {
                        type =
                            info.st_mode & S_IFMT == S_IFDIR
                            ? UInt8(DT_DIR) : info.st_mode & S_IFMT == S_IFREG ? UInt8(DT_REG) : UInt8(DT_FIFO)
                        if type == UInt8(DT_FIFO) { refusal = Self.notAFile(info) }
                    } else if stat(full, &info) == 0 {
                        if info.st_mode & S_IFMT == S_IFDIR {
                            type = UInt8(DT_LNK)
                        } else {
                            type = UInt8(DT_REG)
                            if info.st_mode & S_IFMT != S_IFREG { refusal = Self.notAFile(info) }
                        }
                    } else {
                        // A dangling link, a loop of links, or one that may not be followed.
                        let why = errno
                        guard isJSON else { continue }
                        type = UInt8(DT_REG)
                        let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: full)) ?? "?"
                        refusal =
                            why == ENOENT
                            ? "the trip is a symbolic link to \(MessageText.path(target)), which does not exist"
                            : why == ELOOP
                                ? "the trip is a loop of symbolic links (through \(MessageText.path(target)))"
                                : "the trip cannot be read: \(AtomicFile.systemMessage(why))"
                    }
                } else if type != UInt8(DT_DIR) && type != UInt8(DT_REG) && isJSON {
                    var info = stat()
                    refusal = lstat(text(child), &info) == 0 ? Self.notAFile(info) : "the trip is not a regular file"
                }
                let isTrip = type != UInt8(DT_DIR) && type != UInt8(DT_LNK) && isJSON
                if !isTrip && type == UInt8(DT_REG) && name.count > 5
                    && String(decoding: name.suffix(5), as: UTF8.self).lowercased() == ".json"
                {
                    // `A.JSON` is listed by nobody else's rule either; say so rather than drop it.
                    listing.notes.append(
                        "\(text(child)): not listed: a trip's name ends in .json, in lower case; rename it to list it")
                    continue
                }
                guard type == UInt8(DT_DIR) || type == UInt8(DT_LNK) || isTrip else { continue }
                if excluding.names.contains(name), let key = FileKey(path: text(child)), excluding.files.contains(key) {
                    continue
                }
                guard String(validating: name, as: UTF8.self) != nil else {
                    listing.problems.append("\(text(child)): the name is not UTF-8; rename it")
                    continue
                }
                if type == UInt8(DT_LNK) {
                    links.append(child)
                } else if type == UInt8(DT_DIR) {
                    // A directory reached without a link, met again (a bind mount): once.
                    var info = stat()
                    if stat(text(child), &info) == 0 {
                        if listed[FileKey(info)] != nil { continue }
                        listed[FileKey(info)] = child
                    }
                    pending.append(child)
                } else {
                    found.append((child, refusal))
                }
            }
        }
        found.sort { $0.0.lexicographicallyPrecedes($1.0) }
        listing.found = found.map { (String(decoding: $0.0, as: UTF8.self), $0.1) }
        return listing
    }

    /// Why a trip that is not a regular file is refused.
    static func notAFile(_ info: stat) -> String {
        let kind: String
        switch info.st_mode & S_IFMT {
        case S_IFIFO: kind = "a named pipe"
        case S_IFSOCK: kind = "a socket"
        case S_IFCHR, S_IFBLK: kind = "a device"
        case S_IFDIR: kind = "a directory"
        default: kind = "not a regular file"
        }
        return "the trip is \(kind), not a file: a batch reads trips from regular files only"
    }
}
