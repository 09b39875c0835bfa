/// What a person can do about a refusal of the entitlement side, named by the library and worded
/// by the program that runs it.

/// The way out of an entitlement error. The library names it and stops there: the command line
/// words each one with its own commands (`export-itinerary entitlements import FILE`), and another
/// host of the library would name its own buttons or commands.
public enum EntitlementRemedy: String, Sendable, Equatable, CaseIterable, Codable {
    /// Restore purchases: bring the App Store's signed transactions into the store.
    case restorePurchases
    /// Set the store up for the app (its bundle id) before anything can be verified.
    case setUpStore
    /// Open the store once with write access: that upgrades an earlier version's file and folds
    /// a pending write-ahead log into the database.
    case openWithWriteAccess
    /// Turn local StoreKit testing on in the store.
    case enableStoreKitTesting
    /// Remove what is in the store's place, or use another store made for the app.
    case replaceStore
    /// Make the store writable, or use one this user can write.
    case useWritableStore
    /// Trust the root certificate the signed items chain to (Apple Root CA - G3 for purchases).
    case trustRoot
    /// Remove every local test transaction (and local testing's clock mark with them).
    case clearLocalTesting
    /// Accept the environment of the signed items in the store (a Sandbox store for Sandbox purchases).
    case acceptEnvironment
}

/// An error that says what the person can do about it.
public protocol RemedyCarrying {
    /// The way out, or nil when there is none to name.
    var remedy: EntitlementRemedy? { get }
}
