/// Writing a file so that readers see the old content or the new, never a half-written one.
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Why an output file could not be written; the destination is untouched in every case.
public struct OutputError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "cannot write \(path): \(reason)" }
}

public enum AtomicFile {
    /// Writes `data` to a temporary file beside `path`, flushes it to disk, then renames it
    /// over `path`. On any failure the temporary file is removed and `path` is left as it was.
    public static func write(_ data: Data, to path: String) throws(OutputError) {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDir) else {
            throw OutputError(path: path, reason: "the directory \(directory) does not exist")
        }
        guard isDir.boolValue else { throw OutputError(path: path, reason: "\(directory) is not a directory") }
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDir), isDir.boolValue {
            throw OutputError(path: path, reason: "it is a directory")
        }
        var template = Array((directory + "/." + url.lastPathComponent + ".tmp-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw OutputError(path: path, reason: errnoText()) }
        let tempPath = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var ok = false
        defer {
            if !ok { unlink(tempPath) }
        }
        var failure: String?
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = errnoText()
                    return
                }
                offset += n
            }
        }
        // New files get the usual permissions (0666 less the umask), not mkstemp's 0600.
        let mask = umask(0)
        umask(mask)
        fchmod(fd, 0o666 & ~mask)
        if failure == nil, fsync(fd) != 0 { failure = errnoText() }
        if close(fd) != 0, failure == nil { failure = errnoText() }
        if let failure { throw OutputError(path: path, reason: failure) }
        guard rename(tempPath, path) == 0 else { throw OutputError(path: path, reason: errnoText()) }
        ok = true
        // Make the rename itself durable.
        let dirFD = open(directory, O_RDONLY)
        if dirFD >= 0 {
            fsync(dirFD)
            close(dirFD)
        }
    }

    private static func errnoText() -> String { String(cString: strerror(errno)) }
}
