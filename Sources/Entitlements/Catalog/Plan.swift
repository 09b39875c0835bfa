/// One purchasable Pro product of the catalog.
import Foundation

/// A Pro product: an auto-renewable subscription of the Pro group, or a Pro non-consumable
/// (a lifetime unlock). All values come from the .storekit file.
public struct Plan: Sendable, Hashable {
    /// What kind of in-app purchase the plan is.
    public enum Kind: String, Sendable, Hashable {
        /// An auto-renewable subscription (`RecurringSubscription`) of the Pro subscription group.
        case autoRenewableSubscription
        /// A one-time purchase (`NonConsumable`) that the catalog marks as Pro.
        case nonConsumable
    }

    /// The App Store product identifier, e.g. `com.example.pro.monthly`.
    public var productID: String
    /// The product's reference name in the file (App Store Connect's internal name).
    public var referenceName: String
    /// The localized display name for the catalog's locale; the reference name when there is none.
    public var displayName: String
    /// The localized description for the catalog's locale; empty when there is none.
    public var description: String
    /// The price in the catalog's currency, exactly as written (`"4.99"` → 4.99).
    public var displayPrice: Decimal
    /// The renewal period; nil for non-consumables.
    public var period: SubscriptionPeriod?
    /// Whether Family Sharing is on for the product.
    public var familyShareable: Bool
    /// Subscription or non-consumable.
    public var kind: Kind

    /// A plan from its parts (the catalog builds these from the file).
    public init(
        productID: String, referenceName: String, displayName: String, description: String,
        displayPrice: Decimal, period: SubscriptionPeriod?, familyShareable: Bool, kind: Kind
    ) {
        self.productID = productID
        self.referenceName = referenceName
        self.displayName = displayName
        self.description = description
        self.displayPrice = displayPrice
        self.period = period
        self.familyShareable = familyShareable
        self.kind = kind
    }
}
