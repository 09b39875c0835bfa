/// Environment variables the libraries read for themselves change nothing the command does: no
/// configuration of OpenSSL's in the gate's checks (it reads none), no wait on a FIFO, the same
/// bytes, the test mark whole (`LibraryEnvironment` removes the rest).
import Foundation
import Testing
import TestSupport

private let trip = TestPaths.examples.appendingPathComponent("day-trip.json").path

/// The command against the shared Pro store with `extra` set, killed after 20 s (SIGKILL: the test
/// process may hand its children a mask that blocks SIGTERM).
private func command(_ args: [String], _ extra: [String: String] = [:]) throws -> ProcessResult {
    try runProcess(
        "/usr/bin/timeout", ["--signal=KILL", "20", TestPaths.executable] + args,
        environment: environment(TestStores.commandEnvironment.merging(extra) { $1 }))
}

@Suite("Library environment")
struct LibraryEnvironmentTests {
    @Test("an OpenSSL configuration that activates a provider of its own does not reach the gate's checks")
    func aProviderOfTheUsersOwnIsNotLoaded() throws {
        let dir = TestPaths.scratch("openssl-provider")
        defer { try? FileManager.default.removeItem(at: dir) }
        let configuration = dir.appendingPathComponent("openssl.cnf")
        // A module that is not there: loaded, it would fail every fetch of the default provider's
        // algorithms, and the store's transactions would no longer verify ("invalid chain").
        let module = dir.appendingPathComponent("provider.so").path
        try Data(
            """
            openssl_conf = settings
            [settings]
            providers = providers
            [providers]
            theirs = theirs
            [theirs]
            module = \(module)
            activate = 1

            """.utf8
        ).write(to: configuration)
        let r = try command(["entitlements", "status"], ["OPENSSL_CONF": configuration.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("Pro (testing): "), "\(r.stdout)")
        #expect(r.stderr.isEmpty, "\(r.stderr)")
    }

    @Test("a FIFO as OpenSSL's configuration file is never opened")
    func anOpenSSLConfigurationFIFO() throws {
        let dir = TestPaths.scratch("openssl-fifo")
        defer { try? FileManager.default.removeItem(at: dir) }
        let pipe = dir.appendingPathComponent("openssl.cnf").path
        #expect(mkfifo(pipe, 0o600) == 0)
        let r = try command(["entitlements", "status"], ["OPENSSL_CONF": pipe])
        #expect(r.status == 0, "exit \(r.status) (9 or 137: killed, still waiting after 20 s): \(r.stderr)")
        #expect(r.stdout.hasPrefix("Pro (testing): "), "\(r.stdout)")
    }

    @Test("a time zone that names a FIFO does not keep the gate's certificate checks waiting")
    func aTimeZoneFIFO() throws {
        let dir = TestPaths.scratch("tz-fifo")
        defer { try? FileManager.default.removeItem(at: dir) }
        let pipe = dir.appendingPathComponent("zone").path
        #expect(mkfifo(pipe, 0o600) == 0)
        #expect(mkfifo(dir.appendingPathComponent("UTC").path, 0o600) == 0)
        for zone in [["TZ": ":" + pipe], ["TZ": pipe], ["TZ": "UTC", "TZDIR": dir.path]] {
            let r = try command(["entitlements", "status"], zone)
            #expect(
                r.status == 0, "\(zone): exit \(r.status) (9 or 137: killed, still waiting after 20 s): \(r.stderr)")
            #expect(r.stdout.hasPrefix("Pro (testing): "), "\(zone): \(r.stdout)")
        }
    }

    @Test(
        "pixman's, HarfBuzz's, Fontconfig's and ICU's own variables leave the PDF, a PNG and standard output as they are"
    )
    func theSameBytes() throws {
        let dir = TestPaths.scratch("library-environment")
        defer { try? FileManager.default.removeItem(at: dir) }
        let set = [
            "PIXMAN_DISABLE": "fast mmx sse2 ssse3", "HB_SHAPER_LIST": "fallback", "HB_OPTIONS": "aat",
            "ICU_TIMEZONE_FILES_DIR": "/nonexistent", "LIBTHAI_DICTDIR": "/nonexistent",
        ]
        func export(_ name: String, _ extra: [String: String], _ more: [String] = []) throws -> Data {
            let out = dir.appendingPathComponent(name).path
            let r = try command([trip, out] + more, extra)
            #expect(r.status == 0, "\(name): \(r.stderr)")
            return try Data(contentsOf: URL(fileURLWithPath: out))
        }
        let pdf = try export("plain.pdf", [:])
        #expect(try export("set.pdf", set) == pdf)
        // The test mark's plate and the page's background are solid fills, in the PNG preview.
        let png = try export("plain.png", [:], ["--page", "1", "--dpi", "60"])
        #expect(try export("set.png", set, ["--page", "1", "--dpi", "60"]) == png)
        // Fontconfig's debugging output would go to standard output, into the PDF written there.
        let piped = try command([trip, "-"], ["FC_DEBUG": "4"])
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.stdoutData == pdf)
    }
}
