/// For the gate's command-line and pipeline tests: the command against a store of the test's own,
/// with a fixed clock; signed payloads from a local authority; raw SQL through python3.
import Entitlements
import LocalStoreKit
import Foundation
import Testing
import TestSupport

enum GateTime {
    /// EXPORT_ITINERARY_NOW for most tests (2025-10-09T08:53:20Z).
    static let now: Double = 1_760_000_000
    static var t0: Date { Date(timeIntervalSince1970: now) }
    static let day: Double = 86_400
    static func ms(_ date: Date) -> Double { (date.timeIntervalSince1970 * 1000).rounded() }
}

let bundleId = "com.sportstime.app"
let monthly = "com.sportstime.pro.monthly"
let annual = "com.sportstime.pro.annual"
let dayTrip = TestPaths.examples.appendingPathComponent("day-trip.json").path

/// The command run against one store directory of the test's own, never the shared one.
struct GateCLI {
    /// The scratch directory of the test (store, outputs and inputs live under it).
    let scratch: URL
    var store: String { scratch.appendingPathComponent("store").path }

    init(_ name: String) {
        scratch = TestPaths.scratch("gate-\(name)")
    }

    func path(_ name: String) -> String { scratch.appendingPathComponent(name).path }

    /// The environment: repository fonts, templates and catalog, this store, and the clock
    /// (`now` nil leaves EXPORT_ITINERARY_NOW unset).
    func environment(now: Double? = GateTime.now, _ extra: [String: String] = [:]) -> [String: String] {
        var env = ProcessInfo.processInfo.environment
        for key in ["EXPORT_ITINERARY_NOW", "XDG_DATA_HOME", "SOURCE_DATE_EPOCH"] { env[key] = nil }
        env["EXPORT_ITINERARY_FONTS"] = TestPaths.fonts
        env["EXPORT_ITINERARY_TEMPLATES"] = TestPaths.templates
        env["EXPORT_ITINERARY_STOREKIT"] = TestPaths.root.appendingPathComponent("StoreKit").path
        env["EXPORT_ITINERARY_HOME"] = store
        if let now { env["EXPORT_ITINERARY_NOW"] = String(now) }
        for (k, v) in extra { env[k] = v }
        return env
    }

    @discardableResult
    func run(
        _ args: [String], now: Double? = GateTime.now, env extra: [String: String] = [:], stdin: Data? = nil
    ) throws -> ProcessResult {
        try runProcess(TestPaths.executable, args, stdin: stdin, environment: environment(now: now, extra))
    }

    /// Runs and requires exit 0.
    @discardableResult
    func ok(
        _ args: [String], now: Double? = GateTime.now, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> ProcessResult {
        let r = try run(args, now: now)
        #expect(r.status == 0, "\(args): \(r.stderr)", sourceLocation: sourceLocation)
        return r
    }

    /// `entitlements init` and `storekit-test enable`.
    func setUpLocalTesting(now: Double = GateTime.now) throws {
        try ok(["entitlements", "init", "--bundle-id", bundleId], now: now)
        try ok(["storekit-test", "enable"], now: now)
    }

    /// `storekit-test purchase`, returning the transaction id it printed.
    func purchase(
        _ product: String, _ extra: [String] = [], now: Double = GateTime.now,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> String {
        let r = try ok(["storekit-test", "purchase", product] + extra, now: now, sourceLocation: sourceLocation)
        return try #require(transactionId(in: r.stdout), "\(r.stdout)", sourceLocation: sourceLocation)
    }

    /// `entitlements status --json`, parsed.
    func status(
        now: Double? = GateTime.now, _ extra: [String] = [], sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> StatusJSON {
        let r = try run(["entitlements", "status", "--json"] + extra, now: now)
        #expect(r.status == 0, "\(r.stderr)", sourceLocation: sourceLocation)
        return try StatusJSON(r.stdoutData)
    }

    /// Runs python3 with the store's database path as argv[1].
    @discardableResult
    func python(
        _ script: String, _ args: [String] = [], sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> String {
        let r = try runProcess("/usr/bin/env", ["python3", "-c", script, store + "/entitlements.sqlite"] + args)
        #expect(r.status == 0, "python3: \(r.stderr)", sourceLocation: sourceLocation)
        return r.stdout
    }

    /// Runs one SQL statement (with `?` parameters) on the store file by hand.
    func sql(_ statement: String, _ parameters: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) throws
    {
        try python(
            """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.execute(sys.argv[2], sys.argv[3:])
            db.commit()
            """, [statement] + parameters, sourceLocation: sourceLocation)
    }

    /// One value read by hand from the store file.
    func sqlValue(_ query: String) throws -> String {
        try python(
            """
            import sqlite3, sys
            row = sqlite3.connect(sys.argv[1]).execute(sys.argv[2]).fetchone()
            print("" if row is None else row[0], end="")
            """, [query])
    }
}

func transactionId(in text: String) -> String? {
    guard let range = text.range(of: #"transaction (\d+)"#, options: .regularExpression) else { return nil }
    return String(text[range].dropFirst("transaction ".count))
}

/// `entitlements status --json`.
struct StatusJSON {
    struct Item {
        var productId: String
        var transactionId: String
        var state: String
        var expiresDate: String?
        var ownershipType: String?
        var environment: String?
        var testing: Bool
        var keys: Set<String>
    }

    var isPro: Bool
    /// Pro through a test entitlement only (the PDFs are marked).
    var testing: Bool
    var notice: String?
    var entitlements: [Item]
    var keys: Set<String>

    init(_ data: Data) throws {
        let object = try #require(
            try JSONSerialization.jsonObject(with: data) as? [String: Any], "\(String(decoding: data, as: UTF8.self))")
        keys = Set(object.keys)
        isPro = try #require(object["isPro"] as? Bool)
        testing = try #require(object["testing"] as? Bool)
        notice = object["notice"] as? String
        let items = try #require(object["entitlements"] as? [[String: Any]])
        entitlements = try items.map { item in
            Item(
                productId: try #require(item["productId"] as? String),
                transactionId: try #require(item["transactionId"] as? String),
                state: try #require(item["state"] as? String), expiresDate: item["expiresDate"] as? String,
                ownershipType: item["ownershipType"] as? String, environment: item["environment"] as? String,
                testing: try #require(item["testing"] as? Bool), keys: Set(item.keys))
        }
    }

    func state(_ product: String) -> String? { entitlements.first { $0.productId == product }?.state }
}

/// A local authority whose root the test trusts with `entitlements trust-root`, and payloads it signs.
struct TestSigner {
    let authority: LocalSigningAuthority

    init(prefix: String = "Gate CLI Tests") throws {
        authority = try LocalSigningAuthority.generate(
            commonNamePrefix: prefix, validFrom: GateTime.t0.addingTimeInterval(-365 * GateTime.day),
            validFor: 20 * 365 * GateTime.day)
    }

    static func subscription(
        _ id: String, product: String = monthly, purchased: Date, expires: Date, signed: Date? = nil,
        environment: String = "Production", bundle: String = bundleId
    ) -> JWSTransactionDecodedPayload {
        var p = JWSTransactionDecodedPayload(
            originalTransactionId: id, transactionId: id, bundleId: bundle, productId: product,
            purchaseDate: GateTime.ms(purchased), originalPurchaseDate: GateTime.ms(purchased),
            expiresDate: GateTime.ms(expires), type: "Auto-Renewable Subscription",
            inAppOwnershipType: "PURCHASED", signedDate: GateTime.ms(signed ?? purchased),
            environment: environment)
        p.quantity = 1
        return p
    }

    func sign<P: Encodable>(_ payload: P) throws -> String { try authority.sign(payload) }

    /// A signed Server Notification V2.
    func notification(type: String, transaction: String?, renewal: String? = nil, signed: Date) throws -> String {
        var data: [String: Any] = ["bundleId": bundleId, "environment": "Production", "appAppleId": 1_234_567_890]
        if let transaction { data["signedTransactionInfo"] = transaction }
        if let renewal { data["signedRenewalInfo"] = renewal }
        let object: [String: Any] = [
            "notificationType": type, "notificationUUID": UUID().uuidString.lowercased(), "data": data,
            "version": "2.0", "signedDate": GateTime.ms(signed),
        ]
        return try authority.sign(payload: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]))
    }

    /// The root as PEM.
    var rootPEM: String {
        let b64 = authority.rootDER.base64EncodedString()
        var lines: [String] = []
        var rest = Substring(b64)
        while !rest.isEmpty {
            lines.append(String(rest.prefix(64)))
            rest = rest.dropFirst(64)
        }
        return "-----BEGIN CERTIFICATE-----\n" + lines.joined(separator: "\n") + "\n-----END CERTIFICATE-----\n"
    }
}

/// What one of several concurrent commands did.
struct ConcurrentResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Starts every command before waiting for any, so they really run at the same time.
func runConcurrently(_ commands: [(args: [String], env: [String: String])]) throws -> [ConcurrentResult] {
    var running: [(Process, Pipe, Pipe)] = []
    for command in commands {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TestPaths.executable)
        process.arguments = command.args
        process.environment = command.env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        running.append((process, out, err))
    }
    for (process, _, _) in running { try process.run() }
    return running.map { process, out, err in
        // The outputs are a few lines: far below a pipe's buffer, so waiting first cannot block.
        process.waitUntilExit()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        return ConcurrentResult(
            status: process.terminationStatus, stdout: String(decoding: o, as: UTF8.self),
            stderr: String(decoding: e, as: UTF8.self))
    }
}

/// Every stderr line is a one-line message with the program's prefix.
func expectOneLineError(_ stderr: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let lines = stderr.split(separator: "\n", omittingEmptySubsequences: true)
    #expect(lines.count == 1, "\(stderr)", sourceLocation: sourceLocation)
    #expect(lines.first?.hasPrefix("export-itinerary: error: ") == true, "\(stderr)", sourceLocation: sourceLocation)
}

/// The names in a directory, sorted.
func listing(_ dir: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted()
}

/// A second catalog: another group ("Premium Club") selling other products.
let otherCatalogText = """
    {
      "identifier" : "OTHER001",
      "nonRenewingSubscriptions" : [],
      "products" : [],
      "settings" : { "_locale" : "en_US", "_storefront" : "USA" },
      "subscriptionGroups" : [ {
        "id" : "30000001", "localizations" : [], "name" : "Premium Club",
        "subscriptions" : [ {
          "adHocOffers" : [], "codeOffers" : [], "displayPrice" : "2.99", "familyShareable" : false, "groupNumber" : 1,
          "internalID" : "7000000001", "introductoryOffer" : null,
          "localizations" : [ { "description" : "Premium, weekly.", "displayName" : "Premium Weekly", "locale" : "en_US" } ],
          "productID" : "org.example.club.weekly", "recurringSubscriptionPeriod" : "P1W",
          "referenceName" : "Premium Weekly", "subscriptionGroupID" : "30000001", "type" : "RecurringSubscription"
        } ]
      } ],
      "version" : { "major" : 3, "minor" : 0 }
    }
    """
