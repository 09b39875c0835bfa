/// Every wire model with every field set, written as the local signing authority writes it, signed,
/// verified and read back equal: a key misspelt on either side, or a field the reader forgets, fails here.
import Foundation
import Testing
@testable import Entitlements
@testable import LocalStoreKit

@Suite("Wire models: written, signed, verified and read back")
struct WireModelRoundTripTests {
    /// The names of `value`'s stored properties that are nil, so a test can insist a sample sets them all.
    static func nilFields(of value: Any) -> [String] {
        Mirror(reflecting: value).children.compactMap { child in
            let inner = Mirror(reflecting: child.value)
            return inner.displayStyle == .optional && inner.children.isEmpty ? child.label ?? "?" : nil
        }
    }

    static let signedDate = 1_750_086_400_000.0

    static var transaction: JWSTransactionDecodedPayload {
        var t = JWSTransactionDecodedPayload(
            originalTransactionId: "2000000000000001", transactionId: "2000000000000002",
            bundleId: RawPayloads.bundleId,
            productId: "pro.yearly", purchaseDate: 1_750_000_000_000, originalPurchaseDate: 1_749_000_000_000.5,
            expiresDate: 1_781_536_000_000, type: ProductType.autoRenewable.rawValue,
            inAppOwnershipType: "FAMILY_SHARED",
            signedDate: signedDate, revocationReason: 1, revocationDate: 1_750_090_000_000, isUpgraded: false,
            environment: "Sandbox")
        t.webOrderLineItemId = "20000000000003"
        t.subscriptionGroupIdentifier = "21482937"
        t.quantity = 3
        t.appAccountToken = "7e3fb20b-4cdb-47cc-936d-99d65f608138"
        t.offerType = 2
        t.offerIdentifier = "winback/ünïcode \"quoted\" \\ slash"
        t.storefront = "USA"
        t.storefrontId = "143441"
        t.transactionReason = "RENEWAL"
        t.currency = "USD"
        t.price = -4990
        return t
    }

    static var renewal: JWSRenewalInfoDecodedPayload {
        var r = JWSRenewalInfoDecodedPayload(
            originalTransactionId: "2000000000000001", productId: "pro.yearly",
            autoRenewStatus: 0, isInBillingRetryPeriod: true,
            gracePeriodExpiresDate: 1_750_500_000_000, signedDate: signedDate, environment: "Sandbox")
        r.expirationIntent = 2
        r.autoRenewProductId = "pro.monthly"
        r.priceIncreaseStatus = 1
        r.offerType = 3
        r.offerIdentifier = "code-1"
        r.recentSubscriptionStartDate = 1_749_000_000_000
        r.renewalDate = 1_781_536_000_000
        return r
    }

    static var notification: ResponseBodyV2DecodedPayload {
        let data = NotificationData(
            environment: "Sandbox", appAppleId: 1_234_567_890, bundleId: RawPayloads.bundleId,
            bundleVersion: "1.2.3", signedTransactionInfo: "a.b.c", signedRenewalInfo: "d.e.f", status: 1)
        return ResponseBodyV2DecodedPayload(
            notificationType: "DID_RENEW", subtype: "BILLING_RECOVERY",
            notificationUUID: "002e14d5-51f5-4503-b5a8-c3a1af68eb20", data: data,
            version: "2.0", signedDate: signedDate)
    }

    static var appTransaction: AppTransactionDecodedPayload {
        AppTransactionDecodedPayload(
            receiptType: "Sandbox", appAppleId: 1_234_567_890, bundleId: RawPayloads.bundleId,
            applicationVersion: "1.2.3", versionExternalIdentifier: 0, receiptCreationDate: signedDate,
            originalPurchaseDate: 1_700_000_000_000, originalApplicationVersion: "1.0",
            deviceVerification: "kS8WZzRx", deviceVerificationNonce: "b3f4a1c2-0000-4000-8000-000000000000",
            preorderDate: 1_690_000_000_000, appTransactionId: "704289572311784245",
            originalPlatform: "iOS")
    }

    @Test func samplesSetEveryField() {
        #expect(Self.nilFields(of: Self.transaction) == [])
        #expect(Self.nilFields(of: Self.renewal) == [])
        #expect(Self.nilFields(of: Self.notification) == [])
        #expect(Self.nilFields(of: Self.notification.data as Any) == [])
        #expect(Self.nilFields(of: Self.appTransaction) == [])
    }

    @Test func transactionRoundTrips() throws {
        let p = try RawPayloads()
        #expect(try p.verifier.verifyTransaction(try p.authority.sign(Self.transaction)) == Self.transaction)
    }

    @Test func renewalInfoRoundTrips() throws {
        let p = try RawPayloads()
        #expect(try p.verifier.verifyRenewalInfo(try p.authority.sign(Self.renewal)) == Self.renewal)
    }

    @Test func notificationRoundTrips() throws {
        let p = try RawPayloads()
        #expect(try p.verifier.verifyNotification(try p.authority.sign(Self.notification)) == Self.notification)
    }

    @Test func appTransactionRoundTrips() throws {
        let p = try RawPayloads()
        #expect(try p.verifier.verifyAppTransaction(try p.authority.sign(Self.appTransaction)) == Self.appTransaction)
    }

    @Test("a model with every field nil is written as {} and read back")
    func emptyModelsRoundTrip() throws {
        // Without a signing date the chain is checked now: an authority valid around now signs.
        let authority = try LocalSigningAuthority.generate(
            validFrom: Date().addingTimeInterval(-3_600), validFor: 86_400)
        let verifier = SignedDataVerifier(
            trustedRoots: [authority.rootDER], bundleId: RawPayloads.bundleId,
            environments: [.sandbox])
        // No environment claim on a notification without data: nothing to refuse it for.
        #expect(
            try verifier.verifyNotification(try authority.sign(ResponseBodyV2DecodedPayload()))
                == ResponseBodyV2DecodedPayload())
        #expect(String(decoding: try JSONEncoder().encode(JWSTransactionDecodedPayload()), as: UTF8.self) == "{}")
    }
}
