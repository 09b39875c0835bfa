/// Local testing's clock: a purchase made with EXPORT_ITINERARY_NOW years ahead is named where it
/// holds later purchases expired, `storekit-test clear` and `disable` reset it (never a purchase's
/// marks), and a refund or expiry the store cannot take says why (exit 1) instead of "Refunded".
import Foundation
import Testing
import TestSupport

private let ahead = GateTime.now + 10 * 365 * GateTime.day
private let heldNote =
    "Note: LocalTesting test entitlements are judged at 2035-10-07T08:53:20Z, not at the clock's time: one of them was signed then (with EXPORT_ITINERARY_NOW ahead of the clock), and a test clock never goes back; 'export-itinerary storekit-test clear' removes the local test transactions and resets it."

@Suite("Local testing's clock")
struct TestClockCommandLineTests {
    @Test("a purchase ten years ahead is named where it makes the next one expired; clear and disable reset it")
    func aheadPurchaseIsNamedAndReset() throws {
        for reset in [["storekit-test", "clear"], ["storekit-test", "disable"]] {
            let cli = GateCLI("clock-\(reset[1])")
            try cli.setUpLocalTesting()
            _ = try cli.purchase(annual, now: ahead)
            let bought = try cli.ok(["storekit-test", "purchase", monthly])
            #expect(bought.stdout.hasSuffix("\n" + heldNote + "\n"), "\(bought.stdout)")
            #expect(try cli.status().state(monthly) == "expired")
            let status = try cli.ok(["entitlements", "status"])
            #expect(status.stdout.hasSuffix(heldNote + "\n"), "\(status.stdout)")

            try cli.ok(reset)
            #expect(try cli.sqlValue("SELECT COUNT(*) FROM meta WHERE key = 'highWater.test.LocalTesting'") == "0")
            try cli.ok(["storekit-test", "enable"])
            let again = try cli.ok(["storekit-test", "purchase", monthly])
            #expect(!again.stdout.contains("Note:"), "\(again.stdout)")
            let fresh = try cli.status()
            #expect(fresh.isPro)
            #expect(fresh.state(monthly) == "subscribed")
            #expect(try !cli.ok(["entitlements", "status"]).stdout.contains("Note:"))
        }
    }

    @Test(
        "an export refused because a test purchase expired at EXPORT_ITINERARY_NOW names that clock before the paywall")
    func refusalNamesTheTestClock() throws {
        let cli = GateCLI("clock-refusal")
        try cli.setUpLocalTesting()
        _ = try cli.purchase(monthly)
        let out = cli.path("late.pdf")
        let late = try cli.run([dayTrip, out], now: ahead)
        #expect(late.status == 3, "\(late.stderr)")
        #expect(
            late.stderr.contains(
                "warning: EXPORT_ITINERARY_NOW is set: test entitlements were judged at 2035-10-07T08:53:20Z, not now; unset it"
            ), "\(late.stderr)")
        // Without the variable, nothing of the sort is said.
        let unset = try cli.run([dayTrip, out], now: nil)
        #expect(!unset.stderr.contains("EXPORT_ITINERARY_NOW"), "\(unset.stderr)")
    }

    @Test("clear and disable reset local testing's mark only: a purchase's marks and other environments' stay")
    func resetTouchesLocalTestingOnly() throws {
        let cli = GateCLI("clock-only-local")
        try cli.setUpLocalTesting()
        _ = try cli.purchase(annual, now: ahead)
        let kept = [
            "highWater.production": "4000000000000", "gateEvaluatedAt.production": "4000000000000",
            "highWater.test.Sandbox": "4000000000000", "highWater.test.Production, test root": "4000000000000",
        ]
        for (key, value) in kept { try cli.sql("INSERT INTO meta (key, value) VALUES (?, ?)", [key, value]) }
        for reset in [["storekit-test", "clear"], ["storekit-test", "disable"]] {
            try cli.ok(reset)
            for (key, value) in kept {
                #expect(try cli.sqlValue("SELECT value FROM meta WHERE key = '\(key)'") == value, "\(reset): \(key)")
            }
        }
    }

    @Test("refund and expire of a purchase signed ahead of their clock change nothing and say why (exit 1)")
    func refundBehindTheStoredCopy() throws {
        let cli = GateCLI("clock-refund")
        try cli.setUpLocalTesting()
        let id = try cli.purchase(annual, now: ahead)
        for (action, word) in [("refund", "refunded"), ("expire", "expired")] {
            let r = try cli.run(["storekit-test", action, id])
            #expect(r.status == 1, "\(action): \(r.stdout)\(r.stderr)")
            #expect(r.stdout.isEmpty, "\(r.stdout)")
            expectOneLineError(r.stderr)
            #expect(
                r.stderr.contains(
                    "transaction \(id) was not \(word): the store keeps its copy signed 2035-10-07T08:53:20Z, later than this one (2025-10-09T08:53:20Z), and an earlier copy never replaces a later one; run it again with EXPORT_ITINERARY_NOW=2075360001 or later; or start local testing over with 'export-itinerary storekit-test clear'"
                ), "\(r.stderr)")
            #expect(try cli.status(now: ahead).state(annual) == "subscribed")
        }
        // At the clock it names, the refund is taken.
        try cli.ok(["storekit-test", "refund", id], now: 2_075_360_001)
        #expect(try cli.status(now: 2_075_360_001).state(annual) == "revoked")
    }
}
