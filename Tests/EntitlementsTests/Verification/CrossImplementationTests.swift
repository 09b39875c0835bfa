/// Python's `cryptography` against our OpenSSL code, in both directions, so neither side can pass
/// only because of its own encoder's habits. Skipped where python3 or `cryptography` is missing.
import Foundation
import Testing
@testable import Entitlements
@testable import LocalStoreKit

@Suite("Cross-implementation (Python cryptography)", .enabled(if: ExternalProcess.pythonCryptographyAvailable))
struct CrossImplementationTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "make_jws.py"
    ).path

    struct Signed: Decodable {
        var root: String
        var jws: String
        var bundleId: String
        var signedDate: Double
    }

    static func pythonSigned() throws -> Signed {
        let result = try ExternalProcess.run(["python3", script, "sign"])
        try #require(result.status == 0, "make_jws.py sign failed: \(result.stderr)")
        return try JSONDecoder().decode(Signed.self, from: result.stdout)
    }

    @Test func pythonSignedTransactionVerifies() throws {
        let signed = try Self.pythonSigned()
        let root = try #require(JWSBase64.decode(signed.root, alphabet: .standard))
        let verifier = SignedDataVerifier(trustedRoots: [root], bundleId: signed.bundleId, environments: [.sandbox])
        let transaction = try verifier.verifyTransaction(signed.jws)
        #expect(transaction.signedDate == signed.signedDate)
        #expect(transaction.signedDate?.truncatingRemainder(dividingBy: 1) == 0.4375)
        #expect(transaction.productId == "pro/lifetime")
        #expect(transaction.storefront == "Zürich")
        #expect(transaction.type == ProductType.nonConsumable.rawValue)
        #expect(transaction.isUpgraded == false)
    }

    @Test func pythonSignedTransactionFailsUnderOtherRootsAndTampering() throws {
        let signed = try Self.pythonSigned()
        let root = try #require(JWSBase64.decode(signed.root, alphabet: .standard))
        let stranger = try LocalSigningAuthority.generate(
            validFrom: Date().addingTimeInterval(-86_400), validFor: 86_400 * 30)
        let wrongRoot = SignedDataVerifier(
            trustedRoots: [stranger.rootDER], bundleId: signed.bundleId, environments: [.sandbox])
        #expect(
            (#expect(throws: VerificationFailure.self) { try wrongRoot.verifyTransaction(signed.jws) })?.reason
                == "invalid chain")
        let verifier = SignedDataVerifier(trustedRoots: [root], bundleId: signed.bundleId, environments: [.sandbox])
        #expect(throws: VerificationFailure.badSignature) {
            try verifier.verifyTransaction(JWSTampering.tamperPayload(signed.jws))
        }
        #expect(throws: VerificationFailure.badSignature) {
            try verifier.verifyTransaction(JWSTampering.tamperSignature(signed.jws))
        }
    }

    @Test func ourJWSVerifiesInPython() throws {
        let ca = try LocalSigningAuthority.generate(validFrom: Date().addingTimeInterval(-60), validFor: 3600)
        let payload = VerificationFixtures.transaction(bundleId: "com.example", signedAt: Date())
        let request = try JSONEncoder().encode([
            "root": JWSBase64.encode(ca.rootDER, alphabet: .standard),
            "jws": try ca.sign(payload: payload),
        ])
        let result = try ExternalProcess.run(["python3", Self.script, "verify"], stdin: request)
        #expect(result.status == 0, "python verify failed: \(result.stderr)")
        #expect(result.stdout == payload)

        // And Python refuses what we refuse.
        let tampered = try JSONEncoder().encode([
            "root": JWSBase64.encode(ca.rootDER, alphabet: .standard),
            "jws": JWSTampering.tamperSignature(try ca.sign(payload: payload)),
        ])
        #expect(try ExternalProcess.run(["python3", Self.script, "verify"], stdin: tampered).status != 0)
    }
}
