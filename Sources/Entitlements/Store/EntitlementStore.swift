/// The local entitlement store: raw signed transactions and renewal info in SQLite, plus its configuration.
import CSQLite
import Foundation

/// The store's own settings: which app, which environments, which roots to trust.
public struct StoreConfiguration: Sendable, Equatable {
    public var bundleId: String
    public var environments: [StoreEnvironment]
}

/// A trusted root certificate kept in the store.
public struct TrustedRoot: Sendable, Equatable {
    public var fingerprint: String
    public var der: Data
    public var label: String
}

/// A stored signed transaction: the raw JWS (the source of truth, re-verified when used) and
/// the index columns copied from its verified payload at import.
public struct StoredTransaction: Sendable, Equatable {
    public var transactionId: String
    public var productId: String
    public var purchaseDate: Double
    public var signedDate: Double
    public var environment: String?
    public var jws: String
}

/// What an upsert did.
public enum UpsertOutcome: String, Sendable {
    case imported, updated, unchanged
}

/// An embedded SQLite database of App Store signed transactions.
///
/// Write-ahead logging and `BEGIN IMMEDIATE` transactions let concurrent imports and batch runs
/// proceed without ever seeing half an import. A file that is not our database is an error.
public final class EntitlementStore {
    static let schemaVersion = 1
    static let fileName = "entitlements.sqlite"

    public let directory: String
    public var path: String { directory + "/" + Self.fileName }
    let db: SQLiteDatabase

    /// `$EXPORT_ITINERARY_HOME`, else `$XDG_DATA_HOME/export-itinerary`, else `~/.local/share/export-itinerary`.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let home = environment["EXPORT_ITINERARY_HOME"], !home.isEmpty { return home }
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") { return xdg + "/export-itinerary" }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return home + "/.local/share/export-itinerary"
    }

    /// Opens the store in `directory`; nil when there is none (nobody has imported anything).
    public static func openExisting(directory: String) throws(StoreError) -> EntitlementStore? {
        let file = directory + "/" + fileName
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file, isDirectory: &isDir) else { return nil }
        if isDir.boolValue { throw .unreadable(path: file, reason: "it is a directory") }
        return try EntitlementStore(directory: directory, create: false)
    }

    /// Opens the store in `directory`, creating the directory and database when missing.
    public static func openOrCreate(directory: String) throws(StoreError) -> EntitlementStore {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw .unreadable(path: directory, reason: "cannot create the directory: \(error.localizedDescription)")
        }
        return try EntitlementStore(directory: directory, create: true)
    }

    private init(directory: String, create: Bool) throws(StoreError) {
        self.directory = directory
        let file = directory + "/" + Self.fileName
        if !create, !FileManager.default.isReadableFile(atPath: file) {
            throw .unreadable(path: file, reason: "permission denied")
        }
        do {
            db = try SQLiteDatabase(path: file, create: create)
        } catch {
            throw .unreadable(path: file, reason: error.message)
        }
        try prepareSchema(file: file, create: create)
    }

    /// Checks the file is our database (creating the tables in a new one) and sound.
    private func prepareSchema(file: String, create: Bool) throws(StoreError) {
        do {
            // The first read of a file that is not SQLite fails here ("file is not a database").
            let tables = try db.query("SELECT name FROM sqlite_master WHERE type = 'table'").compactMap { $0.first?.text }
            if tables.isEmpty {
                guard create else { throw StoreError.corrupt(path: file, reason: "it holds no entitlement tables") }
                try db.execute("PRAGMA journal_mode = WAL")
                try db.transaction {
                    try db.execute("""
                        CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
                        CREATE TABLE trusted_roots (fingerprint TEXT PRIMARY KEY, der BLOB NOT NULL, label TEXT NOT NULL,
                                                    added INTEGER NOT NULL);
                        CREATE TABLE transactions (transaction_id TEXT PRIMARY KEY, original_transaction_id TEXT,
                                                   product_id TEXT NOT NULL, purchase_date REAL NOT NULL,
                                                   signed_date REAL NOT NULL, environment TEXT, jws TEXT NOT NULL);
                        CREATE INDEX transactions_by_product ON transactions (product_id, purchase_date DESC);
                        CREATE TABLE renewals (original_transaction_id TEXT PRIMARY KEY, signed_date REAL NOT NULL,
                                               jws TEXT NOT NULL);
                        """)
                    try db.query("INSERT INTO meta (key, value) VALUES ('schemaVersion', ?)", [.text(String(Self.schemaVersion))])
                }
                return
            }
            for table in ["meta", "trusted_roots", "transactions", "renewals"] where !tables.contains(table) {
                throw StoreError.corrupt(path: file, reason: "the table \(table) is missing")
            }
            guard let version = try meta("schemaVersion") else { throw StoreError.corrupt(path: file, reason: "no schema version") }
            guard version == String(Self.schemaVersion) else {
                throw StoreError.corrupt(path: file, reason: "schema version \(version) is not \(Self.schemaVersion): made by another version of export-itinerary")
            }
            // A full integrity check reads every page (25 ms for 10,000 transactions): it runs
            // before writes. The gate's reads rely on SQLite reporting damage in the pages they
            // touch, and on re-verifying every payload they use, so damage is never a grant.
            if create {
                let check = try db.query("PRAGMA quick_check").compactMap { $0.first?.text }
                guard check == ["ok"] else { throw StoreError.corrupt(path: file, reason: check.prefix(3).joined(separator: "; ")) }
            }
        } catch let error as StoreError {
            throw error
        } catch let error as SQLiteError {
            throw Self.classify(error, file: file)
        } catch {
            throw .unreadable(path: file, reason: "\(error)")
        }
    }

    static func classify(_ error: SQLiteError, file: String) -> StoreError {
        switch error.code & 0xFF {
        case SQLITE_NOTADB, SQLITE_CORRUPT, SQLITE_FORMAT: return .corrupt(path: file, reason: error.message)
        default: return .unreadable(path: file, reason: error.message)
        }
    }

    /// Runs a store operation, turning SQLite failures into store errors.
    func run<T>(_ body: () throws -> T) throws(StoreError) -> T {
        do {
            return try body()
        } catch let error as StoreError {
            throw error
        } catch let error as SQLiteError {
            throw Self.classify(error, file: path)
        } catch {
            throw .unreadable(path: path, reason: "\(error)")
        }
    }

    // MARK: Meta

    func meta(_ key: String) throws(SQLiteError) -> String? {
        try db.query("SELECT value FROM meta WHERE key = ?", [.text(key)]).first?.first?.text
    }

    func setMeta(_ key: String, _ value: String) throws(SQLiteError) {
        try db.query("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                     [.text(key), .text(value)])
    }

    public func value(forKey key: String) throws(StoreError) -> String? { try run { try meta(key) } }

    /// Takes the next value of an integer counter kept in meta (`first` when unset), in one
    /// write transaction, so concurrent processes never take the same value.
    func takeCounter(_ key: String, first: Int) throws(StoreError) -> Int {
        try run {
            try db.transaction {
                let next = Int(try meta(key) ?? "") ?? first
                try setMeta(key, String(next + 1))
                return next
            }
        }
    }
    public func setValue(_ value: String, forKey key: String) throws(StoreError) { try run { try setMeta(key, value) } }

    // MARK: Configuration

    /// The configuration, or nil before `initialize`.
    public func configuration() throws(StoreError) -> StoreConfiguration? {
        try run {
            guard let bundle = try meta("bundleId") else { return nil }
            let names = (try meta("environments") ?? "").split(separator: ",").map(String.init)
            var environments: [StoreEnvironment] = []
            for name in names {
                guard let env = StoreEnvironment(rawValue: name) else {
                    throw StoreError.invalidContent(path: path, reason: "unknown environment \"\(name)\"")
                }
                environments.append(env)
            }
            return StoreConfiguration(bundleId: bundle, environments: environments)
        }
    }

    /// Sets the bundle id and accepted environments (replacing earlier ones).
    public func initialize(bundleId: String, environments: [StoreEnvironment]) throws(StoreError) {
        try run {
            try db.transaction {
                try setMeta("bundleId", bundleId)
                try setMeta("environments", environments.map(\.rawValue).joined(separator: ","))
            }
        }
    }

    /// Adds an environment to the accepted ones (no-op when present).
    public func accept(_ environment: StoreEnvironment) throws(StoreError) {
        guard let config = try configuration() else { throw .notInitialized(path: path) }
        guard !config.environments.contains(environment) else { return }
        try initialize(bundleId: config.bundleId, environments: config.environments + [environment])
    }

    /// A verifier for this store's bundle id, environments and trusted roots.
    public func verifier() throws(StoreError) -> SignedDataVerifier {
        guard let config = try configuration() else { throw .notInitialized(path: path) }
        return SignedDataVerifier(trustedRoots: try trustedRoots().map(\.der), bundleId: config.bundleId,
                                  environments: Set(config.environments))
    }

    // MARK: Trusted roots

    public func trustedRoots() throws(StoreError) -> [TrustedRoot] {
        try run {
            try db.query("SELECT fingerprint, der, label FROM trusted_roots ORDER BY added, fingerprint").map {
                TrustedRoot(fingerprint: $0[0].text ?? "", der: $0[1].blob ?? Data(), label: $0[2].text ?? "")
            }
        }
    }

    /// Adds a root; false when it was already trusted.
    @discardableResult
    public func addTrustedRoot(der: Data, fingerprint: String, label: String) throws(StoreError) -> Bool {
        try run {
            try db.transaction {
                let exists = try !db.query("SELECT 1 FROM trusted_roots WHERE fingerprint = ?", [.text(fingerprint)]).isEmpty
                if exists { return false }
                let next = try db.query("SELECT COALESCE(MAX(added), 0) + 1 FROM trusted_roots").first?.first?.integer ?? 1
                try db.query("INSERT INTO trusted_roots (fingerprint, der, label, added) VALUES (?, ?, ?, ?)",
                             [.text(fingerprint), .blob(der), .text(label), .integer(next)])
                return true
            }
        }
    }

    public func removeTrustedRoot(fingerprint: String) throws(StoreError) {
        try run { _ = try db.query("DELETE FROM trusted_roots WHERE fingerprint = ?", [.text(fingerprint)]) }
    }

    // MARK: Transactions

    /// Stores a verified transaction by transactionId. A copy signed later replaces an earlier
    /// one (a refund is the same transaction re-signed with a revocation date); an older or
    /// identical copy changes nothing, and neither does a copy without a revocation date signed
    /// at the same moment as a stored revoked one (a refund is never undone by a replay).
    public func upsertTransaction(jws: String, payload: JWSTransactionDecodedPayload) throws(StoreError) -> UpsertOutcome {
        guard let id = payload.transactionId, let product = payload.productId else {
            throw .invalidContent(path: path, reason: "a transaction without transactionId or productId cannot be stored")
        }
        let signed = payload.signedDate ?? 0
        return try run {
            try db.transaction {
                let existing = try db.query("SELECT signed_date, jws FROM transactions WHERE transaction_id = ?", [.text(id)]).first
                if let existing {
                    let existingSigned = existing[0].double ?? 0
                    if existing[1].text == jws || existingSigned > signed { return .unchanged }
                    if existingSigned == signed, payload.revocationDate == nil, Self.isRevoked(existing[1].text) { return .unchanged }
                }
                try db.query("""
                    INSERT INTO transactions (transaction_id, original_transaction_id, product_id, purchase_date, signed_date, environment, jws)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (transaction_id) DO UPDATE SET original_transaction_id = excluded.original_transaction_id,
                        product_id = excluded.product_id, purchase_date = excluded.purchase_date,
                        signed_date = excluded.signed_date, environment = excluded.environment, jws = excluded.jws
                    """, [.text(id), payload.originalTransactionId.map(SQLiteValue.text) ?? .null, .text(product),
                          .real(payload.purchaseDate ?? 0), .real(signed), payload.environment.map(SQLiteValue.text) ?? .null,
                          .text(jws)])
                try raiseHighWater(signed)
                return existing == nil ? .imported : .updated
            }
        }
    }

    /// Stores verified renewal info by originalTransactionId, newest signed copy winning.
    public func upsertRenewal(jws: String, payload: JWSRenewalInfoDecodedPayload) throws(StoreError) -> UpsertOutcome {
        guard let original = payload.originalTransactionId else {
            throw .invalidContent(path: path, reason: "renewal info without originalTransactionId cannot be stored")
        }
        let signed = payload.signedDate ?? 0
        return try run {
            try db.transaction {
                let existing = try db.query("SELECT signed_date, jws FROM renewals WHERE original_transaction_id = ?", [.text(original)]).first
                if let existing, existing[1].text == jws || (existing[0].double ?? 0) > signed { return .unchanged }
                try db.query("""
                    INSERT INTO renewals (original_transaction_id, signed_date, jws) VALUES (?, ?, ?)
                    ON CONFLICT (original_transaction_id) DO UPDATE SET signed_date = excluded.signed_date, jws = excluded.jws
                    """, [.text(original), .real(signed), .text(jws)])
                try raiseHighWater(signed)
                return existing == nil ? .imported : .updated
            }
        }
    }

    /// Whether a stored copy carries a revocation date (it was verified when it was stored; the
    /// gate verifies it again before relying on it).
    static func isRevoked(_ jws: String?) -> Bool {
        guard let jws, let parsed = try? CompactJWS(jws),
              let payload = try? JSONDecoder().decode(JWSTransactionDecodedPayload.self, from: parsed.payload) else { return false }
        return payload.revocationDate != nil
    }

    /// Every stored transaction, newest purchase first within each product.
    public func transactions() throws(StoreError) -> [StoredTransaction] {
        try run {
            try db.query("""
                SELECT transaction_id, product_id, purchase_date, signed_date, environment, jws FROM transactions
                ORDER BY product_id, purchase_date DESC, signed_date DESC, transaction_id DESC
                """).map(Self.storedTransaction)
        }
    }

    public func transaction(id: String) throws(StoreError) -> StoredTransaction? {
        try run {
            try db.query("SELECT transaction_id, product_id, purchase_date, signed_date, environment, jws FROM transactions WHERE transaction_id = ?",
                         [.text(id)]).first.map(Self.storedTransaction)
        }
    }

    /// The products that have transactions, sorted.
    public func productIds() throws(StoreError) -> [String] {
        try run { try db.query("SELECT DISTINCT product_id FROM transactions ORDER BY product_id").compactMap { $0.first?.text } }
    }

    /// One product's transactions, newest purchase first, a page at a time: the gate reads
    /// only as far as the first one that verifies.
    public func transactions(productId: String, offset: Int, limit: Int) throws(StoreError) -> [StoredTransaction] {
        try run {
            try db.query("""
                SELECT transaction_id, product_id, purchase_date, signed_date, environment, jws FROM transactions
                WHERE product_id = ? ORDER BY purchase_date DESC, signed_date DESC, transaction_id DESC LIMIT ? OFFSET ?
                """, [.text(productId), .integer(Int64(limit)), .integer(Int64(offset))]).map(Self.storedTransaction)
        }
    }

    static func storedTransaction(_ row: [SQLiteValue]) -> StoredTransaction {
        StoredTransaction(transactionId: row[0].text ?? "", productId: row[1].text ?? "", purchaseDate: row[2].double ?? 0,
                          signedDate: row[3].double ?? 0, environment: row[4].text, jws: row[5].text ?? "")
    }

    /// The stored renewal info JWS of a subscription, if any.
    public func renewalJWS(originalTransactionId: String) throws(StoreError) -> String? {
        try run {
            try db.query("SELECT jws FROM renewals WHERE original_transaction_id = ?", [.text(originalTransactionId)]).first?.first?.text
        }
    }

    public func transactionCount() throws(StoreError) -> Int {
        try run { Int(try db.query("SELECT COUNT(*) FROM transactions").first?.first?.integer ?? 0) }
    }

    /// Removes the transactions (and their renewal info) of one environment.
    @discardableResult
    public func deleteTransactions(environment: StoreEnvironment) throws(StoreError) -> Int {
        try run {
            try db.transaction {
                let ids = try db.query("SELECT original_transaction_id FROM transactions WHERE environment = ?", [.text(environment.rawValue)])
                    .compactMap { $0.first?.text }
                for id in ids { try db.query("DELETE FROM renewals WHERE original_transaction_id = ?", [.text(id)]) }
                try db.query("DELETE FROM transactions WHERE environment = ?", [.text(environment.rawValue)])
                return ids.count
            }
        }
    }

    // MARK: Clock

    /// The newest signedDate (ms) of anything ever imported: entitlements are never evaluated at
    /// an earlier moment, so turning the clock back cannot revive an expired subscription.
    public func highWaterMark() throws(StoreError) -> Double {
        try run { Double(try meta("highWaterSignedDate") ?? "0") ?? 0 }
    }

    func raiseHighWater(_ signed: Double) throws(SQLiteError) {
        let current = Double(try meta("highWaterSignedDate") ?? "0") ?? 0
        if signed > current { try setMeta("highWaterSignedDate", String(signed)) }
    }

    public func raiseHighWaterMark(to signed: Double) throws(StoreError) {
        try run { try raiseHighWater(signed) }
    }
}
