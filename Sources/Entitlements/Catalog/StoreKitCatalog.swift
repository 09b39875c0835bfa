/// The product catalog: an Xcode StoreKit configuration file (.storekit) and the Pro products in it.
import Foundation

/// The Pro products of a StoreKit configuration file, with their prices and the file's locale.
///
/// Which products are Pro is derived from the file (see `docs/catalog.md`): every subscription
/// of the Pro subscription group — the group named by `settings._proSubscriptionGroup`, else the
/// only group — plus every non-consumable whose product-ID namespace (the part before the last ".")
/// is that of a Pro subscription. Consumables are never Pro.
public struct StoreKitCatalog: Sendable {
    /// Where the default catalog lives, relative to the repository root.
    public static let defaultRelativePath = "StoreKit/SportsTime.storekit"

    /// The file's top-level `identifier`, if any.
    public var identifier: String?
    /// `settings._locale`; "en_US" when absent.
    public var locale: String
    /// `settings._storefront` (e.g. "USA"), if any.
    public var storefront: String?
    /// The `name` of the Pro subscription group.
    public var proGroupName: String
    /// The group's localized display name for `locale`, else its `name`.
    public var proGroupDisplayName: String
    /// The group's `id` (StoreKit's subscription group identifier), if the file has one.
    public var proGroupID: String?
    /// The product IDs of every plan: the Pro group's subscriptions and the Pro non-consumables.
    public var proProductIDs: Set<String>
    /// The Pro group's subscriptions in file order, then the Pro non-consumables in file order.
    public var plans: [Plan]
    /// Every product ID in the file, Pro or not (subscriptions, products, non-renewing subscriptions).
    public var allProductIDs: Set<String>
    /// How prices are formatted: the locale plus the storefront's (else the locale's) currency.
    public var priceFormat: CatalogPriceFormat

    /// The currency of the catalog's prices (ISO 4217), if known.
    public var currencyCode: String? { priceFormat.currencyCode }

    /// The largest .storekit file read: Xcode writes a few KiB per product, so a catalog of
    /// hundreds of products with their localizations fits many times over.
    public static let maximumBytes = 1 << 20

    /// Parses a .storekit file (format versions 1.x to 5.x). Keys that are not needed are ignored;
    /// every problem with a needed key is reported with its key path. More than `maximumBytes` is
    /// refused before it is parsed.
    public static func load(_ data: Data) throws(CatalogError) -> StoreKitCatalog {
        guard data.count <= maximumBytes else {
            throw CatalogError(
                keyPath: "", message: BoundedFile.Problem.tooLarge(size: data.count, limit: maximumBytes).description)
        }
        return try CatalogParser.parse(data)
    }

    /// Reads (at most `maximumBytes`, `BoundedFile`) and parses a .storekit file.
    public static func load(contentsOf url: URL) throws(CatalogError) -> StoreKitCatalog {
        switch BoundedFile.read(url.path, limit: maximumBytes) {
        case let .success(data): return try load(data)
        case let .failure(problem):
            throw CatalogError(
                keyPath: "", message: "cannot read the StoreKit configuration file \(url.path): \(problem)")
        }
    }

    /// The Pro plan with this product ID, if any.
    public func plan(for productID: String) -> Plan? {
        plans.first { $0.productID == productID }
    }
}
