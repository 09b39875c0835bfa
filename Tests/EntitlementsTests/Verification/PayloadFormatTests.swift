/// How signed payloads and headers are read as JSON: what each field accepts, what is refused and
/// through which failure, written as raw JSON so the tests say exactly what the App Store (or an
/// attacker) could send. Every token is really signed, so only the reading can refuse it.
import Foundation
import Testing
@testable import Entitlements
@testable import LocalStoreKit

/// Raw JSON payloads for the four kinds of signed data, and a verifier that trusts their signer.
struct RawPayloads {
    static let bundleId = "com.example.itinerary"
    static let start = Date(timeIntervalSince1970: 1_750_000_000)
    /// A day after `start`, in milliseconds, inside the authority's validity.
    static let signedDate = "1750086400000"

    let authority: LocalSigningAuthority
    let verifier: SignedDataVerifier

    init() throws {
        authority = try LocalSigningAuthority.generate(validFrom: Self.start, validFor: 365 * 86_400)
        verifier = SignedDataVerifier(
            trustedRoots: [authority.rootDER], bundleId: Self.bundleId, environments: [.sandbox])
    }

    /// The kinds of signed payload, each with the members that make it pass verification.
    enum Kind: String, CaseIterable, Sendable {
        case transaction, renewal, notification, appTransaction

        var base: [(String, String)] {
            switch self {
            case .transaction:
                [
                    ("bundleId", "\"\(RawPayloads.bundleId)\""), ("environment", "\"Sandbox\""),
                    ("signedDate", RawPayloads.signedDate),
                ]
            case .renewal:
                [("environment", "\"Sandbox\""), ("signedDate", RawPayloads.signedDate)]
            case .notification:
                [
                    ("notificationType", "\"TEST\""), ("signedDate", RawPayloads.signedDate),
                    ("data", "{\"bundleId\":\"\(RawPayloads.bundleId)\",\"environment\":\"Sandbox\"}"),
                ]
            case .appTransaction:
                [
                    ("bundleId", "\"\(RawPayloads.bundleId)\""), ("receiptType", "\"Sandbox\""),
                    ("receiptCreationDate", RawPayloads.signedDate),
                ]
            }
        }
    }

    /// The JSON object of `kind`, less the `removed` keys, with `members` replacing the base
    /// member of the same key or, for a key the base lacks, appended in order.
    static func json(_ kind: Kind, _ members: [(String, String)] = [], removing removed: Set<String> = []) -> String {
        var all = kind.base.filter { !removed.contains($0.0) }
        for (key, value) in members {
            if let index = all.firstIndex(where: { $0.0 == key }) {
                all[index].1 = value
            } else {
                all.append((key, value))
            }
        }
        return "{" + all.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
    }

    /// `object` (JSON text ending in `}`) with `member` written in before the brace, whatever it repeats.
    static func appending(_ member: String, to object: String) -> String {
        String(object.dropLast()) + "," + member + "}"
    }

    /// `payload` signed as is, under the authority's usual header or `header`.
    func sign(_ payload: String, header: String? = nil) throws -> String {
        try authority.signRaw(headerJSON: header ?? authority.headerJSON(), payload: Data(payload.utf8))
    }

    /// Verifies `jws` as `kind`; the payload's type is erased so the tests can share one path.
    func verify(_ jws: String, as kind: Kind) throws(VerificationFailure) -> any Sendable {
        switch kind {
        case .transaction: try verifier.verifyTransaction(jws)
        case .renewal: try verifier.verifyRenewalInfo(jws)
        case .notification: try verifier.verifyNotification(jws)
        case .appTransaction: try verifier.verifyAppTransaction(jws)
        }
    }

    /// The reason `payload` of `kind` is refused, or nil when it verifies.
    func refusal(_ payload: String, as kind: Kind, header: String? = nil) throws -> String? {
        let jws = try sign(payload, header: header)
        do {
            _ = try verify(jws, as: kind)
            return nil
        } catch {
            return error.reason
        }
    }

    /// The transaction `payload` verifies into; fails the test when it does not.
    func transaction(_ payload: String) throws -> JWSTransactionDecodedPayload {
        try verifier.verifyTransaction(try sign(payload))
    }
}

@Suite("Signed payloads: reading the JSON")
struct PayloadFormatTests {
    @Test(arguments: RawPayloads.Kind.allCases)
    func baseOfEveryKindVerifies(_ kind: RawPayloads.Kind) throws {
        #expect(try RawPayloads().refusal(RawPayloads.json(kind), as: kind) == nil)
    }

    @Test("keys Apple may add later are accepted, whatever they hold", arguments: RawPayloads.Kind.allCases)
    func unknownKeysAreAccepted(_ kind: RawPayloads.Kind) throws {
        let extra = [
            ("futureField", "{\"nested\":[1,2.5,{\"x\":null}],\"flag\":true}"), ("anotherOne", "\"text\""),
            ("aNumber", "-1e300"), ("aNull", "null"), ("an array", "[[],{}]"),
        ]
        #expect(try RawPayloads().refusal(RawPayloads.json(kind, extra), as: kind) == nil)
    }

    @Test("an integer field takes an integral number in any spelling, as JSONDecoder did")
    func integerSpellings() throws {
        let p = try RawPayloads()
        for spelling in ["2", "2.0", "2e0", "0.2e1", "20E-1", "2.000"] {
            #expect(
                try p.transaction(RawPayloads.json(.transaction, [("quantity", spelling)])).quantity == 2, "\(spelling)"
            )
        }
        #expect(try p.transaction(RawPayloads.json(.transaction, [("quantity", "-0")])).quantity == 0)
        #expect(
            try p.transaction(RawPayloads.json(.transaction, [("price", "9007199254740991")])).price
                == 9_007_199_254_740_991)
    }

    @Test("dates are numbers of milliseconds; fractional ones (Xcode's) are kept")
    func dateSpellings() throws {
        let p = try RawPayloads()
        let t = try p.transaction(
            RawPayloads.json(.transaction, [("purchaseDate", "1750000000123.5"), ("expiresDate", "1.7500864e12")]))
        #expect(t.purchaseDate == 1_750_000_000_123.5)
        #expect(t.expiresDate == 1_750_086_400_000)
        #expect(t.signedDate == 1_750_086_400_000)
    }

    @Test("null is the same as an absent field")
    func nullIsAbsent() throws {
        let p = try RawPayloads()
        let t = try p.transaction(
            RawPayloads.json(
                .transaction,
                [
                    ("quantity", "null"), ("type", "null"), ("isUpgraded", "null"),
                    ("expiresDate", "null"),
                ]))
        #expect(t.quantity == nil && t.type == nil && t.isUpgraded == nil && t.expiresDate == nil)
        #expect(try p.refusal(RawPayloads.json(.notification, [("data", "null")]), as: .notification) == nil)
    }

    @Test("booleans, strings and nested objects keep their JSON kinds")
    func otherKinds() throws {
        let p = try RawPayloads()
        let t = try p.transaction(
            RawPayloads.json(
                .transaction,
                [
                    ("isUpgraded", "true"), ("productId", "\"pro\\u002Eyearly\""),
                    ("appAccountToken", "\"\""),
                ]))
        #expect(t.isUpgraded == true)
        #expect(t.productId == "pro.yearly")
        #expect(t.appAccountToken == "")
        let notification = try p.verifier.verifyNotification(
            try p.sign(RawPayloads.json(.notification, [("subtype", "\"INITIAL_BUY\"")])))
        #expect(notification.data?.bundleId == RawPayloads.bundleId)
        #expect(notification.subtype == "INITIAL_BUY")
    }

    static let wrongTypes: [(RawPayloads.Kind, String, String)] = [
        (.transaction, "quantity", "1.5"), (.transaction, "quantity", "\"1\""), (.transaction, "quantity", "true"),
        (.transaction, "quantity", "1e20"), (.transaction, "quantity", "[1]"),
        (.transaction, "price", "9223372036854775808"),
        (.transaction, "purchaseDate", "\"1750000000000\""), (.transaction, "purchaseDate", "1e400"),
        (.transaction, "purchaseDate", "-1e400"), (.transaction, "signedDate", "{}"),
        (.transaction, "signedDate", "false"),
        (.transaction, "productId", "42"), (.transaction, "productId", "{\"id\":\"pro\"}"),
        (.transaction, "bundleId", "[\"com.example.itinerary\"]"),
        (.transaction, "isUpgraded", "1"), (.transaction, "isUpgraded", "\"true\""),
        (.renewal, "autoRenewStatus", "\"1\""), (.renewal, "isInBillingRetryPeriod", "0"),
        (.renewal, "gracePeriodExpiresDate", "\"soon\""),
        (.renewal, "expirationIntent", "0.5"),
        (.notification, "data", "[]"), (.notification, "data", "\"data\""), (.notification, "version", "2.0"),
        (
            .notification, "data",
            "{\"bundleId\":\"com.example.itinerary\",\"environment\":\"Sandbox\",\"status\":\"1\"}"
        ),
        (.notification, "data", "{\"bundleId\":1,\"environment\":\"Sandbox\"}"),
        (.appTransaction, "appAppleId", "1.5"), (.appTransaction, "receiptCreationDate", "\"x\""),
        (.appTransaction, "versionExternalIdentifier", "\"1\""),
    ]

    @Test("a field of the wrong JSON kind is an invalid format", arguments: 0..<wrongTypes.count)
    func wrongTypeIsInvalidFormat(_ index: Int) throws {
        let (kind, key, value) = Self.wrongTypes[index]
        #expect(
            try RawPayloads().refusal(RawPayloads.json(kind, [(key, value)]), as: kind) == "invalid format",
            "\(key): \(value)")
    }

    @Test(
        "a payload that is not an object is an invalid format",
        arguments: [
            "[]", "null", "\"text\"", "42", "true", "", "{", "{\"bundleId\":}", "{} {}", "{'a':1}", "{\"a\":1 // c\n}",
        ])
    func notAnObject(_ payload: String) throws {
        for kind in RawPayloads.Kind.allCases {
            #expect(try RawPayloads().refusal(payload, as: kind) == "invalid format", "\(kind): \(payload)")
        }
    }

    @Test("the claims the checks need are required, each through its own failure")
    func missingClaims() throws {
        let p = try RawPayloads()
        #expect(try p.refusal(RawPayloads.json(.transaction, removing: ["bundleId"]), as: .transaction) == "wrong app")
        #expect(
            try p.refusal(RawPayloads.json(.transaction, removing: ["environment"]), as: .transaction)
                == "wrong environment")
        #expect(
            try p.refusal(RawPayloads.json(.renewal, removing: ["environment"]), as: .renewal) == "wrong environment")
        #expect(
            try p.refusal(RawPayloads.json(.appTransaction, removing: ["bundleId"]), as: .appTransaction) == "wrong app"
        )
        #expect(
            try p.refusal(RawPayloads.json(.appTransaction, removing: ["receiptType"]), as: .appTransaction)
                == "wrong environment")
        // A notification lacking the data part (a TEST one) has nothing to check.
        #expect(try p.refusal(RawPayloads.json(.notification, removing: ["data"]), as: .notification) == nil)
    }

    @Test("a header names alg and x5c; other fields are ignored")
    func headerFields() throws {
        let p = try RawPayloads()
        let payload = RawPayloads.json(.transaction)
        let x5c = p.authority.x5c.map { "\"\(JWSBase64.encode($0, alphabet: .standard))\"" }.joined(separator: ",")
        #expect(
            try p.refusal(
                payload, as: .transaction,
                header: "{\"typ\":\"JWT\",\"kid\":{\"a\":[1]},\"alg\":\"ES256\",\"x5c\":[\(x5c)]}") == nil)
        for header in [
            "{\"x5c\":[\(x5c)]}", "{\"alg\":null,\"x5c\":[\(x5c)]}", "{\"alg\":\"ES256\"}",
            "{\"alg\":\"ES256\",\"x5c\":null}",
            "{\"alg\":\"ES256\",\"x5c\":[\(x5c),null]}", "{\"alg\":\"ES256\",\"x5c\":[\(x5c),7]}",
            "{\"alg\":7,\"x5c\":[\(x5c)]}",
            "{\"alg\":\"ES256\",\"x5c\":{\"0\":\"AA==\"}}", "[\"ES256\"]", "{\"alg\":\"ES256\",\"x5c\":[\(x5c)]} x",
        ] {
            #expect(
                try p.refusal(payload, as: .transaction, header: header) == "invalid format", "\(header.prefix(40))")
        }
    }
}
