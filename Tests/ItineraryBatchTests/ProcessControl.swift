/// Starting the command in the background and finding, signalling and waiting for its workers,
/// for the crash and interrupt tests. Every wait has a generous deadline that only guards
/// against a hang; no test asserts how long anything took.
import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A command running in the background, its output going to files.
final class Background {
    let process = Process()
    let stdout: URL
    let stderr: URL

    /// - Parameter unblocked: start the command with SIGINT, SIGTERM and SIGHUP unblocked and at
    ///   their default actions, as a scheduler or a shell starts it (a test's thread may have them
    ///   blocked, and a blocked signal waits for the program's own handler, which hides a window
    ///   before it is installed). The same process: the wrapper `exec`s the command.
    init(_ args: [String], env extra: [String: String] = [:], name: String, unblocked: Bool = false) throws {
        let dir = TestPaths.scratch("bg-\(name)")
        stdout = dir.appendingPathComponent("stdout")
        stderr = dir.appendingPathComponent("stderr")
        FileManager.default.createFile(atPath: stdout.path, contents: nil)
        FileManager.default.createFile(atPath: stderr.path, contents: nil)
        var changes = TestStores.commandEnvironment
        for (k, v) in extra { changes[k] = v }
        if unblocked {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            process.arguments =
                [
                    "-c",
                    """
                    import os, signal, sys
                    for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGPIPE, signal.SIGXFSZ):
                        signal.signal(s, signal.SIG_DFL)
                    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGTERM, signal.SIGHUP})
                    os.execv(sys.argv[1], sys.argv[1:])
                    """,
                    TestPaths.executable,
                ] + args
        } else {
            process.executableURL = URL(fileURLWithPath: TestPaths.executable)
            process.arguments = args
        }
        process.environment = environment(changes)
        process.standardOutput = try FileHandle(forWritingTo: stdout)
        process.standardError = try FileHandle(forWritingTo: stderr)
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    var pid: pid_t { process.processIdentifier }

    /// Waits for the exit (at most two minutes) and returns the status.
    func wait() throws -> Int32 {
        try waitUntil("the batch to end", seconds: 120) { !process.isRunning }
        process.waitUntilExit()
        return process.terminationStatus
    }

    var output: String { (try? String(contentsOf: stdout, encoding: .utf8)) ?? "" }
    var errors: String { (try? String(contentsOf: stderr, encoding: .utf8)) ?? "" }
}

struct Timeout: Error, CustomStringConvertible {
    var what: String
    var description: String { "gave up waiting for \(what)" }
}

/// Polls `condition` every 20 ms until it holds; throws after `seconds`.
func waitUntil(_ what: String, seconds: Double = 60, _ condition: () throws -> Bool) throws {
    let deadline = Date(timeIntervalSinceNow: seconds)
    while Date() < deadline {
        if try condition() { return }
        usleep(20_000)
    }
    throw Timeout(what: what)
}

/// The processes whose parent is `pid` (from /proc).
func children(of pid: pid_t) -> [pid_t] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap { name -> pid_t? in
        guard let child = pid_t(name), let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        let fields = stat[stat.index(close, offsetBy: 2)...].split(separator: " ")
        return fields.count > 1 && pid_t(fields[1]) == pid ? child : nil
    }
}

func isAlive(_ pid: pid_t) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
    else { return false }
    // A zombie has ended; it only waits to be reaped.
    return stat[stat.index(close, offsetBy: 2)] != "Z"
}

/// A trip file the test holds a write lease on (`fcntl(F_SETLEASE, F_WRLCK)`): a worker that
/// opens it waits in the kernel until the test writes the trip and lets go of the lease (or until
/// the kernel's lease break time, 45 s by default, runs out), which holds a job "running" for as
/// long as the test needs. It is a regular file, as a batch requires of every trip.
final class BlockingTrip {
    /// Linux's F_SETLEASE (fcntl.h defines it only under _GNU_SOURCE, which Glibc's module lacks).
    private static let setLease: Int32 = 1024
    let path: String
    private var fd: Int32 = -1
    private var inode: UInt64 = 0

    init(_ path: String) throws {
        self.path = path
        // The holder of a lease is told of a break by SIGIO, whose default ends the process.
        signal(SIGIO, SIG_IGN)
        try arm()
    }

    /// Empties the file and takes the lease again after a `release` (before the next batch
    /// starts: a worker's open must meet it).
    func arm() throws {
        if fd >= 0 { return }
        fd = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        var info = stat()
        guard fd >= 0, fstat(fd, &info) == 0, fcntl(fd, Self.setLease, F_WRLCK) == 0 else {
            throw Timeout(what: "a write lease on \(path): \(String(cString: strerror(errno)))")
        }
        inode = UInt64(info.st_ino)
    }

    /// The processes waiting to open the file, from /proc/locks: the "->" lines under this
    /// process's lease on its inode name them.
    func openers() -> [pid_t] {
        guard let text = try? String(contentsOfFile: "/proc/locks", encoding: .utf8) else { return [] }
        var mine = false
        var found: [pid_t] = []
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ")
            if fields.count > 1 && fields[1] == "->" {
                if mine, fields.count > 5, let pid = pid_t(fields[5]) { found.append(pid) }
            } else {
                mine =
                    fields.count > 5 && fields[1] == "LEASE" && pid_t(fields[4]) == getpid()
                    && fields[5].split(separator: ":").last.flatMap { UInt64($0) } == inode
            }
        }
        return found
    }

    /// Waits until a worker is waiting to open the file (the job is running).
    @discardableResult
    func waitForReader(other than: pid_t? = nil) throws -> pid_t {
        var opener: pid_t = 0
        try waitUntil("a worker to open \(path)") {
            opener = openers().first { $0 != than } ?? 0
            return opener != 0
        }
        return opener
    }

    /// Writes the trip and lets go of the lease: the waiting worker goes on and reads it.
    func release(_ text: String) {
        guard fd >= 0 else { return }
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, off_t(offset)) }
            if n > 0 { offset += n } else if errno != EINTR { break }
        }
        closeWriter()
    }

    /// Lets go of the lease without writing: a waiting worker reads an empty file.
    func closeWriter() {
        if fd >= 0 {
            _ = fcntl(fd, Self.setLease, F_UNLCK)
            close(fd)
            fd = -1
        }
    }

    deinit { closeWriter() }
}
