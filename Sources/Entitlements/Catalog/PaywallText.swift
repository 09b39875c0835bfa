/// The paywall as plain text for the terminal.

extension Paywall {
    /// The paywall as multi-line text for stderr, ending with a newline:
    ///
    ///     PDF Export requires Pro Access.
    ///
    ///     Pro Access includes:
    ///       - Unlimited Trips: Save unlimited trips and never lose your itineraries.
    ///       …
    ///     Plans:
    ///       - <name>: <price>/month
    ///       - <name>: <price>/year (<per month>/month, save <n>% vs. <name>)
    ///     Family Sharing: every plan can be shared with your family.
    ///
    ///     Already subscribed? Restore your purchases with:
    ///       export-itinerary entitlements import FILE
    public func text() -> String {
        var lines = ["\(title).", "", "\(groupDisplayName) includes:"]
        lines += features.map { "  - \($0.displayName): \($0.description)" }
        lines += ["", "Plans:"]
        for offer in offers {
            var notes: [String] = []
            if let perMonth = offer.displayPerMonth, let months = offer.plan.period?.months, months > 1 {
                notes.append("\(perMonth)/month")
            }
            if let percent = offer.savingsPercent,
                let baseline = offers.first(where: { $0.plan.productID == offer.savingsComparedTo })
            {
                notes.append("save \(percent)% vs. \(baseline.plan.displayName)")
            }
            let suffix = notes.isEmpty ? "" : " (\(notes.joined(separator: ", ")))"
            lines.append("  - \(offer.plan.displayName): \(offer.priceLabel)\(suffix)")
        }
        if let note = familySharingNote { lines.append(note) }
        lines += ["", "Already subscribed? Restore your purchases with:", "  \(restoreCommand)"]
        return lines.joined(separator: "\n") + "\n"
    }
}
