/// An export under a small limit of processes and threads (`ulimit -u`, RLIMIT_NPROC): it waits
/// for the threads it is refused, and stops with a one-line error when none comes, instead of
/// GLib's breakpoint trap.
import Foundation
import Testing
import TestSupport

/// A user id of its own for this test process, so that no other process counts against its limit
/// (the limit counts every process and thread of the user).
private let uid = String(61_000 + getpid() % 4_000)

/// Runs `arguments` as `uid` with RLIMIT_NPROC set to `limit`, killed after 60 s.
private func limited(_ limit: Int, _ arguments: [String]) throws -> ProcessResult {
    // `timeout` runs as root, outside the count: it forks.
    try runProcess(
        "/usr/bin/timeout",
        ["--signal=KILL", "60", "/usr/bin/setpriv", "--reuid=\(uid)", "--regid=\(uid)", "--clear-groups", "--"]
            + ["/usr/bin/prlimit", "--nproc=\(limit)", "--"] + arguments)
}

/// Whether this can run here: only root can switch user, and the user must reach the command
/// and the fonts of this checkout.
private let canSwitchUser: Bool = {
    guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"),
        FileManager.default.isExecutableFile(atPath: "/usr/bin/prlimit")
    else { return false }
    let reachable = try? limited(
        64, ["/usr/bin/test", "-x", TestPaths.executable, "-a", "-r", TestPaths.fonts + "/fonts.lock"])
    return reachable?.status == 0
}()

@Suite(
    "Thread limit", .serialized,
    .enabled(if: canSwitchUser, "needs root (to run the command as another user) and a checkout others can read"))
struct ThreadLimitTests {
    /// A folder the other user may write, with a Pro store (LocalTesting) in it.
    private func folder(_ name: String) throws -> String {
        let dir = "/tmp/export-itinerary-nproc-\(name)-\(getpid())"
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let home = ["EXPORT_ITINERARY_HOME": dir]
        for command in [
            ["entitlements", "init"], ["storekit-test", "enable"],
            ["storekit-test", "purchase", "com.sportstime.pro.annual"],
        ] {
            let r = try runProcess(
                TestPaths.executable, command,
                environment: environment(TestStores.commandEnvironment.merging(home) { $1 }))
            #expect(r.status == 0, "\(command): \(r.stderr)")
        }
        let r = try runProcess("/bin/chmod", ["-R", "a+rwX", dir])
        #expect(r.status == 0, "\(r.stderr)")
        return dir
    }

    private func export(_ dir: String, limit: Int) throws -> ProcessResult {
        var env = TestStores.commandEnvironment
        env["EXPORT_ITINERARY_HOME"] = dir
        return try limited(
            limit,
            ["/usr/bin/env"] + env.map { "\($0)=\($1)" }.sorted()
                + [
                    TestPaths.executable, TestPaths.examples.appendingPathComponent("day-trip.json").path,
                    dir + "/out.pdf",
                ])
    }

    @Test("with the fewest threads to spare that the running Pango needs, the export waits for them and is written")
    func fewestThreads() throws {
        let dir = try folder("fewest")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // The command is the user's one process. Pango 1.50's per-pattern calls share the kept
        // workers, so one more thread at a time serves; later Pango keeps a thread per font
        // map and asks for a second before the first has ended (seen with 1.56): two.
        let r = try export(dir, limit: RunningPango.startsThreadsPerPattern ? 2 : 3)
        #expect(r.status == 0, "exit \(r.status): \(r.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir + "/out.pdf"))
    }

    @Test("with no thread to spare, the export stops with one line that names the limit, and writes nothing")
    func noThreadAtAll() throws {
        let dir = try folder("none")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try export(dir, limit: 1)
        #expect(r.status == 1, "exit \(r.status): \(r.stderr)")
        #expect(
            r.stderr.hasPrefix("export-itinerary: error: the system refused to start a thread for ten seconds ("),
            "\(r.stderr)")
        #expect(r.stderr.contains("(ulimit -u is 1;"), "\(r.stderr)")
        #expect(r.stderr.hasSuffix("raise the limit, or run fewer programs at once\n"), "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/out.pdf"))
    }
}
