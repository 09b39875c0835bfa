/// The per-group query reads only the rows it returns: an index holds the group and its order.
/// A store of schema version 1 is upgraded in place when opened where it can be written.
import Foundation
import Testing
import TestSupport
@testable import Entitlements

@Suite("Store indexes and upgrade")
struct StoreIndexTests {
    private let query = """
        EXPLAIN QUERY PLAN SELECT \(EntitlementStore.columns) FROM transactions
        WHERE product_id = 'p' AND ownership_type = 'PURCHASED' AND environment = 'Production' AND signer = ''
        ORDER BY purchase_date DESC, signed_date DESC, transaction_id DESC LIMIT 16 OFFSET 0
        """

    private func plan(_ f: SignedStoreFixture) throws -> String {
        try f.rows(query).compactMap { $0.last?.text }.joined(separator: "; ")
    }

    @Test func aNewStoreSortsNothing() throws {
        let f = try SignedStoreFixture("index-new")
        let plan = try plan(f)
        #expect(plan.contains("transactions_by_group") && !plan.contains("TEMP B-TREE"), "\(plan)")
    }

    @Test func listingTheGroupsSeeksInsteadOfScanning() throws {
        let f = try SignedStoreFixture("index-groups")
        let plan = try f.rows(
            """
            EXPLAIN QUERY PLAN SELECT product_id, ownership_type, environment FROM transactions
            WHERE (product_id, ownership_type, environment) > ('a', '', '') ORDER BY product_id, ownership_type, environment LIMIT 1
            """
        ).compactMap { $0.last?.text }.joined(separator: "; ")
        #expect(
            plan.contains("SEARCH") && plan.contains("transactions_by_group") && !plan.contains("TEMP B-TREE"),
            "\(plan)")
        try f.add(
            Payloads.subscription("1", purchased: Clock.t0, expires: Clock.at(Clock.day)),
            Payloads.subscription("2", purchased: Clock.t0, expires: Clock.at(Clock.day), ownership: "FAMILY_SHARED"),
            Payloads.subscription(
                "3", product: Products.annual, purchased: Clock.t0, expires: Clock.at(Clock.day), environment: .sandbox),
            Payloads.oneTime("4", product: Products.coffee, purchased: Clock.t0))
        #expect(
            try f.store.transactionGroups().map {
                "\($0.productId) \($0.ownershipType ?? "-") \($0.environment ?? "-")"
            } == [
                "com.sportstime.pro.annual PURCHASED Sandbox", "com.sportstime.pro.monthly FAMILY_SHARED Production",
                "com.sportstime.pro.monthly PURCHASED Production", "com.sportstime.tip.coffee PURCHASED Production",
            ])
    }

    @Test func aVersion1StoreIsUpgradedWhenOpened() throws {
        let f = try SignedStoreFixture("index-upgrade")
        let shared = Payloads.subscription(
            "5", product: Products.annual, purchased: Clock.t0, expires: Clock.at(Clock.day),
            ownership: "FAMILY_SHARED")
        try f.add(shared)
        // As version 1 left it: no ownership column, the product index, one clock mark for all.
        try f.sql("DROP INDEX transactions_by_group")
        try f.sql("ALTER TABLE transactions DROP COLUMN ownership_type")
        try f.sql(
            "CREATE INDEX transactions_by_product_order ON transactions (product_id, purchase_date DESC, signed_date DESC, transaction_id DESC)"
        )
        try f.sql("UPDATE meta SET value = '1' WHERE key = 'schemaVersion'")
        try f.sql("INSERT INTO meta (key, value) VALUES ('highWaterSignedDate', '99999999999999')")
        _ = try EntitlementStore.openExisting(directory: f.directory)
        #expect(try plan(f).contains("transactions_by_group"))
        #expect(try f.rows("SELECT value FROM meta WHERE key = 'schemaVersion'").first?.first?.text == "3")
        #expect(try f.rows("SELECT ownership_type FROM transactions").first?.first?.text == "FAMILY_SHARED")
        let indexes = try f.rows("SELECT name FROM sqlite_master WHERE type = 'index'").compactMap { $0.first?.text }
        #expect(!indexes.contains("transactions_by_product_order"))
        // The old all-environment mark is gone: it no longer holds a purchase's clock.
        #expect(try f.rows("SELECT 1 FROM meta WHERE key = 'highWaterSignedDate'").isEmpty)
        #expect(try f.report(at: Clock.t0).isPro)
    }
}
