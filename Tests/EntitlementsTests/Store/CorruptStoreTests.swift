/// A store that cannot be read is an error (StoreError), never Pro and never a crash; a missing one is simply empty.
import Foundation
import Testing
import TestSupport
@testable import Entitlements

private let t0 = Clock.t0

/// Builds a Pro store and closes every connection to it, so that the database file holds everything
/// (write-ahead log checkpointed), then lets `damage` break it.
private func brokenStore(
    _ name: String, _ damage: (_ directory: String, _ file: String) throws -> Void
) throws -> String {
    let directory: String
    do {
        let f = try SignedStoreFixture("corrupt-\(name)")
        try f.add(
            Payloads.subscription(
                "1", product: Products.annual, purchased: t0.addingTimeInterval(-60),
                expires: t0.addingTimeInterval(365 * Clock.day)),
            Payloads.oneTime("2", product: Products.coffee, purchased: t0.addingTimeInterval(-60)))
        #expect(try f.report(at: t0).isPro)
        directory = f.directory
    }
    let file = directory + "/entitlements.sqlite"
    #expect(!FileManager.default.fileExists(atPath: file + "-wal"), "a connection is still open")
    try damage(directory, file)
    return directory
}

private func gate(_ directory: String) throws -> ProGate {
    ProGate(
        storeDirectory: directory, catalog: try TestStores.catalog(), policy: TestStores.productionPolicy,
        clock: GateClock(system: { t0 }))
}

/// The gate's report throws a store error, and requirePro reports it as such (not as "not Pro", not as Pro).
private func expectStoreError(
    _ directory: String, sourceLocation: SourceLocation = #_sourceLocation
) throws -> StoreError? {
    let error = #expect(throws: StoreError.self, sourceLocation: sourceLocation) { try gate(directory).report() }
    let g = try gate(directory)
    do {
        try g.requirePro()
        Issue.record("requirePro passed on a broken store", sourceLocation: sourceLocation)
    } catch {
        if case .store = error {
        } else {
            Issue.record("requirePro threw \(error), not a store error", sourceLocation: sourceLocation)
        }
    }
    if let error {
        #expect(!error.description.contains("\n"), "one line: \(error.description)", sourceLocation: sourceLocation)
    }
    return error
}

private func isCorrupt(_ e: StoreError?) -> Bool { if case .corrupt = e { true } else { false } }
private func isUnreadable(_ e: StoreError?) -> Bool { if case .unreadable = e { true } else { false } }

@Suite("Store: corrupt or unreadable")
struct CorruptStoreTests {
    @Test("a file of garbage in place of the database is corrupt")
    func garbage() throws {
        let dir = try brokenStore("garbage") { _, file in
            try Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }).write(to: URL(fileURLWithPath: file))
        }
        let error = try expectStoreError(dir)
        #expect(isCorrupt(error), "\(String(describing: error))")
    }

    @Test("a text file in place of the database is corrupt")
    func textFile() throws {
        let dir = try brokenStore("text") { _, file in
            try Data("{\"isPro\": true}\n".utf8).write(to: URL(fileURLWithPath: file))
        }
        #expect(isCorrupt(try expectStoreError(dir)))
    }

    @Test("an empty file is corrupt (no entitlement tables), and the gate does not quietly make tables in it")
    func emptyFile() throws {
        let dir = try brokenStore("empty") { _, file in
            try Data().write(to: URL(fileURLWithPath: file))
        }
        #expect(isCorrupt(try expectStoreError(dir)))
        #expect(try FileManager.default.attributesOfItem(atPath: dir + "/entitlements.sqlite")[.size] as? Int == 0)
    }

    @Test("a truncated database is an error", arguments: [100, 4096, 0.5])
    func truncated(_ keep: Double) throws {
        let dir = try brokenStore("truncated-\(keep)") { _, file in
            let data = try Data(contentsOf: URL(fileURLWithPath: file))
            #expect(data.count > 8192)
            let count = keep < 1 ? Int(Double(data.count) * keep) : Int(keep)
            try data.prefix(count).write(to: URL(fileURLWithPath: file))
        }
        let error = try expectStoreError(dir)
        #expect(isCorrupt(error), "\(String(describing: error))")
    }

    @Test(
        "a database with one of our tables dropped is corrupt",
        arguments: ["transactions", "meta", "trusted_roots", "renewals"])
    func tableDropped(_ table: String) throws {
        let dir = try brokenStore("dropped-\(table)") { _, file in
            let db = try SQLiteDatabase(path: file, create: false)
            try db.execute("DROP TABLE \(table)")
        }
        let error = try expectStoreError(dir)
        #expect(isCorrupt(error))
        #expect(error?.description.contains(table) == true)
    }

    @Test("a database with every table dropped is corrupt")
    func allTablesDropped() throws {
        let dir = try brokenStore("dropped-all") { _, file in
            let db = try SQLiteDatabase(path: file, create: false)
            try db.execute("DROP TABLE transactions; DROP TABLE meta; DROP TABLE trusted_roots; DROP TABLE renewals")
        }
        #expect(isCorrupt(try expectStoreError(dir)))
    }

    @Test("another program's SQLite database is corrupt")
    func foreignDatabase() throws {
        let dir = try brokenStore("foreign") { _, file in
            try FileManager.default.removeItem(atPath: file)
            let db = try SQLiteDatabase(path: file, create: true)
            try db.execute("CREATE TABLE purchases (id TEXT, pro INTEGER); INSERT INTO purchases VALUES ('x', 1)")
        }
        #expect(isCorrupt(try expectStoreError(dir)))
    }

    @Test("a schema version from another version is corrupt")
    func otherSchemaVersion() throws {
        let dir = try brokenStore("schema") { _, file in
            try SQLiteDatabase(path: file, create: false).execute(
                "UPDATE meta SET value = '99' WHERE key = 'schemaVersion'")
        }
        let error = try expectStoreError(dir)
        #expect(isCorrupt(error))
        #expect(error?.description.contains("schema version 99") == true)
    }

    @Test("an unreadable database file is unreadable", .enabled(if: getuid() != 0, "root reads any file"))
    func unreadableFile() throws {
        let dir = try brokenStore("chmod") { _, file in
            #expect(chmod(file, 0o000) == 0)
        }
        defer { chmod(dir + "/entitlements.sqlite", 0o600) }
        #expect(isUnreadable(try expectStoreError(dir)))
    }

    @Test("a directory in place of the database is named as one, with the way out")
    func directoryInPlace() throws {
        let dir = try brokenStore("directory") { _, file in
            try FileManager.default.removeItem(atPath: file)
            try FileManager.default.createDirectory(atPath: file, withIntermediateDirectories: false)
        }
        let error = try expectStoreError(dir)
        #expect(error == .notAFile(path: dir + "/entitlements.sqlite", what: "a directory, not a database file"))
        #expect(error?.remedy == .replaceStore)
    }

    @Test("a missing store is not Pro and not an error")
    func missing() throws {
        let dir = try brokenStore("missing") { directory, _ in
            try FileManager.default.removeItem(atPath: directory)
        }
        let report = try gate(dir).report()
        #expect(!report.isPro)
        #expect(report.entitlements.isEmpty)
        #expect(throws: GateError.self) { try gate(dir).requirePro() }
    }
}
