/// The gate runs first: a user who is not Pro gets the paywall (exit 3) before any trip, font,
/// template or output file is touched; and a gate that said yes is asked again for every render.
import Entitlements
import LocalStoreKit
import Foundation
import ItineraryExport
import Testing
import TestSupport

/// The paywall the command prints for the bundled catalog.
private func expectPaywall(_ r: ProcessResult, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(r.status == 3, "\(r.stderr)", sourceLocation: sourceLocation)
    #expect(r.stdout.isEmpty, sourceLocation: sourceLocation)
    let err = r.stderr
    #expect(
        err.hasPrefix("export-itinerary: error: PDF export is a Pro feature"), "\(err)", sourceLocation: sourceLocation)
    for expected in [
        "PDF Export requires Pro Access.", "Unlimited Trips", "PDF Export:", "Progress Tracking",
        "Pro Monthly: $4.99/month", "Pro Annual: $49.99/year", "$4.17/month", "save 17% vs. Pro Monthly",
        "Family Sharing", "export-itinerary entitlements import FILE",
    ] {
        #expect(err.contains(expected), "missing \(expected)", sourceLocation: sourceLocation)
    }
    // Nothing about fonts, templates or the trip: none was looked at.
    for unexpected in ["font", "template", "no such file", "trip.json:", "cannot read"] {
        #expect(!err.lowercased().contains(unexpected), "mentions \(unexpected)", sourceLocation: sourceLocation)
    }
}

@Suite("Gate placement: command line")
struct GatePlacementCommandLineTests {
    @Test("with no store at all: exit 3, the paywall on stderr, no output file")
    func noStore() throws {
        let cli = GateCLI("place-nostore")
        let out = cli.path("out.pdf")
        expectPaywall(try cli.run([dayTrip, out]))
        #expect(listing(cli.scratch.path).isEmpty)  // neither the output nor a store was created
    }

    @Test("the trip is not read: a missing, invalid, directory or unreadable trip still gets exit 3")
    func tripNotRead() throws {
        let cli = GateCLI("place-trip")
        try cli.setUpLocalTesting()
        let invalid = cli.path("invalid.json")
        try Data("{\"schemaVersion\": 1,".utf8).write(to: URL(fileURLWithPath: invalid))
        let unreadable = cli.path("secret.json")
        try Data(contentsOf: URL(fileURLWithPath: dayTrip)).write(to: URL(fileURLWithPath: unreadable))
        chmod(unreadable, 0o000)
        defer { chmod(unreadable, 0o644) }
        let directory = cli.path("a-directory.json")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for trip in [cli.path("does-not-exist.json"), invalid, unreadable, directory] {
            expectPaywall(try cli.run([trip, cli.path("out.pdf")]))
        }
        // Standard input is not read either (the paywall comes back even with a broken trip on it).
        expectPaywall(try cli.run(["-", cli.path("out.pdf")], stdin: Data("not json".utf8)))
        #expect(!FileManager.default.fileExists(atPath: cli.path("out.pdf")))
        // The same trips, for a Pro user, fail as trips do: the gate was what stopped them.
        _ = try cli.purchase(monthly)
        #expect(try cli.run([cli.path("does-not-exist.json"), cli.path("out.pdf")]).status == 1)
        #expect(try cli.run([invalid, cli.path("out.pdf")]).status == 4)
    }

    @Test("the fonts are not loaded: EXPORT_ITINERARY_FONTS=/nonexistent still gives exit 3")
    func fontsNotLoaded() throws {
        let cli = GateCLI("place-fonts")
        try cli.setUpLocalTesting()
        let r = try cli.run(
            [dayTrip, cli.path("out.pdf")],
            env: [
                "EXPORT_ITINERARY_FONTS": "/nonexistent",
                "EXPORT_ITINERARY_TEMPLATES": "/nonexistent",
            ])
        expectPaywall(r)
        _ = try cli.purchase(monthly)
        #expect(
            try cli.run([dayTrip, cli.path("out.pdf")], env: ["EXPORT_ITINERARY_FONTS": "/nonexistent"]).status == 1)
    }

    @Test("an existing output is left untouched, and nothing else appears beside it")
    func existingOutputUntouched() throws {
        let cli = GateCLI("place-existing")
        try cli.setUpLocalTesting()
        let out = cli.path("out.pdf")
        try Data("previous export".utf8).write(to: URL(fileURLWithPath: out))
        let before = try FileManager.default.attributesOfItem(atPath: out)[.modificationDate] as? Date
        expectPaywall(try cli.run([dayTrip, out]))
        expectPaywall(try cli.run([dayTrip, cli.path("page.png"), "--page", "1"]))
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == Data("previous export".utf8))
        #expect(try FileManager.default.attributesOfItem(atPath: out)[.modificationDate] as? Date == before)
        #expect(listing(cli.scratch.path) == ["out.pdf", "store"])
    }

    @Test("expired, refunded and non-Pro purchases all get the paywall; a current one exports")
    func statesAtTheGate() throws {
        let cli = GateCLI("place-states")
        try cli.setUpLocalTesting()
        _ = try cli.purchase(monthly, ["--expires-in", "-1h"])
        expectPaywall(try cli.run([dayTrip, cli.path("a.pdf")]))
        let id = try cli.purchase(annual)
        try cli.ok(["storekit-test", "refund", id])
        expectPaywall(try cli.run([dayTrip, cli.path("b.pdf")]))
        #expect(listing(cli.scratch.path) == ["store"])

        _ = try cli.purchase(monthly, ["--family-shared"])
        let r = try cli.run([dayTrip, cli.path("c.pdf")])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: cli.path("c.pdf"))).starts(with: Data("%PDF-".utf8)))
    }
}

@Suite("Gate placement: library pipeline")
struct GatePlacementPipelineTests {
    /// A store with local testing enabled, and a session on it whose clock the test sets.
    final class LocalStore: @unchecked Sendable {
        let directory: String
        let store: EntitlementStore
        let session: StoreKitTestSession
        private let lock = NSLock()
        private var current = GateTime.t0
        var now: Date {
            get { lock.withLock { current } }
            set { lock.withLock { current = newValue } }
        }

        init(_ name: String) throws {
            directory = TestPaths.scratch("pipeline-\(name)").appendingPathComponent("store").path
            store = try EntitlementStore.openOrCreate(directory: directory)
            try store.initialize(bundleId: bundleId, environments: [.production])
            session = StoreKitTestSession(
                store: store, catalog: try TestStores.catalog(), policy: TestStores.productionPolicy,
                clock: { GateTime.t0 })
            try session.enable()
        }

        func gate() throws -> ProGate {
            ProGate(
                storeDirectory: directory, catalog: try TestStores.catalog(), policy: TestStores.productionPolicy,
                clock: Entitlements.GateClock(testing: { [self] in now }))
        }
    }

    private func proRequired(_ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            try body()
            Issue.record("expected proRequired, it went through", sourceLocation: sourceLocation)
        } catch {
            guard let error = error as? ExportError, case .proRequired = error else {
                Issue.record("expected proRequired, got \(error)", sourceLocation: sourceLocation)
                return
            }
            #expect(error.exitCode == 3, sourceLocation: sourceLocation)
        }
    }

    @Test("Exporter(gate:) refuses a free user before touching the fonts")
    func initRefusesBeforeFonts() throws {
        let local = try LocalStore("init")
        let gate = try local.gate()
        proRequired { _ = try Exporter(gate: gate, fontsDirectory: "/nonexistent", templatesDirectory: "/nonexistent") }
        // With Pro, the same call gets as far as the fonts, which are missing.
        _ = try local.session.purchase(productId: monthly)
        do {
            _ = try Exporter(gate: gate, fontsDirectory: "/nonexistent")
            Issue.record("fonts from /nonexistent")
        } catch {
            guard case .fonts = error else { Issue.record("\(error)"); return }
        }
    }

    @Test("a broken store stops Exporter(gate:) with a store error (exit 5), not with fonts")
    func initStoreError() throws {
        let dir = TestPaths.scratch("pipeline-corrupt").appendingPathComponent("store").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try Data("garbage".utf8).write(to: URL(fileURLWithPath: dir + "/entitlements.sqlite"))
        let gate = ProGate(
            storeDirectory: dir, catalog: try TestStores.catalog(), policy: TestStores.productionPolicy,
            clock: Entitlements.GateClock(testing: { GateTime.t0 }))
        do {
            _ = try Exporter(gate: gate, fontsDirectory: "/nonexistent")
            Issue.record("went through")
        } catch {
            guard case .entitlementStore = error else { Issue.record("\(error)"); return }
            #expect(error.exitCode == 5)
        }
    }

    @Test(
        "a bundled template preloaded while the gate is asked: the refusal wins, its problems are the export's, its pages the same"
    )
    func preloadedTemplate() throws {
        let local = try LocalStore("preload")
        let gate = try local.gate()
        let templates = TestPaths.scratch("pipeline-preload-templates")
        try Data("{".utf8).write(to: templates.appendingPathComponent("broken.json"))
        // A pipe in the templates directory: read early, it would keep the gate's answer waiting.
        #expect(mkfifo(templates.appendingPathComponent("pipe.json").path, 0o644) == 0)
        // Not Pro: the paywall, not the broken template, the pipe or the missing fonts.
        for name in ["broken", "pipe"] {
            proRequired {
                _ = try Exporter(
                    gate: gate, fontsDirectory: "/nonexistent", templatesDirectory: templates.path,
                    preloading: .named(name))
            }
        }
        _ = try local.session.purchase(productId: monthly)
        // Pro: the exporter is made, and the export that uses the template reports it as ever.
        let trip = try Exporter.loadTrip(path: dayTrip)
        for (name, why) in [("broken", "broken.json:"), ("pipe", "it is not a regular file")] {
            let exporter = try Exporter(
                gate: gate, fontsDirectory: TestPaths.fonts, templatesDirectory: templates.path,
                preloading: .named(name))
            do {
                _ = try exporter.render(trip, options: ExportOptions(template: .named(name)))
                Issue.record("rendered with the template \(name)")
            } catch {
                guard case let .template(message) = error else { Issue.record("\(error)"); continue }
                #expect(message.contains(why), "\(message)")
            }
        }
        // A good template preloaded gives the pages an exporter without preloading gives.
        let preloading = try Exporter(
            gate: gate, fontsDirectory: TestPaths.fonts, templatesDirectory: TestPaths.templates,
            preloading: .named("compact"))
        let plain = try Exporter(gate: gate, fontsDirectory: TestPaths.fonts, templatesDirectory: TestPaths.templates)
        let options = ExportOptions(template: .named("compact"))
        #expect(try preloading.render(trip, options: options).bytes == plain.render(trip, options: options).bytes)
    }

    @Test("an exporter built while Pro refuses to render after a refund")
    func refundAfterInit() throws {
        let local = try LocalStore("refund")
        let t = try local.session.purchase(productId: annual)
        let exporter = try Exporter(
            gate: try local.gate(), fontsDirectory: TestPaths.fonts, templatesDirectory: TestPaths.templates)
        let trip = try Exporter.loadTrip(path: dayTrip)
        #expect(try exporter.render(trip).pageCount >= 1)

        _ = try local.session.refund(transactionId: t.transactionId!)
        proRequired { _ = try exporter.render(trip) }
        proRequired { _ = try exporter.layout(trip) }
        proRequired { _ = try exporter.renderPNG(trip, page: 1, dpi: 36) }
        let out = TestPaths.scratch("pipeline-refund-out").appendingPathComponent("out.pdf").path
        proRequired { _ = try exporter.export(input: dayTrip, output: out) }
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test("after a refund, export(input:output:) refuses before reading the trip")
    func exportChecksGateBeforeReadingTrip() throws {
        let local = try LocalStore("refund-read")
        let t = try local.session.purchase(productId: annual)
        let exporter = try Exporter(
            gate: try local.gate(), fontsDirectory: TestPaths.fonts, templatesDirectory: TestPaths.templates)
        _ = try local.session.refund(transactionId: t.transactionId!)
        let dir = TestPaths.scratch("pipeline-refund-read")
        proRequired {
            _ = try exporter.export(
                input: dir.appendingPathComponent("missing.json").path,
                output: dir.appendingPathComponent("out.pdf").path)
        }
        let invalid = dir.appendingPathComponent("invalid.json")
        try Data("{".utf8).write(to: invalid)
        proRequired { _ = try exporter.export(input: invalid.path, output: dir.appendingPathComponent("out.pdf").path) }
        #expect(listing(dir.path) == ["invalid.json"])
    }

    @Test("an exporter built while Pro stops rendering when the subscription runs out")
    func expiryAfterInit() throws {
        let local = try LocalStore("expiry")
        _ = try local.session.purchase(productId: monthly, expiresIn: GateTime.day)
        let exporter = try Exporter(
            gate: try local.gate(), fontsDirectory: TestPaths.fonts, templatesDirectory: TestPaths.templates)
        let trip = try Exporter.loadTrip(path: dayTrip)
        local.now = GateTime.t0.addingTimeInterval(GateTime.day)  // expiry exactly now: still active
        _ = try exporter.layout(trip)
        local.now = GateTime.t0.addingTimeInterval(GateTime.day + 0.001)
        proRequired { _ = try exporter.layout(trip) }
    }
}
