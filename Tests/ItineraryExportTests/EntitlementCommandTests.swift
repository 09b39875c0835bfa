/// `entitlements init|trust-root|import|status`, `paywall` and `storekit-test` as users run them.
import Entitlements
import LocalStoreKit
import Foundation
import Testing
import TestSupport

private let t0 = GateTime.t0

@Suite("Entitlement commands")
struct EntitlementCommandTests {
    @Test("init sets the environments; an unknown environment, or another app's bundle id, is a usage error")
    func initStore() throws {
        let cli = GateCLI("cmd-init")
        let r = try cli.ok([
            "entitlements", "init", "--bundle-id", bundleId, "--environment", "sandbox", "--environment", "Production",
        ])
        #expect(r.stdout.contains("bundle id \(bundleId), environments Sandbox, Production"))
        #expect(FileManager.default.fileExists(atPath: cli.store + "/entitlements.sqlite"))
        #expect(try cli.sqlValue("SELECT value FROM meta WHERE key = 'environments'") == "Sandbox,Production")
        let bad = try cli.run(["entitlements", "init", "--bundle-id", bundleId, "--environment", "staging"])
        #expect(bad.status == 2)
        expectOneLineError(bad.stderr)
        // The app is compiled in: --bundle-id may repeat it, never name another app.
        try cli.ok(["entitlements", "init"])
        let other = try cli.run(["entitlements", "init", "--bundle-id", "com.example.other"])
        #expect(other.status == 2)
        expectOneLineError(other.stderr)
        #expect(other.stderr.contains("this build exports for \(bundleId) only"))
        // Import before init (what the paywall tells a new user to run) makes the store as init
        // does by default, then imports: here a trip, which holds no transaction.
        let fresh = GateCLI("cmd-init-missing")
        let early = try fresh.run(["entitlements", "import", dayTrip])
        #expect(early.status == 1, "\(early.stdout)\(early.stderr)")
        #expect(
            early.stdout.hasPrefix(
                "Created the entitlement store \(fresh.store)/entitlements.sqlite (bundle id \(bundleId), Production)\n"
            ))
        #expect(early.stdout.contains("rejected"), "\(early.stdout)")
        #expect(try fresh.sqlValue("SELECT value FROM meta WHERE key = 'environments'") == "Production")
        // With --json, standard output stays one JSON document; the note goes to standard error.
        let freshJSON = GateCLI("cmd-init-missing-json")
        let json = try freshJSON.run(["entitlements", "import", dayTrip, "--json"])
        #expect(json.stderr.contains("Created the entitlement store"))
        #expect((try? JSONSerialization.jsonObject(with: Data(json.stdout.utf8))) != nil, "\(json.stdout)")
        // Any other command that changes a store that is not there: exit 5, naming init alone.
        let missing = GateCLI("cmd-init-missing-other")
        let purchase = try missing.run(["storekit-test", "purchase", "com.sportstime.pro.monthly"])
        #expect(purchase.status == 5, "\(purchase.stderr)")
        #expect(
            purchase.stderr.hasSuffix("is not set up; run 'export-itinerary entitlements init'\n"), "\(purchase.stderr)"
        )
    }

    @Test("trust-root takes DER and PEM, names the certificate, and does not call a local root Apple's")
    func trustRoot() throws {
        let cli = GateCLI("cmd-trust")
        try cli.ok(["entitlements", "init", "--bundle-id", bundleId])
        let signer = try TestSigner(prefix: "Acme Test")
        let der = cli.path("root.der"), pem = cli.path("root.pem")
        try signer.authority.rootDER.write(to: URL(fileURLWithPath: der))
        try Data(signer.rootPEM.utf8).write(to: URL(fileURLWithPath: pem))
        let fingerprint = Certificates.sha256Fingerprint(signer.authority.rootDER)
        #expect(fingerprint != Certificates.appleRootCAG3Fingerprint)

        let testingOnly =
            "For testing only: this build takes purchases from Apple Root CA - G3 alone, so whatever chains to this root is a test entitlement, and the PDFs it allows are marked \"Test entitlement\".\n"
        let first = try cli.ok(["entitlements", "trust-root", der])
        #expect(first.stdout == "Trusted: Acme Test Root (SHA-256 \(fingerprint))\n" + testingOnly)
        let again = try cli.ok(["entitlements", "trust-root", pem])
        #expect(again.stdout == "Already trusted: Acme Test Root (SHA-256 \(fingerprint))\n" + testingOnly)
        for r in [first, again] {
            #expect(!r.stdout.contains("This is Apple Root CA"))
        }
        #expect(try cli.sqlValue("SELECT label FROM trusted_roots") == "Acme Test Root")

        // A PEM with two certificates trusts both.
        let other = try TestSigner(prefix: "Second")
        let both = cli.path("both.pem")
        try Data((other.rootPEM + signer.rootPEM).utf8).write(to: URL(fileURLWithPath: both))
        let two = try cli.ok(["entitlements", "trust-root", both])
        #expect(
            two.stdout.split(separator: "\n").map { $0.split(separator: ":").first! }
                == ["Trusted", "For testing only", "Already trusted", "For testing only"])

        // Not a certificate: exit 1, one line.
        let junk = cli.path("junk.pem")
        try Data("-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n".utf8).write(
            to: URL(fileURLWithPath: junk))
        let bad = try cli.run(["entitlements", "trust-root", junk])
        #expect(bad.status == 1)
        expectOneLineError(bad.stderr)

        // What it trusts verifies: a purchase signed under it imports.
        let jws = try signer.sign(
            TestSigner.subscription("9001", purchased: t0, expires: t0.addingTimeInterval(GateTime.day)))
        let file = cli.path("restore.txt")
        try Data(jws.utf8).write(to: URL(fileURLWithPath: file))
        try cli.ok(["entitlements", "import", file])
        // ... as a test entitlement: a self-made root never makes a purchase.
        let status = try cli.status()
        #expect(status.isPro && status.testing)
        #expect(status.notice == "Test entitlement (Production, test root) — not a purchase")
    }

    @Test("status --json has the documented shape")
    func statusShape() throws {
        let cli = GateCLI("cmd-status")
        try cli.setUpLocalTesting()
        let id = try cli.purchase(annual, ["--family-shared"])
        let status = try cli.status()
        #expect(status.keys == ["isPro", "testing", "notice", "entitlements"])
        #expect(status.isPro && status.testing)
        #expect(status.notice == "Test entitlement (LocalTesting) — not a purchase")
        let item = try #require(status.entitlements.first)
        #expect(
            item.keys == [
                "productId", "transactionId", "state", "expiresDate", "ownershipType", "environment", "testing",
            ])
        #expect(item.testing)
        #expect(item.productId == annual)
        #expect(item.transactionId == id)
        #expect(item.state == "subscribed")
        #expect(item.expiresDate == "2026-10-09T08:53:20Z")
        #expect(item.ownershipType == "FAMILY_SHARED")
        #expect(item.environment == "LocalTesting")

        // A non-consumable has a null expiresDate, present in the object.
        let signer = try TestSigner()
        try signer.authority.rootDER.write(to: URL(fileURLWithPath: cli.path("root.der")))
        try cli.ok(["entitlements", "trust-root", cli.path("root.der")])
        var lifetime = JWSTransactionDecodedPayload(
            originalTransactionId: "77", transactionId: "77", bundleId: bundleId,
            productId: "com.sportstime.extras.lifetime", purchaseDate: GateTime.ms(t0),
            type: "Non-Consumable", signedDate: GateTime.ms(t0), environment: "Production")
        lifetime.quantity = 1
        try Data(try signer.sign(lifetime).utf8).write(to: URL(fileURLWithPath: cli.path("l.txt")))
        try cli.ok(["entitlements", "import", cli.path("l.txt")])
        let raw = try cli.run(["entitlements", "status", "--json"])
        let object = try JSONSerialization.jsonObject(with: raw.stdoutData) as? [String: Any]
        let entry = try #require(
            (object?["entitlements"] as? [[String: Any]])?.first {
                $0["productId"] as? String == "com.sportstime.extras.lifetime"
            })
        #expect(entry["expiresDate"] is NSNull)
        #expect(entry["ownershipType"] is NSNull)
        #expect(entry["state"] as? String == "subscribed")
        let text = try cli.ok(["entitlements", "status"])
        #expect(
            text.stdout.contains(
                "com.sportstime.extras.lifetime  subscribed  transaction 77  Production  (test entitlement)  (not a Pro product)"
            ))
        #expect(text.stdout.hasPrefix("Pro (testing): a test entitlement (LocalTesting), not a purchase"))
    }

    @Test("paywall --json: features, prices, the 17% saving and the restore command")
    func paywallJSON() throws {
        let cli = GateCLI("cmd-paywall")
        let r = try cli.ok(["paywall", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: r.stdoutData) as? [String: Any])
        #expect(Set(object.keys) == ["title", "currency", "familySharing", "features", "plans", "restore"])
        #expect(object["currency"] as? String == "USD")
        #expect(object["restore"] as? String == "export-itinerary entitlements import FILE")
        let features = try #require(object["features"] as? [[String: Any]])
        #expect(features.compactMap { $0["id"] as? String } == ["unlimitedTrips", "pdfExport", "progressTracking"])
        let plans = try #require(object["plans"] as? [[String: Any]])
        #expect(plans.compactMap { $0["productId"] as? String } == [monthly, annual])
        #expect(plans.compactMap { $0["displayPrice"] as? String } == ["$4.99", "$49.99"])
        #expect(plans[1]["savingsPercent"] as? Int == 17)
        #expect(plans[1]["savingsComparedTo"] as? String == monthly)
        #expect(plans[1]["displayPerMonth"] as? String == "$4.17")
        // Deterministic bytes.
        #expect(try cli.ok(["paywall", "--json"]).stdoutData == r.stdoutData)
        let text = try cli.ok(["paywall"])
        #expect(text.stdout.contains("Pro Annual: $49.99/year ($4.17/month, save 17% vs. Pro Monthly)"))
    }

    @Test("storekit-test: purchase → Pro, refund → revoked, expire → expired, clear → empty")
    func storeKitTestRoundTrips() throws {
        let cli = GateCLI("cmd-skt")
        try cli.setUpLocalTesting()
        let a = try cli.purchase(monthly)
        #expect(try cli.status().isPro)
        try cli.ok(["storekit-test", "refund", a])
        var status = try cli.status()
        #expect(!status.isPro)
        #expect(status.state(monthly) == "revoked")

        let b = try cli.purchase(annual)
        #expect(try cli.status().isPro)
        let expired = try cli.ok(["storekit-test", "expire", b], now: GateTime.now + GateTime.day)
        #expect(expired.stdout == "Expired transaction \(b).\n")
        status = try cli.status(now: GateTime.now + GateTime.day)
        #expect(!status.isPro)
        #expect(status.state(annual) == "expired")

        let cleared = try cli.ok(["storekit-test", "clear"])
        #expect(cleared.stdout == "Removed 2 local test transactions.\n")
        status = try cli.status()
        #expect(!status.isPro)
        #expect(status.entitlements.isEmpty)

        // Errors are one line, exit 1.
        for args in [["storekit-test", "refund", "123"], ["storekit-test", "purchase", "com.nope"]] {
            let r = try cli.run(args)
            #expect(r.status == 1, "\(args)")
            expectOneLineError(r.stderr)
        }
        #expect(try cli.run(["storekit-test", "purchase", monthly, "--expires-in", "soon"]).status == 2)
    }

    @Test("--family-shared is Pro and shown as family shared; --expires-in -1h is expired")
    func familyAndExpiresIn() throws {
        let cli = GateCLI("cmd-family")
        try cli.setUpLocalTesting()
        _ = try cli.purchase(monthly, ["--expires-in", "-1h"])
        var status = try cli.status()
        #expect(!status.isPro)
        #expect(status.state(monthly) == "expired")
        #expect(status.entitlements.first?.expiresDate == "2025-10-09T07:53:20Z")
        _ = try cli.purchase(annual, ["--family-shared"])
        status = try cli.status()
        #expect(status.isPro)
        #expect(status.entitlements.first { $0.productId == annual }?.ownershipType == "FAMILY_SHARED")
        #expect(try cli.ok(["entitlements", "status"]).stdout.contains("family shared"))
    }

    @Test("--expires-in 0: expiry exactly at EXPORT_ITINERARY_NOW is active, a millisecond later it is not")
    func expiryBoundary() throws {
        let cli = GateCLI("cmd-boundary")
        try cli.setUpLocalTesting()
        _ = try cli.purchase(monthly, ["--expires-in", "0"])
        #expect(try cli.status(now: GateTime.now).isPro)
        #expect(try cli.status(now: GateTime.now + 0.001).isPro == false)
        #expect(try cli.run([dayTrip, cli.path("out.pdf")], now: GateTime.now + 0.001).status == 3)
    }

    @Test(
        "--catalog, EXPORT_ITINERARY_STOREKIT or a StoreKit/ in the working directory change the paywall, never what is Pro; one that cannot be read stops a Pro user too"
    )
    func otherCatalog() throws {
        let cli = GateCLI("cmd-catalog")
        try cli.setUpLocalTesting()
        let catalog = cli.path("Other.storekit")
        try Data(otherCatalogText.utf8).write(to: URL(fileURLWithPath: catalog))
        let weekly = "org.example.club.weekly"
        // The default catalog does not sell the other's product, and the other does not sell ours.
        #expect(try cli.run(["storekit-test", "purchase", weekly]).status == 1)
        _ = try cli.purchase(weekly, ["--catalog", catalog])
        #expect(try !cli.status(now: GateTime.now, ["--catalog", catalog]).isPro)
        #expect(try !cli.status().isPro)
        #expect(try cli.run([dayTrip, cli.path("out.pdf")]).status == 3)
        #expect(try cli.run([dayTrip, cli.path("out.pdf"), "--catalog", catalog]).status == 3)
        // The same catalog found through the environment, or as StoreKit/SportsTime.storekit in
        // the working directory (with the bundled one out of reach), makes nothing Pro either.
        let evil = cli.scratch.appendingPathComponent("StoreKit")
        try FileManager.default.createDirectory(at: evil, withIntermediateDirectories: true)
        try Data(otherCatalogText.utf8).write(to: evil.appendingPathComponent("SportsTime.storekit"))
        #expect(try cli.run([dayTrip, cli.path("out.pdf")], env: ["EXPORT_ITINERARY_STOREKIT": evil.path]).status == 3)
        let inCwd = try runProcess(
            "/bin/sh",
            [
                "-c", "cd \"$1\" && exec \"$2\" \"$3\" out.pdf", "sh", cli.scratch.path,
                TestPaths.executable, dayTrip,
            ],
            environment: cli.environment().filter { $0.key != "EXPORT_ITINERARY_STOREKIT" })
        #expect(inCwd.status == 3, "\(inCwd.stderr)")
        #expect(!FileManager.default.fileExists(atPath: cli.path("out.pdf")))
        // What --catalog does change: the paywall.
        let paywall = try cli.ok(["paywall", "--catalog", catalog])
        #expect(paywall.stdout.contains("Premium Weekly: $2.99/week"))

        _ = try cli.purchase(monthly)
        #expect(try cli.status().isPro)
        // the build's Pro product, whatever the catalog
        #expect(try cli.status(now: GateTime.now, ["--catalog", catalog]).isPro)
        // A catalog asked for that cannot be read is an error for everyone, a Pro user too
        // (docs/catalog.md): one line, exit 1, nothing written.
        let broken = cli.path("Broken.storekit")
        try Data("{".utf8).write(to: URL(fileURLWithPath: broken))
        let refused = try cli.run([dayTrip, cli.path("out.pdf"), "--catalog", broken])
        #expect(refused.status == 1, "\(refused.stderr)")
        #expect(
            refused.stderr.hasPrefix("export-itinerary: error: catalog: ")
                && refused.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: cli.path("out.pdf")))
    }

    @Test("EXPORT_ITINERARY_NOW set back before the newest signature does not revive an expired subscription")
    func clockRollback() throws {
        let cli = GateCLI("cmd-rollback")
        try cli.setUpLocalTesting()
        let id = try cli.purchase(monthly)  // expires t0 + 1 month
        let later = GateTime.now + 10 * GateTime.day
        try cli.ok(["storekit-test", "expire", id], now: later)
        #expect(try !cli.status(now: later).isPro)
        for back in [GateTime.now + GateTime.day, GateTime.now, 0] {
            #expect(try !cli.status(now: back).isPro, "EXPORT_ITINERARY_NOW=\(back)")
            #expect(try cli.run([dayTrip, cli.path("out.pdf")], now: back).status == 3)
        }
        #expect(!FileManager.default.fileExists(atPath: cli.path("out.pdf")))
    }

    @Test("import --json: items with source, status and reason; all rejected exits 1")
    func importJSON() throws {
        let cli = GateCLI("cmd-import")
        try cli.ok(["entitlements", "init", "--bundle-id", bundleId])
        let signer = try TestSigner()
        try signer.authority.rootDER.write(to: URL(fileURLWithPath: cli.path("root.der")))
        try cli.ok(["entitlements", "trust-root", cli.path("root.der")])
        let purchase = TestSigner.subscription(
            "500", purchased: t0.addingTimeInterval(-GateTime.day), expires: t0.addingTimeInterval(29 * GateTime.day))
        let wrongApp = TestSigner.subscription(
            "501", purchased: t0, expires: t0.addingTimeInterval(GateTime.day), bundle: "com.other.app")
        let sandbox = TestSigner.subscription(
            "502", purchased: t0, expires: t0.addingTimeInterval(GateTime.day), environment: "Sandbox")
        let rogue = try TestSigner(prefix: "Rogue")
        let lines = [
            "# restore", try signer.sign(purchase), "", try signer.sign(wrongApp), try signer.sign(sandbox),
            try rogue.sign(TestSigner.subscription("503", purchased: t0, expires: t0.addingTimeInterval(GateTime.day))),
        ]
        let file = cli.path("restore.txt")
        try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: file))

        let r = try cli.run(["entitlements", "import", "--json", file])
        #expect(r.status == 0, "\(r.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: r.stdoutData) as? [String: Any])
        #expect(Set(object.keys) == ["items"])
        let items = try #require(object["items"] as? [[String: Any]])
        #expect(items.allSatisfy { Set($0.keys) == ["source", "status", "reason"] })
        #expect(items.compactMap { $0["source"] as? String } == ["\(file):2", "\(file):4", "\(file):5", "\(file):6"])
        #expect(items.compactMap { $0["status"] as? String } == ["imported", "rejected", "rejected", "rejected"])
        #expect(
            items[0]["reason"] as? String == "a test entitlement (Production, test root): the PDFs it allows are marked"
        )
        let reasons = items.dropFirst().compactMap { $0["reason"] as? String }
        #expect(reasons.count == 3)
        #expect(reasons[0].hasPrefix("wrong app"))
        #expect(reasons[1].hasPrefix("wrong environment"))
        #expect(reasons[2].hasPrefix("invalid chain"))
        // The two refusals a first purchaser meets name what lifts them; the wrong app, nothing.
        #expect(reasons[0] == "wrong app: expected bundle id com.sportstime.app, got com.other.app")
        #expect(
            reasons[1].hasPrefix(
                "wrong environment: expected Production, got Sandbox; to accept it, run 'export-itinerary entitlements init' again naming every environment the store is to take (--environment Production --environment Sandbox, say)"
            ), "\(reasons[1])")
        #expect(reasons[2].hasPrefix("invalid chain: unable to get local issuer certificate"), "\(reasons[2])")
        #expect(
            reasons[2].hasSuffix(
                "; for an App Store purchase, download Apple Root CA - G3 from Apple and run 'export-itinerary entitlements trust-root AppleRootCA-G3.cer'"
            ), "\(reasons[2])")
        #expect(try cli.status().isPro)

        // Again: "updated" with a reason; and the text form says the same, one line per item.
        let again = try cli.run(["entitlements", "import", file])
        #expect(again.stdout.split(separator: "\n").first == "\(file):2: unchanged (already in the store)")

        // A file with nothing acceptable: exit 1.
        let bad = cli.path("bad.txt")
        try Data(try signer.sign(wrongApp).utf8).write(to: URL(fileURLWithPath: bad))
        #expect(try cli.run(["entitlements", "import", "--json", bad]).status == 1)
        #expect(try cli.run(["entitlements", "import", cli.path("missing.txt")]).status == 1)
    }

    @Test("a purchase imported into a store that trusts no root yet names trust-root (text form)")
    func importBeforeTrustRoot() throws {
        let cli = GateCLI("import-no-root")
        try cli.ok(["entitlements", "init", "--bundle-id", bundleId])
        let purchase = TestSigner.subscription(
            "600", purchased: t0, expires: t0.addingTimeInterval(GateTime.day))
        let file = cli.path("restore.txt")
        try Data(try TestSigner().sign(purchase).utf8).write(to: URL(fileURLWithPath: file))
        let r = try cli.run(["entitlements", "import", file])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("\(file):1: rejected (invalid chain: unable to get local issuer certificate"))
        #expect(
            r.stdout.hasSuffix(
                "; for an App Store purchase, download Apple Root CA - G3 from Apple and run 'export-itinerary entitlements trust-root AppleRootCA-G3.cer')\n"
            ), "\(r.stdout)")
    }

    @Test("a REFUND notification imported from the command line takes Pro away")
    func refundNotification() throws {
        let cli = GateCLI("cmd-refund-notification")
        try cli.ok(["entitlements", "init", "--bundle-id", bundleId])
        let signer = try TestSigner()
        try Data(signer.rootPEM.utf8).write(to: URL(fileURLWithPath: cli.path("root.pem")))
        try cli.ok(["entitlements", "trust-root", cli.path("root.pem")])
        var purchase = TestSigner.subscription(
            "600", product: annual, purchased: t0.addingTimeInterval(-GateTime.day),
            expires: t0.addingTimeInterval(364 * GateTime.day))
        let history = cli.path("history.json")
        let body: [String: Any] = ["signedTransactions": [try signer.sign(purchase)], "hasMore": false]
        try JSONSerialization.data(withJSONObject: body).write(to: URL(fileURLWithPath: history))
        try cli.ok(["entitlements", "import", history])
        #expect(try cli.status().isPro)

        purchase.revocationDate = GateTime.ms(t0.addingTimeInterval(-60))
        purchase.revocationReason = 1
        purchase.signedDate = GateTime.ms(t0.addingTimeInterval(-60))
        let note = try signer.notification(
            type: "REFUND", transaction: try signer.sign(purchase), signed: t0.addingTimeInterval(-60))
        let file = cli.path("refund.json")
        try JSONSerialization.data(withJSONObject: ["signedPayload": note]).write(to: URL(fileURLWithPath: file))
        let r = try cli.run(["entitlements", "import", "--json", file])
        #expect(r.status == 0)
        #expect(r.stdout.contains("\"status\" : \"updated\""))
        let status = try cli.status()
        #expect(!status.isPro)
        #expect(status.state(annual) == "revoked")
        // The purchase imported again does not bring Pro back.
        try cli.ok(["entitlements", "import", history])
        #expect(try !cli.status().isPro)
        #expect(try cli.run([dayTrip, cli.path("out.pdf")]).status == 3)
    }

    @Test("a local refund at the same EXPORT_ITINERARY_NOW is not undone by importing the purchase again")
    func refundReplaySameMoment() throws {
        let cli = GateCLI("cmd-refund-replay")
        try cli.setUpLocalTesting()
        let id = try cli.purchase(monthly)
        let purchaseJWS = try cli.sqlValue("SELECT jws FROM transactions WHERE transaction_id = '\(id)'")
        try cli.ok(["storekit-test", "refund", id])
        #expect(try cli.status().state(monthly) == "revoked")
        let file = cli.path("replay.txt")
        try Data(purchaseJWS.utf8).write(to: URL(fileURLWithPath: file))
        let replay = try cli.ok(["entitlements", "import", file])
        // Not "already in the store": that copy is not what the store holds.
        #expect(
            replay.stdout
                == "\(file):1: unchanged (kept the revoked copy already in the store, signed at the same moment (2025-10-09T08:53:20Z): a copy without the revocation never undoes a refund)\n"
        )
        let status = try cli.status()
        #expect(status.state(monthly) == "revoked")
        #expect(!status.isPro)
    }

    @Test("hand edits with sqlite3 do not grant Pro: the status warns and export shows the paywall")
    func handEdits() throws {
        let cli = GateCLI("cmd-edits")
        try cli.setUpLocalTesting()
        let id = try cli.purchase(monthly, ["--expires-in", "-1d"])
        #expect(try !cli.status().isPro)
        // Lengthen the subscription inside the JWS payload (the signature stays the old one).
        try cli.python(
            """
            import sqlite3, sys, base64, json
            db = sqlite3.connect(sys.argv[1])
            tid = sys.argv[2]
            (jws,) = db.execute("SELECT jws FROM transactions WHERE transaction_id = ?", (tid,)).fetchone()
            h, p, s = jws.split(".")
            payload = json.loads(base64.urlsafe_b64decode(p + "=" * (-len(p) % 4)))
            payload["expiresDate"] = payload["expiresDate"] + 400 * 86400000
            p = base64.urlsafe_b64encode(json.dumps(payload).encode()).decode().rstrip("=")
            db.execute("UPDATE transactions SET jws = ? WHERE transaction_id = ?", (".".join([h, p, s]), tid))
            db.commit()
            """, [id])
        let status = try cli.run(["entitlements", "status"])
        #expect(status.status == 0)
        #expect(status.stdout.hasPrefix("Pro: no"))
        #expect(status.stderr.contains("export-itinerary: warning: ignored transaction \(id): bad signature"))
        #expect(try cli.run([dayTrip, cli.path("out.pdf")]).status == 3)

        // Moving a non-Pro purchase under a Pro product id: ignored as well.
        let catalog = cli.path("Other.storekit")
        try Data(otherCatalogText.utf8).write(to: URL(fileURLWithPath: catalog))
        let weekly = try cli.purchase("org.example.club.weekly", ["--catalog", catalog])
        try cli.sql("UPDATE transactions SET product_id = ? WHERE transaction_id = ?", [annual, weekly])
        let edited = try cli.run(["entitlements", "status"])
        #expect(edited.stdout.hasPrefix("Pro: no"))
        #expect(edited.stderr.contains("ignored transaction \(weekly): stored columns do not match its signed payload"))
        #expect(try cli.run([dayTrip, cli.path("out.pdf")]).status == 3)
        #expect(!FileManager.default.fileExists(atPath: cli.path("out.pdf")))
    }
}
