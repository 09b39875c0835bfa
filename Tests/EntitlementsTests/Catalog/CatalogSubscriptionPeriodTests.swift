/// ISO 8601 subscription periods.
import Foundation
import Testing
@testable import Entitlements

@Suite("Subscription periods")
struct CatalogSubscriptionPeriodTests {
    @Test(
        "StoreKit's periods parse",
        arguments: [
            ("P1W", SubscriptionPeriod.Unit.week, 1, nil as Int?),
            ("P1M", .month, 1, 1), ("P2M", .month, 2, 2), ("P3M", .month, 3, 3),
            ("P6M", .month, 6, 6), ("P1Y", .year, 1, 12), ("P3D", .day, 3, nil),
        ])
    func parses(text: String, unit: SubscriptionPeriod.Unit, value: Int, months: Int?) throws {
        let period = try #require(SubscriptionPeriod(iso8601: text))
        #expect(period.unit == unit)
        #expect(period.value == value)
        #expect(period.months == months.map { Decimal($0) })
        #expect(period.iso8601 == text)
        #expect(period.description == text)
    }

    @Test(
        "anything else is rejected",
        arguments: [
            "", "P", "PM", "P0M", "P-1M", "p1m", "P1.5M", "PT1H", "P1Y2M", "P1X", "1M", "P１M",
            "P1000Y", "P99999999999999999Y", "P9223372036854775807D", "P999999999999999999999W",
        ])
    func rejects(text: String) {
        #expect(SubscriptionPeriod(iso8601: text) == nil)
    }

    @Test("labels and nominal lengths")
    func lengths() throws {
        let year = SubscriptionPeriod(unit: .year, value: 1)
        #expect(year.label == "year")
        #expect(SubscriptionPeriod(unit: .month, value: 3).label == "3 months")
        #expect(year.count(of: SubscriptionPeriod(unit: .month, value: 1)) == 12)
        #expect(year.count(of: SubscriptionPeriod(unit: .week, value: 1)) == 52)
        #expect(year.count(of: SubscriptionPeriod(unit: .month, value: 6)) == 2)
        #expect(SubscriptionPeriod(unit: .week, value: 2).count(of: SubscriptionPeriod(unit: .day, value: 7)) == 2)
    }
}
