/// What one gate remembers between its checks, so that checking again (a command checks twice,
/// a batch worker once per document and every 10 s) does not pay for ECDSA and chain
/// verification each time.
import Foundation

/// Verified transactions and chain verifiers, owned by the `ProGate` (or whoever makes the
/// checkers) that uses them: nothing is shared across the process. Both are keyed by everything
/// that decides a verification (the verifier's bundle id, environments and roots), so a change
/// of trusted roots or bundle id is never served from memory. Thread-safe.
public final class VerificationCaches: @unchecked Sendable {
    /// At most this many verified transactions (a store of 100,000 fits); past it, emptied.
    static let transactionLimit = 100_000
    /// At most this many chain verifiers, one per set of trusted roots; past it, emptied.
    static let verifierLimit = 16

    private let lock = NSLock()
    private var transactions: [String: Verified<JWSTransactionDecodedPayload>] = [:]
    private var chains: [[Data]: ChainVerifier] = [:]

    public init() {}

    /// The transaction verified under `key` before, or `verify()`'s result, remembered.
    func transaction(
        _ key: String, verify: () throws(VerificationFailure) -> Verified<JWSTransactionDecodedPayload>
    )
        throws(VerificationFailure) -> Verified<JWSTransactionDecodedPayload>
    {
        lock.lock()
        let cached = transactions[key]
        lock.unlock()
        if let cached { return cached }
        let verified = try verify()
        lock.lock()
        if transactions.count >= Self.transactionLimit { transactions.removeAll() }
        transactions[key] = verified
        lock.unlock()
        return verified
    }

    /// One chain verifier per set of trusted roots: the roots are parsed once and the chains
    /// already verified are reused.
    func chainVerifier(roots: [Data]) -> ChainVerifier {
        lock.lock()
        defer { lock.unlock() }
        if let verifier = chains[roots] { return verifier }
        let verifier = ChainVerifier(roots: TrustedRootStore(roots: roots))
        if chains.count >= Self.verifierLimit { chains.removeAll() }
        chains[roots] = verifier
        return verifier
    }
}
