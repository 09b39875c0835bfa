/// `displayPrice` strings read exactly: the digits' own reading is Foundation's, value and text.
import Foundation
import Testing

@testable import Entitlements

@Suite("Catalog prices")
struct CatalogPriceTests {
    @Test(
        "a price of up to 18 digits is read as Foundation reads it; longer ones by Foundation",
        arguments: [
            "4.99", "49.99", "0", "0.00", "4.90", "100", "007.10", "1000.5", "999999999999999999",
            "12345678901.2345678", "0.000000000000000001", "1234567890123456789.5", "99999999999999999999",
        ])
    func readsAsFoundationDoes(_ text: String) throws {
        let expected = try #require(Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")))
        let read = try #require(CatalogPrice.parse(text))
        #expect(read == expected)
        #expect("\(read)" == "\(expected)")
    }

    @Test(
        "anything but digits with an optional point and fraction digits is refused",
        arguments: ["", ".", "4.", ".99", "4,99", "$4.99", "-1", "4.9.9", "٤.٩٩", "4.9\u{301}", " 4.99", "4.99 "])
    func refuses(_ text: String) {
        #expect(CatalogPrice.parse(text) == nil)
    }
}
