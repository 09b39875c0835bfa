/// A store edited by hand never grants Pro: every row the gate relies on is re-verified, and rows
/// that fail are ignored (and reported), falling back to the product's next older verified transaction.
import Foundation
import Testing
import TestSupport
@testable import Entitlements
@testable import LocalStoreKit

private let t0 = Clock.t0

@Suite("Store: hand-edited data")
struct TamperedStoreTests {
    /// An expired monthly subscription: the honest answer is "not Pro".
    static func expiredStore(_ name: String) throws -> (SignedStoreFixture, JWSTransactionDecodedPayload, String) {
        let f = try SignedStoreFixture(name)
        let expired = Payloads.subscription(
            "100", purchased: t0.addingTimeInterval(-31 * Clock.day), expires: t0.addingTimeInterval(-Clock.day))
        let jws = try f.sign(expired)
        _ = try f.importer().importJWS(jws, source: "t")
        #expect(try !f.report(at: t0).isPro)
        return (f, expired, jws)
    }

    @Test("a JWS whose payload was edited (signature kept) is ignored")
    func forgedPayload() throws {
        let (f, _, jws) = try Self.expiredStore("tamper-payload")
        var object = RawJWS.payload(jws)
        object["expiresDate"] = Clock.ms(t0.addingTimeInterval(365 * Clock.day))
        let forged = try RawJWS.replacingPayload(of: jws, with: object)
        try f.sql("UPDATE transactions SET jws = ? WHERE transaction_id = '100'", [.text(forged)])
        let report = try f.report(at: t0)
        #expect(!report.isPro)
        #expect(report.entitlements.isEmpty)
        #expect(report.ignored.count == 1)
        #expect(report.ignored.first?.hasPrefix("transaction 100: bad signature") == true, "\(report.ignored)")
    }

    @Test(
        "JWS damaged in the payload, the signature, or not a JWS at all, is ignored",
        arguments: ["payload", "signature", "garbage", "empty"])
    func damagedJWS(_ how: String) throws {
        let f = try SignedStoreFixture("tamper-damaged-\(how)")
        try f.add(
            Payloads.subscription(
                "101", purchased: t0.addingTimeInterval(-60), expires: t0.addingTimeInterval(Clock.day)))
        #expect(try f.report(at: t0).isPro)
        let jws = try #require(try f.store.transactions(id: "101").first).jws
        let damaged =
            switch how {
            case "payload": JWSTampering.tamperPayload(jws)
            case "signature": JWSTampering.tamperSignature(jws)
            case "garbage": "not.a.jws"
            default: ""
            }
        try f.sql("UPDATE transactions SET jws = ? WHERE transaction_id = '101'", [.text(damaged)])
        let report = try f.report(at: t0)
        #expect(!report.isPro)
        #expect(report.ignored.count == 1, "\(report.ignored)")
        #expect(report.ignored.first?.hasPrefix("transaction 101: ") == true)
    }

    @Test("a row signed by an untrusted CA, inserted by hand, is ignored")
    func untrustedRowInserted() throws {
        let (f, _, _) = try Self.expiredStore("tamper-untrusted")
        let rogue = try SignedStoreFixture.makeAuthority(prefix: "Rogue")
        let forged = Payloads.subscription(
            "666", product: Products.annual, purchased: t0, expires: t0.addingTimeInterval(365 * Clock.day))
        let jws = try rogue.sign(forged)
        try f.sql(
            """
            INSERT INTO transactions (signer, transaction_id, original_transaction_id, product_id, purchase_date, signed_date, environment, jws, ownership_type)
            VALUES ((SELECT fingerprint FROM trusted_roots WHERE label = 'test root'), '666', '666', ?, ?, ?, 'Production', ?, 'PURCHASED')
            """, [.text(Products.annual), .real(Clock.ms(t0)), .real(Clock.ms(t0)), .text(jws)])
        let report = try f.report(at: t0)
        #expect(!report.isPro)
        #expect(report.entitlements.map(\.transactionId) == ["100"])
        #expect(report.ignored.count == 1)
        #expect(report.ignored.first?.hasPrefix("transaction 666: invalid chain") == true, "\(report.ignored)")
    }

    @Test("a rogue signature under the trusted chain's header is ignored")
    func rogueKeyTrustedHeader() throws {
        let (f, _, _) = try Self.expiredStore("tamper-rogue-header")
        let rogue = try SignedStoreFixture.makeAuthority(prefix: "Rogue")
        let forged = Payloads.subscription("667", purchased: t0, expires: t0.addingTimeInterval(30 * Clock.day))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let jws = try rogue.signRaw(headerJSON: f.authority.headerJSON(), payload: encoder.encode(forged))
        try f.sql(
            """
            INSERT INTO transactions (signer, transaction_id, original_transaction_id, product_id, purchase_date, signed_date, environment, jws, ownership_type)
            VALUES ((SELECT fingerprint FROM trusted_roots WHERE label = 'test root'), '667', '667', ?, ?, ?, 'Production', ?, 'PURCHASED')
            """, [.text(Products.monthly), .real(Clock.ms(t0)), .real(Clock.ms(t0)), .text(jws)])
        let report = try f.report(at: t0)
        #expect(!report.isPro)
        #expect(report.ignored.first?.hasPrefix("transaction 667: bad signature") == true, "\(report.ignored)")
        // It is ignored, and the product falls back to its older verified transaction.
        #expect(report.entitlements.map(\.transactionId) == ["100"])
        #expect(report.entitlements.first?.state == .expired)
    }

    @Test("renaming a non-Pro purchase's product_id to a Pro product is ignored")
    func productIdEdited() throws {
        let f = try SignedStoreFixture("tamper-product")
        try f.add(Payloads.oneTime("102", product: Products.coffee, purchased: t0.addingTimeInterval(-60)))
        #expect(try !f.report(at: t0).isPro)
        try f.sql("UPDATE transactions SET product_id = ? WHERE transaction_id = '102'", [.text(Products.annual)])
        let report = try f.report(at: t0)
        #expect(!report.isPro)
        #expect(report.entitlements.isEmpty)
        #expect(report.ignored == ["transaction 102: stored columns do not match its signed payload"])
    }

    @Test("moving an old active purchase ahead of a newer expired one by editing purchase_date is ignored")
    func purchaseDateEdited() throws {
        let f = try SignedStoreFixture("tamper-purchase-date")
        try f.add(
            Payloads.subscription(
                "103", purchased: t0.addingTimeInterval(-20 * Clock.day), expires: t0.addingTimeInterval(30 * Clock.day)
            ),
            Payloads.subscription(
                "104", purchased: t0.addingTimeInterval(-2 * Clock.day), expires: t0.addingTimeInterval(-Clock.day)))
        #expect(try !f.report(at: t0).isPro)
        try f.sql("UPDATE transactions SET purchase_date = ? WHERE transaction_id = '103'", [.real(Clock.ms(t0))])
        let report = try f.report(at: t0)
        #expect(!report.isPro)
        #expect(report.entitlements.map(\.transactionId) == ["104"])
        #expect(report.ignored == ["transaction 103: stored columns do not match its signed payload"])
    }

    @Test("a row whose JWS fails verification falls back to the product's next older verified transaction")
    func fallbackToOlderVerified() throws {
        let f = try SignedStoreFixture("tamper-fallback")
        try f.add(
            Payloads.subscription(
                "105", purchased: t0.addingTimeInterval(-40 * Clock.day),
                expires: t0.addingTimeInterval(-10 * Clock.day)),
            Payloads.subscription(
                "106", purchased: t0.addingTimeInterval(-5 * Clock.day), expires: t0.addingTimeInterval(25 * Clock.day))
        )
        #expect(try f.report(at: t0).isPro)
        let jws = try #require(try f.store.transactions(id: "106").first).jws
        try f.sql(
            "UPDATE transactions SET jws = ? WHERE transaction_id = '106'", [.text(JWSTampering.tamperSignature(jws))])
        let report = try f.report(at: t0)
        #expect(!report.isPro)
        #expect(report.entitlements.map(\.transactionId) == ["105"])
        #expect(report.entitlements.first?.state == .expired)
        #expect(report.ignored == ["transaction 106: bad signature"])
    }

    @Test("the walk past unverifiable rows goes beyond one page of 16")
    func fallbackAcrossPages() throws {
        let f = try SignedStoreFixture("tamper-pages")
        try f.add(
            Payloads.subscription(
                "200", purchased: t0.addingTimeInterval(-90 * Clock.day), expires: t0.addingTimeInterval(Clock.day)))
        let rogue = try SignedStoreFixture.makeAuthority(prefix: "Rogue")
        for i in 1...20 {
            let p = Payloads.subscription(
                "3\(i)", purchased: t0.addingTimeInterval(-Double(i) * Clock.hour),
                expires: t0.addingTimeInterval(-Clock.hour))
            try f.sql(
                """
                INSERT INTO transactions (signer, transaction_id, original_transaction_id, product_id, purchase_date, signed_date, environment, jws, ownership_type)
                VALUES ((SELECT fingerprint FROM trusted_roots WHERE label = 'test root'), ?, ?, ?, ?, ?, 'Production', ?, 'PURCHASED')
                """,
                [
                    .text("3\(i)"), .text("3\(i)"), .text(Products.monthly), .real(p.purchaseDate!),
                    .real(p.signedDate!), .text(try rogue.sign(p)),
                ])
        }
        let report = try f.report(at: t0)
        #expect(report.isPro)
        #expect(report.entitlements.map(\.transactionId) == ["200"])
        #expect(report.ignored.count == 20)
    }

    @Test("forged renewal info cannot open a grace period")
    func forgedRenewal() throws {
        let (f, _, _) = try Self.expiredStore("tamper-renewal")
        let rogue = try SignedStoreFixture.makeAuthority(prefix: "Rogue")
        let grace = Payloads.renewal(original: "100", grace: t0.addingTimeInterval(10 * Clock.day), signed: t0)
        try f.sql(
            "INSERT INTO renewals (environment, signer, original_transaction_id, signed_date, jws) VALUES ('Production', (SELECT fingerprint FROM trusted_roots WHERE label = 'test root'), '100', ?, ?)",
            [.real(Clock.ms(t0)), .text(try rogue.sign(grace))])
        let report = try f.report(at: t0)
        #expect(!report.isPro)
        #expect(report.entitlements.first?.state == .expired)
        #expect(report.ignored.first?.hasPrefix("renewal info of 100: invalid chain") == true, "\(report.ignored)")
        // And a genuine renewal info does open it.
        try f.sql("DELETE FROM renewals")
        try f.add(grace)
        #expect(try f.report(at: t0).isPro)
    }

    @Test("a genuine JWS filed under another transaction id is ignored")
    func jwsUnderAnotherId() throws {
        let f = try SignedStoreFixture("tamper-other-id")
        let active = Payloads.subscription(
            "107", product: Products.annual, purchased: t0.addingTimeInterval(-60),
            expires: t0.addingTimeInterval(Clock.day))
        let jws = try f.sign(active)
        try f.add(
            Payloads.subscription(
                "108", product: Products.annual, purchased: t0.addingTimeInterval(-2 * Clock.day),
                expires: t0.addingTimeInterval(-Clock.day)))
        try f.sql(
            "UPDATE transactions SET jws = ?, purchase_date = ? WHERE transaction_id = '108'",
            [.text(jws), .real(active.purchaseDate!)])
        let report = try f.report(at: t0)
        #expect(!report.isPro)
        #expect(report.ignored == ["transaction 108: stored columns do not match its signed payload"])
    }
}
