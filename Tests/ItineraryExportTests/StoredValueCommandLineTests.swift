/// Numbers read back from the store and written by hand (the clock marks, the order of trusted
/// roots): a value out of range is the store's error, one line naming the key (exit 5), never a
/// trap, never read as 0, never Pro.
import Foundation
import Testing
import TestSupport

@Suite("Store: numbers written by hand")
struct StoredValueCommandLineTests {
    @Test(
        "a clock mark that is no moment from 1970 to year 9999 stops status, export and (its own) a local purchase",
        arguments: ["highWater.test.LocalTesting", "highWater.production", "gateEvaluatedAt.production"])
    func clockMarks(key: String) throws {
        let cli = GateCLI("stored-mark-\(key)")
        try cli.setUpLocalTesting()
        _ = try cli.purchase(annual)
        for value in ["1e400", "inf", "nan", "-1", "253402300800000", "soon", ""] {
            try cli.sql(
                "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                [key, value])
            // A local purchase raises (reading it first) local testing's mark, and no other.
            let purchase = key.hasSuffix("LocalTesting") ? [["storekit-test", "purchase", monthly]] : []
            for args in [["entitlements", "status"], [dayTrip, cli.path("out.pdf")]] + purchase {
                let r = try cli.run(args)
                #expect(r.status == 5, "\(key)=\(value) \(args): \(r.stdout)\(r.stderr)")
                expectOneLineError(r.stderr)
                #expect(
                    r.stderr.contains(
                        "holds an invalid value: \(key) is \"\(value)\", not a moment in milliseconds since 1970 (0 to 253402300799999, the end of year 9999)"
                    ), "\(r.stderr)")
            }
        }
        #expect(!FileManager.default.fileExists(atPath: cli.path("out.pdf")))
        // A mark set back to a moment is read again.
        try cli.sql("UPDATE meta SET value = '0' WHERE key = ?", [key])
        #expect(try cli.status().isPro)
    }

    @Test("the order of trusted roots at the largest integer: trust-root is the store's error, not a wrap")
    func trustedRootOrder() throws {
        let cli = GateCLI("stored-root-order")
        try cli.setUpLocalTesting()
        try cli.sql("UPDATE trusted_roots SET added = 9223372036854775807")
        let root = cli.path("root.der")
        try TestSigner().authority.rootDER.write(to: URL(fileURLWithPath: root))
        let r = try cli.run(["entitlements", "trust-root", root])
        #expect(r.status == 5, "\(r.stdout)\(r.stderr)")
        expectOneLineError(r.stderr)
        #expect(
            r.stderr.contains(
                "holds an invalid value: trusted_roots.added holds 9223372036854775807, not a count below 9223372036854775807"
            ), "\(r.stderr)")
        try cli.sql("UPDATE trusted_roots SET added = 1")
        try cli.ok(["entitlements", "trust-root", root])
    }
}
