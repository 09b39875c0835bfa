/// Names read from a directory as the file system holds them: bytes, never decoded and
/// re-encoded (two names that differ only in Unicode normalisation stay two).
#if canImport(Glibc)
import Glibc
#endif

enum DirectoryEntry {
    /// The name of the entry `readdir` returned.
    static func name(_ entry: UnsafeMutablePointer<dirent>) -> [UInt8] {
        withUnsafePointer(to: &entry.pointee.d_name) { pointer in
            pointer.withMemoryRebound(to: UInt8.self, capacity: 256) {
                Array(
                    UnsafeBufferPointer(
                        start: $0, count: strlen(UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))))
            }
        }
    }
}
