/// Signed transactions and renewal info: upserts by environment, signer and id, and reads newest first.
import Foundation

extension EntitlementStore {
    /// Stores a verified transaction by environment, signer (`rootFingerprint`: the root its
    /// chain verified to, nil for none) and transactionId. A copy signed later replaces an
    /// earlier one (a refund is the same transaction re-signed with a revocation date); an older
    /// or identical copy changes nothing, and neither does a copy without a revocation date
    /// signed at the same moment as a stored revoked one (a refund is never undone by a replay).
    /// A copy from another environment or signer is another transaction. `grade` says whose
    /// clock mark the signing date may raise (a test purchase never moves a purchase's).
    public func upsertTransaction(
        jws: String, payload: JWSTransactionDecodedPayload, rootFingerprint: String?,
        grade: EntitlementGrade
    ) throws(StoreError) -> UpsertOutcome {
        guard let id = payload.transactionId, let product = payload.productId else {
            throw .invalidContent(
                path: path, reason: "a transaction without transactionId or productId cannot be stored")
        }
        try Self.refuseNUL(
            [
                ("transactionId", id), ("productId", product), ("originalTransactionId", payload.originalTransactionId),
                ("environment", payload.environment), ("inAppOwnershipType", payload.inAppOwnershipType),
            ], path: path)
        let signed = payload.signedDate ?? 0
        let environment = payload.environment ?? "", signer = rootFingerprint ?? ""
        return try run {
            try db.transaction {
                let existing = try db.query(
                    "SELECT signed_date, jws FROM transactions WHERE environment = ? AND signer = ? AND transaction_id = ?",
                    [.text(environment), .text(signer), .text(id)]
                ).first
                if let existing {
                    let existingSigned = existing[0].double ?? 0
                    if existing[1].text == jws { return .unchanged }
                    if existingSigned > signed { return .keptNewer(storedSigned: existingSigned) }
                    if existingSigned == signed, payload.revocationDate == nil, Self.isRevoked(existing[1].text) {
                        return .keptRevoked
                    }
                }
                try db.query(
                    """
                    INSERT INTO transactions (environment, signer, transaction_id, original_transaction_id, product_id,
                                              purchase_date, signed_date, jws, ownership_type)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (environment, signer, transaction_id) DO UPDATE SET
                        original_transaction_id = excluded.original_transaction_id, product_id = excluded.product_id,
                        purchase_date = excluded.purchase_date, signed_date = excluded.signed_date, jws = excluded.jws,
                        ownership_type = excluded.ownership_type
                    """,
                    [
                        .text(environment), .text(signer), .text(id),
                        payload.originalTransactionId.map(SQLiteValue.text) ?? .null,
                        .text(product), .real(payload.purchaseDate ?? 0), .real(signed), .text(jws),
                        .text(payload.inAppOwnershipType ?? ""),
                    ])
                try raiseHighWater(signed, grade: grade)
                return existing == nil ? .imported : .updated
            }
        }
    }

    /// Stores verified renewal info by environment, signer and originalTransactionId, newest
    /// signed copy winning.
    public func upsertRenewal(
        jws: String, payload: JWSRenewalInfoDecodedPayload, rootFingerprint: String?,
        grade: EntitlementGrade
    ) throws(StoreError) -> UpsertOutcome {
        guard let original = payload.originalTransactionId else {
            throw .invalidContent(path: path, reason: "renewal info without originalTransactionId cannot be stored")
        }
        try Self.refuseNUL([("originalTransactionId", original), ("environment", payload.environment)], path: path)
        let signed = payload.signedDate ?? 0
        let key: [SQLiteValue] = [.text(payload.environment ?? ""), .text(rootFingerprint ?? ""), .text(original)]
        return try run {
            try db.transaction {
                let existing = try db.query(
                    "SELECT signed_date, jws FROM renewals WHERE environment = ? AND signer = ? AND original_transaction_id = ?",
                    key
                ).first
                if let existing {
                    let existingSigned = existing[0].double ?? 0
                    if existing[1].text == jws { return .unchanged }
                    if existingSigned > signed { return .keptNewer(storedSigned: existingSigned) }
                }
                try db.query(
                    """
                    INSERT INTO renewals (environment, signer, original_transaction_id, signed_date, jws) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT (environment, signer, original_transaction_id) DO UPDATE SET
                        signed_date = excluded.signed_date, jws = excluded.jws
                    """, key + [.real(signed), .text(jws)])
                try raiseHighWater(signed, grade: grade)
                return existing == nil ? .imported : .updated
            }
        }
    }

    /// SQLite's text ends at a NUL byte: an id with one would be stored cut short, and could
    /// then name another transaction. Refused, never truncated.
    static func refuseNUL(_ fields: [(String, String?)], path: String) throws(StoreError) {
        for (name, value) in fields where value?.utf8.contains(0) == true {
            throw .invalidContent(path: path, reason: "\(name) contains a NUL character")
        }
    }

    /// Whether a stored copy carries a revocation date (it was verified when it was stored; the
    /// gate verifies it again before relying on it).
    static func isRevoked(_ jws: String?) -> Bool {
        unverifiedPayload(jws)?.revocationDate != nil
    }

    static let columns =
        "transaction_id, product_id, purchase_date, signed_date, environment, ownership_type, jws, signer"

    /// Every stored transaction, newest purchase first within each product.
    public func transactions() throws(StoreError) -> [StoredTransaction] {
        try run {
            try db.query(
                """
                SELECT \(Self.columns) FROM transactions
                ORDER BY product_id, purchase_date DESC, signed_date DESC, transaction_id DESC
                """
            ).map(Self.storedTransaction)
        }
    }

    /// Every stored transaction with this id: one per environment and signer that used it.
    public func transactions(id: String) throws(StoreError) -> [StoredTransaction] {
        try run {
            try db.query(
                "SELECT \(Self.columns) FROM transactions WHERE transaction_id = ? ORDER BY environment, signer",
                [.text(id)]
            ).map(Self.storedTransaction)
        }
    }

    /// The groups that have transactions (product, ownership, environment, signer), sorted.
    ///
    /// A skip scan, one column at a time: each value is one seek in the group index past the
    /// previous one, so listing a handful of groups costs the same with a hundred thousand
    /// transactions as with ten. (`SELECT DISTINCT`, and a row-value comparison over all three
    /// columns, both walk every entry of a product: 21 ms at 100,000 transactions.)
    public func transactionGroups() throws(StoreError) -> [TransactionGroup] {
        try run {
            var groups: [TransactionGroup] = []
            for product in try distinct("product_id", where: [], []) {
                for ownership in try distinct("ownership_type", where: ["product_id"], [.text(product)]) {
                    for environment in try distinct(
                        "environment", where: ["product_id", "ownership_type"], [.text(product), .text(ownership)])
                    {
                        for signer in try distinct(
                            "signer", where: ["product_id", "ownership_type", "environment"],
                            [.text(product), .text(ownership), .text(environment)])
                        {
                            groups.append(
                                TransactionGroup(
                                    productId: product, ownershipType: ownership.isEmpty ? nil : ownership,
                                    environment: environment.isEmpty ? nil : environment, signer: signer))
                        }
                    }
                }
            }
            return groups
        }
    }

    /// The distinct values of `column` (the next column of the group index after the `equal`
    /// ones), in order, each found by a seek past the one before.
    private func distinct(_ column: String, where equal: [String], _ values: [SQLiteValue]) throws -> [String] {
        let prefix = equal.map { "\($0) = ? AND " }.joined()
        var found: [String] = []
        while true {
            let after = found.last.map { [SQLiteValue.text($0)] } ?? []
            let condition =
                found.isEmpty ? (equal.isEmpty ? "" : "WHERE " + prefix.dropLast(5)) : "WHERE \(prefix)\(column) > ?"
            let rows = try db.query(
                "SELECT \(column) FROM transactions \(condition) ORDER BY \(column) LIMIT 1", values + after)
            guard let value = rows.first?.first?.text else { return found }
            found.append(value)
        }
    }

    /// Ownership and environment are stored as "" when a payload has none (so that groups compare
    /// with `=` and seek in the index); read back as nil.
    static func optional(_ value: SQLiteValue) -> String? {
        guard let text = value.text, !text.isEmpty else { return nil }
        return text
    }

    /// One group's transactions, newest purchase first, a page at a time: the gate reads only as
    /// far as the first one that verifies.
    public func transactions(
        in group: TransactionGroup, offset: Int, limit: Int
    ) throws(StoreError) -> [StoredTransaction] {
        try run {
            try db.query(
                """
                SELECT \(Self.columns) FROM transactions
                WHERE product_id = ? AND ownership_type = ? AND environment = ? AND signer = ?
                ORDER BY purchase_date DESC, signed_date DESC, transaction_id DESC LIMIT ? OFFSET ?
                """,
                [
                    .text(group.productId), .text(group.ownershipType ?? ""), .text(group.environment ?? ""),
                    .text(group.signer),
                    .integer(Int64(limit)), .integer(Int64(offset)),
                ]
            )
            .map(Self.storedTransaction)
        }
    }

    static func storedTransaction(_ row: [SQLiteValue]) -> StoredTransaction {
        StoredTransaction(
            transactionId: row[0].text ?? "", productId: row[1].text ?? "", purchaseDate: row[2].double ?? 0,
            signedDate: row[3].double ?? 0, environment: optional(row[4]), signer: row[7].text ?? "",
            ownershipType: optional(row[5]), jws: row[6].text ?? "")
    }

    /// The stored renewal info JWS of a subscription in one environment from one signer, if any.
    public func renewalJWS(
        originalTransactionId: String, environment: String?, signer: String
    ) throws(StoreError) -> String? {
        try run {
            try db.query(
                "SELECT jws FROM renewals WHERE environment = ? AND signer = ? AND original_transaction_id = ?",
                [.text(environment ?? ""), .text(signer), .text(originalTransactionId)]
            ).first?.first?.text
        }
    }

    public func transactionCount() throws(StoreError) -> Int {
        try run { Int(try db.query("SELECT COUNT(*) FROM transactions").first?.first?.integer ?? 0) }
    }

    /// Removes the transactions (and their renewal info) of one environment.
    @discardableResult
    public func deleteTransactions(environment: StoreEnvironment) throws(StoreError) -> Int {
        try run { try db.transaction { try removeTransactions(environment: environment) } }
    }

    /// The deletion itself, inside the caller's write transaction; returns how many went. Only
    /// rows of that environment: a purchase that shares an id with one is another row.
    func removeTransactions(environment: StoreEnvironment) throws -> Int {
        let count =
            try db.query("SELECT COUNT(*) FROM transactions WHERE environment = ?", [.text(environment.rawValue)])
            .first?.first?.integer ?? 0
        try db.query("DELETE FROM renewals WHERE environment = ?", [.text(environment.rawValue)])
        try db.query("DELETE FROM transactions WHERE environment = ?", [.text(environment.rawValue)])
        // Local testing's clock mark goes with its transactions (`storekit-test clear`, `disable`):
        // one purchase made with EXPORT_ITINERARY_NOW years ahead would otherwise hold every later
        // local purchase at that moment, expired, for good. This cannot revive anything:
        // - the mark is LocalTesting's own (`highWaterKey`): purchases are judged by the
        //   Production mark and the evaluation floor, which nothing here touches, and every other
        //   test environment keeps its mark;
        // - the transactions it guarded are deleted in the same write transaction, so no
        //   LocalTesting entitlement remains to be judged at an earlier moment;
        // - whatever LocalTesting holds is a test entitlement (the marked PDF) in any case.
        if environment == .localTesting {
            try db.query(
                "DELETE FROM meta WHERE key = ?",
                [.text(Self.highWaterKey(.testing(environment: environment.rawValue)))])
        }
        return Int(count)
    }
}
