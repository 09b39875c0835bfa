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
        case .setUpStore: "run 'export-itinerary entitlements init'"
        case .openWithWriteAccess:
            "run 'export-itinerary entitlements status' once with write access to the store (or copy its directory somewhere writable)"
        case .enableStoreKitTesting: "run 'export-itinerary storekit-test enable'"
        case .replaceStore:
            "remove it, or point --store DIR (or $EXPORT_ITINERARY_HOME) at a store made with 'export-itinerary entitlements init'"
        case .useWritableStore:
            "make it writable (chmod u+w), run as the user who owns it, or point --store DIR at a store you can write"
        case .trustRoot:
            "for an App Store purchase, download Apple Root CA - G3 from Apple and run 'export-itinerary entitlements trust-root AppleRootCA-G3.cer'"
        case .clearLocalTesting:
            "or start local testing over with 'export-itinerary storekit-test clear'"
        case .acceptEnvironment:
            "to accept it, run 'export-itinerary entitlements init' again naming every environment the store is to take (--environment Production --environment Sandbox, say); all but Production purchases are test entitlements"
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
