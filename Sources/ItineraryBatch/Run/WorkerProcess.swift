/// One worker process: spawned with its standard input and output on pipes, in its own process
/// group (a terminal's Ctrl-C reaches only the supervisor, which decides what stops).
import Foundation
#if canImport(Glibc)
import Glibc
#endif

final class WorkerProcess {
    let pid: pid_t
    /// The worker's standard input (requests).
    private(set) var requests: Int32
    /// The worker's standard output (replies).
    let replies: Int32
    var reader: LineReader
    var ready = false
    /// The job it is rendering, and since when (monotonic nanoseconds).
    var job: Int?
    var jobStarted: UInt64 = 0
    /// Set when the supervisor killed it, to report why.
    var killReason: String?
    /// When its input was closed (it was told to end), monotonic nanoseconds.
    var closing: UInt64?

    private init(pid: pid_t, requests: Int32, replies: Int32) {
        self.pid = pid
        self.requests = requests
        self.replies = replies
        reader = LineReader(fd: replies)
    }

    /// Starts `executable` with `arguments` (argv[0] included). `outputDirectory`, the handle
    /// of `--out-dir`, is the worker's descriptor `WorkerWire.outputDirectoryDescriptor`: it
    /// writes every PDF through it. (It must not already be that number: `dup2` onto itself
    /// would leave it close-on-exec.)
    static func spawn(
        executable: String, arguments: [String], outputDirectory: Int32? = nil
    ) throws(BatchRunError) -> WorkerProcess {
        var toWorker: [Int32] = [-1, -1]
        var fromWorker: [Int32] = [-1, -1]
        // Close-on-exec everywhere: a worker must not hold another worker's pipe open, or that
        // one would never see its input end.
        guard closeOnExecPipe(&toWorker) else {
            throw BatchRunError("cannot create a pipe: \(String(cString: strerror(errno)))")
        }
        guard closeOnExecPipe(&fromWorker) else {
            close(toWorker[0]); close(toWorker[1])
            throw BatchRunError("cannot create a pipe: \(String(cString: strerror(errno)))")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toWorker[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromWorker[1], 1)
        if let outputDirectory {
            posix_spawn_file_actions_adddup2(&actions, outputDirectory, WorkerWire.outputDirectoryDescriptor)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var noMask = sigset_t()
        sigemptyset(&noMask)
        posix_spawnattr_setsigmask(&attributes, &noMask)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, &attributes, &argv, environ)
        close(toWorker[0])
        close(fromWorker[1])
        guard status == 0 else {
            close(toWorker[1]); close(fromWorker[0])
            throw BatchRunError("cannot start a worker (\(executable)): \(String(cString: strerror(status)))")
        }
        return WorkerProcess(pid: pid, requests: toWorker[1], replies: fromWorker[0])
    }

    /// Sends one request; false when the worker has gone.
    func send(_ request: WorkerRequest) -> Bool {
        requests >= 0 && writeAll(requests, WorkerWire.encode(request))
    }

    /// Closes its input: it finishes the job in hand and exits.
    func closeInput() {
        if requests >= 0 {
            close(requests)
            requests = -1
            if closing == nil { closing = DispatchTime.now().uptimeNanoseconds }
        }
    }

    func kill(reason: String) {
        if killReason == nil { killReason = reason }
        Glibc.kill(pid, SIGKILL)
    }

    /// Waits for the process to end and says how it ended ("worker killed by signal 9
    /// (SIGKILL…)"), with the signal that ended it (0 for an exit).
    func reap() -> (reason: String, signal: Int32) {
        closeInput()
        close(replies)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let signal = status & 0x7F
        if let killReason { return (killReason, signal) }
        if signal != 0 {
            return ("worker killed by signal \(signal) (\(Self.signalName(signal)))", signal)
        }
        return ("worker exited with status \((status >> 8) & 0xFF) in the middle of the job", 0)
    }

    static func signalName(_ signal: Int32) -> String {
        let names: [Int32: String] = [
            SIGSEGV: "SIGSEGV", SIGABRT: "SIGABRT", SIGKILL: "SIGKILL, as the kernel sends when memory runs out",
            SIGBUS: "SIGBUS", SIGILL: "SIGILL", SIGFPE: "SIGFPE", SIGTERM: "SIGTERM",
            SIGTRAP: "SIGTRAP, a Swift runtime failure", SIGINT: "SIGINT", SIGHUP: "SIGHUP",
        ]
        return names[signal] ?? "signal \(signal)"
    }
}

/// The batch could not run at all (a worker could not be started, the output directory is
/// unusable).
public struct BatchRunError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var exitCode: Int32
    public init(_ message: String, exitCode: Int32 = 1) {
        self.message = message
        self.exitCode = exitCode
    }
    public var description: String { message }
}
