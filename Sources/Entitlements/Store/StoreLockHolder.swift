/// Who holds the store's write lock, for the message of a store that stayed busy.
import Foundation

/// Finds the process that holds a write lock on the store, from Linux's `/proc/locks`.
///
/// SQLite locks with POSIX advisory locks: in write-ahead-log mode a writer holds a WRITE lock
/// on a byte of the `-shm` file, in rollback mode on the database file itself. `/proc/locks`
/// lists each lock with its process id (as this process's namespace sees it: 0 when it cannot)
/// and the device and inode of its file. When exactly one other process holds such a lock, it
/// is named; anything less certain names nobody (the message then says "another process").
enum StoreLockHolder {
    /// "process 1234 (python3)", or nil when no single holder can be told.
    static func describe(
        file: String, locks: String? = try? String(contentsOfFile: "/proc/locks", encoding: .utf8)
    )
        -> String?
    {
        guard let locks else { return nil }
        let files = Set([file, file + "-shm"].compactMap(identity))
        guard !files.isEmpty else { return nil }
        let own = getpid()
        var holders = Set<Int32>()
        for line in locks.split(separator: "\n") {
            // "1: POSIX  ADVISORY  WRITE 14227 fe:00:16237369 120 120"
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 6, fields[1] == "POSIX", fields[3] == "WRITE",
                let pid = Int32(fields[4]), pid > 0, pid != own, files.contains(String(fields[5]))
            else { continue }
            holders.insert(pid)
        }
        guard holders.count == 1, let pid = holders.first else { return nil }
        let name = (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return "process \(pid)" + (name.map { $0.isEmpty ? "" : " (\($0))" } ?? "")
    }

    /// A file's device and inode as `/proc/locks` writes them: major and minor in hex, then the
    /// inode in decimal ("fe:00:16237369").
    static func identity(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let dev = UInt64(info.st_dev)
        // glibc's encoding of a device number (gnu_dev_major, gnu_dev_minor).
        let major = ((dev >> 8) & 0xfff) | ((dev >> 32) & ~UInt64(0xfff))
        let minor = (dev & 0xff) | ((dev >> 12) & ~UInt64(0xff))
        return String(format: "%02llx:%02llx:", major, minor) + String(UInt64(info.st_ino))
    }
}
