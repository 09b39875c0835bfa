/// The renewal period of an auto-renewable subscription, as written in a .storekit file.
import Foundation

/// A subscription period such as one month (`P1M`) or one year (`P1Y`).
public struct SubscriptionPeriod: Sendable, Hashable, CustomStringConvertible {
    /// The calendar unit of a period.
    public enum Unit: String, Sendable, CaseIterable {
        case day, week, month, year

        /// The ISO 8601 designator: D, W, M or Y.
        var designator: Character {
            switch self {
            case .day: "D"
            case .week: "W"
            case .month: "M"
            case .year: "Y"
            }
        }
    }

    /// The unit, e.g. `.month`.
    public var unit: Unit
    /// How many units, at least 1 (`P3M` → 3).
    public var value: Int

    /// A period of `value` units; `value` must be at least 1.
    public init(unit: Unit, value: Int) {
        precondition(value >= 1, "a subscription period lasts at least one unit")
        self.unit = unit
        self.value = value
    }

    /// The largest count a period may have: StoreKit's longest is a year, and arithmetic on
    /// periods (twelfths of a day, months) must never overflow.
    public static let maximumValue = 999

    /// Parses an ISO 8601 duration with a single component, as StoreKit writes them:
    /// `P1W`, `P1M`, `P2M`, `P3M`, `P6M`, `P1Y` (and `P3D`-style days), at most
    /// `maximumValue` of the unit. Nil for anything else.
    public init?(iso8601 text: String) {
        guard text.count >= 3, text.count <= 8, text.first == "P", let designator = text.last,
            let unit = Unit.allCases.first(where: { $0.designator == designator })
        else { return nil }
        let digits = text.dropFirst().dropLast()
        guard digits.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(digits), value >= 1,
            value <= Self.maximumValue
        else {
            return nil
        }
        self.init(unit: unit, value: value)
    }

    /// The ISO 8601 form, e.g. `P1M`.
    public var iso8601: String { "P\(value)\(unit.designator)" }

    /// The ISO 8601 form, e.g. `P1M`.
    public var description: String { iso8601 }

    /// The length in months for month- and year-based periods (`P1Y` → 12); nil for days and weeks,
    /// which do not divide into whole months.
    public var months: Decimal? {
        switch unit {
        case .month: Decimal(value)
        case .year: Decimal(value * 12)
        case .day, .week: nil
        }
    }

    /// An English label for "per period" prices: "month", "year", "3 months", "2 weeks".
    public var label: String {
        value == 1 ? unit.rawValue : "\(value) \(unit.rawValue)s"
    }

    /// The nominal length in twelfths of a day, an integer for every unit. A year counts as
    /// 52 weeks (364 days) and a month as a twelfth of that, the usual billing convention
    /// ("52 weekly payments a year"). Between two month-based periods the ratio is exact in months.
    var nominalTwelfthsOfADay: Int {
        switch unit {
        case .day: value * 12
        case .week: value * 7 * 12
        case .month: value * 364
        case .year: value * 364 * 12
        }
    }

    /// How many `shorter` periods fit in this one (`P1Y` over `P1M` → 12, over `P1W` → 52).
    func count(of shorter: SubscriptionPeriod) -> Decimal {
        Decimal(nominalTwelfthsOfADay) / Decimal(shorter.nominalTwelfthsOfADay)
    }
}
