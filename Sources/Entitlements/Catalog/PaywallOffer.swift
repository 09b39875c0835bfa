/// The figures the paywall shows for each plan, computed from the catalog's prices.
import Foundation

extension Paywall {
    /// One plan as the paywall presents it. Every figure is computed from catalog prices.
    public struct Offer: Sendable, Hashable {
        /// The plan from the catalog.
        public var plan: Plan
        /// The price alone, localized: "$4.99".
        public var displayPrice: String
        /// The price with its period: "$4.99/month", "$99.99 one-time".
        public var priceLabel: String
        /// The price per month, rounded to the currency's minor unit: 49.99 / 12 → 4.17.
        /// Only for month- and year-based subscriptions.
        public var perMonth: Decimal?
        /// `perMonth` localized: "$4.17".
        public var displayPerMonth: String?
        /// The whole-percent saving (rounded half up) against paying for the same time with the
        /// shortest-period plan: 1 − 49.99 / (12 × 4.99) = 16.5…% → 17. Only for subscriptions
        /// longer than the shortest one, and only when positive.
        public var savingsPercent: Int?
        /// The product ID of the plan the saving is measured against.
        public var savingsComparedTo: String?
    }

    /// The offers for `plans`, in plan order.
    static func offers(for plans: [Plan], format: CatalogPriceFormat) -> [Offer] {
        let baseline = shortestSubscription(in: plans)
        return plans.map { plan in
            let displayPrice = format.string(plan.displayPrice)
            var offer = Offer(
                plan: plan, displayPrice: displayPrice,
                priceLabel: plan.period.map { "\(displayPrice)/\($0.label)" } ?? "\(displayPrice) one-time",
                perMonth: nil, displayPerMonth: nil, savingsPercent: nil, savingsComparedTo: nil)
            if let months = plan.period?.months {
                let perMonth = format.rounded(plan.displayPrice / months)
                offer.perMonth = perMonth
                offer.displayPerMonth = format.string(perMonth)
            }
            if let baseline, let percent = savingsPercent(of: plan, against: baseline) {
                offer.savingsPercent = percent
                offer.savingsComparedTo = baseline.productID
            }
            return offer
        }
    }

    /// The subscription with the shortest period (the first of equals), if any.
    static func shortestSubscription(in plans: [Plan]) -> Plan? {
        plans.reduce(nil) { (shortest: Plan?, plan: Plan) -> Plan? in
            guard let period = plan.period else { return shortest }
            guard let current = shortest?.period else { return plan }
            return period.nominalTwelfthsOfADay < current.nominalTwelfthsOfADay ? plan : shortest
        }
    }

    /// 1 − price / (periods × baseline price), as a whole percent rounded half up; nil unless the
    /// plan is a longer subscription than the baseline and the saving rounds to at least 1%.
    static func savingsPercent(of plan: Plan, against baseline: Plan) -> Int? {
        guard let period = plan.period, let basePeriod = baseline.period,
            period.nominalTwelfthsOfADay > basePeriod.nominalTwelfthsOfADay
        else { return nil }
        let sameTimeAtBaseline = period.count(of: basePeriod) * baseline.displayPrice
        guard sameTimeAtBaseline > 0 else { return nil }
        var saving = (1 - plan.displayPrice / sameTimeAtBaseline) * 100
        var rounded = Decimal()
        NSDecimalRound(&rounded, &saving, 0, .plain)
        let percent = NSDecimalNumber(decimal: rounded).intValue
        return percent >= 1 ? percent : nil
    }
}
