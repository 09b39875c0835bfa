/// Readying OpenSSL's tables, and SQLite, on threads of their own while the gate reads its catalog.
import BackgroundThreads
import COpenSSL
import CLazyLibraries
import CSQLite
import Foundation
import Synchronization

/// OpenSSL 3.0 builds its tables of decoders and key managers the first time a public key is
/// decoded (every certificate holds one: about 7.6 million instructions, a sixth of
/// `entitlements status`), and fetches its digest and signature methods the first time a
/// signature is checked. The gate needs both only after it has read its catalog and opened
/// its store, so a thread started before those does the building meanwhile; a second one
/// loads SQLite and makes the schema definitions the store's opening compares its own with
/// (`EntitlementStore.prepareDefinitions`).
///
/// The thread decodes a fixed public key (P-256's generator point, a valid point owned by
/// no one) and readies an ES256 check with it, then ends: it reads no file, checks nothing
/// and decides nothing, and what the gate verifies is verified on its own thread exactly as
/// before (OpenSSL's tables are shared, guarded by OpenSSL's own locks), once the thread has
/// ended (`awaitWarm`).
public enum OpenSSLWarmUp {
    /// Starts the thread, once per process; returns at once. When no thread can be started,
    /// nothing happens: the first certificate builds the tables, as always.
    public static func start() { _ = started }

    /// Returns once the thread has ended; at once when none was started. The gate's first
    /// certificate waits here (`TrustedRootStore`): OpenSSL 3.0 building its tables on two
    /// threads at once has them take turns at its locks, dozens of times (`strace`: a futex
    /// call every few microseconds), and `entitlements status` took 13 % longer than when the
    /// gate waits for the thread and then finds the tables built.
    static func awaitWarm() { finished.wait() }

    /// Entered before the thread starts, left as it ends.
    private static let finished = DispatchGroup()
    /// What the thread's `warm()` returned, once it has ended (for the tests: read after
    /// `awaitWarm`).
    static var threadWarmed: Bool? {
        threadResult.withLock { $0 }
    }
    private static let threadResult = Mutex<Bool?>(nil)

    private static let started: Void = {
        // The process's exit waits for these loads once they have begun (`ccl_settle`).
        ccl_loading_begins(1)
        ccl_loading_begins(2)
        // Two threads, as the two libraries are needed at about the same time and libcrypto's
        // loading and tables take longest: one loads libcrypto and builds OpenSSL's tables (the
        // gate waits for it before its first certificate: `awaitWarm`); the other loads SQLite
        // and makes the store's schema definitions as SQLite records them (about 2.5 M
        // instructions), which the gate compares its store's with as it opens it. Either
        // library is loaded at the first call into it (`CLazyLibraries`): when the gate gets
        // there first, it loads it and the thread waits.
        finished.enter()
        let cryptoStarted = startDetachedThread {
            // libcrypto's loader initialises OpenSSL without its cleanup at exit, before any
            // call into it: a process that ends while this thread still builds its tables (a
            // gate that needed no signature) must not free them under it.
            ccl_load_crypto_library()
            let warmed = OpenSSLWarmUp.warm()
            OpenSSLWarmUp.threadResult.withLock { $0 = warmed }
            OpenSSLWarmUp.finished.leave()
        }
        if !cryptoStarted { finished.leave() }
        _ = startDetachedThread {
            ccl_load_store_library()
            EntitlementStore.prepareDefinitions()
        }
    }()

    /// A SubjectPublicKeyInfo holding P-256's generator point (SEC 2): the algorithm and curve,
    /// then the uncompressed point, x and y.
    static let generatorKey: [UInt8] = [
        0x30, 0x59, 0x30, 0x13, 0x06, 0x07, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01, 0x06, 0x08, 0x2A,
        0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07, 0x03, 0x42, 0x00, 0x04,
        0x6B, 0x17, 0xD1, 0xF2, 0xE1, 0x2C, 0x42, 0x47, 0xF8, 0xBC, 0xE6, 0xE5, 0x63, 0xA4, 0x40, 0xF2,
        0x77, 0x03, 0x7D, 0x81, 0x2D, 0xEB, 0x33, 0xA0, 0xF4, 0xA1, 0x39, 0x45, 0xD8, 0x98, 0xC2, 0x96,
        0x4F, 0xE3, 0x42, 0xE2, 0xFE, 0x1A, 0x7F, 0x9B, 0x8E, 0xE7, 0xEB, 0x4A, 0x7C, 0x0F, 0x9E, 0x16,
        0x2B, 0xCE, 0x33, 0x57, 0x6B, 0x31, 0x5E, 0xCE, 0xCB, 0xB6, 0x40, 0x68, 0x37, 0xBF, 0x51, 0xF5,
    ]

    /// Decodes `generatorKey` and readies an ES256 check with it; true when both worked (for
    /// the tests: a warm-up that silently did nothing would save nothing).
    @discardableResult
    static func warm() -> Bool {
        defer { ERR_clear_error() }
        let key: OpaquePointer? = generatorKey.withUnsafeBufferPointer { bytes in
            var cursor = bytes.baseAddress
            return d2i_PUBKEY(nil, &cursor, bytes.count)
        }
        guard let key else { return false }
        defer { EVP_PKEY_free(key) }
        guard ES256.isP256(key), let md = EVP_MD_CTX_new() else { return false }
        defer { EVP_MD_CTX_free(md) }
        return EVP_DigestVerifyInit(md, nil, EVP_sha256(), nil, key) == 1
    }
}
