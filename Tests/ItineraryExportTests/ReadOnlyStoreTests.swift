/// A store the user can read but not write (another user's, a read-only mount) still answers
/// the gate, and changes still in its write-ahead log are never ignored (issue 9, files).
import Foundation
import Testing
import TestSupport

/// Whether a command can run here as `nobody`: only root can switch user (and permissions do not
/// bind root itself), and nobody must be able to reach the command and the fonts of this checkout.
private let nobodyCanRun: Bool = {
    guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/sbin/runuser") else { return false }
    let reachable = try? runProcess(
        "/usr/sbin/runuser",
        [
            "-u", "nobody", "--", "/usr/bin/test", "-x", TestPaths.executable,
            "-a", "-r", TestPaths.fonts + "/fonts.lock",
        ])
    return reachable?.status == 0
}()

@Suite(
    "Read-only store",
    .enabled(if: nobodyCanRun, "needs root (to run commands as nobody) and a checkout nobody can read"))
struct ReadOnlyStoreTests {
    /// Runs the command as `nobody`.
    private func asNobody(_ args: [String]) throws -> ProcessResult {
        let env = [
            "EXPORT_ITINERARY_FONTS=" + TestPaths.fonts, "EXPORT_ITINERARY_TEMPLATES=" + TestPaths.templates,
            "EXPORT_ITINERARY_STOREKIT=" + TestPaths.root.appendingPathComponent("StoreKit").path,
        ]
        return try runProcess(
            "/usr/sbin/runuser", ["-u", "nobody", "--", "/usr/bin/env"] + env + [TestPaths.executable] + args)
    }

    /// A copy of a fresh Pro store in a directory only root may write: the database alone
    /// (`backup` folds the log in), or with a log holding one more change and no `-shm`.
    private func readOnlyStore(_ name: String, pendingLog: Bool) throws -> String {
        let source = try TestStores.makeProStore("ro-\(name)")
        let dir = URL(fileURLWithPath: "/tmp").appendingPathComponent("export-itinerary-ro-\(name)-\(getpid())").path
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(
            atPath: dir, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        let script = """
            import sqlite3, shutil, sys, os
            src, dst, pending = sys.argv[1] + "/entitlements.sqlite", sys.argv[2] + "/entitlements.sqlite", sys.argv[3] == "1"
            out = sqlite3.connect(dst); sqlite3.connect(src).backup(out); out.close()
            if pending:
                work = sys.argv[2] + "/work.sqlite"; shutil.copy(dst, work)
                db = sqlite3.connect(work); db.execute("pragma journal_mode=wal")
                db.execute("insert into meta(key, value) values('pending', 'change')"); db.commit()
                shutil.copy(work + "-wal", dst + "-wal"); db.close(); os.remove(work)
            for name in os.listdir(sys.argv[2]): os.chmod(sys.argv[2] + "/" + name, 0o644)
            """
        let r = try runProcess("/usr/bin/python3", ["-c", script, source, dir, pendingLog ? "1" : "0"])
        #expect(r.status == 0, "\(r.stderr)")
        return dir
    }

    @Test func aStoreThatCannotBeWrittenStillAnswers() throws {
        let store = try readOnlyStore("answers", pendingLog: false)
        defer { try? FileManager.default.removeItem(atPath: store) }
        let status = try asNobody(["entitlements", "status", "--store", store])
        #expect(status.status == 0, "\(status.stderr)")
        #expect(status.stdout.hasPrefix("Pro (testing)"), "\(status.stdout)")
        let out = URL(fileURLWithPath: "/tmp").appendingPathComponent("export-itinerary-ro-\(getpid()).pdf").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let export = try asNobody([
            TestPaths.examples.appendingPathComponent("day-trip.json").path, out, "--store", store,
        ])
        #expect(export.status == 0, "\(export.stderr)")
        // Nothing was created beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: store) == ["entitlements.sqlite"])
    }

    @Test func changesStillInTheLogAreNeverIgnored() throws {
        let store = try readOnlyStore("pending", pendingLog: true)
        defer { try? FileManager.default.removeItem(atPath: store) }
        let status = try asNobody(["entitlements", "status", "--store", store])
        // Without the -shm file the log cannot be read read-only: an error, not the older state.
        #expect(status.status == 5, "\(status.stdout)\(status.stderr)")
        #expect(
            status.stderr.contains(
                "its write-ahead log (entitlements.sqlite-wal) holds changes not yet in the database"),
            "\(status.stderr)")
        #expect(
            status.stderr.contains(
                "; run 'export-itinerary entitlements status' once with write access to the store"),
            "\(status.stderr)")
    }

    @Test("commands that change a store this user cannot write say it is read-only, and what to do")
    func writeCommandsNameTheReadOnlyStore() throws {
        let store = try readOnlyStore("writes", pendingLog: false)
        defer { try? FileManager.default.removeItem(atPath: store) }
        let file = store + "/entitlements.sqlite"
        for (folder, words) in [
            (false, "is read-only: this user cannot write the file, and this command changes the store"),
            (true, "is read-only: this user cannot write its folder \(store), where SQLite writes beside the store"),
        ] {
            // The file writable by anyone, in a folder only root may write: the folder is what stops it.
            #expect(chmod(file, folder ? 0o666 : 0o644) == 0)
            for args in [
                ["entitlements", "init"], ["entitlements", "import", store + "/none.txt"],
                ["storekit-test", "purchase", "com.sportstime.pro.monthly"], ["storekit-test", "clear"],
            ] {
                let r = try asNobody(args + ["--store", store])
                #expect(r.status == 5, "\(args): \(r.stdout)\(r.stderr)")
                #expect(r.stderr.hasPrefix("export-itinerary: error: entitlement store \(file) "), "\(r.stderr)")
                #expect(r.stderr.contains(words), "\(args): \(r.stderr)")
                #expect(
                    r.stderr.hasSuffix(
                        "; make it writable (chmod u+w), run as the user who owns it, or point --store DIR at a store you can write\n"
                    ), "\(args): \(r.stderr)")
            }
            // Reading still answers.
            let status = try asNobody(["entitlements", "status", "--store", store])
            #expect(status.status == 0, "\(status.stderr)")
        }
    }
}
