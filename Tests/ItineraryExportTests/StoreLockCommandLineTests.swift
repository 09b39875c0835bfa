/// A store whose write lock another process keeps: after the wait, one line saying the store is
/// busy, who holds it, and to try again (exit 5), never SQLite's bare "database is locked".
import Foundation
import Testing
import TestSupport

@Suite("Store: locked by another process")
struct StoreLockCommandLineTests {
    @Test("a purchase while another process holds the write lock names that process")
    func lockedByAnotherProcess() throws {
        let cli = GateCLI("store-locked")
        try cli.setUpLocalTesting()
        // python3 takes the write lock, says it has it, and keeps it until its stdin closes.
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        holder.arguments = [
            "-c",
            """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1], isolation_level=None)
            db.execute("BEGIN IMMEDIATE")
            db.execute("INSERT INTO meta (key, value) VALUES ('held', 'yes')")
            print("locked", flush=True)
            sys.stdin.read()
            """,
            cli.store + "/entitlements.sqlite",
        ]
        let out = Pipe(), input = Pipe()
        holder.standardOutput = out
        holder.standardInput = input
        try holder.run()
        defer {
            try? input.fileHandleForWriting.close()
            holder.waitUntilExit()
        }
        let ready = String(decoding: out.fileHandleForReading.availableData, as: UTF8.self)
        try #require(ready.hasPrefix("locked"), "\(ready)")

        // A check only reads: it answers while the lock is held (the hourly note of when it
        // judged is skipped, not waited for).
        let status = try cli.run(["entitlements", "status"])
        #expect(status.status == 0 && status.stdout.contains("Pro: no"), "\(status.stdout)\(status.stderr)")

        let r = try cli.run(["storekit-test", "purchase", monthly])
        #expect(r.status == 5, "\(r.stdout)\(r.stderr)")
        expectOneLineError(r.stderr)
        #expect(!r.stderr.contains("database is locked"), "\(r.stderr)")
        #expect(
            r.stderr.contains(
                "is busy: process \(holder.processIdentifier) (python3) holds its write lock and kept it for 10 s; try again when it has finished"
            ), "\(r.stderr)")
    }
}
