/// Catalog errors name the key they concern.
import Foundation
import Testing
@testable import Entitlements

@Suite("Catalog errors")
struct CatalogErrorTests {
    typealias F = CatalogFixtures

    static func twoPlans(secondPrice: String = "49.99", secondPeriod: String = "P1Y") -> Data {
        F.file(groups: [
            F.group(
                "Pro",
                [
                    F.subscription("com.example.pro.monthly", name: "Monthly", price: "4.99", period: "P1M"),
                    F.subscription("com.example.pro.annual", name: "Annual", price: secondPrice, period: secondPeriod),
                ])
        ])
    }

    static func replacing(_ target: String, with replacement: String, in data: Data) -> Data {
        Data(String(decoding: data, as: UTF8.self).replacingOccurrences(of: target, with: replacement).utf8)
    }

    /// The catalog is read by the same strict parser as trips and templates (StrictJSON): a key
    /// written twice is named, not silently resolved, and a syntax error says where it is.
    @Test("a key written twice is an error with its path; bad JSON says its line and column")
    func strictReading() throws {
        let doubled = Self.replacing(
            #""displayPrice""#, with: #""displayPrice" : "1.00", "displayPrice""#, in: Self.twoPlans())
        let error = try #require(F.loadError(doubled))
        #expect(
            error.keyPath == "subscriptionGroups[0].subscriptions[0].displayPrice"
                && error.description.hasSuffix(": duplicate key"), "\(error)")
        let broken = try #require(F.loadError(Data("{\n  \"products\": [,]\n}".utf8)))
        #expect(broken.description.contains("line 2, column"), "\(broken)")
    }

    @Test("a bad price names its key path", arguments: ["4,99", "$49.99", "", "-1", "49.", "abc"])
    func badPrice(price: String) throws {
        let error = try #require(F.loadError(Self.twoPlans(secondPrice: price)))
        #expect(error.keyPath == "subscriptionGroups[0].subscriptions[1].displayPrice")
        #expect(
            error.description.hasPrefix(
                #"subscriptionGroups[0].subscriptions[1].displayPrice: expected a decimal price string like "4.99""#))
    }

    @Test("a price that is a number, not a string, is an error")
    func numericPrice() throws {
        let data = Self.replacing(#""displayPrice" : "49.99""#, with: #""displayPrice" : 49.99"#, in: Self.twoPlans())
        let error = try #require(F.loadError(data))
        #expect(
            error.description
                == #"subscriptionGroups[0].subscriptions[1].displayPrice: expected a decimal price string like "4.99", got a number"#
        )
    }

    @Test("a null price is the wrong kind of value, not a missing key")
    func nullPrice() throws {
        let data = Self.replacing(#""displayPrice" : "49.99""#, with: #""displayPrice" : null"#, in: Self.twoPlans())
        let error = try #require(F.loadError(data))
        #expect(
            error.description
                == #"subscriptionGroups[0].subscriptions[1].displayPrice: expected a decimal price string like "4.99", got null"#
        )
    }

    @Test("a missing price names its key path")
    func missingPrice() throws {
        let data = Self.replacing(#""displayPrice" : "49.99","#, with: "", in: Self.twoPlans())
        let error = try #require(F.loadError(data))
        #expect(error.keyPath == "subscriptionGroups[0].subscriptions[1].displayPrice")
        #expect(error.message == "required key is missing")
    }

    @Test("a bad period names its key path", arguments: ["P1", "1M", "P0M", "PT1H", "P1Y2M", "monthly"])
    func badPeriod(period: String) throws {
        let error = try #require(F.loadError(Self.twoPlans(secondPeriod: period)))
        #expect(error.keyPath == "subscriptionGroups[0].subscriptions[1].recurringSubscriptionPeriod")
        #expect(error.message.contains("\"P1M\""))
    }

    @Test("a missing product ID names its key path")
    func missingProductID() throws {
        let data = Self.replacing(#""productID" : "com.example.pro.annual","#, with: "", in: Self.twoPlans())
        #expect(F.loadError(data)?.keyPath == "subscriptionGroups[0].subscriptions[1].productID")
    }

    @Test("a duplicate product ID names both places")
    func duplicateProductID() throws {
        let data = F.file(
            groups: [
                F.group("Pro", [F.subscription("com.example.pro.monthly", name: "M", price: "4.99", period: "P1M")])
            ],
            products: [F.product("com.example.pro.monthly", name: "Again", price: "1.99", type: "NonConsumable")])
        let error = try #require(F.loadError(data))
        #expect(error.keyPath == "products[0].productID")
        #expect(error.message.contains("subscriptionGroups[0].subscriptions[0].productID"))
    }

    @Test("familyShareable must be a boolean")
    func badFamilyShareable() throws {
        let data = Self.replacing(
            #""familyShareable" : true"#, with: #""familyShareable" : "yes""#, in: Self.twoPlans())
        let error = try #require(F.loadError(data))
        #expect(
            error.description
                == "subscriptionGroups[0].subscriptions[0].familyShareable: expected true or false, got a string")
    }

    @Test("a product without a type names its key path")
    func productWithoutType() throws {
        let product = F.product("com.example.pro.lifetime", name: "Lifetime", price: "99.99", type: "X")
            .replacingOccurrences(of: #", "type" : "X""#, with: "")
        let data = F.file(
            groups: [
                F.group("Pro", [F.subscription("com.example.pro.monthly", name: "M", price: "4.99", period: "P1M")])
            ],
            products: [product])
        #expect(F.loadError(data)?.keyPath == "products[0].type")
    }

    @Test("the Pro group must have subscriptions; the file must have a group")
    func emptyGroups() throws {
        let empty = try #require(F.loadError(F.file(groups: [F.group("Pro", [])])))
        #expect(empty.keyPath == "subscriptionGroups[0].subscriptions")
        #expect(empty.message.contains("\"Pro\""))
        let none = try #require(F.loadError(F.file(groups: [])))
        #expect(none.keyPath == "subscriptionGroups")
        let missing = try #require(F.loadError(Data(#"{ "products" : [] }"#.utf8)))
        #expect(missing.keyPath == "subscriptionGroups")
        #expect(missing.message == "required key is missing")
    }

    @Test("wrongly typed containers and settings name their key path")
    func wrongTypes() throws {
        #expect(
            F.loadError(Data(#"{ "subscriptionGroups" : {} }"#.utf8))?.description
                == "subscriptionGroups: expected an array, got an object")
        #expect(F.loadError(Data(#"{ "settings" : [], "subscriptionGroups" : [] }"#.utf8))?.keyPath == "settings")
        let badLocale = Self.replacing(#""_locale" : "en_US""#, with: #""_locale" : 1"#, in: Self.twoPlans())
        #expect(F.loadError(badLocale)?.keyPath == "settings._locale")
    }

    @Test("data that is not a JSON object is reported for the whole file")
    func notJSON() throws {
        for text in ["", "not json", "[1, 2]", #""text""#] {
            let error = try #require(F.loadError(Data(text.utf8)))
            #expect(error.keyPath == "")
            #expect(error.description.hasPrefix("not a StoreKit configuration file"))
        }
    }

    @Test("an unreadable file is an error naming it")
    func unreadableFile() throws {
        do {
            _ = try StoreKitCatalog.load(contentsOf: URL(fileURLWithPath: "/nonexistent/Missing.storekit"))
            Issue.record("expected an error")
        } catch {
            #expect(error.message.contains("/nonexistent/Missing.storekit"))
        }
    }
}
