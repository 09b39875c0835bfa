/// Checking a font directory against its `fonts.lock` when the fonts are loaded.
import Digests
import Foundation

/// The files a `fonts.lock` pins, with their SHA-256, checked at run time so that a changed
/// file (another package version, a hand-edited copy) stops the export with its name instead
/// of silently changing the pages.
///
/// This is for reproducibility, not security: the user owns the files, the record of checked
/// files and the clock. Nothing the gate promises rests on it: the test-entitlement mark is
/// drawn in a face compiled into the program (`EntitlementMark` in ItineraryRender).
///
/// Hashing the set (21 MB) costs more than laying out a short trip, so a file already checked
/// is not hashed again while its size, inode, modification time and status-change time (to
/// the nanosecond) are those recorded: any write changes the status-change time, which no
/// user call can set back. The record lives in the directory's scan cache folder when that is
/// writable; otherwise every file is hashed on every run.
enum FontLock {
    /// One pinned file: its name in the directory and its SHA-256, lower-case hex.
    struct Pin: Equatable {
        var name: String
        var sha256: String
    }

    /// The lock's pins: a line with a converted name pins that name with the conversion's hash,
    /// else the source path's last component with the source's hash.
    static func pins(lock: String) -> [Pin] {
        rows(of: lock).filter { !($0.first?.hasPrefix("#") ?? true) }.compactMap { fields in
            guard fields.count >= 3 else { return nil }
            if fields.count >= 5, !fields[3].isEmpty { return Pin(name: fields[3], sha256: fields[4].lowercased()) }
            guard let name = fields[1].split(separator: "/").last.map(String.init) else { return nil }
            return Pin(name: name, sha256: fields[2].lowercased())
        }
    }

    /// The non-empty lines of `text` (a line may end in CR LF), each split at its tabs, at most
    /// `maxSplits` times. Split as bytes: a lock and a record are ASCII, and splitting them as
    /// `Character`s (grapheme clusters) cost about 3.5 M instructions at every export's start,
    /// more than the rest of reading them.
    static func rows(of text: String, maxSplits: Int = .max) -> [[String]] {
        var text = text
        return text.withUTF8 { bytes in
            bytes.split(separator: UInt8(ascii: "\n")).compactMap { line -> [String]? in
                let line = line.last == UInt8(ascii: "\r") ? line.dropLast() : line
                guard !line.isEmpty else { return nil }
                return line.split(separator: UInt8(ascii: "\t"), maxSplits: maxSplits, omittingEmptySubsequences: false)
                    .map { String(decoding: $0, as: UTF8.self) }
            }
        }
    }

    /// The record of checked files, in the scan cache folder.
    static let recordName = "checked-fonts.tsv"

    /// Throws `.changed` for the first pinned file whose bytes are not the ones pinned.
    static func verify(directory: String, pins: [Pin]) throws(FontSetError) {
        let folder = (directory as NSString).appendingPathComponent(FontScan.cacheDirectoryName)
        let recordPath = (folder as NSString).appendingPathComponent(recordName)
        var recorded: [String: String] = [:]
        if let text = try? String(contentsOfFile: recordPath, encoding: .utf8) {
            for fields in rows(of: text, maxSplits: 1) where fields.count == 2 && !fields[0].isEmpty {
                recorded[fields[1]] = fields[0]
            }
        }
        var record: [String] = []
        var changed = false
        for pin in pins {
            let path = (directory as NSString).appendingPathComponent(pin.name)
            guard let identity = identity(path) else { throw .unreadableFont(path) }
            let key = "\(pin.name) \(identity)"
            if recorded[key] == pin.sha256 {
                record.append("\(pin.sha256)\t\(key)")
                continue
            }
            guard let actual = SHA256Hex.of(file: path) else { throw .unreadableFont(path) }
            guard actual == pin.sha256 else { throw .changed(path: path, actual: actual, pinned: pin.sha256) }
            record.append("\(pin.sha256)\t\(key)")
            changed = true
        }
        if changed { write(record.joined(separator: "\n") + "\n", folder: folder, file: recordPath) }
    }

    /// Size, device, inode and both times of the file a path names (links followed), as text.
    private static func identity(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return
            "\(info.st_size) \(info.st_dev) \(info.st_ino) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec) \(info.st_ctim.tv_sec).\(info.st_ctim.tv_nsec)"
    }

    /// Replaces the record (a temporary file renamed over it); a folder that cannot be written
    /// only means the next run hashes again.
    private static func write(_ text: String, folder: String, file: String) {
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let temporary = file + ".\(getpid()).tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(text.utf8)) else { return }
        if rename(temporary, file) != 0 { unlink(temporary) }
    }
}
