/// The resume ledger: one line per finished job, appended the moment its PDF is in place, in
/// `OUT/.export-itinerary/`. A killed supervisor loses at most the lines of jobs it had not
/// yet heard of (they are done again); a torn last line is ignored.
///
/// Line format (tab-separated, version first):
/// `1 <output> <context> <trip sha256> <trip stamp> <pdf stamp>`, stamps as `size:mtime-ns:inode`;
/// the context is the hash of everything the PDF depends on but the trip (`FingerprintContext`),
/// so a job's whole fingerprint is the pair (context, trip SHA-256).
/// Output paths of a plan hold no control characters, so tabs and newlines cannot occur in them.
import Digests
import Foundation
import ItineraryExport
import ItineraryModel
#if canImport(Glibc)
import Glibc
#endif

/// One line of the ledger: a finished job's output, its fingerprint (context and trip hash), and
/// the trip and PDF as they were on disk.
public struct LedgerEntry: Sendable, Equatable {
    /// The job's output path, relative to the output directory: the entry's key.
    public var output: String
    /// `FingerprintContext.context(...)` of the job: template, paper, program, fonts, epoch.
    public var context: String
    /// SHA-256 of the trip bytes the worker read and rendered.
    public var tripSHA256: String
    /// The trip file as it was when the job was handed out. Kept for whoever reads the ledger;
    /// `--resume` decides by the trip's hash, never by this.
    public var trip: FileStamp
    /// The PDF as the job left it: a later change to it means the entry no longer describes it.
    public var pdf: FileStamp

    var line: String {
        "1\t\(output)\t\(context)\t\(tripSHA256)\t\(trip.text)\t\(pdf.text)\n"
    }

    init(output: String, context: String, tripSHA256: String, trip: FileStamp, pdf: FileStamp) {
        self.output = output
        self.context = context
        self.tripSHA256 = tripSHA256
        self.trip = trip
        self.pdf = pdf
    }

    init?(line: Substring) {
        var bytes = Array(line.utf8)
        guard let entry = bytes.withUnsafeMutableBufferPointer({ LedgerEntry(bytes: UnsafeBufferPointer($0)) }) else {
            return nil
        }
        self = entry
    }

    /// Parses one line's bytes (no newline). Bytes, not Characters: a 100,000-line ledger is
    /// read in milliseconds, where splitting Strings by grapheme took seconds.
    init?(bytes: UnsafeBufferPointer<UInt8>) {
        var fields: [UnsafeBufferPointer<UInt8>] = []
        fields.reserveCapacity(6)
        var start = 0
        for i in 0...bytes.count where i == bytes.count || bytes[i] == 0x09 {
            fields.append(UnsafeBufferPointer(rebasing: bytes[start..<i]))
            start = i + 1
        }
        guard fields.count == 6, fields[0].count == 1, fields[0][0] == 0x31, fields[2].count == 64,
            fields[3].count == 64,
            let output = String(validating: fields[1], as: UTF8.self), !output.isEmpty,
            let trip = FileStamp(bytes: fields[4]), let pdf = FileStamp(bytes: fields[5])
        else { return nil }
        self.init(
            output: output, context: String(decoding: fields[2], as: UTF8.self),
            tripSHA256: String(decoding: fields[3], as: UTF8.self), trip: trip, pdf: pdf)
    }
}

extension FileStamp {
    /// `size:mtime-ns:inode` from bytes.
    init?(bytes: UnsafeBufferPointer<UInt8>) {
        var numbers: [UInt64] = []
        var value: UInt64 = 0
        var digits = 0
        for byte in bytes {
            if byte == 0x3A {
                guard digits > 0 else { return nil }
                numbers.append(value)
                value = 0
                digits = 0
            } else if byte >= 0x30 && byte <= 0x39 && digits < 19 {
                value = value * 10 + UInt64(byte - 0x30)
                digits += 1
            } else {
                return nil
            }
        }
        guard digits > 0, numbers.count == 2, numbers[0] <= UInt64(Int64.max), numbers[1] <= UInt64(Int64.max) else {
            return nil
        }
        self.init(size: Int64(numbers[0]), modified: Int64(numbers[1]), inode: value)
    }
}

/// Calls `body` with the bytes of every line of `data` (without its newline).
func forEachLine(_ data: Data, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    data.withUnsafeBytes { raw in
        let bytes = raw.bindMemory(to: UInt8.self)
        var start = 0
        for i in 0..<bytes.count where bytes[i] == 0x0A {
            if i > start { body(UnsafeBufferPointer(rebasing: bytes[start..<i])) }
            start = i + 1
        }
    }
}

/// The resume ledger of one output directory: the entries of every earlier run read back, this
/// run's finished jobs appended to its own file, and whether a PDF is still up to date.
public final class Ledger {
    /// The state folder inside the output directory (`.export-itinerary`) that holds the ledgers.
    public static let directoryName = StateDirectory.name
    /// The entries of every ledger in the directory (all shards'), newest PDF per output (keyed
    /// by the output's bytes: `PathKey`).
    public private(set) var entries: [PathKey: LedgerEntry] = [:]
    /// This run's own file, as messages name it.
    public let path: String
    /// This run's own file's name in the state folder, and its lock's (one per shard).
    private let fileName: String
    private let shardLockName: String?
    private let state: StateDirectory
    private let shard: Shard?
    private var fd: Int32 = -1

    /// Reads every `ledger*.tsv` in `OUT/.export-itinerary/`; this run appends to its own file
    /// (one per shard, so shards sharing an output directory never write the same file). The
    /// folder and its files are opened without following links (`StateDirectory`): a link
    /// there is an error naming it. `root`: the output directory as the batch holds it open,
    /// the folder is reached through it.
    public convenience init(outputDirectory: String, shard: Shard?) throws(BatchRunError) {
        try self.init(outputDirectory: outputDirectory, shard: shard, root: nil)
    }

    init(outputDirectory: String, shard: Shard?, root: DirectoryHandle?) throws(BatchRunError) {
        self.shard = shard
        state = try StateDirectory(outputDirectory: outputDirectory, root: root)
        let stem = shard.map { "ledger-shard-\($0.index)-of-\($0.count)" } ?? "ledger"
        fileName = stem + ".tsv"
        shardLockName = shard.map { _ in stem + ".lock" }
        path = state.path + "/" + fileName
        for name in state.names() where name.hasPrefix("ledger") && name.hasSuffix(".tsv") {
            guard let data = try state.read(name) else { continue }
            let own = name == fileName
            // A torn last line has no newline: it is not read, and the next append starts a line.
            if own && data.last != nil && data.last != 0x0A { tornEnd = true; needsCompaction = true }
            forEachLine(data) { line in
                guard let entry = LedgerEntry(bytes: line) else {
                    if own { needsCompaction = true }
                    return
                }
                if own { remember(entry) }
                let key = PathKey(entry.output)
                if let known = entries[key], known.pdf.modified > entry.pdf.modified { return }
                entries[key] = entry
            }
        }
    }

    /// Takes this run's locks (`StateDirectory.lockRun`): a whole-plan run excludes every other
    /// batch on the directory, a shard's run excludes a whole-plan run and another run of the
    /// same shard; shards of a plan run side by side, and a shard of another plan is refused
    /// (`plan`: the plan's digest, which with the shard count names the plan to the shards
    /// beside this one). Then opens this run's file for appending.
    public func lock(plan: String) throws(BatchRunError) {
        try state.lockRun(
            shardLock: shardLockName,
            plan: shard.map { "\(plan) in \($0.count) shard\($0.count == 1 ? "" : "s")" } ?? plan)
        try openForAppending()
    }

    /// Opens this run's file for appending (never through a link), ending a torn last line.
    private func openForAppending() throws(BatchRunError) {
        fd = try state.open(fileName, O_WRONLY | O_APPEND | O_CREAT)
        if tornEnd { _ = write(fd, "\n", 1); tornEnd = false }
    }

    /// Whether the PDF at `pdfPath` is what the job would make now: the ledger describes the file
    /// as it is, and the fingerprint is unchanged. The trip's bytes are hashed every time: a
    /// trip is small (at most `TripLoader.maximumBytes`), and its size, time and inode say
    /// nothing of an edit in place that kept the size and restored the time.
    public func isUpToDate(output: String, pdfPath: String, tripPath: String, context: String) -> Bool {
        isUpToDate(output: output, pdf: FileStamp.of(pdfPath), tripPath: tripPath, context: context)
    }

    /// The same, with the PDF's stamp already taken (`nil`: there is none).
    public func isUpToDate(output: String, pdf: FileStamp?, tripPath: String, context: String) -> Bool {
        guard let entry = entries[PathKey(output)], entry.context == context, let pdf, pdf == entry.pdf,
            let tripSHA = Self.tripDigest(tripPath)
        else { return false }
        return entry.tripSHA256 == tripSHA
    }

    /// SHA-256 of a trip file's bytes, read as the worker reads it (a regular file only, at most
    /// one byte past the trip size limit); nil when it cannot be read.
    static func tripDigest(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) <= TripLoader.maximumBytes
        else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
        var count = 0
        while count < bytes.count {
            let n = bytes[count...].withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { return nil }
            if n == 0 { break }
            count += n
        }
        // Grown past its size while read: not what any job saw.
        guard count <= Int(info.st_size) else { return nil }
        return SHA256Hex.of(Array(bytes[0..<count]))
    }

    /// Appends one entry with a single write, after the PDF was renamed into place.
    public func record(_ entry: LedgerEntry) {
        entries[PathKey(entry.output)] = entry
        remember(entry)
        // Not locked (a library caller): opened here.
        if fd < 0, (try? openForAppending()) == nil { return }
        // The file gained a second name while the batch ran (a `cp -al` snapshot of the
        // directory) or lost its only one: appending would write into the snapshot, or into
        // nothing. This run's lines (this one included) go into a file of its own instead.
        var info = stat()
        if fstat(fd, &info) == 0 && info.st_nlink != 1 {
            close(fd)
            fd = -1
            guard (try? state.replace(fileName, with: ownText())) != nil else { return }
            needsCompaction = false
            _ = try? openForAppending()
            return
        }
        let bytes = Array(entry.line.utf8)
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    }

    /// This run's own file as it will be compacted: the newest line per output, first-seen order.
    private var ownLatest: [PathKey: LedgerEntry] = [:]
    private var ownOrder: [PathKey] = []

    /// Whether the file holds lines the compacted one would not (repeats, or torn lines).
    private var needsCompaction = false
    /// The file ends in the middle of a line (a supervisor killed while appending).
    private var tornEnd = false

    private func remember(_ entry: LedgerEntry) {
        let key = PathKey(entry.output)
        if ownLatest.updateValue(entry, forKey: key) == nil { ownOrder.append(key) } else { needsCompaction = true }
    }

    /// Rewrites this run's file with one line per output (the newest), so reruns do not grow it.
    /// Made from what this run read and recorded; the file is this run's alone (it holds the lock).
    public func compact() {
        if fd >= 0 { close(fd); fd = -1 }
        guard needsCompaction, !ownOrder.isEmpty else { return }
        try? state.replace(fileName, with: ownText())
    }

    /// This run's file as it stands compacted: the newest line per output, first-seen order.
    private func ownText() -> Data {
        var text = ""
        text.reserveCapacity(ownOrder.count * 200)
        for output in ownOrder { text += ownLatest[output]!.line }
        return Data(text.utf8)
    }

    deinit {
        if fd >= 0 { close(fd) }
    }
}
