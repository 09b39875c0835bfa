/// Reading `displayPrice` strings exactly, as Decimal.
import Foundation

enum CatalogPrice {
    static let expectation = "a decimal price string like \"4.99\""

    /// The price in a `displayPrice` string: digits with an optional "." and fraction digits.
    /// Nil for anything else ("4,99", "$4.99", "-1", "").
    static func parse(_ text: String) -> Decimal? {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let isDigits = { (part: Substring) in !part.isEmpty && part.allSatisfy { $0.isASCII && $0.isNumber } }
        guard parts.allSatisfy(isDigits) else { return nil }
        return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
    }

    /// The `displayPrice` of a product node.
    static func read(from product: CatalogNode) throws(CatalogError) -> Decimal {
        let node = try product.required("displayPrice", expected: expectation)
        let text = try node.string(expected: expectation)
        guard let price = parse(text) else { throw node.error("expected \(expectation), got \"\(text)\"") }
        return price
    }
}
