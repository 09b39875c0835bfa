/// A test entitlement gives a PDF that says so on every page and in its metadata; a purchase
/// gives the plain one. `storekit-test disable` ends local testing.
import Entitlements
import Foundation
import ItineraryExport
import Testing
import TestSupport

private let notice = "Test entitlement (LocalTesting) — not a purchase"

private func pageCount(_ pdf: String) throws -> Int {
    let info = try runProcess("/usr/bin/pdfinfo", [pdf]).stdout
    let line = try #require(info.split(separator: "\n").first { $0.hasPrefix("Pages:") })
    return try #require(Int(line.split(separator: " ").last ?? ""))
}

private func text(_ pdf: String, page: Int) throws -> String {
    try runProcess("/usr/bin/pdftotext", ["-f", String(page), "-l", String(page), "-layout", pdf, "-"]).stdout
}

@Suite("Test entitlements: the marked PDF")
struct TestEntitlementMarkTests {
    @Test(
        "a LocalTesting purchase: every page and the keywords carry the notice, in both designs; status says Pro (testing)"
    )
    func everyPageIsMarked() throws {
        let cli = GateCLI("mark-pages")
        try cli.setUpLocalTesting()
        _ = try cli.purchase(annual)
        let status = try cli.ok(["entitlements", "status"])
        #expect(status.stdout.hasPrefix("Pro (testing): a test entitlement (LocalTesting), not a purchase"))
        let trip = TestPaths.examples.appendingPathComponent("midwest-mlb-10-day.json").path
        for template in ["classic", "compact"] {
            let out = cli.path("\(template).pdf")
            try cli.ok([trip, out, "--template", template])
            let pages = try pageCount(out)
            #expect(pages > 1)
            for page in 1...pages {
                #expect(try text(out, page: page).contains(notice), "\(template) page \(page)")
            }
            let info = try runProcess("/usr/bin/pdfinfo", [out]).stdout
            #expect(info.contains("Keywords:        \(notice)"), "\(info)")
        }
    }

    @Test("the library under a policy that names the signer's root: a purchase, and no notice anywhere")
    func aPurchaseIsNotMarked() throws {
        let exporter = try TestStores.exporter()
        #expect(exporter.access == .production)
        let trip = try Exporter.loadTrip(path: dayTrip)
        let pdf = try exporter.render(trip).bytes
        let file = TestPaths.scratch("mark-none").appendingPathComponent("p.pdf")
        try pdf.write(to: file)
        let all = try runProcess("/usr/bin/pdftotext", [file.path, "-"]).stdout
        #expect(!all.contains("Test entitlement"))
        #expect(!(try runProcess("/usr/bin/pdfinfo", [file.path]).stdout.contains("Keywords")))
        // The same store under the build's policy (the command's): marked.
        let marked = try TestStores.exporter(policy: TestStores.buildPolicy)
        #expect(marked.access.isTesting)
    }

    @Test("storekit-test disable: the local CA, its key and the local purchases go; not Pro; enable starts afresh")
    func disable() throws {
        let cli = GateCLI("mark-disable")
        try cli.setUpLocalTesting()
        _ = try cli.purchase(annual)
        #expect(try cli.status().isPro)
        let r = try cli.ok(["storekit-test", "disable"])
        #expect(r.stdout.contains("1 local test transaction was removed"))
        #expect(try !cli.status().isPro)
        #expect(try cli.sqlValue("SELECT COUNT(*) FROM trusted_roots") == "0")
        #expect(
            try cli.sqlValue(
                "SELECT COUNT(*) FROM meta WHERE key IN ('localTesting.authority', 'localTesting.rootFingerprint')")
                == "0")
        #expect(try cli.run([dayTrip, cli.path("out.pdf")]).status == 3)
        #expect(try cli.run(["storekit-test", "purchase", annual]).status == 1)
        try cli.ok(["storekit-test", "enable"])
        _ = try cli.purchase(annual)
        #expect(try cli.status().isPro)
    }
}
