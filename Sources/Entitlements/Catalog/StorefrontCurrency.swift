/// Which currency a StoreKit storefront charges in.
import Foundation

enum StorefrontCurrency {
    /// Storefront codes (ISO 3166-1 alpha-3, as Xcode writes `_storefront`) of common App Store
    /// storefronts and their ISO 4217 currencies. Other storefronts fall back to the locale's currency.
    static let known: [String: String] = [
        "USA": "USD", "CAN": "CAD", "MEX": "MXN", "BRA": "BRL",
        "GBR": "GBP", "IRL": "EUR", "DEU": "EUR", "FRA": "EUR", "ITA": "EUR", "ESP": "EUR",
        "NLD": "EUR", "BEL": "EUR", "AUT": "EUR", "FIN": "EUR", "PRT": "EUR",
        "CHE": "CHF", "SWE": "SEK", "NOR": "NOK", "DNK": "DKK", "POL": "PLN",
        "JPN": "JPY", "KOR": "KRW", "CHN": "CNY", "IND": "INR", "AUS": "AUD", "NZL": "NZD",
    ]

    /// The currency for a storefront and locale: the storefront's when it is known (or a two-letter
    /// region Foundation knows), else the locale's region's currency, else nil.
    static func code(storefront: String?, locale: String) -> String? {
        if let storefront = storefront?.uppercased() {
            if let code = known[storefront] { return code }
            if storefront.count == 2, let code = Locale(identifier: "und_\(storefront)").currency?.identifier {
                return code
            }
        }
        return Locale(identifier: locale).currency?.identifier
    }
}
