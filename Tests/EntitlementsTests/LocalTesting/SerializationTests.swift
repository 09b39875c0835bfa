/// Persisting a local signing authority and signing Encodable payloads.
import Foundation
import Testing
@testable import Entitlements
@testable import LocalStoreKit

@Suite("Local signing authority persistence")
struct SerializationTests {
    static let start = Date(timeIntervalSince1970: 1_750_000_000)

    @Test func serializedRoundTripStillSignsForTheSameRoot() throws {
        let original = try LocalSigningAuthority.generate(validFrom: Self.start, validFor: 86_400 * 30)
        let text = original.serialized()
        #expect(text.components(separatedBy: "-----BEGIN CERTIFICATE-----").count == 4)
        #expect(text.components(separatedBy: "-----BEGIN PRIVATE KEY-----").count == 2)

        let restored = try LocalSigningAuthority(serialized: text)
        #expect(restored.rootDER == original.rootDER)
        #expect(restored.intermediateDER == original.intermediateDER)
        #expect(restored.leafDER == original.leafDER)
        #expect(restored.serialized() == text)

        let jws = try restored.sign(
            payload: VerificationFixtures.transaction(
                bundleId: "com.example", signedAt: Self.start.addingTimeInterval(10)))
        let verifier = SignedDataVerifier(
            trustedRoots: [original.rootDER], bundleId: "com.example", environments: [.sandbox])
        #expect(try verifier.verifyTransaction(jws).bundleId == "com.example")
    }

    @Test func certificatesParseReadsTheSerializedChain() throws {
        let ca = try LocalSigningAuthority.generate(validFrom: Self.start, validFor: 60)
        let ders = try Certificates.parse(Data(ca.serialized().utf8))
        #expect(ders == [ca.leafDER, ca.intermediateDER, ca.rootDER])
        #expect(try Certificates.parse(ca.rootDER) == [ca.rootDER])
        #expect(!Certificates.isAppleRootCAG3(ca.rootDER))
        #expect(Certificates.sha256Fingerprint(ca.rootDER).allSatisfy { "0123456789ABCDEF".contains($0) })
    }

    @Test func mismatchedOrDamagedSerializationIsRefused() throws {
        let caA = try LocalSigningAuthority.generate(validFrom: Self.start, validFor: 60)
        let caB = try LocalSigningAuthority.generate(validFrom: Self.start, validFor: 60)
        let certsOfA = [caA.leafDER, caA.intermediateDER, caA.rootDER].map { PEM.encode($0, label: "CERTIFICATE") }
            .joined()
        let twoCertsOfA = [caA.leafDER, caA.intermediateDER].map { PEM.encode($0, label: "CERTIFICATE") }.joined()
        let keyOfA = PEM.privateKey(caA.leafKey), keyOfB = PEM.privateKey(caB.leafKey)
        #expect(certsOfA + keyOfA == caA.serialized())
        for text in [
            certsOfA + keyOfB,  // the key of another leaf
            certsOfA,  // no key
            keyOfA,  // no certificates
            twoCertsOfA + keyOfA,  // two certificates
            "", "garbage",
        ] {
            #expect(throws: LocalSigningError.self) { try LocalSigningAuthority(serialized: text) }
        }
    }

    struct StoreKitTransaction: Encodable {
        var bundleId: String
        var environment: String
        var productId: String
        var signedDate: Double
        var purchaseDate: Double
        var expiresDate: Double
        var storefront: String
    }

    @Test func signsEncodableWithFractionalMilliseconds() throws {
        let ca = try LocalSigningAuthority.generate(validFrom: Self.start, validFor: 86_400)
        let signedDate = Self.start.timeIntervalSince1970 * 1000 + 1234.5678
        let jws = try ca.sign(
            StoreKitTransaction(
                bundleId: "com.example/slash", environment: "LocalTesting",
                productId: "pro.lifetime", signedDate: signedDate,
                purchaseDate: signedDate - 0.25, expiresDate: signedDate + 1e9,
                storefront: "CHE"))
        // The default encoder leaves slashes alone.
        #expect(
            String(decoding: JWSBase64.decode(jws.split(separator: ".")[1], alphabet: .url)!, as: UTF8.self)
                .contains("com.example/slash"))
        let verifier = SignedDataVerifier(
            trustedRoots: [ca.rootDER], bundleId: "com.example/slash", environments: [.localTesting])
        let transaction = try verifier.verifyTransaction(jws)
        #expect(transaction.signedDate == signedDate)
        #expect(transaction.purchaseDate == signedDate - 0.25)
        #expect(transaction.storefront == "CHE")
    }

    @Test func unlabelledDataIsSignedAsRawJSON() throws {
        let ca = try LocalSigningAuthority.generate(validFrom: Self.start, validFor: 60)
        let json = Data("{\"bundleId\":\"b\"}".utf8)
        let jws = try ca.sign(json)
        #expect(JWSBase64.decode(jws.split(separator: ".")[1], alphabet: .url) == json)
    }

    @Test func headerIsMinimal() throws {
        let ca = try LocalSigningAuthority.generate(validFrom: Self.start, validFor: 60)
        let jws = try ca.sign(payload: Data("{}".utf8))
        let header = try #require(JWSBase64.decode(jws.split(separator: ".")[0], alphabet: .url))
        let object = try #require(try JSONSerialization.jsonObject(with: header) as? [String: Any])
        #expect(Set(object.keys) == ["alg", "x5c"])
        #expect(object["alg"] as? String == "ES256")
        #expect(
            (object["x5c"] as? [String])?.compactMap { Data(base64Encoded: $0) } == [
                ca.leafDER, ca.intermediateDER, ca.rootDER,
            ])
        #expect(!jws.contains("="))
    }
}
