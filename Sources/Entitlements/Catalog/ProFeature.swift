/// What a Pro subscription unlocks.

/// A feature that needs Pro. Its texts are shown on the paywall.
public enum ProFeature: String, CaseIterable, Sendable, Hashable {
    case unlimitedTrips
    case pdfExport
    case progressTracking

    /// The feature's name, e.g. "PDF Export".
    public var displayName: String {
        switch self {
        case .unlimitedTrips: "Unlimited Trips"
        case .pdfExport: "PDF Export"
        case .progressTracking: "Progress Tracking"
        }
    }

    /// One sentence on what the feature gives.
    public var description: String {
        switch self {
        case .unlimitedTrips: "Save unlimited trips and never lose your itineraries."
        case .pdfExport: "Export beautiful PDF itineraries to share with friends."
        case .progressTracking: "Track stadium visits, earn badges, complete your bucket list."
        }
    }

    /// An SF Symbols name for the feature's icon.
    public var iconName: String {
        switch self {
        case .unlimitedTrips: "infinity"
        case .pdfExport: "doc.richtext"
        case .progressTracking: "chart.bar.fill"
        }
    }
}
