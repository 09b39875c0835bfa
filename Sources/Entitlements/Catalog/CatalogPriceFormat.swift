/// Formatting catalog prices for the catalog's locale and currency.
import Foundation

/// How the catalog's prices are shown: a locale (`settings._locale`) and a currency
/// (from `settings._storefront`, else the locale). Rounds half up to the currency's minor unit.
public struct CatalogPriceFormat: Sendable, Hashable {
    /// The locale used for separators and symbol placement, e.g. `de_DE`.
    public var localeIdentifier: String
    /// The ISO 4217 currency code, e.g. `USD`; nil when neither storefront nor locale gives one.
    public var currencyCode: String?
    /// Digits after the decimal separator in the currency (2 for USD, 0 for JPY).
    public var fractionDigits: Int

    /// The format for a locale and an explicit currency (nil: plain numbers with two decimals).
    public init(localeIdentifier: String, currencyCode: String?) {
        self.localeIdentifier = localeIdentifier
        self.currencyCode = currencyCode
        self.fractionDigits = currencyCode.map(Self.minorUnitDigits) ?? 2
    }

    /// The format for a locale and storefront: the storefront's currency, else the locale's.
    public init(localeIdentifier: String, storefront: String?) {
        self.init(
            localeIdentifier: localeIdentifier,
            currencyCode: StorefrontCurrency.code(storefront: storefront, locale: localeIdentifier))
    }

    /// `amount` rounded half up to the currency's minor unit (49.99 / 12 → 4.17).
    public func rounded(_ amount: Decimal) -> Decimal {
        var input = amount
        var result = Decimal()
        NSDecimalRound(&result, &input, fractionDigits, .plain)
        return result
    }

    /// `amount` as a localized currency string: "$4.99", "4,99 €" (with a no-break space), "¥500".
    public func string(_ amount: Decimal) -> String {
        let value = rounded(amount)
        let locale = Locale(identifier: localeIdentifier)
        let digits = fractionDigits
        guard let currencyCode else {
            return value.formatted(.number.locale(locale).precision(.fractionLength(digits)))
        }
        return value.formatted(
            .currency(code: currencyCode).locale(locale)
                .precision(.fractionLength(digits)).rounded(rule: .toNearestOrAwayFromZero))
    }

    /// `amount` rounded to the minor unit, as a locale-independent decimal string: "4.17", "10.00", "500".
    public func plainString(_ amount: Decimal) -> String {
        let digits = fractionDigits
        return rounded(amount).formatted(
            .number.locale(Locale(identifier: "en_US_POSIX"))
                .precision(.fractionLength(digits)).grouping(.never))
    }

    /// The currency's minor-unit digits, read from how Foundation formats zero in it ("0.00" → 2).
    private static func minorUnitDigits(_ currencyCode: String) -> Int {
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.numberStyle = .currency
        formatter.currencyCode = currencyCode
        guard let zero = formatter.string(from: 0) else { return 2 }
        guard let dot = zero.lastIndex(of: ".") else { return 0 }
        return zero[zero.index(after: dot)...].prefix(while: { $0.isASCII && $0.isNumber }).count
    }
}
