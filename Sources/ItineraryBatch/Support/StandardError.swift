/// Writing to standard error without ever stopping for it.
#if canImport(Glibc)
import Glibc
#endif

/// Messages to standard error from the batch and the command line, written so that a reader gone
/// away costs the message, not the process.
public enum StandardError {
    /// Writes `text` to file descriptor 2 and ignores failure: a closed pipe (`| head`, a log
    /// shipper restarting) must not stop a batch or lose its report. (FileHandle's `write`
    /// traps on such an error once SIGPIPE is ignored.)
    public static func write(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.write(2, $0.baseAddress! + offset, $0.count - offset) }
            if n > 0 { offset += n } else if n < 0 && errno == EINTR { continue } else { return }
        }
    }
}
