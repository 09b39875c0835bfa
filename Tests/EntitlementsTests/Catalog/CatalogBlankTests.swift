/// A catalog's names and identifiers must not be blank: white space alone, as Foundation's
/// `.whitespacesAndNewlines` holds it, is refused like an empty string.
import Foundation
import Testing

@testable import Entitlements

@Suite("Catalog blank strings")
struct CatalogBlankTests {
    @Test(
        "blank is what trimming Foundation's white space and line breaks leaves empty",
        arguments: [
            "", " ", "\t\n\r", "\u{0B}\u{0C}", "\u{85}", "\u{A0}", "\u{1680}", "\u{2003}\u{2009}", "\u{2028}\u{2029}",
            "\u{202F}\u{205F}\u{3000}", "\u{200B}", "\u{FEFF}", "a", " a ", "\u{3000}名", "\u{0301}", "\r\n",
        ])
    func blankAsFoundationTrims(_ text: String) {
        #expect(text.isCatalogBlank == text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
    }

    @Test("a product ID of white space is refused as an empty string, wherever it is")
    func blankProductIDRefused() throws {
        let catalog = CatalogFixtures.file(groups: [
            CatalogFixtures.group(
                "Premium",
                [
                    CatalogFixtures.subscription(
                        "\u{3000} \\t\u{200B}", name: "Premium Month", price: "4.99", period: "P1M")
                ])
        ])
        let error = try #require(CatalogFixtures.loadError(catalog))
        #expect("\(error)".contains("an empty string"))
    }
}
