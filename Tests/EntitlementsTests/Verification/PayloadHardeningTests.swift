/// What the strict reading of signed data refuses that Foundation's decoder let through: a key written
/// twice (which one counts would depend on the reader), oversized and over-deep documents, and integers
/// a Double cannot hold exactly. Each is an invalid format, never a grant and never a crash.
import Foundation
import Testing
@testable import Entitlements
@testable import LocalStoreKit

@Suite("Signed payloads: what the strict reading refuses")
struct PayloadHardeningTests {
    @Test(
        "a payload key written twice is refused, with the same value or another", arguments: RawPayloads.Kind.allCases)
    func repeatedPayloadKey(_ kind: RawPayloads.Kind) throws {
        let p = try RawPayloads()
        let (key, value) = kind.base[0]
        let base = RawPayloads.json(kind)
        #expect(try p.refusal(RawPayloads.appending("\"\(key)\":\(value)", to: base), as: kind) == "invalid format")
        #expect(try p.refusal(RawPayloads.appending("\"\(key)\":\"other\"", to: base), as: kind) == "invalid format")
        // An escape spells the same key: still written twice.
        let escaped = "\"\\u00\(String(key.utf8.first!, radix: 16))\(key.dropFirst())\":\(value)"
        #expect(try p.refusal(RawPayloads.appending(escaped, to: base), as: kind) == "invalid format")
    }

    @Test("a transaction whose two readers would disagree on the product is refused either way round")
    func repeatedProduct() throws {
        let p = try RawPayloads()
        for pair in [("pro.yearly", "coffee"), ("coffee", "pro.yearly")] {
            let payload = RawPayloads.json(.transaction, [("productId", "\"\(pair.0)\"")])
            let jws = try p.sign(RawPayloads.appending("\"productId\":\"\(pair.1)\"", to: payload))
            let failure = #expect(throws: VerificationFailure.self) { try p.verifier.verifyTransaction(jws) }
            #expect(
                failure?.description
                    == "invalid format: payload does not read as JWSTransactionDecodedPayload: productId: duplicate key"
            )
        }
    }

    @Test("a key written twice anywhere in the document is refused, in an object read or not")
    func repeatedNestedKey() throws {
        let p = try RawPayloads()
        let data =
            "{\"bundleId\":\"\(RawPayloads.bundleId)\",\"environment\":\"Sandbox\",\"environment\":\"Production\"}"
        #expect(try p.refusal(RawPayloads.json(.notification, [("data", data)]), as: .notification) == "invalid format")
        for unknown in [
            "{\"a\":1,\"a\":1}", "[{\"b\":{\"c\":null,\"c\":null}}]", "[[], [{\"x\":1}, {\"y\":2,\"y\":3}]]",
        ] {
            let payload = RawPayloads.json(.transaction, [("futureField", unknown)])
            #expect(try p.refusal(payload, as: .transaction) == "invalid format", "\(unknown)")
        }
        // The same key in different objects is no repetition.
        let apart = RawPayloads.json(.transaction, [("futureField", "{\"bundleId\":1,\"inner\":{\"bundleId\":2}}")])
        #expect(try p.refusal(apart, as: .transaction) == nil)
    }

    @Test("a header key written twice is refused", arguments: ["alg", "x5c", "kid"])
    func repeatedHeaderKey(_ key: String) throws {
        let p = try RawPayloads()
        let x5c = p.authority.x5c.map { "\"\(JWSBase64.encode($0, alphabet: .standard))\"" }.joined(separator: ",")
        let members = ["\"alg\":\"ES256\"", "\"x5c\":[\(x5c)]", "\"kid\":\"k\""]
        let repeated = members.first { $0.hasPrefix("\"\(key)\"") }!
        let header = "{" + (members + [repeated]).joined(separator: ",") + "}"
        let jws = try p.sign(RawPayloads.json(.transaction), header: header)
        let failure = #expect(throws: VerificationFailure.self) { try p.verifier.verifyTransaction(jws) }
        #expect(failure?.reason == "invalid format")
        #expect(failure?.description.hasSuffix("\(key): duplicate key") == true, "\(failure?.description ?? "")")
        // `alg` first as "none", then ES256: neither reading may let it through.
        let swapped = "{\"alg\":\"none\",\"alg\":\"ES256\",\"x5c\":[\(x5c)]}"
        #expect(try p.refusal(RawPayloads.json(.transaction), as: .transaction, header: swapped) == "invalid format")
    }

    @Test("a document nested deeper than the parser allows is refused, not a stack overflow")
    func deepNesting() throws {
        let p = try RawPayloads()
        for depth in [100, 10_000] {
            let nested = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            #expect(
                try p.refusal(RawPayloads.json(.transaction, [("futureField", nested)]), as: .transaction)
                    == "invalid format")
        }
        let allowed = String(repeating: "[", count: 60) + String(repeating: "]", count: 60)
        #expect(try p.refusal(RawPayloads.json(.transaction, [("futureField", allowed)]), as: .transaction) == nil)
    }

    @Test("a document larger than PayloadReader.maximumBytes is refused before it is parsed")
    func oversized() throws {
        let p = try RawPayloads()
        let base = RawPayloads.json(.transaction)
        let room = PayloadReader.maximumBytes - base.utf8.count - ",\"pad\":\"\"".utf8.count
        let fits = RawPayloads.json(.transaction, [("pad", "\"" + String(repeating: "x", count: room) + "\"")])
        #expect(fits.utf8.count == PayloadReader.maximumBytes)
        #expect(try p.refusal(fits, as: .transaction) == nil)
        let over = RawPayloads.json(.transaction, [("pad", "\"" + String(repeating: "x", count: room + 1) + "\"")])
        #expect(try p.refusal(over, as: .transaction) == "invalid format")
    }

    @Test("JSON Foundation's decoder tolerated is refused: trailing commas, 2^53 and beyond in an integer field")
    func lenienciesGone() throws {
        let p = try RawPayloads()
        #expect(try p.refusal(RawPayloads.json(.transaction).dropLast() + ",}", as: .transaction) == "invalid format")
        for big in ["9007199254740992", "-9007199254740992", "9223372036854775807"] {
            #expect(
                try p.refusal(RawPayloads.json(.transaction, [("quantity", big)]), as: .transaction)
                    == "invalid format", "\(big)")
        }
    }

    @Test("the store's unverified reading of a stored token refuses a repeated key too")
    func unverifiedReading() throws {
        let p = try RawPayloads()
        let plain = RawPayloads.json(.transaction, [("inAppOwnershipType", "\"PURCHASED\"")])
        #expect(EntitlementStore.unverifiedPayload(try p.sign(plain))?.inAppOwnershipType == "PURCHASED")
        let repeated = RawPayloads.appending("\"inAppOwnershipType\":\"FAMILY_SHARED\"", to: plain)
        #expect(EntitlementStore.unverifiedPayload(try p.sign(repeated)) == nil)
    }

    @Test("the importer's guess at a token's kind reads it the same way: a repeated key leaves it unknown")
    func kindGuess() throws {
        let p = try RawPayloads()
        #expect(ImportSource.guessKind(try p.sign("{\"notificationType\":null}")) == .notification)
        #expect(ImportSource.guessKind(try p.sign("{\"autoRenewStatus\":1,\"productId\":\"p\"}")) == .renewal)
        #expect(ImportSource.guessKind(try p.sign("{\"transactionId\":\"1\"}")) == .transaction)
        #expect(
            ImportSource.guessKind(try p.sign("{\"notificationType\":\"TEST\",\"notificationType\":\"TEST\"}"))
                == .unknown)
    }
}
