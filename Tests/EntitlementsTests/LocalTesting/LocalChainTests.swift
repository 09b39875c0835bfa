/// The local signing authority against the verifier: a good chain verifies, and each broken
/// variant fails for its own reason.
import Foundation
import Testing
@testable import Entitlements
@testable import LocalStoreKit

@Suite("Local signing authority chains")
struct LocalChainTests {
    static let bundleId = "com.example.itinerary"
    /// A fixed moment, so the tests do not depend on the clock except where they say so.
    static let start = Date(timeIntervalSince1970: 1_750_000_000)
    static let year: TimeInterval = 365 * 86_400

    static func authority(
        _ variant: LocalChainVariant = .good, validFrom: Date = start,
        validFor: TimeInterval = year
    ) throws -> LocalSigningAuthority {
        try LocalSigningAuthority.generate(validFrom: validFrom, validFor: validFor, variant: variant)
    }

    static func verifier(
        trusting authority: LocalSigningAuthority,
        environments: Set<StoreEnvironment> = [.sandbox]
    ) -> SignedDataVerifier {
        SignedDataVerifier(trustedRoots: [authority.rootDER], bundleId: bundleId, environments: environments)
    }

    /// A transaction signed a day after `start`.
    static func signedTransaction(
        by authority: LocalSigningAuthority, signedAt: Date? = start.addingTimeInterval(86_400),
        environment: String = "Sandbox"
    ) throws -> String {
        try authority.sign(
            payload: VerificationFixtures.transaction(
                bundleId: bundleId, environment: environment,
                signedAt: signedAt))
    }

    @Test func goodChainVerifies() throws {
        let ca = try Self.authority()
        let transaction = try Self.verifier(trusting: ca).verifyTransaction(try Self.signedTransaction(by: ca))
        #expect(transaction.bundleId == Self.bundleId)
        #expect(transaction.productId == "pro.yearly")
        #expect(transaction.type == ProductType.autoRenewable.rawValue)
        #expect(transaction.signedDate == VerificationFixtures.milliseconds(Self.start.addingTimeInterval(86_400)))
    }

    @Test func publicGenerateMakesAGoodChain() throws {
        let ca = try LocalSigningAuthority.generate(validFrom: Self.start, validFor: Self.year)
        #expect(
            try Self.verifier(trusting: ca).verifyTransaction(try Self.signedTransaction(by: ca)).bundleId
                == Self.bundleId)
        #expect(Certificates.subjectSummary(ca.rootDER) == "export-itinerary StoreKit Testing Root")
        #expect(Certificates.subjectSummary(ca.leafDER) == "export-itinerary StoreKit Testing Leaf")
        let named = try LocalSigningAuthority.generate(
            commonNamePrefix: "Ünïcode CA", validFrom: Self.start, validFor: 60)
        #expect(Certificates.subjectSummary(named.intermediateDER) == "Ünïcode CA Intermediate")
    }

    @Test func leafWithoutOIDIsInvalidCertificate() throws {
        let ca = try Self.authority(.leafWithoutMarker)
        let failure = try #require(throws: VerificationFailure.self) {
            try Self.verifier(trusting: ca).verifyTransaction(try Self.signedTransaction(by: ca))
        }
        #expect(failure.reason == "invalid certificate")
        #expect(failure.description.contains("1.2.840.113635.100.6.11.1"))
    }

    @Test func intermediateWithoutOIDIsInvalidCertificate() throws {
        let ca = try Self.authority(.intermediateWithoutMarker)
        let failure = try #require(throws: VerificationFailure.self) {
            try Self.verifier(trusting: ca).verifyTransaction(try Self.signedTransaction(by: ca))
        }
        #expect(failure.reason == "invalid certificate")
        #expect(failure.description.contains("1.2.840.113635.100.6.2.1"))
    }

    @Test func expiredLeafIsInvalidChain() throws {
        let ca = try Self.authority(.expiredLeaf)  // leaf valid for the first minute only
        let failure = try #require(throws: VerificationFailure.self) {
            try Self.verifier(trusting: ca).verifyTransaction(try Self.signedTransaction(by: ca))
        }
        #expect(failure.reason == "invalid chain")
    }

    @Test func signedWhileLeafWasValidStillVerifies() throws {
        // The leaf has long expired by any real clock; the signing date is what counts.
        let ca = try Self.authority(.expiredLeaf)
        let jws = try Self.signedTransaction(by: ca, signedAt: Self.start.addingTimeInterval(30))
        #expect(try Self.verifier(trusting: ca).verifyTransaction(jws).bundleId == Self.bundleId)
    }

    @Test func rememberedChainStillHonoursTheSigningDate() throws {
        // One verifier, so the second and later calls meet the chain it remembered.
        let ca = try Self.authority(.expiredLeaf)
        let verifier = Self.verifier(trusting: ca)
        for _ in 0..<2 {
            let inside = try Self.signedTransaction(by: ca, signedAt: Self.start.addingTimeInterval(30))
            #expect(try verifier.verifyTransaction(inside).bundleId == Self.bundleId)
            for offset in [60.0, 3600, -1] {
                let outside = try Self.signedTransaction(by: ca, signedAt: Self.start.addingTimeInterval(offset))
                #expect(
                    (#expect(throws: VerificationFailure.self) { try verifier.verifyTransaction(outside) })?.reason
                        == "invalid chain", "offset \(offset)")
            }
            #expect(throws: VerificationFailure.badSignature) {
                try verifier.verifyTransaction(JWSTampering.tamperSignature(inside))
            }
        }
    }

    @Test(arguments: [-86_400, -1, 365 * 86_400 + 1, 10 * 365 * 86_400] as [TimeInterval])
    func signedDateOutsideValidityIsInvalidChain(_ offset: TimeInterval) throws {
        let ca = try Self.authority()
        let jws = try Self.signedTransaction(by: ca, signedAt: Self.start.addingTimeInterval(offset))
        let failure = try #require(throws: VerificationFailure.self) {
            try Self.verifier(trusting: ca).verifyTransaction(jws)
        }
        #expect(failure.reason == "invalid chain")
    }

    @Test func noSignedDateMeansNow() throws {
        // Valid around now: verifies. Valid only long ago: fails, since "now" is the effective date.
        let current = try Self.authority(validFrom: Date().addingTimeInterval(-86_400), validFor: 30 * 86_400)
        let currentJWS = try Self.signedTransaction(by: current, signedAt: nil)
        #expect(try Self.verifier(trusting: current).verifyTransaction(currentJWS).signedDate == nil)
        let old = try Self.authority(validFrom: Date(timeIntervalSince1970: 1_500_000_000), validFor: Self.year)
        let oldJWS = try Self.signedTransaction(by: old, signedAt: nil)
        #expect(
            (#expect(throws: VerificationFailure.self) { try Self.verifier(trusting: old).verifyTransaction(oldJWS) })?
                .reason == "invalid chain")
    }

    @Test func twoCertificateChainIsInvalidChainLength() throws {
        let ca = try Self.authority(.twoCertificateChain)
        #expect(throws: VerificationFailure.invalidChainLength) {
            try Self.verifier(trusting: ca).verifyTransaction(try Self.signedTransaction(by: ca))
        }
    }

    @Test func chainToAnotherRootIsInvalidChain() throws {
        let ca = try Self.authority(), stranger = try Self.authority()
        let failure = try #require(throws: VerificationFailure.self) {
            try Self.verifier(trusting: stranger).verifyTransaction(try Self.signedTransaction(by: ca))
        }
        #expect(failure.reason == "invalid chain")
    }

    @Test func impostorRootWithTheSameNameIsInvalidChain() throws {
        // x5c[2] is the trusted root itself, but the intermediate was signed by another key.
        let ca = try Self.authority(.intermediateFromImpostorRoot)
        let failure = try #require(throws: VerificationFailure.self) {
            try Self.verifier(trusting: ca).verifyTransaction(try Self.signedTransaction(by: ca))
        }
        #expect(failure.reason == "invalid chain")
    }

    @Test func leafSignedDirectlyByRootIsInvalidChain() throws {
        let ca = try Self.authority(.leafSignedByRoot)
        let failure = try #require(throws: VerificationFailure.self) {
            try Self.verifier(trusting: ca).verifyTransaction(try Self.signedTransaction(by: ca))
        }
        #expect(failure.reason == "invalid chain")
    }

    @Test func trustingTheIntermediateIsNotEnough() throws {
        // Without partial-chain trust, a non-self-signed "root" anchors nothing.
        let ca = try Self.authority()
        let verifier = SignedDataVerifier(
            trustedRoots: [ca.intermediateDER], bundleId: Self.bundleId, environments: [.sandbox])
        let failure = try #require(throws: VerificationFailure.self) {
            try verifier.verifyTransaction(try Self.signedTransaction(by: ca))
        }
        #expect(failure.reason == "invalid chain")
    }

    @Test func tamperedPayloadIsBadSignature() throws {
        let ca = try Self.authority()
        let jws = JWSTampering.tamperPayload(try Self.signedTransaction(by: ca))
        #expect(throws: VerificationFailure.badSignature) { try Self.verifier(trusting: ca).verifyTransaction(jws) }
    }

    @Test func tamperedSignatureIsBadSignature() throws {
        let ca = try Self.authority()
        let jws = JWSTampering.tamperSignature(try Self.signedTransaction(by: ca))
        #expect(throws: VerificationFailure.badSignature) { try Self.verifier(trusting: ca).verifyTransaction(jws) }
    }

    @Test func signatureOfWrongLengthIsBadSignature() throws {
        let ca = try Self.authority()
        let parts = try Self.signedTransaction(by: ca).split(separator: ".")
        let derLike = JWSBase64.encode(Data(repeating: 7, count: 70), alphabet: .url)
        #expect(throws: VerificationFailure.badSignature) {
            try Self.verifier(trusting: ca).verifyTransaction("\(parts[0]).\(parts[1]).\(derLike)")
        }
    }

    @Test(arguments: [0, 1, 2])
    func paddedSegmentsAreAccepted(_ fillerLength: Int) throws {
        // Filler of 0, 1, 2 characters moves the payload through every base64 remainder.
        let ca = try Self.authority()
        let payload = VerificationFixtures.json([
            "bundleId": Self.bundleId, "environment": "Sandbox", "filler": String(repeating: "x", count: fillerLength),
            "signedDate": VerificationFixtures.milliseconds(Self.start.addingTimeInterval(60)),
        ])
        let verifier = Self.verifier(trusting: ca)
        // Padded after signing (the signature covers the unpadded text) …
        let paddedLater = JWSTampering.padded(try ca.sign(payload: payload))
        #expect(paddedLater.contains("="))
        #expect(try verifier.verifyTransaction(paddedLater).bundleId == Self.bundleId)
        // … and padded by the producer before signing (the signature covers the padded text).
        let paddedBefore = try ca.signRaw(headerJSON: ca.headerJSON(), payload: payload, padded: true)
        #expect(try verifier.verifyTransaction(paddedBefore).bundleId == Self.bundleId)
        // Padding does not open a door for changed content.
        #expect(throws: VerificationFailure.badSignature) {
            try verifier.verifyTransaction(JWSTampering.tamperPayload(paddedBefore))
        }
    }

    @Test func headerKeyOrderAndExtraFieldsDoNotMatter() throws {
        let ca = try Self.authority()
        let certs = ca.x5c.map { "\"\(JWSBase64.encode($0, alphabet: .standard))\"" }.joined(separator: ", ")
        let header = "{ \"typ\" : \"JWT\", \"x5c\" : [\(certs)], \"kid\": \"local\", \"alg\" : \"ES256\" }"
        let payload = VerificationFixtures.transaction(
            bundleId: Self.bundleId, signedAt: Self.start.addingTimeInterval(60))
        let jws = try ca.signRaw(headerJSON: header, payload: payload)
        #expect(try Self.verifier(trusting: ca).verifyTransaction(jws).bundleId == Self.bundleId)
    }

    @Test func signedWithAnotherAlgorithmNameIsInvalidFormat() throws {
        let ca = try Self.authority()
        let certs = ca.x5c.map { "\"\(JWSBase64.encode($0, alphabet: .standard))\"" }.joined(separator: ",")
        let jws = try ca.signRaw(
            headerJSON: "{\"alg\":\"ES384\",\"x5c\":[\(certs)]}",
            payload: VerificationFixtures.transaction(signedAt: Self.start.addingTimeInterval(60)))
        let failure = try #require(throws: VerificationFailure.self) {
            try Self.verifier(trusting: ca).verifyTransaction(jws)
        }
        #expect(failure.reason == "invalid format")
    }

    @Test func wrongBundleAndEnvironment() throws {
        let ca = try Self.authority()
        let other = try ca.sign(
            payload: VerificationFixtures.transaction(
                bundleId: "com.other", signedAt: Self.start.addingTimeInterval(60)))
        #expect(throws: VerificationFailure.wrongApp(expected: Self.bundleId, got: "com.other")) {
            try Self.verifier(trusting: ca).verifyTransaction(other)
        }
        let production = try Self.signedTransaction(by: ca, environment: "Production")
        #expect(throws: VerificationFailure.wrongEnvironment(expected: ["Sandbox"], got: "Production")) {
            try Self.verifier(trusting: ca).verifyTransaction(production)
        }
        #expect(
            try Self.verifier(trusting: ca, environments: [.sandbox, .production]).verifyTransaction(production)
                .environment == "Production")
        let unknown = try Self.signedTransaction(by: ca, environment: "Staging")
        #expect(throws: VerificationFailure.wrongEnvironment(expected: ["Sandbox"], got: "Staging")) {
            try Self.verifier(trusting: ca).verifyTransaction(unknown)
        }
        let missing = try ca.sign(
            payload: VerificationFixtures.json([
                "bundleId": Self.bundleId,
                "signedDate": VerificationFixtures.milliseconds(Self.start),
            ]))
        #expect(throws: VerificationFailure.wrongEnvironment(expected: ["Sandbox"], got: nil)) {
            try Self.verifier(trusting: ca).verifyTransaction(missing)
        }
    }

    @Test func renewalInfoChecksEnvironmentOnly() throws {
        let ca = try Self.authority()
        let signed = VerificationFixtures.milliseconds(Self.start.addingTimeInterval(60))
        let renewal = try ca.sign(
            payload: VerificationFixtures.json([
                "environment": "Sandbox", "signedDate": signed, "autoRenewStatus": 1, "productId": "pro.yearly",
                "gracePeriodExpiresDate": signed + 0.5,
            ]))
        let decoded = try Self.verifier(trusting: ca).verifyRenewalInfo(renewal)
        #expect(decoded.autoRenewStatus == 1)
        #expect(decoded.gracePeriodExpiresDate == signed + 0.5)
        #expect(throws: VerificationFailure.wrongEnvironment(expected: ["Production"], got: "Sandbox")) {
            try Self.verifier(trusting: ca, environments: [.production]).verifyRenewalInfo(renewal)
        }
    }

    @Test func notificationChecksWhatItCarries() throws {
        let ca = try Self.authority()
        let signed = VerificationFixtures.milliseconds(Self.start.addingTimeInterval(60))
        let full = try ca.sign(
            payload: VerificationFixtures.json([
                "notificationType": "DID_RENEW", "signedDate": signed,
                "data": ["bundleId": Self.bundleId, "environment": "Sandbox", "signedTransactionInfo": "x.y.z"],
            ]))
        #expect(try Self.verifier(trusting: ca).verifyNotification(full).data?.signedTransactionInfo == "x.y.z")
        #expect(throws: VerificationFailure.wrongEnvironment(expected: ["Production"], got: "Sandbox")) {
            try Self.verifier(trusting: ca, environments: [.production]).verifyNotification(full)
        }
        // A summary-style notification with no data: nothing to compare, so it verifies.
        let bare = try ca.sign(payload: VerificationFixtures.json(["notificationType": "TEST", "signedDate": signed]))
        #expect(try Self.verifier(trusting: ca, environments: [.production]).verifyNotification(bare).data == nil)
        let foreign = try ca.sign(
            payload: VerificationFixtures.json([
                "notificationType": "TEST", "signedDate": signed, "data": ["bundleId": "com.other"],
            ]))
        #expect(throws: VerificationFailure.wrongApp(expected: Self.bundleId, got: "com.other")) {
            try Self.verifier(trusting: ca).verifyNotification(foreign)
        }
    }

    @Test func localTestingEnvironmentIsVerifiedNotBypassed() throws {
        let ca = try Self.authority()
        let jws = try Self.signedTransaction(by: ca, environment: "LocalTesting")
        let verifier = Self.verifier(trusting: ca, environments: [.localTesting, .xcode])
        #expect(try verifier.verifyTransaction(jws).environment == "LocalTesting")
        #expect(throws: VerificationFailure.badSignature) {
            try verifier.verifyTransaction(JWSTampering.tamperSignature(jws))
        }
    }

    @Test func xcodeStyleIsDecodedOnlyWhenConfiguredForXcode() throws {
        let xcode = try Self.authority(.xcodeStyleSelfSigned)
        let jws = try Self.signedTransaction(by: xcode, environment: "Xcode")
        let forXcode = SignedDataVerifier(trustedRoots: [], bundleId: Self.bundleId, environments: [.xcode])
        #expect(try forXcode.verifyTransaction(jws).environment == "Xcode")
        // Like Apple's library, no signature check in that mode.
        #expect(try forXcode.verifyTransaction(JWSTampering.tamperSignature(jws)).environment == "Xcode")
        for environments: Set<StoreEnvironment> in [[.sandbox], [.production], [.localTesting]] {
            #expect(throws: VerificationFailure.invalidChainLength) {
                try Self.verifier(trusting: xcode, environments: environments).verifyTransaction(jws)
            }
        }
        // Configured for Xcode, but the payload claims Sandbox: the full check applies.
        let sandbox = try Self.signedTransaction(by: xcode, environment: "Sandbox")
        #expect(throws: VerificationFailure.invalidChainLength) {
            try Self.verifier(trusting: xcode, environments: [.xcode, .sandbox]).verifyTransaction(sandbox)
        }
    }

    @Test func verifiesConcurrentlyWithOneVerifier() async throws {
        let ca = try Self.authority()
        let verifier = Self.verifier(trusting: ca)
        let tokens = try (0..<64).map { i in
            try ca.sign(
                payload: VerificationFixtures.transaction(
                    bundleId: Self.bundleId, signedAt: Self.start.addingTimeInterval(Double(i) * 3600),
                    productId: "p\(i)"))
        }
        let results = await withTaskGroup(of: Bool.self) { group in
            for worker in 0..<4 {
                group.addTask {
                    var ok = true
                    for round in 0..<5 {
                        for (i, token) in tokens.enumerated() where (i + round) % 4 == worker {
                            ok = ok && ((try? verifier.verifyTransaction(token))?.productId == "p\(i)")
                            let bad = JWSTampering.tamperSignature(token)
                            ok = ok && ((try? verifier.verifyTransaction(bad)) == nil)
                        }
                    }
                    return ok
                }
            }
            var all: [Bool] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(results == [true, true, true, true])
    }
}
