/// Telling a failure that concerns the whole output from one job's own: the first stops the
/// batch (exit 6, the rest cancelled), the second fails that job alone.
import ItineraryExport
#if canImport(Glibc)
import Glibc
#endif

enum OutputFault {
    /// System errors every later write into the output meets too: no space or no inodes left,
    /// a quota, a read-only file system, the file-size limit (which every PDF shares).
    static let sharedCodes: Set<Int32> = [ENOSPC, EDQUOT, EROFS, EFBIG]

    /// Why nothing more can be written into `outputDirectory`, or nil when a failure with the
    /// system error `code` (nil when none is known) was one job's own. A permission or a missing
    /// folder is whole only when it is the output directory's: a job's own subfolder made
    /// read-only fails that job alone.
    static func wholeOutput(code: Int32?, outputDirectory: String) -> String? {
        if let code, sharedCodes.contains(code) { return AtomicFile.systemMessage(code) }
        // `access` answers for root too: an immutable folder (`chattr +i`) is EPERM.
        guard access(outputDirectory, W_OK | X_OK) != 0 else { return nil }
        return "\(outputDirectory) cannot be written: \(AtomicFile.systemMessage())"
    }
}
