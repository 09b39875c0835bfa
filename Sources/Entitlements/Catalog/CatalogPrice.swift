/// Reading `displayPrice` strings exactly, as Decimal.
import Foundation

enum CatalogPrice {
    static let expectation = "a decimal price string like \"4.99\""

    /// The price in a `displayPrice` string: digits with an optional "." and fraction digits.
    /// Nil for anything else ("4,99", "$4.99", "-1", "").
    static func parse(_ text: String) -> Decimal? {
        let parts = text.utf8.split(separator: UInt8(ascii: "."), maxSplits: 1, omittingEmptySubsequences: false)
        let isDigits = { (part: Substring.UTF8View) in
            !part.isEmpty && part.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        }
        guard parts.allSatisfy(isDigits) else { return nil }
        // Up to 18 digits are a UInt64 exactly: the price is made from them and its scale, the
        // same Decimal as Foundation's reading of the text, without the locale that reading
        // makes (about 0.6 M instructions a price, on the gate's path).
        guard parts.reduce(0, { $0 + $1.count }) <= 18 else {
            return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
        }
        var significand: UInt64 = 0
        for byte in parts.joined() { significand = significand * 10 + UInt64(byte - UInt8(ascii: "0")) }
        let scale = parts.count == 2 ? parts[1].count : 0
        return Decimal(sign: .plus, exponent: -scale, significand: Decimal(significand))
    }

    /// The `displayPrice` of a product node.
    static func read(from product: CatalogNode) throws(CatalogError) -> Decimal {
        let node = try product.required("displayPrice", expected: expectation)
        let text = try node.string(expected: expectation)
        guard let price = parse(text) else { throw node.error("expected \(expectation), got \"\(text)\"") }
        return price
    }
}
