/// The paywall as JSON for programs (shape documented in docs/catalog.md).
import Foundation

extension Paywall {
    /// The paywall as pretty-printed JSON with sorted keys; the same paywall always gives the same bytes.
    public func json() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let document = PaywallDocument(
            title: title,
            currency: currencyCode,
            familySharing: familySharingNote,
            features: features.map {
                .init(id: $0.rawValue, name: $0.displayName, description: $0.description, icon: $0.iconName)
            },
            plans: offers.map { offer in
                // Plain decimal strings keep money exact in JSON ("4.99", not 4.9900000001).
                let format = priceFormat.plainString
                return .init(
                    productId: offer.plan.productID,
                    name: offer.plan.displayName,
                    description: offer.plan.description,
                    kind: offer.plan.kind.rawValue,
                    price: format(offer.plan.displayPrice),
                    displayPrice: offer.displayPrice,
                    priceLabel: offer.priceLabel,
                    period: offer.plan.period?.iso8601,
                    perMonth: offer.perMonth.map(format),
                    displayPerMonth: offer.displayPerMonth,
                    savingsPercent: offer.savingsPercent,
                    savingsComparedTo: offer.savingsComparedTo,
                    familyShareable: offer.plan.familyShareable)
            },
            restore: restoreCommand)
        return (try? encoder.encode(document)) ?? Data("{}".utf8)
    }
}

/// The top-level JSON object; nil fields are left out.
private struct PaywallDocument: Encodable {
    struct Feature: Encodable {
        let id: String
        let name: String
        let description: String
        let icon: String
    }

    struct PlanEntry: Encodable {
        let productId: String
        let name: String
        let description: String
        let kind: String
        let price: String
        let displayPrice: String
        let priceLabel: String
        let period: String?
        let perMonth: String?
        let displayPerMonth: String?
        let savingsPercent: Int?
        let savingsComparedTo: String?
        let familyShareable: Bool
    }

    let title: String
    let currency: String?
    let familySharing: String?
    let features: [Feature]
    let plans: [PlanEntry]
    let restore: String
}
