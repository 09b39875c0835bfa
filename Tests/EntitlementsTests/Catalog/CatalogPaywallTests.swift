/// The paywall's text and JSON.
import Foundation
import Testing
@testable import Entitlements

@Suite("Paywall")
struct CatalogPaywallTests {
    typealias F = CatalogFixtures

    static func defaultPaywall() throws -> Paywall {
        Paywall(catalog: try F.defaultCatalog(), restoreCommand: F.restoreCommand)
    }

    @Test("the text names the features, the prices, the saving, Family Sharing and the restore command")
    func text() throws {
        let text = try Self.defaultPaywall().text()
        #expect(text.hasPrefix("PDF Export requires Pro Access.\n"))
        for feature in ProFeature.allCases {
            #expect(text.contains("\(feature.displayName): \(feature.description)"))
        }
        #expect(text.contains("Pro Monthly: $4.99/month\n"))
        #expect(text.contains("Pro Annual: $49.99/year ($4.17/month, save 17% vs. Pro Monthly)\n"))
        #expect(text.contains("Family Sharing: every plan can be shared with your family."))
        #expect(text.contains("Restore your purchases with:\n  export-itinerary entitlements import FILE\n"))
        #expect(text.hasSuffix("\n"))
    }

    @Test("the JSON has the documented shape")
    func jsonShape() throws {
        let paywall = try Self.defaultPaywall()
        let object = try #require(try JSONSerialization.jsonObject(with: paywall.json()) as? [String: Any])
        #expect(Set(object.keys) == ["title", "currency", "familySharing", "features", "plans", "restore"])
        #expect(object["title"] as? String == "PDF Export requires Pro Access")
        #expect(object["currency"] as? String == "USD")
        #expect(object["restore"] as? String == F.restoreCommand)
        let features = try #require(object["features"] as? [[String: String]])
        #expect(features.map { $0["id"] } == ["unlimitedTrips", "pdfExport", "progressTracking"])
        #expect(
            features[1] == [
                "id": "pdfExport", "name": "PDF Export",
                "description": "Export beautiful PDF itineraries to share with friends.", "icon": "doc.richtext",
            ])
        let plans = try #require(object["plans"] as? [[String: Any]])
        #expect(plans.count == 2)
        let monthly = plans[0], annual = plans[1]
        #expect(monthly["productId"] as? String == "com.sportstime.pro.monthly")
        #expect(monthly["name"] as? String == "Pro Monthly")
        #expect(monthly["price"] as? String == "4.99")
        #expect(monthly["displayPrice"] as? String == "$4.99")
        #expect(monthly["priceLabel"] as? String == "$4.99/month")
        #expect(monthly["period"] as? String == "P1M")
        #expect(monthly["kind"] as? String == "autoRenewableSubscription")
        #expect(monthly["familyShareable"] as? Bool == true)
        #expect(monthly["savingsPercent"] == nil)
        #expect(annual["price"] as? String == "49.99")
        #expect(annual["period"] as? String == "P1Y")
        #expect(annual["perMonth"] as? String == "4.17")
        #expect(annual["displayPerMonth"] as? String == "$4.17")
        #expect(annual["savingsPercent"] as? Int == 17)
        #expect(annual["savingsComparedTo"] as? String == "com.sportstime.pro.monthly")
    }

    @Test("the JSON is pretty, sorted and deterministic")
    func jsonDeterministic() throws {
        let first = try Self.defaultPaywall().json()
        let second = try Self.defaultPaywall().json()
        #expect(first == second)
        let text = String(decoding: first, as: UTF8.self)
        #expect(text.hasPrefix("{\n"))
        #expect(text.contains("\"$4.99/month\""))  // slashes are not escaped
        let keys = ["\"currency\"", "\"familySharing\"", "\"features\"", "\"plans\"", "\"restore\"", "\"title\""]
        let positions = keys.compactMap { text.range(of: $0)?.lowerBound }
        #expect(positions.count == keys.count && positions == positions.sorted())
    }

    @Test("de_DE with the German storefront formats euros the German way")
    func germanLocale() throws {
        let data = F.monthlyAndYearly(
            monthly: "4.99", yearly: "49.99", settings: #"{ "_locale" : "de_DE", "_storefront" : "DEU" }"#)
        let catalog = try StoreKitCatalog.load(data)
        #expect(catalog.currencyCode == "EUR")
        let paywall = Paywall(catalog: catalog, restoreCommand: F.restoreCommand)
        let year = try F.offer("com.example.premium.year", in: paywall)
        #expect(try F.offer("com.example.premium.month", in: paywall).displayPrice == "4,99\u{A0}€")
        #expect(year.displayPrice == "49,99\u{A0}€")
        #expect(year.displayPerMonth == "4,17\u{A0}€")
        #expect(paywall.text().contains("49,99\u{A0}€/year (4,17\u{A0}€/month, save 17%"))
        let json = String(decoding: paywall.json(), as: UTF8.self)
        #expect(json.contains(#""price" : "49.99""#))  // machine values stay locale-independent
        #expect(json.contains(#""currency" : "EUR""#))
    }

    @Test(
        "storefronts choose the currency; unknown ones fall back to the locale",
        arguments: [
            ("en_US", "GBR", "GBP", "£4.99"),
            ("en_US", "CAN", "CAD", "CA$4.99"),
            ("en_GB", "XYZ", "GBP", "£4.99"),
            ("en_US", "DE", "EUR", "€4.99"),
        ])
    func storefronts(locale: String, storefront: String, currency: String, price: String) throws {
        let data = F.monthlyAndYearly(
            monthly: "4.99", yearly: "49.99",
            settings: #"{ "_locale" : "\#(locale)", "_storefront" : "\#(storefront)" }"#)
        let catalog = try StoreKitCatalog.load(data)
        #expect(catalog.currencyCode == currency)
        #expect(Paywall(catalog: catalog, restoreCommand: F.restoreCommand).offers.first?.displayPrice == price)
    }

    @Test("a currency without minor units rounds to whole amounts")
    func yen() throws {
        let data = F.monthlyAndYearly(
            monthly: "480", yearly: "4900", settings: #"{ "_locale" : "en_US", "_storefront" : "JPN" }"#)
        let paywall = Paywall(catalog: try StoreKitCatalog.load(data), restoreCommand: F.restoreCommand)
        let year = try F.offer("com.example.premium.year", in: paywall)
        #expect(year.displayPrice == "¥4,900")
        #expect(year.perMonth == 408)  // 4900 / 12 = 408.33
        #expect(year.savingsPercent == 15)  // 1 − 4900 / 5760 = 14.9 %
        #expect(String(decoding: paywall.json(), as: UTF8.self).contains(#""perMonth" : "408""#))
    }

    @Test("plans that are not family-shareable are not announced as such")
    func familySharing() throws {
        let catalog = try StoreKitCatalog.load(
            F.file(groups: [
                F.group(
                    "Solo",
                    [
                        F.subscription(
                            "com.example.solo.monthly", name: "Solo Monthly", price: "3.99", period: "P1M",
                            shareable: false),
                        F.subscription(
                            "com.example.solo.annual", name: "Solo Annual", price: "29.99", period: "P1Y",
                            shareable: false),
                    ])
            ]))
        let paywall = Paywall(catalog: catalog, restoreCommand: "restore-me")
        #expect(!paywall.text().contains("Family Sharing"))
        #expect(!String(decoding: paywall.json(), as: UTF8.self).contains("familySharing"))
        #expect(paywall.text().contains("  restore-me\n"))
        #expect(paywall.title == "PDF Export requires Solo")
    }
}
