/// Which products are Pro, and the figures computed from their prices, for catalogs other than the default:
/// nothing about the default catalog is hard-coded.
import Foundation
import Testing
@testable import Entitlements

@Suite("Pro product rule and computed prices")
struct CatalogProRuleTests {
    typealias F = CatalogFixtures

    @Test("a 9.99 monthly / 79.99 yearly catalog gives its own IDs, per-month price and saving")
    func otherPrices() throws {
        let catalog = try StoreKitCatalog.load(F.monthlyAndYearly(monthly: "9.99", yearly: "79.99"))
        #expect(catalog.proProductIDs == ["com.example.premium.month", "com.example.premium.year"])
        #expect(catalog.proGroupName == "Premium")
        let paywall = Paywall(catalog: catalog, restoreCommand: F.restoreCommand)
        let year = try F.offer("com.example.premium.year", in: paywall)
        #expect(year.perMonth == Decimal(string: "6.67"))
        #expect(year.savingsPercent == 33)
        #expect(year.priceLabel == "$79.99/year")
    }

    @Test("weekly against annual compares with 52 weekly payments")
    func weeklyVersusAnnual() throws {
        let catalog = try StoreKitCatalog.load(
            F.file(groups: [
                F.group(
                    "Club",
                    [
                        F.subscription("com.example.club.weekly", name: "Club Weekly", price: "1.99", period: "P1W"),
                        F.subscription("com.example.club.yearly", name: "Club Yearly", price: "49.99", period: "P1Y"),
                    ])
            ]))
        let paywall = Paywall(catalog: catalog, restoreCommand: F.restoreCommand)
        let weekly = try F.offer("com.example.club.weekly", in: paywall)
        let yearly = try F.offer("com.example.club.yearly", in: paywall)
        #expect(weekly.priceLabel == "$1.99/week")
        #expect(weekly.perMonth == nil)
        #expect(weekly.savingsPercent == nil)
        // 1 − 49.99 / (52 × 1.99) = 51.7 %
        #expect(yearly.savingsPercent == 52)
        #expect(yearly.savingsComparedTo == "com.example.club.weekly")
    }

    @Test("every plan longer than the shortest gets a saving against it; file order is kept")
    func threePlans() throws {
        let catalog = try StoreKitCatalog.load(
            F.file(groups: [
                F.group(
                    "Plus",
                    [
                        F.subscription("com.example.plus.annual", name: "Plus Annual", price: "49.99", period: "P1Y"),
                        F.subscription(
                            "com.example.plus.quarterly", name: "Plus Quarterly", price: "12.99", period: "P3M"),
                        F.subscription("com.example.plus.monthly", name: "Plus Monthly", price: "4.99", period: "P1M"),
                    ])
            ]))
        #expect(
            catalog.plans.map(\.productID) == [
                "com.example.plus.annual", "com.example.plus.quarterly", "com.example.plus.monthly",
            ])
        let paywall = Paywall(catalog: catalog, restoreCommand: F.restoreCommand)
        #expect(try F.offer("com.example.plus.annual", in: paywall).savingsPercent == 17)
        let quarterly = try F.offer("com.example.plus.quarterly", in: paywall)
        #expect(quarterly.savingsPercent == 13)  // 1 − 12.99 / 14.97
        #expect(quarterly.perMonth == Decimal(string: "4.33"))
        #expect(quarterly.priceLabel == "$12.99/3 months")
        #expect(try F.offer("com.example.plus.monthly", in: paywall).savingsPercent == nil)
    }

    @Test("savings round half up to a whole percent")
    func roundHalfUp() throws {
        // 1 − 105 / 120 = 12.5 % exactly → 13 (half-even would give 12).
        let catalog = try StoreKitCatalog.load(F.monthlyAndYearly(monthly: "10.00", yearly: "105.00"))
        let paywall = Paywall(catalog: catalog, restoreCommand: F.restoreCommand)
        #expect(try F.offer("com.example.premium.year", in: paywall).savingsPercent == 13)
        #expect(try F.offer("com.example.premium.year", in: paywall).perMonth == Decimal(string: "8.75"))
    }

    @Test("no saving is shown when the longer plan costs as much or more")
    func noSaving() throws {
        let catalog = try StoreKitCatalog.load(F.monthlyAndYearly(monthly: "1.00", yearly: "12.00"))
        let paywall = Paywall(catalog: catalog, restoreCommand: F.restoreCommand)
        #expect(try F.offer("com.example.premium.year", in: paywall).savingsPercent == nil)
        #expect(!paywall.text().contains("save"))
        #expect(!String(decoding: paywall.json(), as: UTF8.self).contains("savingsPercent"))
    }

    @Test("with two groups, settings._proSubscriptionGroup picks the Pro group by name or by id")
    func twoGroups() throws {
        let groups = [
            F.group(
                "Coaching", id: "111",
                [F.subscription("com.example.coach.monthly", name: "Coach", price: "19.99", period: "P1M")]),
            F.group(
                "Fan Pass", id: "222",
                [
                    F.subscription("com.example.fan.monthly", name: "Fan Monthly", price: "2.99", period: "P1M"),
                    F.subscription("com.example.fan.halfyear", name: "Fan Half-Year", price: "14.99", period: "P6M"),
                ]),
        ]
        for selector in ["Fan Pass", "222"] {
            let catalog = try StoreKitCatalog.load(
                F.file(groups: groups, settings: #"{ "_locale" : "en_US", "_proSubscriptionGroup" : "\#(selector)" }"#))
            #expect(catalog.proGroupName == "Fan Pass")
            #expect(catalog.proGroupID == "222")
            #expect(catalog.proProductIDs == ["com.example.fan.monthly", "com.example.fan.halfyear"])
            #expect(catalog.allProductIDs.contains("com.example.coach.monthly"))
            let paywall = Paywall(catalog: catalog, restoreCommand: F.restoreCommand)
            // 1 − 14.99 / (6 × 2.99) = 16.4 %
            #expect(try F.offer("com.example.fan.halfyear", in: paywall).savingsPercent == 16)
        }
    }

    @Test("two groups without the setting is an error that asks for it")
    func twoGroupsWithoutSetting() throws {
        let data = F.file(groups: [
            F.group("A", id: "1", [F.subscription("com.example.a.monthly", name: "A", price: "1.99", period: "P1M")]),
            F.group("B", id: "2", [F.subscription("com.example.b.monthly", name: "B", price: "2.99", period: "P1M")]),
        ])
        let error = try #require(F.loadError(data))
        #expect(error.keyPath == "settings._proSubscriptionGroup")
        #expect(error.message.contains("\"A\"") && error.message.contains("\"B\""))
    }

    @Test("a setting that names no group is an error naming the setting")
    func unknownGroupSetting() throws {
        let data = F.file(
            groups: [
                F.group(
                    "A", id: "1", [F.subscription("com.example.a.monthly", name: "A", price: "1.99", period: "P1M")])
            ],
            settings: #"{ "_proSubscriptionGroup" : "Gold" }"#)
        let error = try #require(F.loadError(data))
        #expect(error.keyPath == "settings._proSubscriptionGroup")
        #expect(error.message.contains("\"Gold\""))
    }

    @Test("a non-consumable in the Pro namespace is a Pro lifetime plan")
    func lifetime() throws {
        let catalog = try StoreKitCatalog.load(
            F.file(
                groups: [
                    F.group(
                        "Pro Access",
                        [
                            F.subscription(
                                "com.sportstime.pro.monthly", name: "Pro Monthly", price: "4.99", period: "P1M"),
                            F.subscription(
                                "com.sportstime.pro.annual", name: "Pro Annual", price: "49.99", period: "P1Y"),
                        ])
                ],
                products: [
                    F.product(
                        "com.sportstime.pro.lifetime", name: "Pro Lifetime", price: "99.99", type: "NonConsumable")
                ]))
        #expect(
            catalog.proProductIDs == [
                "com.sportstime.pro.monthly", "com.sportstime.pro.annual", "com.sportstime.pro.lifetime",
            ])
        let lifetime = try #require(catalog.plans.last)
        #expect(lifetime.productID == "com.sportstime.pro.lifetime")
        #expect(lifetime.kind == .nonConsumable)
        #expect(lifetime.period == nil)
        #expect(lifetime.displayPrice == Decimal(string: "99.99"))
        let paywall = Paywall(catalog: catalog, restoreCommand: F.restoreCommand)
        let offer = try F.offer("com.sportstime.pro.lifetime", in: paywall)
        #expect(offer.priceLabel == "$99.99 one-time")
        #expect(offer.perMonth == nil && offer.savingsPercent == nil)
        #expect(try F.offer("com.sportstime.pro.annual", in: paywall).savingsPercent == 17)
        #expect(paywall.text().contains("Family Sharing: Pro Monthly, Pro Annual can be shared"))
    }

    @Test("consumables are never Pro, nor non-consumables outside the Pro namespace")
    func notPro() throws {
        let catalog = try StoreKitCatalog.load(
            F.file(
                groups: [
                    F.group(
                        "Pro Access",
                        [
                            F.subscription(
                                "com.sportstime.pro.monthly", name: "Pro Monthly", price: "4.99", period: "P1M")
                        ])
                ],
                products: [
                    F.product("com.sportstime.pro.tokens", name: "Tokens", price: "0.99", type: "Consumable"),
                    F.product("com.sportstime.themes.dark", name: "Dark Theme", price: "1.99", type: "NonConsumable"),
                    F.product("com.sportstime.pro.lifetime.v2", name: "Nested", price: "2.99", type: "NonConsumable"),
                ]))
        #expect(catalog.proProductIDs == ["com.sportstime.pro.monthly"])
        #expect(catalog.allProductIDs.count == 4)
        #expect(CatalogProRule.namespace(of: "com.sportstime.pro.tokens") == "com.sportstime.pro")
        #expect(CatalogProRule.namespace(of: "lifetime") == nil)
        #expect(CatalogProRule.namespace(of: ".lifetime") == nil)
    }
}
