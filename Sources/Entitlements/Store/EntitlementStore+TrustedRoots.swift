/// The root certificates the store trusts.
import Foundation
import StrictJSON

extension EntitlementStore {
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
                let exists = try !db.query("SELECT 1 FROM trusted_roots WHERE fingerprint = ?", [.text(fingerprint)])
                    .isEmpty
                if exists { return false }
                // The order roots were trusted in: the next number after the largest stored. One
                // written by hand (the largest integer, a text) is the store's error, never an
                // overflow nor a number given twice.
                let last = try db.query("SELECT MAX(added) FROM trusted_roots").first?.first ?? .null
                let next: Int64
                switch last {
                case .null: next = 1
                case let .integer(value) where value >= 0 && value < Int64.max: next = value + 1
                default:
                    throw StoreError.invalidContent(
                        path: path,
                        reason:
                            "trusted_roots.added holds \(Self.shown(last)), not a count below \(Int64.max): set it to a small number"
                    )
                }
                try db.query(
                    "INSERT INTO trusted_roots (fingerprint, der, label, added) VALUES (?, ?, ?, ?)",
                    [.text(fingerprint), .blob(der), .text(label), .integer(next)])
                return true
            }
        }
    }

    /// A stored value as a message shows it.
    private static func shown(_ value: SQLiteValue) -> String {
        switch value {
        case .null: "NULL"
        case let .integer(v): String(v)
        case let .real(v): String(v)
        case let .text(v): MessageText.quoted(v)
        case let .blob(v): "a blob of \(v.count) bytes"
        }
    }

    /// The local test CA, read or made and saved in one write transaction: the saved authority,
    /// or the one `make` creates when none is saved yet. Concurrent calls leave exactly one
    /// authority (and so one trusted local root): the
    /// first to take the write lock creates it, the others find it. Returns the authority's
    /// serialized form and whether this call created it.
    package func localTestingAuthority(
        key: String, make: () throws -> String
    ) throws(StoreError) -> (serialized: String, created: Bool) {
        guard try configuration() != nil else { throw .notInitialized(path: path) }
        return try run {
            try db.transaction {
                if let saved = try meta(key) { return (saved, false) }
                let made = try make()
                try setMeta(key, made)
                return (made, true)
            }
        }
    }

    /// Removes the local test CA (its root, its key, the record of its root) and every
    /// LocalTesting transaction, and stops accepting LocalTesting, in one write transaction.
    /// Returns how many transactions were removed.
    package func disableLocalTesting() throws(StoreError) -> Int {
        guard let config = try configuration() else { throw .notInitialized(path: path) }
        return try run {
            try db.transaction {
                let local = try meta(Self.localTestingRootKey)
                try db.query(
                    "DELETE FROM trusted_roots WHERE label = ? OR fingerprint = ?",
                    [.text(Self.localTestingRootLabel), local.map(SQLiteValue.text) ?? .null])
                try db.query(
                    "DELETE FROM meta WHERE key IN (?, ?)",
                    [.text(Self.localTestingRootKey), .text(Self.localTestingAuthorityKey)])
                let removed = try removeTransactions(environment: .localTesting)
                try setMeta(
                    "environments",
                    config.environments.filter { $0 != .localTesting }.map(\.rawValue).joined(separator: ","))
                return removed
            }
        }
    }
}
