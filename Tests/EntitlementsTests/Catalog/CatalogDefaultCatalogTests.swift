/// The repository's default catalog, StoreKit/SportsTime.storekit.
import Foundation
import Testing
@testable import Entitlements

@Suite("Default StoreKit catalog")
struct CatalogDefaultCatalogTests {
    @Test("the Pro set is the two subscriptions of the Pro Access group")
    func proSet() throws {
        let catalog = try CatalogFixtures.defaultCatalog()
        #expect(catalog.proProductIDs == ["com.sportstime.pro.monthly", "com.sportstime.pro.annual"])
        #expect(catalog.allProductIDs == catalog.proProductIDs)
        #expect(catalog.proGroupName == "Pro Access")
        #expect(catalog.proGroupDisplayName == "Pro Access")
        #expect(catalog.proGroupID != nil)
        #expect(catalog.locale == "en_US")
        #expect(catalog.storefront == "USA")
        #expect(catalog.currencyCode == "USD")
        #expect(catalog.identifier?.isEmpty == false)
    }

    @Test("plans come in file order with the file's prices and periods")
    func plans() throws {
        let catalog = try CatalogFixtures.defaultCatalog()
        #expect(catalog.plans.map(\.productID) == ["com.sportstime.pro.monthly", "com.sportstime.pro.annual"])
        let monthly = try #require(catalog.plan(for: "com.sportstime.pro.monthly"))
        let annual = try #require(catalog.plan(for: "com.sportstime.pro.annual"))
        #expect(monthly.displayPrice == Decimal(string: "4.99"))
        #expect(annual.displayPrice == Decimal(string: "49.99"))
        #expect(monthly.period == SubscriptionPeriod(unit: .month, value: 1))
        #expect(annual.period == SubscriptionPeriod(unit: .year, value: 1))
        #expect(monthly.displayName == "Pro Monthly")
        #expect(annual.displayName == "Pro Annual")
        #expect(!monthly.description.isEmpty)
        #expect(monthly.familyShareable && annual.familyShareable)
        #expect(monthly.kind == .autoRenewableSubscription && annual.kind == .autoRenewableSubscription)
        #expect(catalog.plan(for: "com.sportstime.pro.lifetime") == nil)
    }

    @Test("the annual plan is $4.17 a month and saves 17% against twelve monthly payments")
    func computedSavings() throws {
        let paywall = Paywall(
            catalog: try CatalogFixtures.defaultCatalog(), restoreCommand: CatalogFixtures.restoreCommand)
        let annual = try CatalogFixtures.offer("com.sportstime.pro.annual", in: paywall)
        let monthly = try CatalogFixtures.offer("com.sportstime.pro.monthly", in: paywall)
        #expect(annual.perMonth == Decimal(string: "4.17"))
        #expect(annual.displayPerMonth == "$4.17")
        #expect(annual.savingsPercent == 17)
        #expect(annual.savingsComparedTo == "com.sportstime.pro.monthly")
        #expect(annual.priceLabel == "$49.99/year")
        #expect(monthly.priceLabel == "$4.99/month")
        #expect(monthly.perMonth == Decimal(string: "4.99"))
        #expect(monthly.savingsPercent == nil)
    }

    @Test("the catalog code holds none of the default catalog's names, IDs or prices")
    func nothingHardCoded() throws {
        let catalog = try CatalogFixtures.defaultCatalog()
        let sources = CatalogFixtures.repositoryRoot.appendingPathComponent("Sources/Entitlements/Catalog")
        let files = try FileManager.default.contentsOfDirectory(at: sources, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "swift" }
        #expect(!files.isEmpty)
        let paywall = Paywall(catalog: catalog, restoreCommand: CatalogFixtures.restoreCommand)
        var forbidden = [catalog.proGroupName]
        for offer in paywall.offers {
            forbidden += [
                offer.plan.productID, offer.plan.displayName, offer.plan.referenceName,
                "\(offer.plan.displayPrice)", offer.displayPrice,
            ]
            if let perMonth = offer.perMonth { forbidden.append("\(perMonth)") }
            if let percent = offer.savingsPercent { forbidden.append("\(percent)%") }
        }
        forbidden += catalog.plans.compactMap { CatalogProRule.namespace(of: $0.productID) }
        for file in files {
            // Code only: comments may quote the default catalog as examples, and the price-format error
            // message quotes its required example ("expected a decimal price string like "4.99"").
            let text = try String(contentsOf: file, encoding: .utf8)
                .split(separator: "\n", omittingEmptySubsequences: false)
                .map { line in line.range(of: "//").map { line[..<$0.lowerBound] } ?? line }
                .joined(separator: "\n")
                .replacingOccurrences(of: #"a decimal price string like \"4.99\""#, with: "")
            for literal in forbidden {
                #expect(!text.contains(literal), "\(file.lastPathComponent) contains \"\(literal)\"")
            }
        }
    }
}
