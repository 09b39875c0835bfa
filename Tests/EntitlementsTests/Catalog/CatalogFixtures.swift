/// Catalog test helpers: the repository's default .storekit file and small hand-built catalogs.
import Foundation
import Testing
@testable import Entitlements

enum CatalogFixtures {
    /// The repository root: the first directory above this file (symlinks resolved) holding Package.swift.
    static let repositoryRoot: URL = {
        var dir = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: dir.appendingPathComponent("Package.swift").path),
            dir.path != "/"
        {
            dir = dir.deletingLastPathComponent()
        }
        return dir
    }()

    /// `StoreKit/SportsTime.storekit` in the repository.
    static var defaultCatalogURL: URL {
        repositoryRoot.appendingPathComponent(StoreKitCatalog.defaultRelativePath)
    }

    /// The parsed default catalog.
    static func defaultCatalog() throws -> StoreKitCatalog {
        try StoreKitCatalog.load(contentsOf: defaultCatalogURL)
    }

    /// The restore command the tests pass to the paywall.
    static let restoreCommand = "export-itinerary entitlements import FILE"

    /// A subscription entry as Xcode 15 writes it.
    static func subscription(
        _ productID: String, name: String, price: String, period: String,
        shareable: Bool = true, groupID: String = "20000001"
    ) -> String {
        """
        {
          "adHocOffers" : [], "codeOffers" : [],
          "displayPrice" : "\(price)", "familyShareable" : \(shareable), "groupNumber" : 1,
          "internalID" : "6000000001", "introductoryOffer" : null,
          "localizations" : [ { "description" : "\(name) description", "displayName" : "\(name)", "locale" : "en_US" } ],
          "productID" : "\(productID)", "recurringSubscriptionPeriod" : "\(period)",
          "referenceName" : "\(name) (reference)", "subscriptionGroupID" : "\(groupID)", "type" : "RecurringSubscription"
        }
        """
    }

    /// A consumable or non-consumable entry of `products`.
    static func product(
        _ productID: String, name: String, price: String, type: String, shareable: Bool = false
    ) -> String {
        """
        {
          "displayPrice" : "\(price)", "familyShareable" : \(shareable), "internalID" : "30000001",
          "localizations" : [ { "description" : "\(name) description", "displayName" : "\(name)", "locale" : "en_US" } ],
          "productID" : "\(productID)", "referenceName" : "\(name) (reference)", "type" : "\(type)"
        }
        """
    }

    /// A subscription group with its subscriptions.
    static func group(_ name: String, id: String = "20000001", _ subscriptions: [String]) -> String {
        """
        { "id" : "\(id)", "localizations" : [], "name" : "\(name)", "subscriptions" : [ \(subscriptions.joined(separator: ",\n")) ] }
        """
    }

    /// A whole .storekit file; `settings` is the JSON of the settings object, nil to leave the key out.
    static func file(
        groups: [String], products: [String] = [],
        settings: String? = #"{ "_locale" : "en_US", "_storefront" : "USA" }"#
    ) -> Data {
        let settingsMember = settings.map { #""settings" : \#($0),"# } ?? ""
        return Data(
            """
            {
              "identifier" : "TEST0001",
              "nonRenewingSubscriptions" : [],
              "products" : [ \(products.joined(separator: ",\n")) ],
              \(settingsMember)
              "subscriptionGroups" : [ \(groups.joined(separator: ",\n")) ],
              "version" : { "major" : 3, "minor" : 0 }
            }
            """.utf8)
    }

    /// A one-group catalog with a monthly and a yearly plan at the given prices.
    static func monthlyAndYearly(
        monthly: String, yearly: String, settings: String? = #"{ "_locale" : "en_US", "_storefront" : "USA" }"#
    ) -> Data {
        file(
            groups: [
                group(
                    "Premium",
                    [
                        subscription("com.example.premium.month", name: "Premium Month", price: monthly, period: "P1M"),
                        subscription("com.example.premium.year", name: "Premium Year", price: yearly, period: "P1Y"),
                    ])
            ], settings: settings)
    }

    /// The error that loading `data` throws, or nil when it loads.
    static func loadError(_ data: Data) -> CatalogError? {
        do {
            _ = try StoreKitCatalog.load(data)
            return nil
        } catch {
            return error
        }
    }

    /// The offer for a product in a paywall.
    static func offer(_ productID: String, in paywall: Paywall) throws -> Paywall.Offer {
        try #require(paywall.offers.first { $0.plan.productID == productID })
    }
}
