/// .storekit files from older and newer Xcode versions.
import Foundation
import Testing
@testable import Entitlements

@Suite("StoreKit file versions")
struct CatalogFileVersionTests {
    /// As Xcode 12 (format 1.x) wrote it: no settings, no ad hoc offers, null introductory offer.
    static let xcode12File = """
        {
          "identifier" : "9C1F0D3A",
          "nonRenewingSubscriptions" : [

          ],
          "products" : [

          ],
          "subscriptionGroups" : [
            {
              "id" : "A1B2C3D4",
              "localizations" : [

              ],
              "name" : "Pro",
              "subscriptions" : [
                {
                  "codeOffers" : [

                  ],
                  "displayPrice" : "2.99",
                  "familyShareable" : false,
                  "groupNumber" : 1,
                  "internalID" : "B5C6D7E8",
                  "introductoryOffer" : null,
                  "localizations" : [
                    {
                      "description" : "Everything, every month",
                      "displayName" : "Monthly",
                      "locale" : "en_US"
                    }
                  ],
                  "productID" : "org.example.app.pro.monthly",
                  "recurringSubscriptionPeriod" : "P1M",
                  "referenceName" : "Monthly Pro",
                  "subscriptionGroupID" : "A1B2C3D4",
                  "type" : "RecurringSubscription"
                },
                {
                  "displayPrice" : "24.99",
                  "groupNumber" : 2,
                  "internalID" : "F9A0B1C2",
                  "introductoryOffer" : null,
                  "localizations" : [

                  ],
                  "productID" : "org.example.app.pro.yearly",
                  "recurringSubscriptionPeriod" : "P1Y",
                  "referenceName" : "Yearly Pro",
                  "subscriptionGroupID" : "A1B2C3D4",
                  "type" : "RecurringSubscription"
                }
              ]
            }
          ],
          "version" : {
            "major" : 1,
            "minor" : 1
          }
        }
        """

    @Test("an Xcode 12 (1.x) file without settings, storefront or ad hoc offers parses")
    func xcode12() throws {
        let catalog = try StoreKitCatalog.load(Data(Self.xcode12File.utf8))
        #expect(catalog.locale == "en_US")
        #expect(catalog.storefront == nil)
        #expect(catalog.currencyCode == "USD")  // from the locale
        #expect(catalog.proGroupName == "Pro")
        #expect(catalog.proProductIDs == ["org.example.app.pro.monthly", "org.example.app.pro.yearly"])
        let monthly = try #require(catalog.plan(for: "org.example.app.pro.monthly"))
        #expect(monthly.displayName == "Monthly")
        #expect(monthly.familyShareable == false)
        let yearly = try #require(catalog.plan(for: "org.example.app.pro.yearly"))
        #expect(yearly.displayName == "Yearly Pro")  // no localization: the reference name
        #expect(yearly.description == "")
        #expect(yearly.familyShareable == false)  // absent: off
        let paywall = Paywall(catalog: catalog, restoreCommand: CatalogFixtures.restoreCommand)
        #expect(paywall.text().contains("$24.99/year ($2.08/month, save 30% vs. Monthly)"))
        #expect(!paywall.text().contains("Family Sharing"))
    }

    @Test("a newer file with unknown keys, offers and group localizations parses")
    func newerFile() throws {
        let file = """
            {
              "appPolicies" : { "eula" : "", "policies" : [ { "locale" : "en_US", "policyText" : "", "policyURL" : "" } ] },
              "identifier" : "77D3B0E2",
              "nonRenewingSubscriptions" : [ { "displayPrice" : "0.99", "familyShareable" : false, "internalID" : "1",
                "localizations" : [], "productID" : "com.example.season.pass", "referenceName" : "Season", "type" : "NonRenewingSubscription" } ],
              "products" : [],
              "settings" : {
                "_billingGracePeriodEnabled" : false, "_billingIssuesEnabled" : false, "_compatibilityTimeRate" : { "3" : 6 },
                "_disableDialogs" : false, "_failTransactionsEnabled" : false, "_locale" : "fr_FR", "_renewalBillingIssuesEnabled" : false,
                "_storefront" : "FRA", "_storeKitErrors" : [ { "enabled" : false, "name" : "Load Products" } ], "_timeRate" : 0
              },
              "subscriptionGroups" : [ {
                "id" : "21500000",
                "localizations" : [ { "description" : "", "displayName" : "Accès Pro", "locale" : "fr_FR" },
                                    { "description" : "", "displayName" : "Pro Access", "locale" : "en_US" } ],
                "name" : "Pro Access",
                "subscriptions" : [ {
                  "adHocOffers" : [ { "displayPrice" : "0.99", "internalID" : "9", "offerID" : "winter", "paymentMode" : "payAsYouGo",
                                      "referenceName" : "Winter", "subscriptionPeriod" : "P1M" } ],
                  "codeOffers" : [], "displayPrice" : "5.99", "familyShareable" : true, "groupNumber" : 1, "internalID" : "6700000001",
                  "introductoryOffer" : { "internalID" : "6700000002", "numberOfPeriods" : 1, "paymentMode" : "free", "subscriptionPeriod" : "P1W" },
                  "localizations" : [ { "description" : "Tout Pro, chaque mois", "displayName" : "Pro Mensuel", "locale" : "fr_FR" },
                                      { "description" : "Everything Pro, monthly", "displayName" : "Pro Monthly", "locale" : "en_US" } ],
                  "productID" : "com.example.pro.monthly", "recurringSubscriptionPeriod" : "P1M", "referenceName" : "Monthly",
                  "subscriptionGroupID" : "21500000", "type" : "RecurringSubscription", "winbackOffers" : []
                } ]
              } ],
              "version" : { "major" : 4, "minor" : 0 }
            }
            """
        let catalog = try StoreKitCatalog.load(Data(file.utf8))
        #expect(catalog.locale == "fr_FR")
        #expect(catalog.currencyCode == "EUR")
        #expect(catalog.proGroupDisplayName == "Accès Pro")
        #expect(catalog.proProductIDs == ["com.example.pro.monthly"])
        #expect(catalog.allProductIDs == ["com.example.pro.monthly", "com.example.season.pass"])
        let plan = try #require(catalog.plans.first)
        #expect(plan.displayName == "Pro Mensuel")
        #expect(plan.description == "Tout Pro, chaque mois")
        let paywall = Paywall(catalog: catalog, restoreCommand: CatalogFixtures.restoreCommand)
        #expect(paywall.title.hasSuffix("Accès Pro"))
        #expect(paywall.offers.first?.displayPrice.hasPrefix("5,99") == true)
    }

    @Test("a localization for the same language is used when the exact locale is missing")
    func languageFallback() throws {
        let data = CatalogFixtures.monthlyAndYearly(
            monthly: "4.99", yearly: "49.99",
            settings: #"{ "_locale" : "en-GB", "_storefront" : "GBR" }"#)
        let catalog = try StoreKitCatalog.load(data)
        #expect(catalog.plans.first?.displayName == "Premium Month")
        #expect(catalog.currencyCode == "GBP")
    }
}
