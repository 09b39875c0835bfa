/// Output paths of a batch stay inside `--out-dir`: checked as text when the plan is made, and
/// resolved to a path below the output directory's handle just before a job runs.
import Foundation
import ItineraryExport
import StrictJSON
#if canImport(Glibc)
import Glibc
#endif

/// The checks that keep each job's PDF inside the output directory: its path as text when the plan
/// is made, the links on its way just before the job runs.
public enum OutputPath {
    /// A path as written in a manifest's `out`, normalised (`./a//b.pdf` → `a/b.pdf`); the
    /// reason it is refused otherwise: absolute, `..`, empty, not `.pdf`, control characters.
    public static func normalise(_ raw: String) -> Result<String, OutputRefusal> {
        if isPlain(raw) { return .success(raw) }
        if raw.isEmpty { return .failure(OutputRefusal("the output path is empty")) }
        if raw.utf8.count > BatchLimits.maximumPathBytes {
            return .failure(OutputRefusal("the output path is longer than \(BatchLimits.maximumPathBytes) bytes"))
        }
        if raw.hasPrefix("/") {
            return .failure(
                OutputRefusal("the output path \(MessageText.path(raw)) is absolute: it must be relative to --out-dir"))
        }
        if raw.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return .failure(OutputRefusal("the output path contains a control character"))
        }
        var parts: [Substring] = []
        for part in raw.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." {
                return .failure(
                    OutputRefusal(
                        "the output path \(MessageText.path(raw)) contains \"..\": it must stay inside --out-dir"))
            }
            parts.append(part)
        }
        guard let name = parts.last else {
            return .failure(OutputRefusal("the output path \(MessageText.path(raw)) names no file"))
        }
        if name.hasPrefix(".") {
            // Hidden names are the batch's own (ledger, temporary files).
            return .failure(OutputRefusal("the output file name \(MessageText.path(name)) starts with a dot"))
        }
        if let hidden = parts.dropLast().first(where: { $0.hasPrefix(".") }) {
            // Hidden folders too: the batch's state lives in one (.export-itinerary).
            return .failure(
                OutputRefusal(
                    "the output path \(MessageText.path(raw)) passes through \(MessageText.path(hidden)), a folder whose name starts with a dot"
                ))
        }
        guard name.lowercased().hasSuffix(".pdf"), name.count > 4 else {
            return .failure(OutputRefusal("the output path \(MessageText.path(raw)) must end in .pdf"))
        }
        return .success(parts.joined(separator: "/"))
    }

    /// Already normal, the common case, checked on bytes: no leading, doubled or trailing
    /// slash, no `.` or `..` component, no control character, no hidden file name, ends in
    /// `.pdf`, within the length limit.
    static func isPlain(_ raw: String) -> Bool {
        let bytes = raw.utf8
        guard bytes.count > 4, bytes.count <= BatchLimits.maximumPathBytes, bytes.first != 0x2F else { return false }
        var componentStart = true
        var previous: UInt8 = 0x2F
        for byte in bytes {
            if byte < 0x20 || byte == 0x7F { return false }
            if componentStart && byte == 0x2E { return false }  // ".", "..", ".hidden"
            if byte == 0x2F && previous == 0x2F { return false }
            componentStart = byte == 0x2F
            previous = byte
        }
        return raw.hasSuffix(".pdf") && !raw.hasSuffix("/.pdf")
    }

    /// Where the job writing `relative` (a normalised output path) writes, as a path relative
    /// to `root` with the operator's links inside it resolved, its folders made through the
    /// root's handle (`mkdirat`, no link followed); or why not: a link that leads out of
    /// `--out-dir`, a link or a file in the way of a folder to make.
    static func prepare(_ relative: String, in root: OutputRoot) -> Result<String, OutputRefusal> {
        var directories: [PathKey: String] = [:]
        let target = resolvedTarget(relative, root: root.path, directories: &directories).path
        guard let written = root.relative(target) else { return .failure(leadsOut(relative)) }
        if case let .failure(failure) = root.directory(of: written, create: true) {
            return .failure(OutputRefusal(failure.reason, code: failure.code))
        }
        return .success(written)
    }

    /// A job whose output a symbolic link leads out of the output directory.
    static func leadsOut(_ relative: String) -> OutputRefusal {
        OutputRefusal(
            "\(MessageText.path(relative)) leads out of --out-dir through a symbolic link: the job is refused")
    }

    /// The file a job would really write, links resolved, without creating anything: two jobs
    /// whose outputs differ as text but meet through a link inside the directory would
    /// overwrite each other (and each would take the other's PDF for its own on `--resume`).
    /// `directories` caches resolved directories across calls.
    /// With it, the stamp of the file there when it is a regular file (no second `stat` for the
    /// resume check).
    static func resolvedTarget(
        _ relative: String, root: String, directories: inout [PathKey: String]
    ) -> (path: String, stamp: FileStamp?) {
        // (String slicing, not NSString's path methods: this runs for every job of a plan.)
        let slash = relative.lastIndex(of: "/")
        let directory = slash.map { String(relative[..<$0]) } ?? ""
        let name = slash.map { String(relative[relative.index(after: $0)...]) } ?? relative
        let resolvedDirectory: String
        if let known = directories[PathKey(directory)] {
            resolvedDirectory = known
        } else {
            // The deepest part that exists, resolved; the rest (to be created) appended.
            var existing = directory.split(separator: "/").map(String.init)
            var missing: [String] = []
            var resolved: String?
            while resolved == nil {
                resolved = realPath(([root] + existing).joined(separator: "/"))
                if resolved == nil {
                    guard let last = existing.popLast() else { break }
                    missing.insert(last, at: 0)
                }
            }
            resolvedDirectory = ([resolved ?? root] + missing).joined(separator: "/")
            directories[PathKey(directory)] = resolvedDirectory
        }
        let path = resolvedDirectory + "/" + name
        var info = stat()
        guard lstat(path, &info) == 0 else { return (path, nil) }
        guard info.st_mode & S_IFMT == S_IFLNK else {
            return (path, info.st_mode & S_IFMT == S_IFREG ? FileStamp(info) : nil)
        }
        // A link as the last name: the file it leads to, its folder resolved.
        let linked = AtomicFile.resolveLinks(path)
        let target =
            (realPath(PathText.parent(linked)) ?? PathText.parent(linked)) + "/" + PathText.name(linked)
        return (target, FileStamp.of(target))
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func inside(_ path: String, _ root: String) -> Bool {
        path == root || path.hasPrefix(root == "/" ? "/" : root + "/")
    }
}

/// Why one job's output path was refused; the job fails, the others run.
public struct OutputRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    public var reason: String
    /// The system error behind it, when there is one (a folder that could not be made): the
    /// supervisor stops the batch when it concerns the whole output (`OutputFault`).
    public var code: Int32?
    public init(_ reason: String, code: Int32? = nil) {
        self.reason = reason
        self.code = code
    }
    public var description: String { reason }
}
