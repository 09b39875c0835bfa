/// Renewal dates: when a subscription bought at some moment expires.
import Entitlements
import Foundation

extension SubscriptionPeriod {
    /// `date` plus this period on the Gregorian calendar in UTC (a month from Jan 31 is Feb 28/29).
    func adding(to date: Date) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        var components = DateComponents()
        switch unit {
        case .day: components.day = value
        case .week: components.day = 7 * value
        case .month: components.month = value
        case .year: components.year = value
        }
        return calendar.date(byAdding: components, to: date) ?? date.addingTimeInterval(Double(value) * 86_400)
    }
}
