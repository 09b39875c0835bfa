/// Reading a file the user names without letting its size decide how much memory is spent.
import Foundation

/// A file's bytes read up to a limit: a regular file larger than the limit is refused from its
/// size before a byte is read, and anything else (a FIFO, a device, `/dev/zero`) is read at most
/// one block past the limit. Every file the gate or the paywall reads that the user may name
/// (a catalog, a trusted root, an import) goes through here.
public enum BoundedFile {
    /// Why a file was not read, in words a message can end with.
    public enum Problem: Error, Equatable, CustomStringConvertible {
        /// `open` or `read` failed: the system's reason, lower-cased.
        case unreadable(String)
        case directory
        /// Larger than `limit` bytes; `size` when known from the file's size.
        case tooLarge(size: Int?, limit: Int)

        public var description: String {
            switch self {
            case let .unreadable(reason): return reason
            case .directory: return "it is a directory"
            case let .tooLarge(size, limit):
                let found = size.map { "it is \(Self.amount($0)), more" } ?? "it holds more"
                return "\(found) than the \(Self.amount(limit)) such a file may hold"
            }
        }

        /// `512 KiB`, `16 MiB`, `1.5 MiB`: whole units where they are whole.
        static func amount(_ bytes: Int) -> String {
            if bytes >= 1 << 20 {
                let mib = Double(bytes) / 1_048_576
                return mib == mib.rounded() ? "\(Int(mib)) MiB" : String(format: "%.1f MiB", mib)
            }
            if bytes >= 1 << 10 {
                let kib = Double(bytes) / 1024
                return kib == kib.rounded() ? "\(Int(kib)) KiB" : String(format: "%.1f KiB", kib)
            }
            return "\(bytes) bytes"
        }
    }

    /// The bytes of the file at `path`, at most `limit` of them.
    public static func read(_ path: String, limit: Int) -> Result<Data, Problem> {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return .failure(.unreadable(systemReason(errno))) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failure(.unreadable(systemReason(errno))) }
        if (info.st_mode & S_IFMT) == S_IFDIR { return .failure(.directory) }
        if (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) > limit {
            return .failure(.tooLarge(size: Int(info.st_size), limit: limit))
        }
        var data = Data()
        // A regular file's size says how much to ask for (one byte more, to see it end):
        // a catalog of a few KiB then costs a few KiB of buffer, not a zeroed MiB.
        let sized = (info.st_mode & S_IFMT) == S_IFREG ? Int(info.st_size) + 1 : 1 << 20
        let block = max(1, min(1 << 20, limit + 1, sized))
        var buffer = [UInt8](repeating: 0, count: block)
        while data.count <= limit {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, block) }
            if n < 0 {
                if errno == EINTR { continue }
                return .failure(.unreadable(systemReason(errno)))
            }
            if n == 0 { break }
            data.append(contentsOf: buffer[0..<n])
        }
        if data.count > limit { return .failure(.tooLarge(size: nil, limit: limit)) }
        return .success(data)
    }

    private static func systemReason(_ code: Int32) -> String { String(cString: strerror(code)).lowercased() }
}
