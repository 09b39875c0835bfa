/// A thin, throwing wrapper over the SQLite C API: open, statements, bindings, transactions.
import CSQLite
import Foundation

/// A SQLite failure, with SQLite's own message.
public struct SQLiteError: Error, Sendable, CustomStringConvertible {
    public var code: Int32
    public var message: String
    /// The `errno` of the system call that failed under it (`EFBIG` past `ulimit -f`), else 0.
    public var systemErrno: Int32 = 0
    public var description: String { message }
}

/// One connection. Not shared between threads.
final class SQLiteDatabase {
    private var handle: OpaquePointer?

    /// Opens (and with `create`, creates) the database file. A busy timeout lets concurrent
    /// imports and batch runs wait for each other instead of failing.
    ///
    /// `readOnly` opens a file this process cannot write (another user's store, a read-only
    /// mount) as an immutable snapshot: SQLite's ordinary read-only mode still needs to create
    /// the `-shm` file of a WAL database beside it, and fails where it cannot.
    init(path: String, create: Bool, readOnly: Bool = false) throws(SQLiteError) {
        var db: OpaquePointer?
        let rc: Int32
        if readOnly {
            // A write-ahead log with content holds changes not yet in the file (a refund, say):
            // an immutable snapshot would not see them, so then SQLite's read-only mode reads
            // the log (it needs the `-shm` file beside it, and fails without).
            let log =
                (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? NSNumber)?.intValue ?? 0
            let uri = Self.uri(path) + (log > 0 ? "?mode=ro" : "?mode=ro&immutable=1")
            rc = sqlite3_open_v2(uri, &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX, nil)
        } else {
            rc = sqlite3_open_v2(
                path, &db, SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0) | SQLITE_OPEN_NOMUTEX, nil)
        }
        guard rc == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            let system = db.map { sqlite3_system_errno($0) } ?? 0
            sqlite3_close(db)
            throw SQLiteError(code: rc, message: message, systemErrno: system)
        }
        handle = db
        sqlite3_busy_timeout(db, Int32(Self.defaultTimeLimit * 1000))
        sqlite3_extended_result_codes(db, 1)
        // The store's schema is the program's: whatever triggers or views a hand-edited file
        // holds never run (a recursive trigger on `meta` would hang every check), and the schema
        // cannot be changed through this connection by anything but our own statements.
        for (op, value) in [
            (SQLITE_DBCONFIG_DEFENSIVE, 1), (SQLITE_DBCONFIG_ENABLE_TRIGGER, 0), (SQLITE_DBCONFIG_ENABLE_VIEW, 0),
            (SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0), (SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0),
        ] {
            let rc = csqlite_db_config_int(db, op, Int32(value))
            guard rc == SQLITE_OK else {
                sqlite3_close(db)
                throw SQLiteError(code: rc, message: "cannot configure the connection defensively")
            }
        }
        // Every statement is bounded in time, whatever the file holds: past the limit SQLite
        // stops it (SQLITE_INTERRUPT) and the caller gets an error, never a hang.
        sqlite3_progress_handler(
            db, 10_000,
            { context in
                guard let context else { return 0 }
                let database = Unmanaged<SQLiteDatabase>.fromOpaque(context).takeUnretainedValue()
                return DispatchTime.now().uptimeNanoseconds > database.deadline ? 1 : 0
            }, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit { sqlite3_close_v2(handle) }

    /// Seconds a statement may run, and a writer may wait for another's lock.
    static let defaultTimeLimit: Double = 10
    /// Seconds a statement of this connection may run (tests shorten it).
    var timeLimit = SQLiteDatabase.defaultTimeLimit

    /// When the running statement must have finished (monotonic nanoseconds).
    private var deadline: UInt64 = .max

    private func startClock() {
        deadline = DispatchTime.now().uptimeNanoseconds + UInt64(timeLimit * 1_000_000_000)
    }

    /// The message for a statement the progress handler stopped.
    private func interrupted(_ rc: Int32) -> SQLiteError {
        if rc & 0xFF == SQLITE_INTERRUPT {
            return SQLiteError(
                code: rc,
                message:
                    "it took longer than \(Int(timeLimit.rounded(.up))) s to answer (a runaway query: the file may have been edited by hand)"
            )
        }
        return SQLiteError(code: rc, message: lastMessage, systemErrno: sqlite3_system_errno(handle))
    }

    /// `file:` and the path with every byte outside a plain path percent-escaped (`?`, `#`, `%`
    /// and the like would end or change the URI).
    static func uri(_ path: String) -> String {
        var out = "file:"
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "/"), UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "_"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += String(format: "%%%02X", byte)
            }
        }
        return out
    }

    func execute(_ sql: String) throws(SQLiteError) {
        var error: UnsafeMutablePointer<CChar>?
        startClock()
        let rc = sqlite3_exec(handle, sql, nil, nil, &error)
        if rc != SQLITE_OK {
            let message = error.map { String(cString: $0) } ?? lastMessage
            sqlite3_free(error)
            if rc & 0xFF == SQLITE_INTERRUPT { throw interrupted(rc) }
            throw SQLiteError(code: rc, message: message, systemErrno: sqlite3_system_errno(handle))
        }
    }

    /// Runs `sql` with `bindings` and returns every row.
    @discardableResult
    func query(_ sql: String, _ bindings: [SQLiteValue] = []) throws(SQLiteError) -> [[SQLiteValue]] {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw SQLiteError(
                code: sqlite3_errcode(handle), message: lastMessage, systemErrno: sqlite3_system_errno(handle))
        }
        defer { sqlite3_finalize(statement) }
        for (i, value) in bindings.enumerated() {
            let index = Int32(i + 1)
            let rc: Int32
            switch value {
            case .null: rc = sqlite3_bind_null(statement, index)
            case let .integer(v): rc = sqlite3_bind_int64(statement, index, v)
            case let .real(v): rc = sqlite3_bind_double(statement, index, v)
            case let .text(v): rc = sqlite3_bind_text(statement, index, v, -1, Self.transient)
            case let .blob(v):
                rc = v.withUnsafeBytes {
                    sqlite3_bind_blob(statement, index, $0.baseAddress, Int32($0.count), Self.transient)
                }
            }
            guard rc == SQLITE_OK else { throw SQLiteError(code: rc, message: lastMessage) }
        }
        var rows: [[SQLiteValue]] = []
        startClock()
        while true {
            let rc = sqlite3_step(statement)
            if rc == SQLITE_DONE { break }
            guard rc == SQLITE_ROW else { throw interrupted(rc) }
            let count = sqlite3_column_count(statement)
            rows.append((0..<count).map { column(statement, $0) })
        }
        return rows
    }

    /// Runs `body` inside `BEGIN IMMEDIATE … COMMIT`, rolling back on any error, so readers
    /// never see half an import.
    /// `body` with SQLite's wait for a busy lock off: a write that is only worth doing when the
    /// store is free fails at once rather than after the usual wait.
    func withoutWaiting<T>(_ body: () throws -> T) rethrows -> T {
        sqlite3_busy_timeout(handle, 0)
        defer { sqlite3_busy_timeout(handle, Int32(Self.defaultTimeLimit * 1000)) }
        return try body()
    }

    func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    private func column(_ statement: OpaquePointer, _ i: Int32) -> SQLiteValue {
        switch sqlite3_column_type(statement, i) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, i))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, i))
        case SQLITE_TEXT: return .text(String(cString: sqlite3_column_text(statement, i)))
        case SQLITE_BLOB:
            let n = Int(sqlite3_column_bytes(statement, i))
            guard n > 0, let p = sqlite3_column_blob(statement, i) else { return .blob(Data()) }
            return .blob(Data(bytes: p, count: n))
        default: return .null
        }
    }

    private var lastMessage: String { String(cString: sqlite3_errmsg(handle)) }

    /// SQLITE_TRANSIENT is a macro: SQLite copies the bytes before the call returns.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}

/// A value in or out of SQLite.
enum SQLiteValue: Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)

    var text: String? { if case let .text(v) = self { v } else { nil } }
    var blob: Data? { if case let .blob(v) = self { v } else { nil } }
    var double: Double? {
        switch self {
        case let .real(v): v
        case let .integer(v): Double(v)
        default: nil
        }
    }
    var integer: Int64? { if case let .integer(v) = self { v } else { nil } }
}
