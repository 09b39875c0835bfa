/// The store's schema is the program's (issue 19 §2): a trigger, view or table someone wrote
/// into the file is refused, triggers never run on the program's connection, and a statement
/// that runs away is stopped with an error instead of hanging the gate.
import Foundation
import Testing
import TestSupport
@testable import Entitlements

@Suite("Store: only the program's schema, every statement bounded")
struct StoreSchemaTests {
    private func expectRefused(
        _ f: SignedStoreFixture, _ word: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        do {
            _ = try EntitlementStore.openExisting(directory: f.directory)
            Issue.record("a store with a \(word) was opened", sourceLocation: sourceLocation)
        } catch {
            guard case let .corrupt(_, reason) = error else {
                Issue.record("\(error)", sourceLocation: sourceLocation); return
            }
            #expect(reason.contains("holds a \(word)"), "\(reason)", sourceLocation: sourceLocation)
        }
    }

    @Test("a recursive trigger on meta: refused when the store is opened, before the gate writes anything")
    func trigger() throws {
        let f = try SignedStoreFixture("schema-trigger")
        try f.sql(
            """
            CREATE TRIGGER forever AFTER UPDATE ON meta BEGIN
                SELECT count(*) FROM (WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r) SELECT x FROM r);
            END
            """)
        expectRefused(f, "trigger \"forever\"")
        #expect(throws: StoreError.self) { _ = try f.report(at: Clock.t0) }
    }

    @Test("a view and a table the program did not make are refused too")
    func viewAndTable() throws {
        let f = try SignedStoreFixture("schema-view")
        try f.sql("CREATE VIEW everything AS SELECT * FROM transactions")
        expectRefused(f, "view \"everything\"")
        let g = try SignedStoreFixture("schema-table")
        try g.sql("CREATE TABLE notes (text TEXT)")
        expectRefused(g, "table \"notes\"")
    }

    @Test("a trigger never fires on the program's connection")
    func triggersOff() throws {
        let f = try SignedStoreFixture("schema-trigger-off")
        let db = try SQLiteDatabase(path: f.databasePath, create: false)
        try db.execute("CREATE TABLE log (n INTEGER)")
        try db.execute("CREATE TRIGGER count_meta AFTER INSERT ON meta BEGIN INSERT INTO log VALUES (1); END")
        try db.execute("INSERT INTO meta (key, value) VALUES ('k', 'v')")
        #expect(try db.query("SELECT COUNT(*) FROM log").first?.first?.integer == 0)
    }

    @Test("a statement past the time limit is stopped with an error that says so")
    func runaway() throws {
        let f = try SignedStoreFixture("schema-runaway")
        let db = try SQLiteDatabase(path: f.databasePath, create: false)
        db.timeLimit = 0.2
        do {
            _ = try db.query("WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r) SELECT count(*) FROM r")
            Issue.record("an endless query returned")
        } catch {
            #expect(error.message.contains("took longer than 1 s to answer"), "\(error)")
        }
        // The connection still answers afterwards.
        #expect(try db.query("SELECT 1").first?.first?.integer == 1)
    }
}

@Suite("Store: each table as the program defines it")
struct StoreDefinitionTests {
    @Test("meta rebuilt with a slow CHECK, or an index on an expression under the group index's name: refused")
    func redefined() throws {
        let f = try SignedStoreFixture("schema-check")
        try f.sql("ALTER TABLE meta RENAME TO meta_old")
        try f.sql(
            "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL CHECK (length(hex(zeroblob(1000))) > 0))")
        try f.sql("INSERT INTO meta SELECT * FROM meta_old")
        try f.sql("DROP TABLE meta_old")
        do {
            _ = try EntitlementStore.openExisting(directory: f.directory)
            Issue.record("a redefined meta was accepted")
        } catch {
            #expect("\(error)".contains("its meta is not defined as export-itinerary defines it"), "\(error)")
        }
        let g = try SignedStoreFixture("schema-index")
        try g.sql("DROP INDEX transactions_by_group")
        try g.sql("CREATE INDEX transactions_by_group ON transactions (length(jws))")
        #expect(throws: StoreError.self) { _ = try EntitlementStore.openExisting(directory: g.directory) }
    }

    @Test("white space is not a difference: the recorded text is compared normalised")
    func normalised() {
        #expect(
            EntitlementStore.normalised("CREATE TABLE meta (key TEXT PRIMARY KEY,\n   value TEXT NOT NULL )")
                == EntitlementStore.normalised("CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL)"))
        #expect(EntitlementStore.normalised("a  b") == "a b")
    }
}
