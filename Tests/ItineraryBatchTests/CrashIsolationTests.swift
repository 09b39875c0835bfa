/// A worker that dies or hangs costs one attempt of one job; interrupts and a killed supervisor
/// never leave a partial PDF; `--resume` finishes what a killed batch left.
import Foundation
import ItineraryBatch
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

@Suite("Batch crash isolation", .serialized)
struct CrashIsolationTests {
    /// `a-blocked.json` (a file whose opening the test holds up: `BlockingTrip`) and `b.json`,
    /// exported with one worker.
    private struct Setup {
        let name: String
        let root: URL
        let blocked: BlockingTrip
        var out: URL { root.appendingPathComponent("out") }
        var report: URL { root.appendingPathComponent("report.json") }

        /// Starts the batch (with `--report` unless `report` is false) and waits until its worker
        /// is reading the blocked trip.
        func start(_ extra: [String] = [], report withReport: Bool = true) throws -> Background {
            try blocked.arm()
            let batch = try Background(
                ["batch", root.appendingPathComponent("trips").path, "--out-dir", out.path, "--jobs", "1"]
                    + (withReport ? ["--report", report.path] : []) + extra, name: name)
            try blocked.waitForReader()
            return batch
        }
    }

    private func setUp(_ name: String) throws -> Setup {
        let root = try tree(name, ["trips/b.json": try example("day-trip")])
        return Setup(
            name: name, root: root, blocked: try BlockingTrip(root.appendingPathComponent("trips/a-blocked.json").path))
    }

    @Test func aKilledWorkersJobIsRetriedOnAFreshWorker() throws {
        let s = try setUp("crash-retry")
        let batch = try s.start()
        let first = try #require(children(of: batch.pid).first)
        kill(first, SIGKILL)
        // The job again, on another worker, which opens the trip.
        let second = try s.blocked.waitForReader(other: first)
        #expect(children(of: batch.pid).contains(second))
        s.blocked.release(try example("gira-es"))
        #expect(try batch.wait() == 0, "\(batch.errors)")
        let report = try readReport(s.report)
        #expect(report.jobs.map(\.status) == [.ok, .ok])
        #expect(report.jobs.map(\.attempts) == [2, 1])
        // The retried job's PDF is the one the single-file command makes.
        let single = TestPaths.scratch("crash-retry-single").appendingPathComponent("gira-es.pdf")
        #expect(try cli([TestPaths.examples.appendingPathComponent("gira-es.json").path, single.path]).status == 0)
        #expect(try Data(contentsOf: single) == Data(contentsOf: s.out.appendingPathComponent("a-blocked.pdf")))
    }

    @Test func aSecondBatchOnTheSameDirectoryIsRefused() throws {
        let s = try setUp("lock")
        let b = s.root.appendingPathComponent("trips/b.json").path
        let batch = try s.start(report: false)
        let host = ProcessInfo.processInfo.hostName.split(separator: ".").first.map(String.init) ?? ""
        // A whole-plan run excludes every other batch on the directory, sharded or not.
        for extra in [[], ["--shard", "0/1"], ["--shard", "1/2", "--template", "compact"]] {
            let second = try cli(["batch", b, "--out-dir", s.out.path, "--quiet"] + extra)
            #expect(second.status == 2, "\(extra): \(second.stdout)")
            #expect(
                second.stderr.contains(
                    "another batch is writing \(s.out.path) (pid \(batch.process.processIdentifier) on \(host)"),
                "\(second.stderr)")
        }
        s.blocked.release(try example("day-trip"))
        #expect(try batch.wait() == 0)
        // A shard's run excludes a whole-plan run, another run of the same shard, and a shard of
        // another plan (here: other sources and another count); other shards of its own plan
        // run beside it (`shardsOfTwoPlansAreRefused`).
        let shard = try s.start(["--shard", "0/1"], report: false)
        let whole = try cli(["batch", b, "--out-dir", s.out.path, "--quiet"])
        #expect(
            whole.status == 2
                && whole.stderr.contains(
                    "another batch is writing \(s.out.path) (pid \(shard.process.processIdentifier) on"),
            "\(whole.stderr)")
        let same = try cli(["batch", b, "--out-dir", s.out.path, "--shard", "0/1", "--quiet"])
        #expect(
            same.status == 2 && same.stderr.contains("(pid \(shard.process.processIdentifier) on"), "\(same.stderr)")
        let other = try cli(["batch", b, "--out-dir", s.out.path, "--shard", "1/2", "--quiet"])
        #expect(other.status == 2 && other.stderr.contains("a shard of another plan is writing"), "\(other.stderr)")
        s.blocked.release(try example("day-trip"))
        #expect(try shard.wait() == 0)
        // Its locks went with it: a whole-plan run now takes the directory.
        #expect(try cli(["batch", b, "--out-dir", s.out.path, "--quiet"]).status == 0)
    }

    @Test("links in the state folder are refused, naming them; nothing outside --out-dir is written")
    func linksInTheStateFolder() throws {
        let trip = try example("day-trip")
        let root = try tree("batch-state-links", ["trips/t1.json": trip, "elsewhere/precious.txt": "keep me\n"])
        let trips = root.appendingPathComponent("trips").path, out = root.appendingPathComponent("out").path
        let precious = root.appendingPathComponent("elsewhere/precious.txt").path
        #expect(try cli(["batch", trips, "--out-dir", out, "--quiet"]).status == 0)
        let state = out + "/.export-itinerary"
        for name in ["ledger.tsv", "batch.lock", "ledger-shard-0-of-1.tsv"] {
            try? FileManager.default.removeItem(atPath: state + "/" + name)
            try FileManager.default.createSymbolicLink(atPath: state + "/" + name, withDestinationPath: precious)
            let r = try cli(
                ["batch", trips, "--out-dir", out, "--resume", "--quiet"]
                    + (name.contains("shard") ? ["--shard", "0/1"] : []))
            #expect(r.status == 2, "\(name): \(r.stdout) \(r.stderr)")
            #expect(r.stderr.contains("\(state)/\(name) is a symbolic link"), "\(r.stderr)")
            #expect(try String(contentsOfFile: precious, encoding: .utf8) == "keep me\n")
            try FileManager.default.removeItem(atPath: state + "/" + name)
        }
        // The folder itself as a link.
        try FileManager.default.removeItem(atPath: state)
        try FileManager.default.createSymbolicLink(
            atPath: state, withDestinationPath: root.appendingPathComponent("elsewhere").path)
        let r = try cli(["batch", trips, "--out-dir", out, "--quiet"])
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.contains("\(state) is a symbolic link"), "\(r.stderr)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("elsewhere").path) == [
                "precious.txt"
            ])
    }

    @Test("an interrupt while the batch is still planning stops it with its report: every job cancelled, exit 130")
    func anInterruptWhilePlanning() throws {
        let root = try tree(
            "interrupt-planning", ["trips/a.json": try example("day-trip"), "trips/b.json": try example("day-trip")])
        // Planning opens an existing --report to see whether it is an earlier report: the test
        // holds that open up with a lease, so the signal lands while the batch plans.
        let held = try BlockingTrip(root.appendingPathComponent("report.json").path)
        let batch = try Background(
            [
                "batch", root.appendingPathComponent("trips").path, "--out-dir",
                root.appendingPathComponent("out").path,
                "--report", held.path,
            ], name: "interrupt-planning")
        try held.waitForReader()
        kill(batch.pid, SIGTERM)
        held.closeWriter()
        #expect(try batch.wait() == 130, "\(batch.errors)")
        let report = try readReport(URL(fileURLWithPath: held.path))
        #expect(report.interrupted)
        #expect(report.jobs.map(\.status) == [.cancelled, .cancelled])
    }

    @Test(
        "a shard of another plan (another shard count, template or paper) is refused beside a running shard; a shard of the same plan runs"
    )
    func shardsOfTwoPlansAreRefused() throws {
        let s = try setUp("two-plans")
        let mine = Shard(index: 0, count: 2).contains(output: "a-blocked.pdf") ? 0 : 1
        let other = 1 - mine
        let trips = s.root.appendingPathComponent("trips").path
        let batch = try s.start(["--shard", "\(mine)/2"], report: false)
        let b = s.root.appendingPathComponent("trips/b.json").path
        for (sources, extra) in [
            ([trips], ["--shard", "\(other)/2", "--template", "compact"]),
            ([trips], ["--shard", "\(other)/2", "--paper", "a4"]),
            ([trips], ["--shard", "0/3"]), ([b], ["--shard", "\(other)/2"]),
        ] {
            let r = try cli(["batch"] + sources + ["--out-dir", s.out.path, "--quiet"] + extra)
            #expect(r.status == 2, "\(extra): \(r.stdout) \(r.stderr)")
            #expect(
                r.stderr.contains(
                    "a shard of another plan is writing \(s.out.path) (pid \(batch.process.processIdentifier) on"),
                "\(extra): \(r.stderr)")
        }
        // A second name for the running shard's lock would hide it from the check: refused.
        let mineLock = s.out.path + "/.export-itinerary/ledger-shard-\(mine)-of-2.lock"
        #expect(link(mineLock, s.root.appendingPathComponent("snap.lock").path) == 0)
        let hidden = try cli(["batch", trips, "--out-dir", s.out.path, "--shard", "0/3", "--quiet"])
        #expect(
            hidden.status == 2 && hidden.stderr.contains("ledger-shard-\(mine)-of-2.lock has 2 names"),
            "\(hidden.stderr)")
        unlink(s.root.appendingPathComponent("snap.lock").path)
        let same = try cli(["batch", trips, "--out-dir", s.out.path, "--shard", "\(other)/2", "--quiet"])
        #expect(same.status == 0, "\(same.stderr)")
        s.blocked.release(try example("day-trip"))
        #expect(try batch.wait() == 0, "\(batch.errors)")
    }

    @Test(
        "a link planted while the batch runs is checked as its job is handed out; a snapshot taken meanwhile does not grow"
    )
    func changesWhileRunning() throws {
        let s = try setUp("while-running")
        let batch = try s.start()
        // While a-blocked.json runs: b.pdf becomes a link into the state folder, and the
        // directory is snapshotted with hard links.
        try FileManager.default.createSymbolicLink(
            atPath: s.out.path + "/b.pdf", withDestinationPath: ".export-itinerary/ledger.tsv")
        let snapshot = s.root.appendingPathComponent("snapshot").path
        #expect(try runProcess("/bin/cp", ["-al", s.out.path, snapshot]).status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: snapshot + "/.export-itinerary/ledger.tsv"))
        s.blocked.release(try example("gira-es"))
        #expect(try batch.wait() == 7, "\(batch.errors)")
        let report = try readReport(s.report)
        #expect(report.jobs.map(\.status) == [.ok, .failed])
        #expect(
            report.jobs[1].reason
                == "b.pdf leads into .export-itinerary, the batch's own state (through a symbolic link): the job is refused",
            "\(report.jobs[1])")
        #expect(try Data(contentsOf: URL(fileURLWithPath: snapshot + "/.export-itinerary/ledger.tsv")) == before)
        let ledger = try String(contentsOfFile: s.out.path + "/.export-itinerary/ledger.tsv", encoding: .utf8)
        #expect(ledger.contains("a-blocked.pdf"), "\(ledger)")
    }

    @Test(
        "hard links in the state folder (ln, cp -al) are refused, naming them: a trip sharing the lock's or the ledger's file is never written"
    )
    func hardLinksInTheStateFolder() throws {
        let trip = try example("day-trip")
        let root = try tree("batch-state-hardlinks", ["trips/t1.json": trip, "trips/t2.json": trip])
        let trips = root.appendingPathComponent("trips").path, out = root.appendingPathComponent("out").path
        let state = out + "/.export-itinerary"
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        for name in ["batch.lock", "ledger.tsv"] {
            #expect(link(trips + "/t2.json", state + "/" + name) == 0)
            let r = try cli(["batch", trips, "--out-dir", out, "--quiet"])
            #expect(r.status == 2, "\(name): \(r.stdout) \(r.stderr)")
            #expect(r.stderr.contains("\(state)/\(name) has 2 names (a hard link"), "\(r.stderr)")
            #expect(try String(contentsOfFile: trips + "/t2.json", encoding: .utf8) == trip)
            unlink(state + "/" + name)
        }
        // A snapshot taken with cp -al shares every state file: the next batch refuses, the
        // snapshot's ledger stays as it was.
        #expect(try cli(["batch", trips, "--out-dir", out, "--quiet"]).status == 0)
        let snapshot = root.appendingPathComponent("snapshot").path
        #expect(try runProcess("/bin/cp", ["-al", out, snapshot]).status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: snapshot + "/.export-itinerary/ledger.tsv"))
        let r = try cli(["batch", trips, "--out-dir", out, "--quiet"])
        #expect(r.status == 2 && r.stderr.contains("has 2 names"), "\(r.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: snapshot + "/.export-itinerary/ledger.tsv")) == before)
    }

    @Test(
        "a store removed during the batch is named as such (exit 5, what to do), not taken for Pro ending (exit 3)")
    func aStoreRemovedMidBatchIsAStoreProblem() throws {
        let s = try setUp("store-removed")
        let store = try TestStores.makeProStore("removed-mid-batch")
        let batch = try s.start(["--store", store])
        try FileManager.default.removeItem(atPath: store)
        // The fresh worker that retries the job asks the gate, and finds no store.
        kill(try #require(children(of: batch.pid).first), SIGKILL)
        #expect(try batch.wait() == 5, "\(batch.errors)")
        #expect(
            batch.errors.contains(
                "error: entitlement store \(store)/entitlements.sqlite was removed during the batch: it stopped (0 documents had been exported; the rest were not); put the store back (or point --store DIR at it) and run the batch again with --resume"
            ), "\(batch.errors)")
        #expect(!batch.errors.contains("Pro entitlement ended"), "\(batch.errors)")
        let report = try readReport(s.report)
        #expect(report.jobs.allSatisfy { $0.status == .cancelled }, "\(report.jobs)")
    }

    /// The output folder made unwritable while a job runs: as root `chattr +i` (root writes
    /// through permissions), as a user `chmod a-w`.
    @Test(
        "the output folder made unwritable mid-run stops the batch at the first job that meets it: exit 6, the rest cancelled, the report written"
    )
    func anOutputFolderMadeUnwritableMidRunStopsTheBatch() throws {
        let s = try setUp("out-unwritable")
        let batch = try s.start()
        let lock = getuid() == 0 ? ["/usr/bin/chattr", "+i"] : ["/bin/chmod", "a-w"]
        let unlock = getuid() == 0 ? ["/usr/bin/chattr", "-i"] : ["/bin/chmod", "u+w"]
        #expect(try runProcess(lock[0], [lock[1], s.out.path]).status == 0)
        defer { _ = try? runProcess(unlock[0], [unlock[1], s.out.path]) }
        s.blocked.release(try example("gira-es"))
        #expect(try batch.wait() == 6, "\(batch.errors)")
        let why = getuid() == 0 ? "operation not permitted" : "permission denied"
        #expect(
            batch.errors.contains(
                "error: the batch stopped: every later PDF would fail the same way (\(s.out.path) cannot be written: \(why))"
            ), "\(batch.errors)")
        let report = try readReport(s.report)
        #expect(report.jobs.map(\.status) == [.failed, .cancelled], "\(report.jobs)")
    }

    @Test(
        "an interrupt while the gate is still being asked, the first thing a batch does, stops it with its report: exit 130, not 143"
    )
    func anInterruptDuringTheGate() throws {
        let root = try tree(
            "interrupt-gate", ["trips/a.json": try example("day-trip"), "trips/b.json": try example("day-trip")])
        // The gate reads the catalog before the store: the test holds its opening up with a
        // lease, so the signal lands before the batch has listed or checked anything.
        let catalog = try String(contentsOfFile: TestStores.catalogPath, encoding: .utf8)
        let held = try BlockingTrip(root.appendingPathComponent("catalog.storekit").path)
        let report = root.appendingPathComponent("report.json")
        let batch = try Background(
            [
                "batch", root.appendingPathComponent("trips").path, "--out-dir",
                root.appendingPathComponent("out").path, "--report", report.path, "--catalog", held.path,
            ], name: "interrupt-gate", unblocked: true)
        try held.waitForReader()
        kill(batch.pid, SIGTERM)
        held.release(catalog)
        #expect(try batch.wait() == 130, "\(batch.errors)")
        let written = try readReport(report)
        #expect(written.interrupted)
        #expect(written.jobs.map(\.status) == [.cancelled, .cancelled])
    }

    @Test(
        "--resume records the template the worker read: one edited during the run (letter to A4) and restored is not up to date"
    )
    func aTemplateEditedDuringTheRunIsRecordedAsUsed() throws {
        let s = try setUp("template-mid-run")
        let template = s.root.appendingPathComponent("tmpl.json")
        let letter = try String(contentsOfFile: TestPaths.templates + "/classic.json", encoding: .utf8)
        let a4 = letter.replacingOccurrences(of: #""paper": "letter""#, with: #""paper": "a4""#)
        #expect(a4 != letter)
        try Data(letter.utf8).write(to: template)
        let batch = try s.start(["--template", template.path])
        // Planned with the letter template; the worker reads the trip, then the template.
        try Data(a4.utf8).write(to: template)
        s.blocked.release(try example("gira-es"))
        #expect(try batch.wait() == 0, "\(batch.errors)")
        // The page boxes, written out of their compressed object streams.
        func isA4(_ name: String) throws -> Bool {
            let qdf = try runProcess(
                "/usr/bin/qpdf", ["--qdf", "--object-streams=disable", s.out.appendingPathComponent(name).path, "-"])
            return qdf.stdout.contains("/MediaBox [\n    0\n    0\n    595\n    842\n  ]")
        }
        #expect(try isA4("a-blocked.pdf") && isA4("b.pdf"))
        try Data(letter.utf8).write(to: template)
        let rerun = try cli([
            "batch", s.root.appendingPathComponent("trips").path, "--out-dir", s.out.path, "--template", template.path,
            "--resume", "--report", s.report.path, "--quiet",
        ])
        #expect(rerun.status == 0, "\(rerun.stderr)")
        #expect(try readReport(s.report).jobs.map(\.status) == [.ok, .ok], "made again with the letter template")
        #expect(try !isA4("a-blocked.pdf") && !isA4("b.pdf"))
    }

    @Test func aJobWhoseWorkerDiesTooOftenFailsWithTheReason() throws {
        let s = try setUp("crash-fail")
        let batch = try s.start(["--retries", "0"])
        // (A SIGSEGV sent from outside is caught by Swift's backtracer, which then lets the
        // interrupted read fail instead of dying: not what a real crash does.)
        kill(try #require(children(of: batch.pid).first), SIGKILL)
        #expect(try batch.wait() == 7)
        s.blocked.closeWriter()
        let report = try readReport(s.report)
        #expect(report.jobs.map(\.status) == [.failed, .ok])
        #expect(
            report.jobs[0].reason == "worker killed by signal 9 (SIGKILL, as the kernel sends when memory runs out)")
        #expect(batch.errors.contains("a-blocked.json: worker killed by signal 9 (SIGKILL"), "\(batch.errors)")
        #expect(batch.output.hasPrefix("1 exported, 1 failed, 0 skipped"))
        #expect(!FileManager.default.fileExists(atPath: s.out.appendingPathComponent("a-blocked.pdf").path))
    }

    @Test func aHungJobTimesOut() throws {
        let s = try setUp("crash-timeout")
        // Held open and never written: both attempts hang until the timeout.
        let batch = try s.start(["--job-timeout", "1", "--quiet"])
        #expect(try batch.wait() == 7)
        let report = try readReport(s.report)
        #expect(report.jobs[0].status == .failed && report.jobs[0].attempts == 2)
        #expect(report.jobs[0].reason == "timed out after 1 s (--job-timeout)")
        #expect(report.jobs[1].status == .ok)
    }

    @Test(
        "the first interrupt, or a hangup, lets running jobs finish and writes the report", arguments: [SIGINT, SIGHUP])
    func firstInterrupt(signal: Int32) throws {
        let s = try setUp("interrupt-once-\(signal)")
        let batch = try s.start()
        kill(batch.pid, signal)
        try waitUntil("the supervisor to say it is stopping") {
            batch.errors.contains("interrupted: giving 1 running job 5 s to finish")
        }
        s.blocked.release(try example("day-trip"))
        #expect(try batch.wait() == 130)
        let report = try readReport(s.report)
        #expect(report.interrupted)
        #expect(report.jobs.map(\.status) == [.ok, .cancelled])
        #expect(
            try runProcess("/usr/bin/qpdf", ["--check", s.out.appendingPathComponent("a-blocked.pdf").path]).status == 0
        )
        #expect(!FileManager.default.fileExists(atPath: s.out.appendingPathComponent("b.pdf").path))
    }

    @Test(
        "after the first interrupt a hung job gets --stop-grace, then is stopped and reported cancelled; the report is written"
    )
    func aHungJobIsStoppedAfterTheGrace() throws {
        let s = try setUp("interrupt-grace")
        // Were the grace not kept, the job would run until its timeout and fail ("timed out").
        let batch = try s.start(["--stop-grace", "1", "--job-timeout", "40"])
        let worker = try #require(children(of: batch.pid).first)
        kill(batch.pid, SIGTERM)
        #expect(try batch.wait() == 130)
        #expect(!isAlive(worker))
        let report = try readReport(s.report)
        #expect(report.interrupted)
        #expect(report.jobs.map(\.status) == [.cancelled, .cancelled])
        #expect(
            report.jobs[0].reason == "interrupted while running: not finished within 1 s (--stop-grace)",
            "\(report.jobs[0])")
        #expect(
            batch.errors.contains("1 running job did not finish within 1 s (--stop-grace): stopped"), "\(batch.errors)")
        #expect(filesBelow(s.out).filter { !$0.hasPrefix(".export-itinerary/") } == [], "\(filesBelow(s.out))")
    }

    @Test(
        "Pro ending mid-batch stops it, exit 3: the jobs not run are cancelled, and the message counts what was exported"
    )
    func proEndingMidBatch() throws {
        let root = try tree(
            "pro-ends", ["trips/0.json": try example("day-trip"), "trips/b.json": try example("day-trip")])
        let blocked = try BlockingTrip(root.appendingPathComponent("trips/a-blocked.json").path)
        // A store of its own, with a local test purchase this test expires.
        let store = root.appendingPathComponent("store").path
        let env = ["EXPORT_ITINERARY_HOME": store]
        #expect(try cli(["entitlements", "init", "--bundle-id", "com.sportstime.app"], env: env).status == 0)
        #expect(try cli(["storekit-test", "enable"], env: env).status == 0)
        let bought = try cli(["storekit-test", "purchase", "com.sportstime.pro.annual"], env: env)
        let transaction = try #require(bought.stdout.firstMatch(of: /transaction (\d+)/)?.1, "\(bought.stdout)")
        let report = root.appendingPathComponent("report.json")
        let batch = try Background(
            [
                "batch", root.appendingPathComponent("trips").path, "--out-dir",
                root.appendingPathComponent("out").path,
                "--jobs", "1", "--report", report.path,
            ], env: env, name: "pro-ends")
        // 0.json is exported; a-blocked.json waits to be read (the gate is asked once it is).
        try blocked.waitForReader()
        #expect(try cli(["storekit-test", "expire", String(transaction)], env: env).status == 0)
        // The worker asks the store again once its last yes is older than its recheck interval.
        Thread.sleep(forTimeInterval: Double(BatchWorker.gateRecheckInterval.components.seconds) + 0.5)
        blocked.release(try example("gira-es"))
        #expect(try batch.wait() == 3, "\(batch.errors)")
        #expect(
            batch.errors.contains(
                "the Pro entitlement ended during the batch: it stopped (1 document had been exported; the rest were not)"
            ), "\(batch.errors)")
        #expect(!batch.errors.contains("nothing was exported"), "\(batch.errors)")
        #expect(batch.output.contains("1 exported, 0 failed, 0 skipped, 2 not run"), "\(batch.output)")
        let written = try readReport(report)
        #expect(written.jobs.map(\.status) == [.ok, .cancelled, .cancelled])
        #expect(
            written.jobs.map(\.reason) == [
                nil, "not exported: the Pro entitlement ended during the batch", "the batch stopped",
            ])
    }

    @Test(
        "a worker whose supervisor is killed ends at once, mid-job: it never renames a PDF into a directory a newer batch writes"
    )
    func anOrphanedWorkerEnds() throws {
        let s = try setUp("orphan")
        let batch = try s.start(report: false)
        let worker = try #require(children(of: batch.pid).first)
        kill(batch.pid, SIGKILL)
        // (Not `batch.wait()`: Foundation sees the end of a process only once its children
        // that share its output files are gone too.)
        try waitUntil("the supervisor to die") { !isAlive(batch.pid) }
        // Held on the trip's lease (the kernel's break time is 45 s), it would wait there, then
        // finish the job; it must not outlive its supervisor by more than the pipe's news.
        try waitUntil("the orphaned worker to end", seconds: 20) { !isAlive(worker) }
        _ = try batch.wait()
        s.blocked.closeWriter()
        #expect(!FileManager.default.fileExists(atPath: s.out.appendingPathComponent("a-blocked.pdf").path))
    }

    @Test func aSecondInterruptStopsTheWorkersAtOnce() throws {
        let s = try setUp("interrupt-twice")
        let batch = try s.start()
        let worker = try #require(children(of: batch.pid).first)
        kill(batch.pid, SIGTERM)
        try waitUntil("the supervisor to say it is stopping") { batch.errors.contains("interrupted") }
        kill(batch.pid, SIGINT)
        #expect(try batch.wait() == 130)
        #expect(!isAlive(worker))
        let report = try readReport(s.report)
        #expect(report.jobs.map(\.status) == [.cancelled, .cancelled])
        #expect(batch.output.contains("0 exported, 0 failed, 0 skipped, 2 not run"), "\(batch.output)")
        #expect(filesBelow(s.out).filter { !$0.hasPrefix(".export-itinerary/") } == [])
    }

    @Test func aKilledSupervisorLeavesWholePDFsAndResumeFinishes() throws {
        var files: [String: String] = [:]
        for i in 0..<8 {
            files["t\(i).json"] = try variant(["midwest-mlb-10-day", "gira-es"][i % 2], traveler: "Killed \(i)")
        }
        let root = try tree("kill-supervisor", files)
        let out = TestPaths.scratch("kill-supervisor-out")
        let batch = try Background(
            ["batch", root.path, "--out-dir", out.path, "--jobs", "1", "--quiet"], name: "kill-supervisor")
        let ledger = out.appendingPathComponent(".export-itinerary/ledger.tsv")
        var workers: [pid_t] = []
        try waitUntil("two jobs in the ledger") {
            workers += children(of: batch.pid)
            let lines = (try? String(contentsOf: ledger, encoding: .utf8))?.split(separator: "\n").count ?? 0
            return lines >= 2 || !batch.process.isRunning
        }
        kill(batch.pid, SIGKILL)
        _ = try batch.wait()
        // Its worker sees the reply pipe break and ends at once.
        try waitUntil("the orphaned worker to end") { workers.allSatisfy { !isAlive($0) } }
        for name in filesBelow(out) where name.hasSuffix(".pdf") {
            #expect(
                try runProcess("/usr/bin/qpdf", ["--check", out.appendingPathComponent(name).path]).status == 0,
                "\(name)")
        }
        let reportFile = TestPaths.scratch("kill-supervisor-report").appendingPathComponent("r.json")
        let resumed = try cli([
            "batch", root.path, "--out-dir", out.path, "--resume", "--report", reportFile.path, "--quiet",
        ])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        let report = try readReport(reportFile)
        #expect(report.totals.ok + report.totals.skipped == 8)
        #expect(report.totals.skipped >= 2)
        let pdfs = filesBelow(out).filter { $0.hasSuffix(".pdf") }
        #expect(pdfs.count == 8)
        #expect(
            filesBelow(out).allSatisfy { $0.hasSuffix(".pdf") || $0.hasPrefix(".export-itinerary/") },
            "\(filesBelow(out))")
        for name in pdfs {
            #expect(
                try runProcess("/usr/bin/qpdf", ["--check", out.appendingPathComponent(name).path]).status == 0,
                "\(name)")
        }
    }
}
