/// The entitlement commands: status, import, init, trust-root, paywall and storekit-test.
import Entitlements
import Foundation
import ItineraryExport
import ItineraryModel
import LocalStoreKit
import StrictJSON

/// A failure of an entitlement command, with its exit code.
struct CommandFailure: Error {
    var message: String
    var code: Int32
}

enum EntitlementCommands {
    static func storeDirectory(_ gate: GateOptions) -> String {
        gate.store ?? EntitlementStore.defaultDirectory()
    }

    static func catalog(_ gate: GateOptions) throws(CommandFailure) -> StoreKitCatalog {
        do { return try ProAccess.loadCatalog(path: gate.catalog) } catch {
            throw CommandFailure(message: explained(error), code: error.exitCode)
        }
    }

    /// The gate's clocks (`EXPORT_ITINERARY_NOW` checked: it moves test entitlements' only).
    static func clock() throws(CommandFailure) -> GateClock {
        do { return try ProAccess.clock() } catch {
            throw CommandFailure(message: explained(error), code: error.exitCode)
        }
    }

    static func storeFailure(_ error: StoreError) -> CommandFailure {
        CommandFailure(message: explained(error), code: ExitCode.entitlementStore)
    }

    static func openStore(_ gate: GateOptions, create: Bool) throws(CommandFailure) -> EntitlementStore? {
        do {
            if create { return try EntitlementStore.openOrCreate(directory: storeDirectory(gate)) }
            return try EntitlementStore.openExisting(directory: storeDirectory(gate))
        } catch {
            throw storeFailure(error)
        }
    }

    /// The existing store, for a command that changes it (none: "not set up"), writable by this
    /// user (a read-only one is named as such before anything is tried).
    static func storeToChange(_ gate: GateOptions) throws(CommandFailure) -> EntitlementStore {
        guard let store = try openStore(gate, create: false) else {
            throw CommandFailure(
                message: explained(StoreError.notInitialized(path: storeDirectory(gate))),
                code: ExitCode.entitlementStore)
        }
        do { try store.requireWritable() } catch { throw storeFailure(error) }
        return store
    }

    // MARK: status

    static func status(json: Bool, gate options: GateOptions) throws(CommandFailure) -> Int32 {
        // The store is read and its signatures checked while the catalog is read.
        let gate: ProGate
        do { gate = try ProAccess.gate(storeDirectory: options.store, catalogPath: options.catalog) } catch {
            throw CommandFailure(message: explained(error), code: error.exitCode)
        }
        let report: EntitlementReport
        do { report = try gate.report() } catch { throw storeFailure(error) }
        if json {
            var items: [[String: Any]] = []
            for e in report.entitlements {
                items.append([
                    "productId": e.productId, "transactionId": e.transactionId, "state": e.state.rawValue,
                    "expiresDate": e.expiresDate.map(iso8601) ?? NSNull(), "ownershipType": e.ownershipType ?? NSNull(),
                    "environment": e.environment ?? NSNull(), "testing": e.grade.isTesting,
                ])
            }
            printJSON([
                "isPro": report.isPro, "testing": report.access?.isTesting ?? false,
                "notice": report.access?.notice ?? NSNull(), "entitlements": items,
            ])
        } else {
            switch report.access {
            case .production?: print("Pro: yes")
            case let access?:
                print(
                    "Pro (testing): a test entitlement (\(access)), not a purchase; every PDF page says \"\(access.notice ?? "")\""
                )
            case nil: print("Pro: no")
            }
            if report.entitlements.isEmpty { print("No entitlements in \(gate.storeDirectory).") }
            for e in report.entitlements {
                var line = "\(e.productId)  \(e.state.rawValue)  transaction \(e.transactionId)"
                if let expires = e.expiresDate { line += "  expires \(iso8601(expires))" }
                if let grace = e.gracePeriodExpiresDate, e.state == .inGracePeriod {
                    line += "  grace until \(iso8601(grace))"
                }
                if let owner = e.ownershipType {
                    line += "  \(owner == "FAMILY_SHARED" ? "family shared" : "purchased")"
                }
                if let env = e.environment { line += "  \(env)" }
                if e.grade.isTesting { line += "  (test entitlement)" }
                if !gate.policy.proProductIDs.contains(e.productId) { line += "  (not a Pro product)" }
                print(line)
            }
            for (grade, at) in report.heldTestClocks.sorted(by: { $0.key.description < $1.key.description }) {
                print(heldClockNote(grade, at: at))
            }
            for problem in report.ignored { printWarning("ignored \(problem)") }
        }
        return ExitCode.ok
    }

    /// Why a test environment's entitlements are judged later than its clock, and for local
    /// testing how to reset that.
    static func heldClockNote(_ grade: EntitlementGrade, at: Date) -> String {
        let note =
            "Note: \(grade) test entitlements are judged at \(iso8601(at)), not at the clock's time: one of them was signed then (with EXPORT_ITINERARY_NOW ahead of the clock), and a test clock never goes back"
        guard grade == .testing(environment: StoreEnvironment.localTesting.rawValue) else { return note + "." }
        return note + "; 'export-itinerary storekit-test clear' removes the local test transactions and resets it."
    }

    // MARK: import

    static func importFiles(_ paths: [String], json: Bool, gate options: GateOptions) throws(CommandFailure) -> Int32 {
        // Restoring purchases is what the paywall tells a user to do: where there is no store
        // yet, it makes one as `init` does by default (this build's app, Production), rather
        // than send the user to another command first.
        if try openStore(options, create: false) == nil {
            let store = try setUpStore(environments: [.production], gate: options)
            let line =
                "Created the entitlement store \(store.path) (bundle id \(ProAccess.policy.bundleId), Production)"
            if json { FileHandle.standardError.write(Data((line + "\n").utf8)) } else { print(line) }
        }
        let store = try storeToChange(options)
        let results: [ImportResult]
        do {
            let importer = try EntitlementImporter(store: store, policy: ProAccess.policy)
            var all: [ImportResult] = []
            for path in paths { all += try importer.importFile(path) }
            results = all
        } catch {
            // Everything here throws StoreError only (typed throws).
            throw storeFailure(error)
        }
        // A refusal that something can lift (no trusted root, an environment not accepted) says
        // what to run, in the reason itself.
        let reasons = results.map { r in r.reason.map { explained($0, r.remedy) } }
        if json {
            printJSON([
                "items": zip(results, reasons).map { r, reason -> [String: Any] in
                    ["source": r.source, "status": r.status.rawValue, "reason": reason ?? NSNull()]
                }
            ])
        } else {
            for (r, reason) in zip(results, reasons) {
                print("\(r.source): \(r.status.rawValue)" + (reason.map { " (\($0))" } ?? ""))
            }
        }
        // Every item rejected is a failure of the command; a partial import is reported item by item.
        return results.allSatisfy({ $0.status == .rejected }) ? ExitCode.failure : ExitCode.ok
    }

    // MARK: init, trust-root

    static func initStore(
        bundleId given: String?, environments names: [String], gate options: GateOptions
    ) throws(CommandFailure) -> Int32 {
        // The app is part of the build (Config/gate-policy.json): a store for another app could
        // never hold anything this program accepts.
        let bundleId = ProAccess.policy.bundleId
        if let given, given != bundleId {
            throw CommandFailure(
                message:
                    "--bundle-id \"\(given)\": this build exports for \(bundleId) only (its bundle id is compiled in)",
                code: ExitCode.usage)
        }
        var environments: [StoreEnvironment] = []
        for name in names.isEmpty ? [StoreEnvironment.production.rawValue] : names {
            guard let env = StoreEnvironment.allCases.first(where: { $0.rawValue.lowercased() == name.lowercased() })
            else {
                throw CommandFailure(
                    message:
                        "unknown environment \"\(name)\": use \(StoreEnvironment.allCases.map(\.rawValue).joined(separator: ", "))",
                    code: ExitCode.usage)
            }
            if !environments.contains(env) { environments.append(env) }
        }
        let store = try setUpStore(environments: environments, gate: options)
        print(
            "Store \(store.path): bundle id \(bundleId), environments \(environments.map(\.rawValue).joined(separator: ", "))"
        )
        return ExitCode.ok
    }

    /// The store, made (when missing) and set up for this build's app and `environments`.
    static func setUpStore(
        environments: [StoreEnvironment], gate options: GateOptions
    ) throws(CommandFailure) -> EntitlementStore {
        let store = try openStore(options, create: true)!
        do {
            try store.initialize(bundleId: ProAccess.policy.bundleId, environments: environments)
        } catch { throw storeFailure(error) }
        return store
    }

    static func trustRoot(path: String, gate options: GateOptions) throws(CommandFailure) -> Int32 {
        let data: Data
        switch BoundedFile.read(path, limit: Certificates.maximumFileBytes) {
        case let .success(bytes): data = bytes
        case let .failure(problem):
            throw CommandFailure(message: "cannot read \(MessageText.path(path)): \(problem)", code: ExitCode.failure)
        }
        let certificates: [Data]
        do { certificates = try Certificates.parse(data) } catch {
            throw CommandFailure(
                message: "\(MessageText.path(path)): not a certificate (DER or PEM): \(error)", code: ExitCode.failure)
        }
        let store = try openStore(options, create: true)!
        for der in certificates {
            let fingerprint = Certificates.sha256Fingerprint(der)
            let apple = Certificates.isAppleRootCAG3(der)
            let label = apple ? "Apple Root CA - G3" : Certificates.subjectSummary(der)
            let added: Bool
            do { added = try store.addTrustedRoot(der: der, fingerprint: fingerprint, label: label) } catch {
                throw storeFailure(error)
            }
            print("\(added ? "Trusted" : "Already trusted"): \(label) (SHA-256 \(fingerprint))")
            if apple { print("This is Apple Root CA - G3, the root of App Store signed transactions.") }
            if !ProAccess.policy.productionRootFingerprints.contains(fingerprint) {
                print(
                    "For testing only: this build takes purchases from Apple Root CA - G3 alone, so whatever chains to this root is a test entitlement, and the PDFs it allows are marked \"Test entitlement\"."
                )
            }
        }
        return ExitCode.ok
    }

    // MARK: paywall

    static func paywall(json: Bool, gate options: GateOptions) throws(CommandFailure) -> Int32 {
        let wall = Paywall(offering: try catalog(options))
        if json {
            FileHandle.standardOutput.write(wall.json())
            print()
        } else {
            print(wall.text())
        }
        return ExitCode.ok
    }

    // MARK: storekit-test

    static func storeKitTest(_ action: StoreKitTestAction, gate options: GateOptions) throws(CommandFailure) -> Int32 {
        let catalog = try catalog(options)
        let store = try storeToChange(options)
        let clock = try clock()
        let session = StoreKitTestSession(
            store: store, catalog: catalog, policy: ProAccess.policy,
            clock: { clock.testing?() ?? clock.system() })
        do {
            switch action {
            case .enable:
                let created = try session.enable()
                print(
                    created
                        ? "Local StoreKit testing enabled: a local test CA now signs LocalTesting transactions in \(store.path)."
                        : "Local StoreKit testing was already enabled in \(store.path).")
            case let .purchase(productId, familyShared, expiresIn):
                let t = try session.purchase(productId: productId, familyShared: familyShared, expiresIn: expiresIn)
                print(
                    "Purchased \(productId): transaction \(t.transactionId ?? "?")"
                        + (t.expiresDate.map { ", expires \(iso8601(Date(timeIntervalSince1970: $0 / 1000)))" } ?? ""))
                // A subscription that ends before the moment local testing is judged at reads
                // expired at once: say why rather than leave "expires …" to be contradicted.
                let local = EntitlementGrade.testing(environment: StoreEnvironment.localTesting.rawValue)
                let held = (try? store.highWaterMark(local)) ?? 0
                if let expires = t.expiresDate, expires < held {
                    print(heldClockNote(local, at: Date(timeIntervalSince1970: held / 1000)))
                }
            case let .refund(id):
                _ = try session.refund(transactionId: id)
                print("Refunded transaction \(id).")
            case let .expire(id):
                _ = try session.expire(transactionId: id)
                print("Expired transaction \(id).")
            case .clear:
                let n = try session.clear()
                print("Removed \(n) local test transaction\(n == 1 ? "" : "s").")
            case .disable:
                let n = try session.disable()
                print(
                    "Local StoreKit testing disabled in \(store.path): the local test CA is gone and \(n) local test transaction\(n == 1 ? " was" : "s were") removed."
                )
            }
        } catch {
            switch error {
            case let .store(storeError): throw storeFailure(storeError)
            case .unknownProduct, .unknownTransaction, .notLocal, .notEnabled:
                throw CommandFailure(message: explained(error), code: ExitCode.failure)
            default: throw CommandFailure(message: explained(error), code: ExitCode.failure)
            }
        }
        return ExitCode.ok
    }

    // MARK: Output

    /// `2027-01-05T10:00:00Z`. Written by arithmetic (`Instant.utcText`): Foundation's
    /// `ISO8601DateFormatter` loads ICU's calendar and the process's time zone first (about a
    /// sixth of `entitlements status`'s time).
    static func iso8601(_ date: Date) -> String {
        Instant(secondsSince1970: date.timeIntervalSince1970).utcText
    }

    static func printJSON(_ object: Any) {
        let data =
            (try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys]))
            ?? Data("{}".utf8)
        FileHandle.standardOutput.write(data)
        print()
    }
}
