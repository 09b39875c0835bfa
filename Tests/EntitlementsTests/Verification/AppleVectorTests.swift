/// Apple's own App Store Server Library vectors: our verifier must agree with theirs.
/// Skipped where ../shared is absent (a user's fresh clone).
import Foundation
import Testing
import TestSupport
@testable import Entitlements
@testable import LocalStoreKit

@Suite("Apple App Store Server Library vectors", .enabled(if: VerificationFixtures.appleVectorsAvailable))
struct AppleVectorTests {
    /// As Apple's tests configure it: testCA.der only, "com.example", Sandbox.
    func sandboxVerifier(environments: Set<StoreEnvironment> = [.sandbox]) throws -> SignedDataVerifier {
        SignedDataVerifier(
            trustedRoots: [try VerificationFixtures.appleTestRoot()], bundleId: "com.example",
            environments: environments)
    }

    @Test func transactionInfoVerifies() throws {
        let jws = try VerificationFixtures.appleVector("mock_signed_data/transactionInfo")
        let transaction = try sandboxVerifier().verifyTransaction(jws)
        #expect(transaction.bundleId == "com.example")
        #expect(transaction.environment == "Sandbox")
        #expect(transaction.signedDate == 1_672_956_154_000)
    }

    /// Apple's transaction vector verifies but has no transactionId; its TEST notification
    /// verifies and carries nothing: one is rejected for its reason (not a store error), the
    /// other reported verified, and nothing is stored.
    @Test func importingTheVectorsJudgesEachItem() throws {
        let dir = TestPaths.scratch("apple-vectors-import").path
        let store = try EntitlementStore.openOrCreate(directory: dir)
        try store.initialize(bundleId: "com.example", environments: [.sandbox])
        let root = try VerificationFixtures.appleTestRoot()
        try store.addTrustedRoot(der: root, fingerprint: Certificates.sha256Fingerprint(root), label: "Apple test CA")
        let importer = try EntitlementImporter(
            store: store,
            policy: GatePolicy(
                bundleId: "com.example", proProductIDs: [],
                productionRootFingerprints: [Certificates.sha256Fingerprint(root)]))
        let transaction = try importer.importJWS(
            try VerificationFixtures.appleVector("mock_signed_data/transactionInfo"), source: "t")
        #expect(transaction.map(\.status) == [.rejected])
        #expect(transaction.first?.reason == "the signed transaction has no transactionId: nothing to store")
        let test = try importer.importJWS(
            try VerificationFixtures.appleVector("mock_signed_data/testNotification"), source: "n")
        #expect(test.map(\.status) == [.verified])
        #expect(try store.transactionCount() == 0)
    }

    @Test func renewalInfoVerifies() throws {
        let jws = try VerificationFixtures.appleVector("mock_signed_data/renewalInfo")
        let renewal = try sandboxVerifier().verifyRenewalInfo(jws)
        #expect(renewal.environment == "Sandbox")
        #expect(renewal.signedDate == 1_672_956_154_000)
    }

    @Test func testNotificationVerifies() throws {
        let jws = try VerificationFixtures.appleVector("mock_signed_data/testNotification")
        let notification = try sandboxVerifier().verifyNotification(jws)
        #expect(notification.notificationType == "TEST")
        #expect(notification.data?.bundleId == "com.example")
        #expect(notification.data?.appAppleId == 1234)
    }

    @Test func wrongBundleIdIsWrongApp() throws {
        let jws = try VerificationFixtures.appleVector("mock_signed_data/wrongBundleId")
        #expect(throws: VerificationFailure.wrongApp(expected: "com.example", got: "com.example.wrong")) {
            try sandboxVerifier().verifyNotification(jws)
        }
    }

    @Test func missingX5CIsInvalidFormat() throws {
        let jws = try VerificationFixtures.appleVector("mock_signed_data/missingX5CHeaderClaim")
        let failure = try #require(throws: VerificationFailure.self) { try sandboxVerifier().verifyNotification(jws) }
        #expect(failure.reason == "invalid format")
    }

    @Test func legacyTransactionIsInvalidFormat() throws {
        let receipt = try VerificationFixtures.appleVector("mock_signed_data/legacyTransaction")
        let failure = try #require(throws: VerificationFailure.self) {
            try sandboxVerifier().verifyTransaction(receipt)
        }
        #expect(failure.reason == "invalid format")
    }

    @Test func transactionInfoRejectedUnderAnotherRoot() throws {
        let jws = try VerificationFixtures.appleVector("mock_signed_data/transactionInfo")
        let other = try LocalSigningAuthority.generate(
            validFrom: Date(timeIntervalSince1970: 1_600_000_000),
            validFor: 20 * 365 * 86_400)
        let verifier = SignedDataVerifier(
            trustedRoots: [other.rootDER], bundleId: "com.example", environments: [.sandbox])
        let failure = try #require(throws: VerificationFailure.self) { try verifier.verifyTransaction(jws) }
        #expect(failure.reason == "invalid chain")
    }

    @Test func transactionInfoVerifiesAmongSeveralRoots() throws {
        let jws = try VerificationFixtures.appleVector("mock_signed_data/transactionInfo")
        let other = try LocalSigningAuthority.generate(
            validFrom: Date(timeIntervalSince1970: 1_600_000_000),
            validFor: 20 * 365 * 86_400)
        let verifier = SignedDataVerifier(
            trustedRoots: [other.rootDER, try VerificationFixtures.appleTestRoot()],
            bundleId: "com.example", environments: [.sandbox])
        #expect(verifier.trustedRootCount == 2)
        #expect(try verifier.verifyTransaction(jws).bundleId == "com.example")
    }

    @Test func transactionInfoRejectedInProductionOnly() throws {
        let jws = try VerificationFixtures.appleVector("mock_signed_data/transactionInfo")
        #expect(throws: VerificationFailure.wrongEnvironment(expected: ["Production"], got: "Sandbox")) {
            try sandboxVerifier(environments: [.production]).verifyTransaction(jws)
        }
    }

    @Test func transactionInfoTamperedIsBadSignature() throws {
        let jws = try VerificationFixtures.appleVector("mock_signed_data/transactionInfo")
        #expect(throws: VerificationFailure.badSignature) {
            try sandboxVerifier().verifyTransaction(JWSTampering.tamperPayload(jws))
        }
        #expect(throws: VerificationFailure.badSignature) {
            try sandboxVerifier().verifyTransaction(JWSTampering.tamperSignature(jws))
        }
    }

    @Test func transactionInfoWithPaddingVerifies() throws {
        let jws = try VerificationFixtures.appleVector("mock_signed_data/transactionInfo")
        #expect(try sandboxVerifier().verifyTransaction(JWSTampering.padded(jws)).bundleId == "com.example")
    }

    @Test func testRootIsNotAppleRootG3() throws {
        let root = try VerificationFixtures.appleTestRoot()
        #expect(try Certificates.parse(root) == [root])
        #expect(!Certificates.isAppleRootCAG3(root))
        #expect(Certificates.sha256Fingerprint(root).count == 64)
    }

    // MARK: Xcode StoreKit Testing

    static let xcodeVectors = [
        "xcode/xcode-signed-transaction", "xcode/xcode-signed-renewal-info",
        "xcode/xcode-signed-app-transaction",
    ]

    /// Verifies any of the three Xcode vectors with the entry point its kind needs.
    func verifyXcodeVector(_ name: String, with verifier: SignedDataVerifier) throws(VerificationFailure) {
        let jws = (try? VerificationFixtures.appleVector(name)) ?? ""
        switch name {
        case "xcode/xcode-signed-transaction": _ = try verifier.verifyTransaction(jws)
        case "xcode/xcode-signed-renewal-info": _ = try verifier.verifyRenewalInfo(jws)
        default: _ = try verifier.verifyAppTransaction(jws)
        }
    }

    /// The bundle id an Xcode vector was made for (the renewal info has none: any will do).
    func bundleId(of name: String) throws -> String {
        let payload = VerificationFixtures.unverifiedPayload(try VerificationFixtures.appleVector(name))
        return payload["bundleId"] as? String ?? "com.example.naturelab.backyardbirds.example"
    }

    @Test(arguments: xcodeVectors)
    func xcodeVectorDecodesWhenConfiguredForXcode(_ name: String) throws {
        let verifier = SignedDataVerifier(trustedRoots: [], bundleId: try bundleId(of: name), environments: [.xcode])
        #expect(throws: Never.self) { try verifyXcodeVector(name, with: verifier) }
    }

    @Test func xcodeTransactionFieldsDecode() throws {
        let jws = try VerificationFixtures.appleVector("xcode/xcode-signed-transaction")
        let bundle = try bundleId(of: "xcode/xcode-signed-transaction")
        let verifier = SignedDataVerifier(trustedRoots: [], bundleId: bundle, environments: [.xcode, .sandbox])
        let transaction = try verifier.verifyTransaction(jws)
        #expect(transaction.productId == "pass.premium")
        #expect(transaction.environment == "Xcode")
        #expect(transaction.expiresDate == 1_700_358_336_049.7297)  // fractional milliseconds survive
        let app = try verifier.verifyAppTransaction(
            try VerificationFixtures.appleVector("xcode/xcode-signed-app-transaction"))
        #expect(app.receiptType == "Xcode")
    }

    @Test(arguments: xcodeVectors)
    func xcodeVectorRejectedOtherwise(_ name: String) throws {
        let bundle = try bundleId(of: name)
        let roots = [try VerificationFixtures.appleTestRoot()]
        for environments: Set<StoreEnvironment> in [
            [.sandbox], [.production], [.sandbox, .production], [.localTesting],
        ] {
            let verifier = SignedDataVerifier(trustedRoots: roots, bundleId: bundle, environments: environments)
            #expect(throws: VerificationFailure.invalidChainLength) { try verifyXcodeVector(name, with: verifier) }
        }
    }

    @Test func xcodeTransactionForAnotherAppIsWrongApp() throws {
        let jws = try VerificationFixtures.appleVector("xcode/xcode-signed-transaction")
        let verifier = SignedDataVerifier(trustedRoots: [], bundleId: "com.example", environments: [.xcode])
        let failure = try #require(throws: VerificationFailure.self) { try verifier.verifyTransaction(jws) }
        #expect(failure.reason == "wrong app")
    }
}
