/// A file as the kernel knows it: its device and inode, whatever name or link reaches it.
#if canImport(Glibc)
import Glibc
#endif

struct FileKey: Hashable, Sendable {
    var device: UInt64
    var inode: UInt64

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }

    /// The file at `path`, links followed; nil when there is none.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(info)
    }
}
