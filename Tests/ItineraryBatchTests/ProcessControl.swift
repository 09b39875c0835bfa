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

    init(_ args: [String], env extra: [String: String] = [:], name: String) throws {
        let dir = TestPaths.scratch("bg-\(name)")
        stdout = dir.appendingPathComponent("stdout")
        stderr = dir.appendingPathComponent("stderr")
        FileManager.default.createFile(atPath: stdout.path, contents: nil)
        FileManager.default.createFile(atPath: stderr.path, contents: nil)
        var changes = TestStores.commandEnvironment
        for (k, v) in extra { changes[k] = v }
        process.executableURL = URL(fileURLWithPath: TestPaths.executable)
        process.arguments = args
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
              let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(close, offsetBy: 2)...].split(separator: " ")
        return fields.count > 1 && pid_t(fields[1]) == pid ? child : nil
    }
}

/// Whether process `pid` has `path` open.
func hasOpen(_ pid: pid_t, _ path: String) -> Bool {
    let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
    return fds.contains { (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\($0)")) == path }
}

func isAlive(_ pid: pid_t) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = stat.lastIndex(of: ")") else { return false }
    // A zombie has ended; it only waits to be reaped.
    return stat[stat.index(close, offsetBy: 2)] != "Z"
}

/// A named pipe standing in for a trip: a worker that opens it blocks until the test writes
/// the trip, which holds a job "running" for as long as the test needs.
final class BlockingTrip {
    let path: String
    private var writer: Int32 = -1

    init(_ path: String) throws {
        self.path = path
        guard mkfifo(path, 0o644) == 0 else { throw Timeout(what: "mkfifo \(path)") }
    }

    /// Waits until a worker has the pipe open for reading (the job is running), and keeps a
    /// writing end open so that it stays blocked, and so a retry's open does not block.
    func waitForReader() throws {
        if writer >= 0 { return }
        try waitUntil("a worker to open \(path)") {
            writer = open(path, O_WRONLY | O_NONBLOCK)
            return writer >= 0
        }
    }

    /// Writes the trip and closes: the reading worker goes on.
    func release(_ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { write(writer, $0.baseAddress, $0.count) }
            if n > 0 { offset += n } else if errno != EAGAIN && errno != EINTR { break } else { usleep(1000) }
        }
        closeWriter()
    }

    func closeWriter() {
        if writer >= 0 { close(writer); writer = -1 }
    }

    deinit { closeWriter() }
}
