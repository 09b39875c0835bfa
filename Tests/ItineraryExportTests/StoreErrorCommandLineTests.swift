/// A corrupt or unreadable store: exit 5 with one line, never the paywall, never Pro, never a crash.
import Foundation
import Testing
import TestSupport

/// A Pro store made through the command, then broken by `damage` (all connections closed by then).
private func brokenStore(_ name: String, _ damage: (_ file: String) throws -> Void) throws -> GateCLI {
    let cli = GateCLI("broken-\(name)")
    try cli.setUpLocalTesting()
    _ = try cli.purchase(annual)
    #expect(try cli.status().isPro)
    let file = cli.store + "/entitlements.sqlite"
    #expect(!FileManager.default.fileExists(atPath: file + "-wal"))
    try damage(file)
    return cli
}

/// Export exits 5 with one line and writes nothing; status (text and JSON) exits 5 too.
private func expectStoreFailure(_ cli: GateCLI, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let out = cli.path("out.pdf")
    let export = try cli.run([dayTrip, out])
    #expect(export.status == 5, "\(export.stderr)", sourceLocation: sourceLocation)
    expectOneLineError(export.stderr, sourceLocation: sourceLocation)
    #expect(export.stderr.contains("entitlement store"), sourceLocation: sourceLocation)
    #expect(!export.stderr.contains("Pro Access"), "no paywall for a broken store", sourceLocation: sourceLocation)
    #expect(export.stdout.isEmpty, sourceLocation: sourceLocation)
    #expect(!FileManager.default.fileExists(atPath: out), sourceLocation: sourceLocation)
    #expect(listing(cli.scratch.path) == ["store"], sourceLocation: sourceLocation)

    for args in [["entitlements", "status"], ["entitlements", "status", "--json"]] {
        let status = try cli.run(args)
        #expect(status.status == 5, "\(args): \(status.stderr)", sourceLocation: sourceLocation)
        expectOneLineError(status.stderr, sourceLocation: sourceLocation)
        #expect(!status.stdout.contains("Pro: yes") && !status.stdout.contains("true"), sourceLocation: sourceLocation)
    }
}

@Suite("Corrupt store: command line")
struct StoreErrorCommandLineTests {
    @Test("garbage in place of the database")
    func garbage() throws {
        let cli = try brokenStore("garbage") { file in
            try Data((0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }).write(
                to: URL(fileURLWithPath: file))
        }
        try expectStoreFailure(cli)
        // The library names the way out; the command line words it with its own command.
        let status = try cli.run(["entitlements", "status"]).stderr
        #expect(status.contains("is corrupt: "), "\(status)")
        #expect(
            status.hasSuffix("(move it aside); restore purchases with 'export-itinerary entitlements import FILE'\n"),
            "\(status)")
    }

    @Test("no library source names a command: the ways out are worded by the command line alone")
    func librariesNameNoCommand() throws {
        let sources = TestPaths.root.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String } ?? []
        var named: [String] = []
        for file in files where file.hasSuffix(".swift") && !file.hasPrefix("ExportItineraryCLI/") {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.contains("'export-itinerary ") && !line.trimmingCharacters(in: .whitespaces).hasPrefix("///") {
                named.append("\(file):\(number + 1)")
            }
        }
        #expect(files.count > 100)
        #expect(named.isEmpty, "\(named)")
    }

    @Test("a truncated database")
    func truncated() throws {
        let cli = try brokenStore("truncated") { file in
            let data = try Data(contentsOf: URL(fileURLWithPath: file))
            try data.prefix(data.count / 3).write(to: URL(fileURLWithPath: file))
        }
        try expectStoreFailure(cli)
    }

    @Test("our tables dropped")
    func tablesDropped() throws {
        let cli = try brokenStore("dropped") { _ in }
        try cli.sql("DROP TABLE transactions")
        try expectStoreFailure(cli)
        #expect(try cli.run(["entitlements", "status"]).stderr.contains("the table transactions is missing"))
    }

    @Test("a directory in place of the database")
    func directory() throws {
        let cli = try brokenStore("directory") { file in
            try FileManager.default.removeItem(atPath: file)
            try FileManager.default.createDirectory(atPath: file, withIntermediateDirectories: false)
        }
        try expectStoreFailure(cli)
    }

    @Test("an unreadable database file", .enabled(if: getuid() != 0, "root reads any file"))
    func unreadable() throws {
        let cli = try brokenStore("chmod") { file in #expect(chmod(file, 0o000) == 0) }
        defer { chmod(cli.store + "/entitlements.sqlite", 0o600) }
        try expectStoreFailure(cli)
    }

    @Test("import into, and local purchases on, a broken store also exit 5")
    func otherCommands() throws {
        let cli = try brokenStore("others") { file in
            try Data("definitely not sqlite".utf8).write(to: URL(fileURLWithPath: file))
        }
        let importFile = cli.path("x.txt")
        try Data("abc.def.ghi\n".utf8).write(to: URL(fileURLWithPath: importFile))
        for args in [
            ["entitlements", "import", importFile], ["storekit-test", "purchase", monthly], ["storekit-test", "clear"],
        ] {
            let r = try cli.run(args)
            #expect(r.status == 5, "\(args): \(r.stderr)")
            expectOneLineError(r.stderr)
        }
    }

    @Test("a missing store is not Pro (exit 3) and not an error")
    func missing() throws {
        let cli = GateCLI("broken-missing")
        let export = try cli.run([dayTrip, cli.path("out.pdf")])
        #expect(export.status == 3)
        let status = try cli.status()
        #expect(!status.isPro)
        #expect(status.entitlements.isEmpty)
        let text = try cli.run(["entitlements", "status"])
        #expect(text.status == 0)
        #expect(text.stdout.hasPrefix("Pro: no"))
        #expect(text.stderr.isEmpty)
    }
}

@Suite("Store: a trigger written into the file")
struct StoreTriggerCommandLineTests {
    @Test("a recursive trigger on meta: status and export exit 5 naming it, instead of hanging")
    func trigger() throws {
        let cli = GateCLI("store-trigger")
        try cli.setUpLocalTesting()
        _ = try cli.purchase(annual)
        try cli.sql(
            """
            CREATE TRIGGER forever AFTER UPDATE ON meta BEGIN
                SELECT count(*) FROM (WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r) SELECT x FROM r);
            END
            """)
        for args in [
            ["entitlements", "status"], [dayTrip, cli.path("out.pdf")],
            ["batch", dayTrip, "--out-dir", cli.path("pdfs")],
        ] {
            let r = try cli.run(args)
            #expect(r.status == 5, "\(args): \(r.stderr)")
            #expect(r.stderr.contains("holds a trigger \"forever\" that export-itinerary did not make"), "\(r.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: cli.path("out.pdf")))
    }
}

@Suite("Store: the file-size limit")
struct StoreFileSizeLimitTests {
    @Test(
        "under ulimit -f 31, a sound store is not 'disk I/O error': exit 5 (a store problem) naming the limit, for status, export and batch"
    )
    func fileSizeLimit() throws {
        let cli = GateCLI("store-ulimit")
        try cli.setUpLocalTesting()
        _ = try cli.purchase(annual)
        for args in [["entitlements", "status"], [dayTrip, cli.path("out.pdf")]] {
            let command = "ulimit -f 31; exec \"$0\" \"$@\""
            let r = try runProcess(
                "/bin/bash", ["-c", command, TestPaths.executable] + args, environment: cli.environment())
            #expect(r.status == 5, "\(args): \(r.stderr)")
            #expect(
                r.stderr.contains("the file-size limit (ulimit -f) is smaller than the files SQLite writes beside it"),
                "\(r.stderr)")
        }
        // And the store is still sound.
        #expect(try cli.status().isPro)
    }
}
