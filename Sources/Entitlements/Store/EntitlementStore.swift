/// The local entitlement store: raw signed transactions and renewal info in SQLite, plus its configuration.
import CSQLite
import Foundation
import StrictJSON

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
    /// With `environment` and `signer`, what identifies it in the store.
    public var transactionId: String
    public var productId: String
    public var purchaseDate: Double
    public var signedDate: Double
    public var environment: String?
    /// The SHA-256 fingerprint of the root its chain verified to when it was stored; "" for a
    /// payload accepted without a chain (Xcode).
    public var signer: String
    /// "PURCHASED" or "FAMILY_SHARED".
    public var ownershipType: String?
    public var jws: String
}

/// The transactions that share one status, as StoreKit keeps them: one product, one ownership
/// (purchased or family shared), one environment; and here one signer, so that a transaction
/// signed under a root the user trusted never decides over a purchase. The newest verified
/// transaction of a group decides it.
public struct TransactionGroup: Sendable, Equatable, Hashable {
    public var productId: String
    public var ownershipType: String?
    public var environment: String?
    public var signer: String = ""
}

/// What an upsert did.
public enum UpsertOutcome: Sendable, Equatable {
    /// Stored, new; stored in place of an earlier copy; the very same copy was already stored.
    case imported, updated, unchanged
    /// Not stored: the store holds another copy signed later (at `storedSigned`, ms), which the
    /// older one never replaces.
    case keptNewer(storedSigned: Double)
    /// Not stored: the store holds a revoked copy signed at the same moment, and a refund is never
    /// undone by a copy without it.
    case keptRevoked
}

/// An embedded SQLite database of App Store signed transactions.
///
/// Write-ahead logging and `BEGIN IMMEDIATE` transactions let concurrent imports and batch runs
/// proceed without ever seeing half an import. A file that is not our database is an error.
public final class EntitlementStore {
    /// 2 added `transactions.ownership_type` (statuses per ownership); 3 keys transactions and
    /// renewal info by environment, signer and id (a test transaction with a purchase's id is
    /// another transaction). An older store is upgraded in place the first time it is opened
    /// where it can be written.
    static let schemaVersion = 3
    static let fileName = "entitlements.sqlite"

    public let directory: String
    public var path: String { Self.path(directory: directory) }

    /// The database file of the store in `directory` (which may not exist).
    public static func path(directory: String) -> String { directory + "/" + fileName }
    let db: SQLiteDatabase
    /// Opened as a read-only snapshot: this process cannot write the store.
    public let readOnly: Bool

    /// `$EXPORT_ITINERARY_HOME`, else `$XDG_DATA_HOME/export-itinerary`, else `~/.local/share/export-itinerary`.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let home = environment["EXPORT_ITINERARY_HOME"], !home.isEmpty { return home }
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") { return xdg + "/export-itinerary" }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return home + "/.local/share/export-itinerary"
    }

    /// Opens the store in `directory`; nil when there is none (nobody has imported anything).
    /// Something that is not a database file in its place (a FIFO, a directory, a link to
    /// nowhere) is an error naming it, never "no store".
    public static func openExisting(directory: String) throws(StoreError) -> EntitlementStore? {
        guard try inspectFiles(directory: directory) else { return nil }
        return try EntitlementStore(directory: directory, create: false)
    }

    /// Opens the store in `directory`, creating the directory and database when missing. For
    /// the commands that write: a store this user cannot write is refused here, by name.
    public static func openOrCreate(directory: String) throws(StoreError) -> EntitlementStore {
        let exists = try inspectFiles(directory: directory)
        do {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
        } catch {
            throw .unreadable(path: directory, reason: "cannot create the directory: \(error.localizedDescription)")
        }
        if exists { try requireWritable(file: directory + "/" + fileName, directory: directory) }
        return try EntitlementStore(directory: directory, create: true)
    }

    /// Refuses a store this process cannot write, before a command that changes it starts.
    /// (Reading commands never call it: a read-only store still answers the gate.)
    public func requireWritable() throws(StoreError) {
        try Self.requireWritable(file: path, directory: directory)
    }

    /// The file, then the folder SQLite writes its log and index in, must be writable.
    private static func requireWritable(file: String, directory: String) throws(StoreError) {
        if access(file, W_OK) != 0 { throw .readOnly(path: file, folder: false) }
        if access(directory, W_OK) != 0 { throw .readOnly(path: file, folder: true) }
    }

    private init(directory: String, create: Bool) throws(StoreError) {
        self.directory = directory
        let file = directory + "/" + Self.fileName
        if !create, !FileManager.default.isReadableFile(atPath: file) {
            throw .unreadable(path: file, reason: "permission denied")
        }
        // A store this process may read but not write still answers the gate (issue 9): another
        // user's, or one mounted read-only (a Kubernetes Secret holding only the database).
        readOnly = !create && (access(directory, W_OK) != 0 || access(file, W_OK) != 0)
        do {
            db = try SQLiteDatabase(path: file, create: create, readOnly: readOnly)
        } catch {
            throw Self.explained(Self.classify(error, file: file), readOnly: readOnly)
        }
        do {
            try prepareSchema(file: file, create: create)
        } catch {
            throw Self.explained(error, readOnly: readOnly)
        }
    }

    /// SQLite's "unable to open database file" for a store that cannot be written and whose
    /// write-ahead log holds changes: reading the log needs its `-shm` index, which SQLite
    /// cannot create there. Say so, and what to do.
    private static func explained(_ error: StoreError, readOnly: Bool) -> StoreError {
        guard readOnly, case let .unreadable(path, _) = error else { return error }
        let log = (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? NSNumber)?.intValue ?? 0
        guard log > 0, !FileManager.default.fileExists(atPath: path + "-shm") else { return error }
        return .pendingLog(path: path)
    }

    /// Checks the file is our database (creating the tables in a new one) and sound.
    private func prepareSchema(file: String, create: Bool) throws(StoreError) {
        do {
            // The first read of a file that is not SQLite fails here ("file is not a database").
            var tables = try db.query("SELECT name FROM sqlite_master WHERE type = 'table'").compactMap {
                $0.first?.text
            }
            if tables.isEmpty {
                guard create else { throw StoreError.corrupt(path: file, reason: "it holds no entitlement tables") }
                try db.execute("PRAGMA journal_mode = WAL")
                // Several processes may be creating one new store at once: the check that it is
                // empty is made again inside the write transaction, so only one creates the
                // tables and the others find them (concurrent `entitlements init` all succeed).
                let created = try db.transaction { () throws -> Bool in
                    let now = try db.query("SELECT name FROM sqlite_master WHERE type = 'table'").compactMap {
                        $0.first?.text
                    }
                    guard now.isEmpty else { return false }
                    try db.execute(Self.schemaSQL)
                    try db.query(
                        "INSERT INTO meta (key, value) VALUES ('schemaVersion', ?)", [.text(String(Self.schemaVersion))]
                    )
                    return true
                }
                if created { return }
                tables = try db.query("SELECT name FROM sqlite_master WHERE type = 'table'").compactMap {
                    $0.first?.text
                }
            }
            for table in ["meta", "trusted_roots", "transactions", "renewals"] where !tables.contains(table) {
                throw StoreError.corrupt(path: file, reason: "the table \(table) is missing")
            }
            if !readOnly { try upgrade() }
            guard let version = try meta("schemaVersion") else {
                throw StoreError.corrupt(path: file, reason: "no schema version")
            }
            if ["1", "2"].contains(version), readOnly {
                throw StoreError.needsUpgrade(path: file)
            }
            guard version == String(Self.schemaVersion) else {
                throw StoreError.corrupt(
                    path: file,
                    reason:
                        "schema version \(version) is not \(Self.schemaVersion): made by another version of export-itinerary"
                )
            }
            try checkSchema(file: file)
            // A full integrity check reads every page (25 ms for 10,000 transactions): it runs
            // before writes. The gate's reads rely on SQLite reporting damage in the pages they
            // touch, and on re-verifying every payload they use, so damage is never a grant.
            if create {
                let check = try db.query("PRAGMA quick_check").compactMap { $0.first?.text }
                guard check == ["ok"] else {
                    throw StoreError.corrupt(path: file, reason: check.prefix(3).joined(separator: "; "))
                }
            }
        } catch let error as StoreError {
            throw error
        } catch let error as SQLiteError {
            throw Self.classify(error, file: file)
        } catch {
            throw .unreadable(path: file, reason: "\(error)")
        }
    }

    /// The store holds only what this program makes, as it makes it: its four tables and the
    /// group index, each defined as `schemaSQL` defines it. A trigger, a view, another table or
    /// index, or one of ours redefined (a CHECK that takes seconds to evaluate, an index on an
    /// expression) is refused before anything reads or writes the store; triggers and views are
    /// off on the connection besides. (An older store was rebuilt by `upgrade` before this.)
    private func checkSchema(file: String) throws {
        let expected = try Self.definitions()
        for row in try db.query("SELECT type, name, sql FROM sqlite_master ORDER BY type, name") {
            guard let type = row[0].text, let name = row[1].text else { continue }
            // SQLite's own indexes for primary keys have no definition.
            if type == "index", name.hasPrefix("sqlite_autoindex_"), row[2].text == nil { continue }
            guard let definition = expected[name], type == "table" || type == "index" else {
                throw StoreError.corrupt(
                    path: file, reason: "it holds a \(type) \"\(name)\" that export-itinerary did not make")
            }
            guard let sql = row[2].text, Self.normalised(sql) == definition else {
                throw StoreError.corrupt(
                    path: file, reason: "its \(name) is not defined as export-itinerary defines it")
            }
        }
    }

    /// Makes `definitions` now, for a thread with time to spare before a store is opened
    /// (`OpenSSLWarmUp`); a failure is left for `checkSchema` to meet and report.
    static func prepareDefinitions() { _ = try? definitions() }

    /// The definitions this program writes, as SQLite records them: made once per process in
    /// a database in memory (under a lock: two gates may open stores on two threads at once).
    private static func definitions() throws -> [String: String] {
        definitionsLock.lock()
        defer { definitionsLock.unlock() }
        if let known = definitionsMade { return known }
        let db = try SQLiteDatabase(path: ":memory:", create: true)
        try db.execute(schemaSQL)
        var made: [String: String] = [:]
        for row in try db.query("SELECT name, sql FROM sqlite_master WHERE sql IS NOT NULL") {
            if let name = row[0].text, let sql = row[1].text { made[name] = normalised(sql) }
        }
        definitionsMade = made
        return made
    }

    private static let definitionsLock = NSLock()
    /// Read and written only under `definitionsLock`.
    nonisolated(unsafe) private static var definitionsMade: [String: String]?

    /// `sql` with every run of white space one space, and none beside brackets and commas.
    static func normalised(_ sql: String) -> String {
        var out = ""
        var pendingSpace = false
        for character in sql {
            if character.isWhitespace { pendingSpace = !out.isEmpty; continue }
            if pendingSpace, !"(),".contains(character), let last = out.last, !"(,".contains(last) { out.append(" ") }
            pendingSpace = false
            out.append(character)
        }
        return out
    }

    /// The whole schema a new store gets.
    static let schemaSQL = """
        CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        CREATE TABLE trusted_roots (fingerprint TEXT PRIMARY KEY, der BLOB NOT NULL, label TEXT NOT NULL,
                                    added INTEGER NOT NULL);
        \(signedTablesSQL)
        \(groupIndexSQL)
        """

    /// The signed items, each identified by its environment, its signer (the SHA-256 fingerprint
    /// of the root its chain ends at, "" for none: Xcode) and its id. StoreKit keeps one
    /// transaction per id; here a Sandbox, LocalTesting or user-signed copy that reuses a
    /// purchase's id is another transaction, so it can never replace or delete the purchase.
    static let signedTablesSQL = """
        CREATE TABLE transactions (environment TEXT NOT NULL, signer TEXT NOT NULL, transaction_id TEXT NOT NULL,
                                   original_transaction_id TEXT, product_id TEXT NOT NULL, purchase_date REAL NOT NULL,
                                   signed_date REAL NOT NULL, jws TEXT NOT NULL, ownership_type TEXT NOT NULL,
                                   PRIMARY KEY (environment, signer, transaction_id));
        CREATE TABLE renewals (environment TEXT NOT NULL, signer TEXT NOT NULL, original_transaction_id TEXT NOT NULL,
                               signed_date REAL NOT NULL, jws TEXT NOT NULL,
                               PRIMARY KEY (environment, signer, original_transaction_id));
        """

    /// The gate reads each group (product, ownership, environment, signer) newest first: an index
    /// holding the group and the order lets SQLite read just the rows it returns, instead of
    /// sorting every transaction of the product (reading each one's JWS) first.
    static let groupIndexSQL = """
        CREATE INDEX IF NOT EXISTS transactions_by_group ON transactions
            (product_id, ownership_type, environment, signer, purchase_date DESC, signed_date DESC, transaction_id DESC);
        """

    /// Brings a store made by an earlier version up to this one, in one write transaction. The
    /// signed tables are rebuilt: each row's signer is the root its chain verifies to now, with
    /// the store's own trusted roots and bundle id (a row that does not verify gets none, and
    /// the gate, which verifies every row it uses, ignores it as before); version 1's missing
    /// `ownership_type` is read from each payload (an index column like the others, checked
    /// against the verified payload whenever it is used). A read-only store is left as it is
    /// (an old one is then an error, never a grant).
    private func upgrade() throws {
        guard let found = try meta("schemaVersion"), ["1", "2"].contains(found) else { return }
        do {
            try db.transaction {
                // another process upgraded it
                guard let version = try meta("schemaVersion"), ["1", "2"].contains(version) else { return }
                let columns = Set(try db.query("PRAGMA table_info(transactions)").compactMap { $0[1].text })
                let ownership = columns.contains("ownership_type") ? "ownership_type" : "NULL"
                let transactions = try db.query(
                    """
                    SELECT transaction_id, original_transaction_id, product_id, purchase_date, signed_date,
                           COALESCE(environment, ''), jws, \(ownership) FROM transactions
                    """)
                let renewals = try db.query("SELECT original_transaction_id, signed_date, jws FROM renewals")
                try db.execute(
                    """
                    DROP TABLE transactions;
                    DROP TABLE renewals;
                    \(Self.signedTablesSQL)
                    \(Self.groupIndexSQL)
                    """)
                let verifier = try? upgradeVerifier()
                for row in transactions {
                    guard let id = row[0].text, let jws = row[6].text else { continue }
                    let signer = (try? verifier?.verifiedTransaction(jws))?.rootFingerprint ?? ""
                    let owner = row[7].text ?? Self.unverifiedPayload(jws)?.inAppOwnershipType ?? ""
                    try db.query(
                        """
                        INSERT OR IGNORE INTO transactions (environment, signer, transaction_id, original_transaction_id, product_id,
                                                            purchase_date, signed_date, jws, ownership_type)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """,
                        [row[5], .text(signer), .text(id), row[1], row[2], row[3], row[4], .text(jws), .text(owner)])
                }
                for row in renewals {
                    guard let original = row[0].text, let jws = row[2].text else { continue }
                    let verified = try? verifier?.verifiedRenewalInfo(jws)
                    let environment = verified?.payload.environment ?? Self.unverifiedEnvironment(jws) ?? ""
                    try db.query(
                        """
                        INSERT OR IGNORE INTO renewals (environment, signer, original_transaction_id, signed_date, jws)
                        VALUES (?, ?, ?, ?, ?)
                        """,
                        [
                            .text(environment), .text(verified?.rootFingerprint ?? ""), .text(original), row[1],
                            .text(jws),
                        ])
                }
                // One mark for every environment let a test purchase move a real subscription's
                // clock (issue 9); the marks are per environment now and this one is retired.
                try db.query("DELETE FROM meta WHERE key = 'highWaterSignedDate'")
                try setMeta("schemaVersion", String(Self.schemaVersion))
            }
        } catch let error as SQLiteError
            where error.code & 0xFF == SQLITE_READONLY || error.code & 0xFF == SQLITE_CANTOPEN
        {
            return
        }
    }

    /// The environment a stored renewal payload names, read without verification.
    static func unverifiedEnvironment(_ jws: String) -> String? {
        guard let parsed = try? CompactJWS(jws) else { return nil }
        return (try? JWSRenewalInfoDecodedPayload.read(from: parsed.payload))?.environment
    }

    /// A stored payload read without verification, for index columns only.
    static func unverifiedPayload(_ jws: String?) -> JWSTransactionDecodedPayload? {
        guard let jws, let parsed = try? CompactJWS(jws) else { return nil }
        return try? JWSTransactionDecodedPayload.read(from: parsed.payload)
    }

    static func classify(_ error: SQLiteError, file: String) -> StoreError {
        if error.systemErrno == EFBIG { return .fileSizeLimit(path: file) }
        switch error.code & 0xFF {
        case SQLITE_NOTADB, SQLITE_CORRUPT, SQLITE_FORMAT: return .corrupt(path: file, reason: error.message)
        case SQLITE_BUSY: return .busy(path: file, holder: StoreLockHolder.describe(file: file))
        case SQLITE_READONLY:
            let folder = (file as NSString).deletingLastPathComponent
            return .readOnly(path: file, folder: access(file, W_OK) == 0 && access(folder, W_OK) != 0)
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
        try db.query(
            "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            [.text(key), .text(value)])
    }

    public func value(forKey key: String) throws(StoreError) -> String? { try run { try meta(key) } }

    /// Takes the next value of an integer counter kept in meta (`first` when unset), in one
    /// write transaction, so concurrent processes never take the same value.
    package func takeCounter(_ key: String, first: Int) throws(StoreError) -> Int {
        try run {
            try db.transaction {
                // A counter someone wrote by hand: a value that is not a count, or the largest
                // one, is the store's fault to report, never a wrap-around or a trap.
                guard let stored = try meta(key) else {
                    try setMeta(key, String(first + 1))
                    return first
                }
                guard let next = Int(stored), next >= first, next < Int.max else {
                    throw StoreError.invalidContent(
                        path: path,
                        reason:
                            "\(key) is \(MessageText.quoted(stored)), not a count from \(first) below \(Int.max): set it to a number above every one it has given"
                    )
                }
                try setMeta(key, String(next + 1))
                return next
            }
        }
    }
    public func setValue(_ value: String, forKey key: String) throws(StoreError) { try run { try setMeta(key, value) } }
}
