/// Something other than a database file at the store's path or beside it (a FIFO, a directory, a
/// device, a link to nowhere or to itself): one line naming it and the way out (exit 5), never
/// SQLite's "disk I/O error", never "no store" (not Pro, the paywall).
import Foundation
import Testing
import TestSupport

/// A Pro store made through the command, then `damage`d (all connections closed by then).
private func storeThen(_ name: String, _ damage: (_ file: String) throws -> Void) throws -> GateCLI {
    let cli = GateCLI("path-\(name)")
    try cli.setUpLocalTesting()
    _ = try cli.purchase(annual)
    try damage(cli.store + "/entitlements.sqlite")
    return cli
}

/// Status (text, JSON), export and a purchase all exit 5 with one line holding `words` and the way
/// out, and nothing is written.
private func expectNamed(
    _ cli: GateCLI, _ words: String, remedy: String = "remove it",
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let out = cli.path("out.pdf")
    for args in [
        ["entitlements", "status"], ["entitlements", "status", "--json"], [dayTrip, out],
        ["storekit-test", "purchase", monthly],
    ] {
        let r = try cli.run(args)
        #expect(r.status == 5, "\(args): \(r.stdout)\(r.stderr)", sourceLocation: sourceLocation)
        expectOneLineError(r.stderr, sourceLocation: sourceLocation)
        #expect(r.stderr.contains(words), "\(args): \(r.stderr)", sourceLocation: sourceLocation)
        #expect(r.stderr.contains(remedy), "\(args): \(r.stderr)", sourceLocation: sourceLocation)
        #expect(!r.stderr.contains("disk I/O") && !r.stderr.contains("unable to open"), sourceLocation: sourceLocation)
        #expect(r.stdout.isEmpty, "\(args): \(r.stdout)", sourceLocation: sourceLocation)
    }
    #expect(!FileManager.default.fileExists(atPath: out), sourceLocation: sourceLocation)
}

private let pointElsewhere = "remove it, or point --store DIR (or $EXPORT_ITINERARY_HOME) at a store made with"

@Suite("Store path: what is there, in words")
struct StorePathCommandLineTests {
    @Test("a FIFO in place of the store")
    func fifoStore() throws {
        let cli = try storeThen("fifo") { file in
            try FileManager.default.removeItem(atPath: file)
            #expect(mkfifo(file, 0o600) == 0)
        }
        try expectNamed(cli, "entitlements.sqlite is a FIFO (named pipe), not a database file", remedy: pointElsewhere)
    }

    @Test("a FIFO in place of the store's -shm, a directory in place of its -wal")
    func companions() throws {
        let shm = try storeThen("fifo-shm") { file in
            try? FileManager.default.removeItem(atPath: file + "-shm")
            #expect(mkfifo(file + "-shm", 0o600) == 0)
        }
        try expectNamed(
            shm, "entitlements.sqlite-shm is a FIFO (named pipe), not the file SQLite keeps the store's log index in",
            remedy: "remove it (SQLite makes it again)")
        let wal = try storeThen("dir-wal") { file in
            try? FileManager.default.removeItem(atPath: file + "-wal")
            try FileManager.default.createDirectory(atPath: file + "-wal", withIntermediateDirectories: false)
        }
        try expectNamed(
            wal, "entitlements.sqlite-wal is a directory, not the file SQLite keeps the store's write-ahead log in")
    }

    @Test("a directory in place of the store")
    func directoryStore() throws {
        let cli = try storeThen("dir") { file in
            try FileManager.default.removeItem(atPath: file)
            try FileManager.default.createDirectory(atPath: file, withIntermediateDirectories: false)
        }
        try expectNamed(cli, "entitlements.sqlite is a directory, not a database file", remedy: pointElsewhere)
        let initialise = try cli.run(["entitlements", "init"])
        #expect(initialise.status == 5, "\(initialise.stderr)")
        #expect(initialise.stderr.contains("is a directory, not a database file"), "\(initialise.stderr)")
    }

    @Test("a link to nowhere, and a link to itself, are errors naming the link, not an empty store")
    func danglingLinks() throws {
        let nowhere = try storeThen("dangling") { file in
            try FileManager.default.removeItem(atPath: file)
            try FileManager.default.createSymbolicLink(atPath: file, withDestinationPath: "gone.sqlite")
        }
        try expectNamed(
            nowhere, "entitlements.sqlite is a symbolic link to \"gone.sqlite\", which does not exist",
            remedy: pointElsewhere)
        let loop = try storeThen("loop") { file in
            try FileManager.default.removeItem(atPath: file)
            try FileManager.default.createSymbolicLink(atPath: file, withDestinationPath: "entitlements.sqlite")
        }
        try expectNamed(
            loop, "entitlements.sqlite is a symbolic link that leads back to itself", remedy: pointElsewhere)
    }

    @Test("init on a link to /dev/null names the device")
    func initOnDevNull() throws {
        let cli = GateCLI("path-devnull")
        try FileManager.default.createDirectory(atPath: cli.store, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: cli.store + "/entitlements.sqlite", withDestinationPath: "/dev/null")
        let r = try cli.run(["entitlements", "init"])
        #expect(r.status == 5, "\(r.stderr)")
        expectOneLineError(r.stderr)
        #expect(
            r.stderr.contains(
                "is a symbolic link to \"/dev/null\", a character device, not a database file; remove it"),
            "\(r.stderr)")
    }

    @Test("--store naming a file is an error, not an empty store")
    func storeIsAFile() throws {
        let cli = GateCLI("path-file")
        try Data("notes".utf8).write(to: URL(fileURLWithPath: cli.store))
        let r = try cli.run(["entitlements", "status"])
        #expect(r.status == 5, "\(r.stdout)\(r.stderr)")
        #expect(r.stderr.contains("is a file, not the directory that holds entitlements.sqlite"), "\(r.stderr)")
    }

    @Test("a link to a real store is the store (a Kubernetes Secret mounts its files as links)")
    func linkToStore() throws {
        let cli = try storeThen("link") { file in
            try FileManager.default.moveItem(atPath: file, toPath: file + ".real")
            try FileManager.default.createSymbolicLink(atPath: file, withDestinationPath: "entitlements.sqlite.real")
        }
        #expect(try cli.status().isPro)
    }
}
