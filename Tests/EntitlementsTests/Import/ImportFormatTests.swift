/// What users import: JWS lines, App Store Server API responses, Server Notifications V2; a verdict per item.
import Foundation
import Testing
import TestSupport
@testable import Entitlements
@testable import LocalStoreKit

private let t0 = Clock.t0

/// A signed App Store Server Notification V2 payload, built as Apple documents it.
private func notification(
    _ f: SignedStoreFixture, type: String, subtype: String? = nil, transaction: String?, renewal: String?,
    bundleId: String = Payloads.bundleId, environment: String = "Production",
    signed: Date = t0, by signer: LocalSigningAuthority? = nil
) throws -> String {
    var data: [String: Any] = [
        "bundleId": bundleId, "environment": environment, "appAppleId": 1_234_567_890, "bundleVersion": "1.0",
    ]
    if let transaction { data["signedTransactionInfo"] = transaction }
    if let renewal { data["signedRenewalInfo"] = renewal }
    var object: [String: Any] = [
        "notificationType": type, "notificationUUID": UUID().uuidString.lowercased(),
        "data": data, "version": "2.0", "signedDate": Clock.ms(signed),
    ]
    if let subtype { object["subtype"] = subtype }
    let json = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
    return try (signer ?? f.authority).sign(payload: json)
}

private func write(_ text: String, _ name: String, in f: SignedStoreFixture) throws -> String {
    let path = URL(fileURLWithPath: f.directory).deletingLastPathComponent().appendingPathComponent(name).path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
}

private func jsonText(_ object: [String: Any]) throws -> String {
    String(
        decoding: try JSONSerialization.data(
            withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]), as: UTF8.self)
}

@Suite("Import: formats and verdicts")
struct ImportFormatTests {
    @Test("a file of JWS lines, with blank lines and # comments")
    func jwsLines() throws {
        let f = try SignedStoreFixture("import-lines")
        let sub = Payloads.subscription(
            "1", purchased: t0.addingTimeInterval(-31 * Clock.day), expires: t0.addingTimeInterval(-Clock.day))
        let renewal = Payloads.renewal(
            original: "1", grace: t0.addingTimeInterval(3 * Clock.day), signed: t0.addingTimeInterval(-Clock.hour))
        let coffee = Payloads.oneTime("2", product: Products.coffee, purchased: t0.addingTimeInterval(-Clock.day))
        let text = """
            # Restored purchases, exported from the App Store Server API

            \(try f.sign(sub))
               \(try f.sign(renewal))\t

            # a tip
            \(try f.sign(coffee))
            """
        let path = try write(text, "restore.txt", in: f)
        let results = try f.importer().importFile(path)
        #expect(results.map(\.source) == ["\(path):3", "\(path):4", "\(path):7"])
        #expect(results.map(\.status) == [.imported, .imported, .imported])
        #expect(results.allSatisfy { $0.reason == nil })
        #expect(try f.store.transactionCount() == 2)
        #expect(
            try f.store.renewalJWS(originalTransactionId: "1", environment: "Production", signer: f.rootFingerprint)
                != nil)
        let report = try f.report(at: t0)
        #expect(report.isPro)  // grace period from the renewal info
        #expect(report.entitlements.first { $0.productId == Products.monthly }?.state == .inGracePeriod)

        // Importing the same file again changes nothing and says so.
        let again = try f.importer().importFile(path)
        #expect(again.map(\.status) == [.unchanged, .unchanged, .unchanged])
        #expect(again.allSatisfy { $0.reason == "already in the store" })
    }

    @Test("an App Store Server API transaction-history response")
    func transactionHistory() throws {
        let f = try SignedStoreFixture("import-history")
        let old = Payloads.subscription(
            "10", purchased: t0.addingTimeInterval(-62 * Clock.day), expires: t0.addingTimeInterval(-31 * Clock.day))
        let renewed = Payloads.subscription(
            "11", purchased: t0.addingTimeInterval(-31 * Clock.day), expires: t0.addingTimeInterval(Clock.day),
            original: "10")
        let response: [String: Any] = [
            "revision": "abc", "bundleId": Payloads.bundleId, "appAppleId": 1_234_567_890, "environment": "Production",
            "hasMore": false,
            "signedTransactions": [try f.sign(old), try f.sign(renewed)],
        ]
        let path = try write(try jsonText(response), "history.json", in: f)
        let results = try f.importer().importFile(path)
        #expect(results.map(\.source) == ["\(path): signedTransactions[0]", "\(path): signedTransactions[1]"])
        #expect(results.map(\.status) == [.imported, .imported])
        let report = try f.report(at: t0)
        #expect(report.isPro)
        #expect(report.entitlements.map(\.transactionId) == ["11"])
        #expect(report.entitlements.first?.originalTransactionId == "10")
    }

    @Test("an App Store Server API subscription-status response")
    func subscriptionStatus() throws {
        let f = try SignedStoreFixture("import-status")
        let sub = Payloads.subscription(
            "20", product: Products.annual, purchased: t0.addingTimeInterval(-366 * Clock.day),
            expires: t0.addingTimeInterval(-Clock.day), signed: t0.addingTimeInterval(-Clock.day))
        let renewal = Payloads.renewal(
            original: "20", product: Products.annual, billingRetry: true, signed: t0.addingTimeInterval(-Clock.hour))
        let response: [String: Any] = [
            "environment": "Production", "bundleId": Payloads.bundleId, "appAppleId": 1_234_567_890,
            "data": [
                [
                    "subscriptionGroupIdentifier": "21482937",
                    "lastTransactions": [
                        [
                            "originalTransactionId": "20", "status": 3,
                            "signedTransactionInfo": try f.sign(sub), "signedRenewalInfo": try f.sign(renewal),
                        ]
                    ],
                ]
            ],
        ]
        let path = try write(try jsonText(response), "status.json", in: f)
        let results = try f.importer().importFile(path)
        #expect(
            Set(results.map(\.source)) == [
                "\(path): data[0].lastTransactions[0].signedTransactionInfo",
                "\(path): data[0].lastTransactions[0].signedRenewalInfo",
            ])
        #expect(results.allSatisfy { $0.status == .imported }, "\(results)")
        let report = try f.report(at: t0)
        #expect(!report.isPro)
        #expect(report.entitlements.first?.state == .inBillingRetryPeriod)
    }

    @Test("Server Notifications V2: SUBSCRIBED makes Pro, REFUND takes it away")
    func notifications() throws {
        let f = try SignedStoreFixture("import-notification")
        let purchase = Payloads.subscription(
            "30", purchased: t0.addingTimeInterval(-Clock.day), expires: t0.addingTimeInterval(29 * Clock.day))
        let renewal = Payloads.renewal(original: "30", signed: t0.addingTimeInterval(-Clock.day))
        let subscribed = try notification(
            f, type: "SUBSCRIBED", subtype: "INITIAL_BUY", transaction: try f.sign(purchase),
            renewal: try f.sign(renewal), signed: t0.addingTimeInterval(-Clock.day))
        let path1 = try write(try jsonText(["signedPayload": subscribed]), "subscribed.json", in: f)
        let first = try f.importer().importFile(path1)
        #expect(
            first.map(\.source) == [
                "\(path1): signedPayload (SUBSCRIBED) signedTransactionInfo",
                "\(path1): signedPayload (SUBSCRIBED) signedRenewalInfo",
            ])
        #expect(first.map(\.status) == [.imported, .imported])
        #expect(try f.report(at: t0).isPro)

        let refund = try notification(
            f, type: "REFUND",
            transaction: try f.sign(Payloads.refunded(purchase, at: t0.addingTimeInterval(-Clock.hour))),
            renewal: nil, signed: t0.addingTimeInterval(-Clock.hour))
        let path2 = try write(try jsonText(["signedPayload": refund]), "refund.json", in: f)
        let second = try f.importer().importFile(path2)
        #expect(second.map(\.status) == [.updated])
        #expect(second.first?.source == "\(path2): signedPayload (REFUND) signedTransactionInfo")
        let report = try f.report(at: t0)
        #expect(!report.isPro)
        #expect(report.entitlements.first?.state == .revoked)

        // Replaying the SUBSCRIBED notification does not undo the refund.
        _ = try f.importer().importFile(path1)
        #expect(try !f.report(at: t0).isPro)
    }

    @Test("a bare notification JWS on a line is recognised as a notification")
    func bareNotificationLine() throws {
        let f = try SignedStoreFixture("import-notification-line")
        let purchase = Payloads.subscription(
            "31", purchased: t0.addingTimeInterval(-Clock.day), expires: t0.addingTimeInterval(29 * Clock.day))
        let jws = try notification(f, type: "DID_RENEW", transaction: try f.sign(purchase), renewal: nil)
        let path = try write(jws + "\n", "note.txt", in: f)
        let results = try f.importer().importFile(path)
        #expect(results.map(\.source) == ["\(path):1 (DID_RENEW) signedTransactionInfo"])
        #expect(try f.report(at: t0).isPro)
    }

    @Test("a TEST notification carries no transaction: verified, nothing stored")
    func testNotification() throws {
        let f = try SignedStoreFixture("import-notification-test")
        let jws = try notification(f, type: "TEST", transaction: nil, renewal: nil)
        let results = try f.importer().importJWS(jws, source: "n")
        #expect(results.map(\.status) == [.verified])
        #expect(results.first?.reason?.contains("carrying no transaction to store") == true)
        // The fixture's root is the policy's root of purchases: the App Store, as far as it knows.
        #expect(results.first?.reason?.contains("signed by the App Store") == true, "\(results)")
        #expect(try f.store.transactionCount() == 0)
    }

    @Test("a TEST notification signed under a root the user trusted says so, by fingerprint, not 'the App Store'")
    func testNotificationUnderOwnRoot() throws {
        let f = try SignedStoreFixture("import-notification-own")
        let own = try SignedStoreFixture.makeAuthority(prefix: "Own")
        let fingerprint = Certificates.sha256Fingerprint(own.rootDER)
        try f.store.addTrustedRoot(der: own.rootDER, fingerprint: fingerprint, label: "own")
        let jws = try notification(f, type: "TEST", transaction: nil, renewal: nil, by: own)
        let results = try f.importer().importJWS(jws, source: "n")
        #expect(results.map(\.status) == [.verified], "\(results)")
        let reason = try #require(results.first?.reason)
        #expect(!reason.contains("signed by the App Store"), "\(reason)")
        #expect(
            reason.contains(
                "signed under a root trusted in this store (SHA-256 \(fingerprint.uppercased().prefix(16))…), not the App Store's"
            ), "\(reason)")
    }

    @Test("wrong bundle id, wrong environment and an untrusted chain are rejected with their reasons")
    func rejections() throws {
        let f = try SignedStoreFixture("import-rejections", environments: [.production])
        var wrongApp = Payloads.subscription("40", purchased: t0, expires: t0.addingTimeInterval(Clock.day))
        wrongApp.bundleId = "com.someone.else"
        let sandbox = Payloads.subscription(
            "41", purchased: t0, expires: t0.addingTimeInterval(Clock.day), environment: .sandbox)
        let rogue = try SignedStoreFixture.makeAuthority(prefix: "Rogue")
        let untrusted = Payloads.subscription("42", purchased: t0, expires: t0.addingTimeInterval(Clock.day))
        let good = Payloads.oneTime("43", product: Products.coffee, purchased: t0)
        let lines = [
            try f.sign(wrongApp), try f.sign(sandbox), try rogue.sign(untrusted), "not-a-jws", try f.sign(good),
        ]
        let path = try write(lines.joined(separator: "\n"), "mixed.txt", in: f)
        let results = try f.importer().importFile(path)
        #expect(results.map(\.status) == [.rejected, .rejected, .rejected, .rejected, .imported])
        let reasons = results.map { $0.reason ?? "" }
        #expect(reasons[0].hasPrefix("wrong app"), "\(reasons[0])")
        #expect(reasons[0].contains("com.someone.else"))
        #expect(reasons[1].hasPrefix("wrong environment"), "\(reasons[1])")
        #expect(reasons[1].contains("Sandbox"))
        #expect(reasons[2].hasPrefix("invalid chain"), "\(reasons[2])")
        #expect(reasons[3].hasPrefix("invalid format"), "\(reasons[3])")
        // What lifts a refusal: accepting the environment, trusting the root; nothing for the rest.
        #expect(results.map(\.remedy) == [nil, .acceptEnvironment, .trustRoot, nil, nil])
        #expect(try f.store.transactionCount() == 1)
        #expect(try !f.report(at: t0).isPro)
    }

    @Test("a notification for another app or environment is rejected whole")
    func notificationRejections() throws {
        let f = try SignedStoreFixture("import-notification-reject", environments: [.production])
        let purchase = Payloads.subscription("44", purchased: t0, expires: t0.addingTimeInterval(Clock.day))
        let otherApp = try notification(
            f, type: "SUBSCRIBED", transaction: try f.sign(purchase), renewal: nil, bundleId: "com.someone.else")
        let sandbox = try notification(
            f, type: "SUBSCRIBED", transaction: try f.sign(purchase), renewal: nil, environment: "Sandbox")
        let rogue = try notification(
            f, type: "SUBSCRIBED", transaction: try f.sign(purchase), renewal: nil,
            by: try SignedStoreFixture.makeAuthority(prefix: "Rogue"))
        let reasons = try [otherApp, sandbox, rogue].map { try f.importer().importJWS($0, source: "n") }
        #expect(reasons.map { $0.map(\.status) } == [[.rejected], [.rejected], [.rejected]])
        #expect(reasons[0].first?.reason?.hasPrefix("wrong app") == true)
        #expect(reasons[1].first?.reason?.hasPrefix("wrong environment") == true)
        #expect(reasons[2].first?.reason?.hasPrefix("invalid chain") == true)
        #expect(try f.store.transactionCount() == 0)
    }

    @Test("a verified payload without the optional fields nobody needs is still imported")
    func minimalPayload() throws {
        let f = try SignedStoreFixture("import-minimal")
        let minimal: [String: Any] = [
            "transactionId": "50", "originalTransactionId": "50", "bundleId": Payloads.bundleId,
            "productId": Products.annual,
            "purchaseDate": Clock.ms(t0), "expiresDate": Clock.ms(t0.addingTimeInterval(365 * Clock.day)),
            "type": "Auto-Renewable Subscription", "signedDate": Clock.ms(t0), "environment": "Production",
        ]
        let jws = try f.authority.sign(
            payload: try JSONSerialization.data(withJSONObject: minimal, options: [.sortedKeys]))
        #expect(RawJWS.payload(jws)["webOrderLineItemId"] == nil)
        let results = try f.importer().importJWS(jws, source: "m")
        #expect(results.map(\.status) == [.imported])
        let report = try f.report(at: t0)
        #expect(report.isPro)
        #expect(report.entitlements.first?.ownershipType == nil)

        // Unknown extra fields from a newer App Store are ignored too.
        var extra = minimal
        extra["transactionId"] = "51"
        extra["originalTransactionId"] = "51"
        extra["productId"] = Products.monthly
        extra["someFutureField"] = ["nested": true]
        extra["appTransactionId"] = "704"
        let jws2 = try f.authority.sign(
            payload: try JSONSerialization.data(withJSONObject: extra, options: [.sortedKeys]))
        #expect(try f.importer().importJWS(jws2, source: "m").map(\.status) == [.imported])
    }

    @Test("an unreadable file or one without signed items is a single rejected item")
    func emptyOrMissing() throws {
        let f = try SignedStoreFixture("import-empty")
        let missing = try f.importer().importFile("/nonexistent/restore.txt")
        #expect(
            missing == [
                ImportResult(
                    source: "/nonexistent/restore.txt", status: .rejected,
                    reason: "cannot read the file: no such file or directory")
            ])
        let comments = try write("# nothing here\n\n", "empty.txt", in: f)
        #expect(try f.importer().importFile(comments).map(\.reason) == ["no signed transactions found"])
        let json = try write("{\"hasMore\": false, \"signedTransactions\": []}", "none.json", in: f)
        #expect(try f.importer().importFile(json).map(\.status) == [.rejected])
    }
}
