/// The command line's words for the ways out the entitlement side names: its own commands. The
/// libraries name a remedy (`EntitlementRemedy`) and never a command, so these are the only
/// places a message tells the user what to run.
import Entitlements

extension EntitlementRemedy {
    /// The command that restores purchases, on the paywall and after a refusal.
    static let restoreCommand = "export-itinerary entitlements import FILE"

    /// What to do, as it follows the library's message.
    var advice: String {
        switch self {
        case .restorePurchases: "restore purchases with '\(Self.restoreCommand)'"
        case .setUpStore: "run 'export-itinerary entitlements init --bundle-id ID'"
        case .openWithWriteAccess:
            "run 'export-itinerary entitlements status' once with write access to the store (or copy its directory somewhere writable)"
        case .enableStoreKitTesting: "run 'export-itinerary storekit-test enable'"
        case .replaceStore:
            "remove it, or point --store DIR (or $EXPORT_ITINERARY_HOME) at a store made with 'export-itinerary entitlements init'"
        case .useWritableStore:
            "make it writable (chmod u+w), run as the user who owns it, or point --store DIR at a store you can write"
        case .trustRoot:
            "trust the root with 'export-itinerary entitlements trust-root FILE' (Apple Root CA - G3, AppleRootCA-G3.cer, for App Store purchases)"
        case .acceptEnvironment:
            "accept it with 'export-itinerary entitlements init --environment Production --environment ENV' (name every environment the store is to accept; all but Production give test entitlements)"
        }
    }
}

/// `message`, then what to run about it when there is a way out.
func explained(_ message: String, _ remedy: EntitlementRemedy?) -> String {
    remedy.map { "\(message); \($0.advice)" } ?? message
}

/// The error's message, then what to run about it when it names a way out.
func explained(_ error: some Error & CustomStringConvertible) -> String {
    explained(error.description, (error as? RemedyCarrying)?.remedy)
}

extension Paywall {
    /// The paywall for `catalog`, with this program's way to restore purchases.
    init(offering catalog: StoreKitCatalog) {
        self.init(catalog: catalog, restoreCommand: EntitlementRemedy.restoreCommand)
    }
}
