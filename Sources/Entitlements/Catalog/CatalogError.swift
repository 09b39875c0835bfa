/// Why a StoreKit configuration file could not be used as the product catalog.

import StrictJSON

/// A catalog problem, located by the JSON key path it concerns.
///
/// `description` reads like
/// `subscriptionGroups[0].subscriptions[1].displayPrice: expected a decimal price string like "4.99", got "abc"`.
public struct CatalogError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The key path into the .storekit JSON, e.g. `subscriptionGroups[0].subscriptions[1].displayPrice`;
    /// empty when the problem concerns the whole file (unreadable, not JSON, not an object).
    public var keyPath: String
    /// What is wrong and what was expected.
    public var message: String

    /// An error at `keyPath` ("" for the whole file).
    public init(keyPath: String, message: String) {
        self.keyPath = keyPath
        self.message = message
    }

    /// The problem the shared object reader found, in its words.
    init(_ problem: JSONProblem) { self.init(keyPath: problem.path.text, message: problem.message) }

    /// `keyPath: message`, or just the message when the key path is empty.
    public var description: String {
        keyPath.isEmpty ? message : "\(keyPath): \(message)"
    }
}
