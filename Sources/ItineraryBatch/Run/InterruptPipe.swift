/// SIGINT, SIGTERM and SIGHUP (a closed terminal or SSH session) turned into bytes on a pipe, so the supervisor's poll loop sees them
/// like any other input (a signal handler may do nothing but write).
import Foundation
#if canImport(Glibc)
import Glibc
#endif

nonisolated(unsafe) private var interruptWriteEnd: Int32 = -1
/// The read end while the handlers are in place: installing again hands out the same pipe, so
/// interrupts caught at the first statement of the program's own code reach the supervisor.
nonisolated(unsafe) private var interruptReadEnd: Int32 = -1

enum InterruptPipe {
    /// The read end; each interrupt is one byte. Called again before `uninstall`, the same one.
    static func install() -> Int32 {
        if interruptReadEnd >= 0 { return interruptReadEnd }
        var fds: [Int32] = [-1, -1]
        guard closeOnExecPipe(&fds, nonBlocking: true) else { return -1 }
        interruptWriteEnd = fds[1]
        interruptReadEnd = fds[0]
        let handler: @convention(c) (Int32) -> Void = { _ in
            var byte: UInt8 = 1
            _ = write(interruptWriteEnd, &byte, 1)
        }
        signal(SIGINT, handler)
        signal(SIGTERM, handler)
        signal(SIGHUP, handler)
        // A parent may have started us with them blocked (the mask is inherited): unblock.
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        sigaddset(&set, SIGHUP)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        // A worker that dies while we write to it must be an error, not our death.
        signal(SIGPIPE, SIG_IGN)
        return fds[0]
    }

    /// The default actions back, and the pipe closed (the handler then writes nowhere).
    static func uninstall() {
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
        signal(SIGHUP, SIG_DFL)
        if interruptReadEnd >= 0 { close(interruptReadEnd) }
        interruptReadEnd = -1
    }

    /// How many interrupts arrived since the last call.
    static func drain(_ fd: Int32) -> Int {
        var count = 0
        var buffer = [UInt8](repeating: 0, count: 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n > 0 { count += n; continue }
            if n < 0 && errno == EINTR { continue }
            return count
        }
    }
}
