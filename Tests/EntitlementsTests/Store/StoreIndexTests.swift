/// The per-product query reads only the rows it returns: an index holds its whole order.
import Foundation
import Testing
import TestSupport
@testable import Entitlements

@Suite("Store indexes")
struct StoreIndexTests {
    private let query = """
        EXPLAIN QUERY PLAN SELECT transaction_id, product_id, purchase_date, signed_date, environment, jws FROM transactions
        WHERE product_id = 'p' ORDER BY purchase_date DESC, signed_date DESC, transaction_id DESC LIMIT 16 OFFSET 0
        """

    private func plan(_ f: SignedStoreFixture) throws -> String {
        try f.rows(query).compactMap { $0.last?.text }.joined(separator: "; ")
    }

    @Test func aNewStoreSortsNothing() throws {
        let f = try SignedStoreFixture("index-new")
        let plan = try plan(f)
        #expect(plan.contains("transactions_by_product_order") && !plan.contains("TEMP B-TREE"), "\(plan)")
    }

    @Test func anOlderStoreGetsTheIndexWhenOpened() throws {
        let f = try SignedStoreFixture("index-upgrade")
        try f.sql("DROP INDEX transactions_by_product_order")
        try f.sql("CREATE INDEX transactions_by_product ON transactions (product_id, purchase_date DESC)")
        #expect(try plan(f).contains("TEMP B-TREE"))
        _ = try EntitlementStore.openExisting(directory: f.directory)
        let plan = try plan(f)
        #expect(plan.contains("transactions_by_product_order") && !plan.contains("TEMP B-TREE"), "\(plan)")
        let indexes = try f.rows("SELECT name FROM sqlite_master WHERE type = 'index'").compactMap { $0.first?.text }
        #expect(!indexes.contains("transactions_by_product"))
    }
}
