/// What a PDF depends on, hashed: the trip's bytes, the template's bytes, the paper, the program
/// (its version, its executable's build ID, and the versions and build IDs of the libraries it
/// draws, shapes and compresses with: `ProgramIdentity`), the fonts lock and SOURCE_DATE_EPOCH.
/// The same fingerprint means the same bytes.
import Digests
import Foundation
import ItineraryExport
import ItineraryText

/// Hashes what a job's PDF depends on besides its trip, once per template and paper: half of the
/// fingerprint `--resume` compares (the trip's SHA-256 is the other).
public struct FingerprintContext: Sendable {
    /// The program as it runs (`ProgramIdentity.current`): version, build ID, native libraries.
    let program: String
    let fontsLock: String
    let epoch: Int?
    let notice: String?
    // Keyed by bytes (`PathKey`): two template files whose names differ only in Unicode
    // normalisation are two files, with two hashes.
    private var templates: [PathKey: String] = [:]
    private var contexts: [PathKey: String] = [:]

    /// - Parameters:
    ///   - fontsDirectory: where `fonts.lock` is (it pins every font file by hash).
    ///   - epoch: SOURCE_DATE_EPOCH, which sets the PDF's dates.
    ///   - notice: the test-entitlement notice printed on every page (nil for a purchase).
    public init(fontsDirectory: String, epoch: Int?, notice: String? = nil) {
        program = ProgramIdentity.current
        fontsLock = SHA256Hex.of(FileManager.default.contents(atPath: fontsDirectory + "/fonts.lock") ?? Data())
        self.epoch = epoch
        self.notice = notice
    }

    /// The part of a job's fingerprint that is not the trip: one hash per template and paper,
    /// worked out once for each.
    public mutating func context(templatePath: String, paper: String?) -> String {
        let template: String
        if let known = templates[PathKey(templatePath)] {
            template = known
        } else {
            template = SHA256Hex.of(FileManager.default.contents(atPath: templatePath) ?? Data())
            templates[PathKey(templatePath)] = template
        }
        return context(templateSHA256: template, paper: paper)
    }

    /// The same context for a template known by the SHA-256 of its bytes: what a worker reports
    /// it laid a document out with, recorded when the job is done.
    public mutating func context(templateSHA256 template: String, paper: String?) -> String {
        let key = PathKey(template + "\u{0}" + (paper ?? ""))
        if let known = contexts[key] { return known }
        let context = SHA256Hex.of(
            text:
                """
                export-itinerary batch fingerprint 1
                version \(program)
                fonts.lock \(fontsLock)
                template \(template)
                paper \(paper ?? "(template default)")
                SOURCE_DATE_EPOCH \(epoch.map(String.init) ?? "(unset)")
                """ + (notice.map { "\nnotice \($0)" } ?? ""))
        contexts[key] = context
        return context
    }

}

/// A file's identity without reading it (size, modification time in nanoseconds, inode): if it
/// is unchanged, the hash recorded with it still holds, as git's index assumes.
public struct FileStamp: Sendable, Equatable {
    public var size: Int64
    public var modified: Int64
    public var inode: UInt64

    public static func of(_ path: String) -> FileStamp? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileStamp(info)
    }

    init(_ info: stat) {
        self.init(
            size: Int64(info.st_size),
            modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec),
            inode: UInt64(info.st_ino))
    }

    var text: String { "\(size):\(modified):\(inode)" }

    init(size: Int64, modified: Int64, inode: UInt64) {
        self.size = size
        self.modified = modified
        self.inode = inode
    }

}
