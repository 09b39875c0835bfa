/// The paywall shown when a free user asks for a Pro feature (PDF export).
import Foundation

/// What PDF export needs: the Pro features, the catalog's plans with computed per-month prices and
/// savings, Family Sharing, and how to restore purchases. Rendered as text (stderr) or JSON.
public struct Paywall: Sendable {
    /// "PDF export requires <Pro group display name>".
    public let title: String
    /// The localized display name of the Pro subscription group.
    public let groupDisplayName: String
    /// The features Pro unlocks, in `ProFeature.allCases` order.
    public let features: [ProFeature]
    /// The catalog's Pro plans, in catalog order.
    public let offers: [Offer]
    /// The ISO 4217 currency of the prices, if known.
    public var currencyCode: String? { priceFormat.currencyCode }
    /// The catalog's price format (locale and currency).
    public let priceFormat: CatalogPriceFormat
    /// The command that restores purchases, e.g. `export-itinerary entitlements import FILE`.
    public let restoreCommand: String

    /// The paywall for a catalog; `restoreCommand` is shown as the way to restore purchases.
    public init(catalog: StoreKitCatalog, restoreCommand: String) {
        groupDisplayName = catalog.proGroupDisplayName
        title = "\(ProFeature.pdfExport.displayName) requires \(catalog.proGroupDisplayName)"
        features = ProFeature.allCases
        offers = Self.offers(for: catalog.plans, format: catalog.priceFormat)
        priceFormat = catalog.priceFormat
        self.restoreCommand = restoreCommand
    }

    /// The Family Sharing line, or nil when no plan is shareable.
    var familySharingNote: String? {
        let shareable = offers.filter(\.plan.familyShareable)
        if shareable.isEmpty { return nil }
        if shareable.count == offers.count {
            return "Family Sharing: every plan can be shared with your family."
        }
        let names = shareable.map(\.plan.displayName).joined(separator: ", ")
        return "Family Sharing: \(names) can be shared with your family."
    }
}
