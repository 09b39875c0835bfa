/// The resume ledger: one line per finished job, appended the moment its PDF is in place, in
/// `OUT/.export-itinerary/`. A killed supervisor loses at most the lines of jobs it had not
/// yet heard of (they are done again); a torn last line is ignored.
///
/// Line format (tab-separated, version first):
/// `1 <output> <fingerprint> <trip sha256> <trip stamp> <pdf stamp>`, stamps as `size:mtime-ns:inode`.
/// Output paths of a plan hold no control characters, so tabs and newlines cannot occur in them.
import Foundation
import ItineraryExport
#if canImport(Glibc)
import Glibc
#endif

public struct LedgerEntry: Sendable, Equatable {
    public var output: String
    public var fingerprint: String
    public var tripSHA256: String
    /// The trip file as it was when the job was handed out.
    public var trip: FileStamp
    /// The PDF as the job left it: a later change to it means the entry no longer describes it.
    public var pdf: FileStamp

    var line: String {
        "1\t\(output)\t\(fingerprint)\t\(tripSHA256)\t\(trip.text)\t\(pdf.text)\n"
    }

    init(output: String, fingerprint: String, tripSHA256: String, trip: FileStamp, pdf: FileStamp) {
        self.output = output
        self.fingerprint = fingerprint
        self.tripSHA256 = tripSHA256
        self.trip = trip
        self.pdf = pdf
    }

    init?(line: Substring) {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
        guard fields.count == 6, fields[0] == "1", fields[2].utf8.count == 64, fields[3].utf8.count == 64,
              let trip = FileStamp(text: fields[4]), let pdf = FileStamp(text: fields[5]) else { return nil }
        self.init(output: String(fields[1]), fingerprint: String(fields[2]), tripSHA256: String(fields[3]), trip: trip, pdf: pdf)
    }
}

public final class Ledger {
    public static let directoryName = ".export-itinerary"
    /// The entries of every ledger in the directory (all shards'), newest PDF per output.
    public private(set) var entries: [String: LedgerEntry] = [:]
    /// This run's own file.
    public let path: String
    private var fd: Int32 = -1
    private var lockFD: Int32 = -1

    /// Reads every `ledger*.tsv` in `OUT/.export-itinerary/`; this run appends to its own file
    /// (one per shard, so shards sharing an output directory never write the same file).
    public init(outputDirectory: String, shard: Shard?) {
        let dir = outputDirectory + "/" + Self.directoryName
        path = dir + "/" + (shard.map { "ledger-shard-\($0.index)-of-\($0.count).tsv" } ?? "ledger.tsv")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? [])
            .filter { $0.hasPrefix("ledger") && $0.hasSuffix(".tsv") }.sorted()
        for name in names {
            guard let data = FileManager.default.contents(atPath: dir + "/" + name) else { continue }
            let text = String(decoding: data, as: UTF8.self)
            for line in text.split(separator: "\n") {
                guard let entry = LedgerEntry(line: line) else { continue }
                if let known = entries[entry.output], known.pdf.modified > entry.pdf.modified { continue }
                entries[entry.output] = entry
            }
        }
    }

    /// Takes this run's lock (`ledger….lock` beside the file): a second batch writing the same
    /// shard of the same directory would record PDFs the other one replaces.
    public func lock() throws(BatchRunError) {
        let dir = (path as NSString).deletingLastPathComponent
        mkdir(dir, 0o777)
        let lockPath = String(path.dropLast(4)) + ".lock"
        lockFD = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o666)
        guard lockFD >= 0 else {
            throw BatchRunError("cannot create \(lockPath): \(SourceListing.errnoText())", exitCode: ExitCode.outputFailed)
        }
        guard flock(lockFD, LOCK_EX | LOCK_NB) == 0 else {
            throw BatchRunError("another batch is writing to \((dir as NSString).deletingLastPathComponent) (its lock \(lockPath) is held)", exitCode: ExitCode.usage)
        }
    }

    /// Whether the PDF at `pdfPath` is what the job would make now: the ledger describes the file
    /// as it is, and the fingerprint is unchanged. The trip is hashed again when its stamp
    /// differs from the recorded one, or when it was modified within a second of the PDF being
    /// finished (an edit in the same clock tick as the read would keep its stamp: git's "racily
    /// clean" case).
    public func isUpToDate(output: String, pdfPath: String, tripPath: String, context: String) -> Bool {
        guard let entry = entries[output], let pdf = FileStamp.of(pdfPath), pdf == entry.pdf else { return false }
        var tripSHA = entry.tripSHA256
        if FileStamp.of(tripPath) != entry.trip || entry.trip.modified > entry.pdf.modified - 1_000_000_000 {
            guard let data = FileManager.default.contents(atPath: tripPath) else { return false }
            tripSHA = Digest.sha256Hex(data)
        }
        return FingerprintContext.fingerprint(context: context, tripSHA256: tripSHA) == entry.fingerprint
    }

    /// Appends one entry with a single write, after the PDF was renamed into place.
    public func record(_ entry: LedgerEntry) {
        entries[entry.output] = entry
        if fd < 0 {
            let dir = (path as NSString).deletingLastPathComponent
            mkdir(dir, 0o777)
            fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o666)
            guard fd >= 0 else { return }
        }
        let bytes = Array(entry.line.utf8)
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    }

    /// Rewrites this run's file with one line per output (the newest), so reruns do not grow it.
    public func compact() {
        if fd >= 0 { close(fd); fd = -1 }
        guard let data = FileManager.default.contents(atPath: path) else { return }
        var latest: [String: LedgerEntry] = [:]
        var order: [String] = []
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            guard let entry = LedgerEntry(line: line) else { continue }
            if latest.updateValue(entry, forKey: entry.output) == nil { order.append(entry.output) }
        }
        let text = order.map { latest[$0]!.line }.joined()
        try? AtomicFile.write(Data(text.utf8), to: path)
    }

    deinit {
        if fd >= 0 { close(fd) }
        if lockFD >= 0 { close(lockFD) }
    }
}
