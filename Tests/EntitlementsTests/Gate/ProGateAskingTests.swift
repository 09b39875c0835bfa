/// A gate whose first report is begun before its catalog is read (`ProGate.asking`): the same
/// answers as a gate made with its catalog, the catalog's error as before, and every report
/// after the first asked of the store again.
import Foundation
import Testing
import TestSupport
@testable import Entitlements

@Suite("Gate: asked while the catalog is read")
struct ProGateAskingTests {
    private struct Unreadable: Error {}

    @Test("the first report is the one a gate made with its catalog gives; later ones ask the store again")
    func firstReportThenAgain() throws {
        let dir = try TestStores.makeProStore("gate-asking")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let policy = TestStores.productionPolicy
        let expected = try ProGate(storeDirectory: dir, catalog: try TestStores.catalog(), policy: policy).report()
        let gate = try ProGate.asking(storeDirectory: dir, policy: policy) { try TestStores.catalog() }
        #expect(gate.catalog.proProductIDs == (try TestStores.catalog()).proProductIDs)
        let first = try gate.report()
        #expect(first.isPro && first.access == expected.access)
        #expect(first.entitlements.map(\.transactionId) == expected.entitlements.map(\.transactionId))
        // The store gone: a gate that answered from memory would still say Pro.
        try FileManager.default.removeItem(atPath: dir)
        #expect(try !gate.report().isPro)
        #expect(throws: GateError.self) { try gate.requirePro() }
    }

    @Test("a first report asked for later than it stays fresh is not taken: the store is asked again")
    func staleFirstReportIsNotTaken() throws {
        let dir = try TestStores.makeProStore("gate-asking-stale")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let gate = try ProGate.asking(storeDirectory: dir, policy: TestStores.productionPolicy, freshFor: .zero) {
            // Time for the report begun meanwhile to be made, from a Pro store.
            Thread.sleep(forTimeInterval: 0.3)
            return try TestStores.catalog()
        }
        // Pro when asked; gone by the first report, which must not answer from before.
        try FileManager.default.removeItem(atPath: dir)
        #expect(try !gate.report().isPro)
    }

    @Test("a catalog that cannot be read is the error, whatever the store holds")
    func catalogError() {
        #expect(throws: Unreadable.self) {
            try ProGate.asking(storeDirectory: TestStores.shared, policy: TestStores.productionPolicy) {
                () throws(Unreadable) -> StoreKitCatalog in throw Unreadable()
            }
        }
    }

    @Test("a broken store is the first report's error, as it is a plain gate's")
    func brokenStore() throws {
        let dir = TestPaths.scratch("gate-asking-broken").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try Data("not a database".utf8).write(
            to: URL(fileURLWithPath: dir).appendingPathComponent("entitlements.sqlite"))
        let gate = try ProGate.asking(storeDirectory: dir, policy: TestStores.productionPolicy) {
            try TestStores.catalog()
        }
        #expect(throws: StoreError.self) { try gate.report() }
    }
}
