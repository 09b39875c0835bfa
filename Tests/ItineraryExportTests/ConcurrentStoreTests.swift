/// Several processes writing one store at once: all succeed, none sees "database is locked",
/// and the final state holds everything each of them reported.
import Entitlements
import Foundation
import Testing
import TestSupport

private let t0 = GateTime.t0

@Suite("Concurrent store access")
struct ConcurrentStoreTests {
    @Test("concurrent imports of different files all land")
    func concurrentImports() throws {
        let cli = GateCLI("concurrent-import")
        try cli.ok(["entitlements", "init", "--bundle-id", bundleId])
        let signer = try TestSigner()
        try signer.authority.rootDER.write(to: URL(fileURLWithPath: cli.path("root.der")))
        try cli.ok(["entitlements", "trust-root", cli.path("root.der")])
        var commands: [(args: [String], env: [String: String])] = []
        for i in 0..<8 {
            var lines: [String] = []
            for j in 0..<5 {
                let id = "\(7000 + i * 10 + j)"
                let p = TestSigner.subscription(
                    id, product: j % 2 == 0 ? monthly : annual,
                    purchased: t0.addingTimeInterval(-Double(100 * i + j)),
                    expires: t0.addingTimeInterval(GateTime.day))
                lines.append(try signer.sign(p))
            }
            let file = cli.path("batch-\(i).txt")
            try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: file))
            commands.append((["entitlements", "import", "--json", file], cli.environment()))
        }
        // The same file twice at once, too: one imports, the other finds it there.
        commands.append((["entitlements", "import", "--json", cli.path("batch-0.txt")], cli.environment()))
        let results = try runConcurrently(commands)
        for r in results {
            #expect(r.status == 0, "\(r.stderr)")
            #expect(!r.stderr.contains("locked"), "\(r.stderr)")
            #expect(!r.stdout.contains("rejected"), "\(r.stdout)")
        }
        #expect(try cli.sqlValue("SELECT COUNT(*) FROM transactions") == "40")
        #expect(try cli.sqlValue("PRAGMA integrity_check") == "ok")
        let status = try cli.status()
        #expect(status.isPro)
        #expect(Set(status.entitlements.map(\.productId)) == [monthly, annual])
    }

    @Test("concurrent local purchases get distinct transactions, all kept")
    func concurrentPurchases() throws {
        let cli = GateCLI("concurrent-purchase")
        try cli.setUpLocalTesting()
        let count = 8
        let commands = (0..<count).map { i in
            (
                args: ["storekit-test", "purchase", i % 2 == 0 ? monthly : annual],
                env: cli.environment(now: GateTime.now + Double(i))
            )
        }
        let results = try runConcurrently(commands)
        var ids: [String] = []
        for r in results {
            #expect(r.status == 0, "\(r.stderr)")
            #expect(!r.stderr.contains("locked"), "\(r.stderr)")
            if let id = transactionId(in: r.stdout) { ids.append(id) }
        }
        #expect(ids.count == count)
        #expect(Set(ids).count == count, "duplicate transaction ids: \(ids.sorted())")
        #expect(try cli.sqlValue("SELECT COUNT(*) FROM transactions") == "\(count)")
        #expect(try cli.status(now: GateTime.now + Double(count)).isPro)
    }

    @Test("24 concurrent storekit-test enable: one local root, one says enabled, the rest already enabled")
    func concurrentEnables() throws {
        let cli = GateCLI("concurrent-enable")
        try cli.ok(["entitlements", "init", "--bundle-id", bundleId])
        let results = try runConcurrently(
            Array(repeating: (args: ["storekit-test", "enable"], env: cli.environment()), count: 24))
        for r in results { #expect(r.status == 0, "\(r.stderr)") }
        #expect(
            results.filter { $0.stdout.hasPrefix("Local StoreKit testing enabled") }.count == 1,
            "\(results.map(\.stdout))")
        #expect(results.filter { $0.stdout.hasPrefix("Local StoreKit testing was already enabled") }.count == 23)
        #expect(try cli.sqlValue("SELECT COUNT(*) FROM trusted_roots") == "1")
        // The one root is the saved authority's: its purchases verify.
        _ = try cli.purchase(annual)
        #expect(try cli.status().isPro)
    }

    @Test("exports and status checks while purchases and imports write: every reader gets an answer")
    func readersDuringWrites() throws {
        let cli = GateCLI("concurrent-readers")
        try cli.setUpLocalTesting()
        _ = try cli.purchase(annual)
        var commands: [(args: [String], env: [String: String])] = []
        for i in 0..<4 {
            commands.append(
                (["storekit-test", "purchase", monthly], cli.environment(now: GateTime.now + Double(i + 1))))
            commands.append((["entitlements", "status", "--json"], cli.environment()))
            commands.append(([dayTrip, cli.path("out-\(i).pdf")], cli.environment()))
        }
        let results = try runConcurrently(commands)
        for (command, r) in zip(commands, results) {
            #expect(r.status == 0, "\(command.args): \(r.stderr)")
            #expect(!r.stderr.contains("locked"))
        }
        for i in 0..<4 { #expect(FileManager.default.fileExists(atPath: cli.path("out-\(i).pdf"))) }
    }
}
