/// The certificate half of App Store JWS verification: x5c = [leaf, intermediate, root] must chain,
/// through the intermediate, to one of the configured trusted roots at a given moment.
import COpenSSL
import Foundation

/// The trusted roots as one `X509_STORE`, built once per verifier and shared by every call.
///
/// Thread safety: after `init` the store is never modified. OpenSSL 3 guards an `X509_STORE`'s
/// lookups with its own lock, and each verification uses its own `X509_STORE_CTX`, so any number
/// of threads may verify against one store at once. Hence `@unchecked Sendable`.
final class TrustedRootStore: @unchecked Sendable {
    let store: OpaquePointer
    /// Fingerprints of the roots that parsed, for messages and equality.
    let fingerprints: [String]

    /// Roots that do not parse are skipped: they could not anchor anything anyway, and every
    /// chain then fails as `invalidChain`, which names the real problem (no usable root).
    init(roots: [Data]) {
        OpenSSLWarmUp.awaitWarm()
        store = X509_STORE_new()!
        var prints: [String] = []
        for der in roots {
            guard let cert = OwnedX509(der: der) else { continue }
            // X509_STORE_add_cert takes its own reference; `cert` frees ours.
            if X509_STORE_add_cert(store, cert.pointer) == 1 {
                prints.append(Certificates.sha256Fingerprint(der))
            } else {
                OpenSSLErrors.drain()  // a duplicate root: harmless
            }
        }
        fingerprints = prints
    }

    deinit { X509_STORE_free(store) }
}

/// Chains that already verified, so thousands of tokens from one store (all carrying the same
/// x5c) cost one chain build, not thousands.
///
/// Everything a chain check decides is fixed by the certificates except time, and a chain that
/// verified at one moment verifies at any moment inside the intersection of its certificates'
/// validity periods. So an entry keeps the leaf key and that window; outside it, the full check
/// runs again (and reports the precise error). Only successes are kept.
///
/// Thread safety: every access holds `lock`; the cached keys are only read afterwards (see `OwnedKey`).
final class VerifiedChainCache: @unchecked Sendable {
    struct Entry {
        let leafKey: OwnedKey
        /// The SHA-256 fingerprint of the trusted root the chain ended at.
        let rootFingerprint: String
        let notBefore: Int
        let notAfter: Int
    }

    /// Enough for every chain a store plausibly holds; when full, it starts over.
    static let capacity = 64
    private var entries: [String: Entry] = [:]
    private let lock = NSLock()

    func entry(at seconds: Int, for x5c: [String]) -> Entry? {
        let id = x5c.joined(separator: ",")
        return lock.withLock {
            guard let entry = entries[id], entry.notBefore <= seconds, seconds < entry.notAfter else { return nil }
            return entry
        }
    }

    func remember(_ entry: Entry, for x5c: [String]) {
        let id = x5c.joined(separator: ",")
        lock.withLock {
            if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
            entries[id] = entry
        }
    }
}

/// Checks an `x5c` chain the way Apple's App Store Server Library does when offline.
struct ChainVerifier {
    let roots: TrustedRootStore
    let cache = VerifiedChainCache()

    /// A chain that verified: the leaf's key, which checks the signature, and the root it ended at,
    /// which decides whether what it signed can be a purchase (`GatePolicy.grade`).
    struct Verified {
        let leafKey: OwnedKey
        let rootFingerprint: String
    }

    /// Verifies `x5c` at `effectiveDate` and returns the leaf's public key (EC P-256) and the root's fingerprint.
    ///
    /// Only `x5c[0]` (leaf) and `x5c[1]` (intermediate) take part: the chain must end at a configured
    /// root, never at `x5c[2]`, which is parsed but otherwise ignored (Apple's own test vectors carry a
    /// root there that differs from the one their tests trust).
    func verify(x5c: [String], effectiveDate: Date) throws(VerificationFailure) -> Verified {
        guard x5c.count == 3 else { throw .invalidChainLength }
        guard let seconds = Int(exactly: effectiveDate.timeIntervalSince1970.rounded(.down)) else {
            throw .invalidChain("effective date out of range")
        }
        if let entry = cache.entry(at: seconds, for: x5c) {
            return Verified(leafKey: entry.leafKey, rootFingerprint: entry.rootFingerprint)
        }

        var certs: [OwnedX509] = []
        for (index, encoded) in x5c.enumerated() {
            guard let der = JWSBase64.decode(encoded, alphabet: .standard) else {
                throw .invalidFormat("x5c[\(index)] is not base64")
            }
            guard let cert = OwnedX509(der: der) else {
                throw .invalidCertificate("x5c[\(index)] is not a DER certificate")
            }
            certs.append(cert)
        }
        let leaf = certs[0], intermediate = certs[1]
        guard intermediate.hasExtension(oid: Certificates.intermediateMarkerOID) else {
            throw .invalidCertificate(
                "intermediate \"\(intermediate.subjectSummary)\" lacks OID \(Certificates.intermediateMarkerOID)")
        }
        guard leaf.hasExtension(oid: Certificates.leafMarkerOID) else {
            throw .invalidCertificate("leaf \"\(leaf.subjectSummary)\" lacks OID \(Certificates.leafMarkerOID)")
        }

        let root = try buildChain(leaf: leaf, intermediate: intermediate, at: seconds, effectiveDate: effectiveDate)

        guard let key = X509_get0_pubkey(leaf.pointer) else {
            OpenSSLErrors.drain()
            throw .invalidCertificate("leaf \"\(leaf.subjectSummary)\" has no usable public key")
        }
        guard ES256.isP256(key) else {
            throw .invalidCertificate("leaf \"\(leaf.subjectSummary)\" key is not EC P-256")
        }
        let leafKey = OwnedKey(retaining: key)
        let rootFingerprint = Certificates.sha256Fingerprint(root.der)
        if let a = leaf.validity, let b = intermediate.validity, let c = root.validity {
            cache.remember(
                .init(
                    leafKey: leafKey, rootFingerprint: rootFingerprint,
                    notBefore: max(a.notBefore, b.notBefore, c.notBefore),
                    notAfter: min(a.notAfter, b.notAfter, c.notAfter)), for: x5c)
        }
        return Verified(leafKey: leafKey, rootFingerprint: rootFingerprint)
    }

    /// Runs OpenSSL's chain building at `seconds`; returns the trusted root it ended at.
    private func buildChain(
        leaf: OwnedX509, intermediate: OwnedX509, at seconds: Int,
        effectiveDate: Date
    ) throws(VerificationFailure) -> OwnedX509 {
        guard let untrusted = OPENSSL_sk_new_null() else { throw .invalidChain("out of memory") }
        // The stack borrows the intermediate (no reference taken): free only the stack itself.
        defer { OPENSSL_sk_free(untrusted) }
        guard OPENSSL_sk_push(untrusted, UnsafeRawPointer(intermediate.pointer)) > 0 else {
            throw .invalidChain("out of memory")
        }
        guard let ctx = X509_STORE_CTX_new() else { throw .invalidChain("out of memory") }
        defer { X509_STORE_CTX_free(ctx) }
        guard X509_STORE_CTX_init(ctx, roots.store, leaf.pointer, untrusted) == 1 else {
            throw .invalidChain(OpenSSLErrors.drain() ?? "X509_STORE_CTX_init failed")
        }
        let param = X509_STORE_CTX_get0_param(ctx)
        // Verify at the payload's signing time so a transaction stays verifiable after its leaf
        // expires. No X509_V_FLAG_PARTIAL_CHAIN: the chain must end at a self-signed configured root.
        // No X509_V_FLAG_X509_STRICT either: it demands Authority Key Identifiers, which Apple's own
        // test chain lacks. Non-strict OpenSSL still refuses issuers that are not CAs.
        X509_VERIFY_PARAM_set_time(param, time_t(seconds))

        guard X509_verify_cert(ctx) == 1 else {
            let code = X509_STORE_CTX_get_error(ctx)
            let text = X509_verify_cert_error_string(Int(code)).map { String(cString: $0) } ?? "error \(code)"
            OpenSSLErrors.drain()
            throw .invalidChain("\(text) (at \(Self.format(effectiveDate)))")
        }
        // The built chain must be exactly leaf ← our intermediate ← trusted root, as Apple's
        // policy requires; a root that signed the leaf directly does not count.
        guard let chain = X509_STORE_CTX_get0_chain(ctx), OPENSSL_sk_num(chain) == 3,
            let middle = OPENSSL_sk_value(chain, 1), X509_cmp(OpaquePointer(middle), intermediate.pointer) == 0,
            let top = OPENSSL_sk_value(chain, 2)
        else {
            throw .invalidChain("chain is not leaf ← intermediate ← trusted root")
        }
        // The chain (and so `top`) goes away with `ctx`: keep a reference of our own.
        X509_up_ref(OpaquePointer(top))
        return OwnedX509(taking: OpaquePointer(top))
    }

    private static func format(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }
}
