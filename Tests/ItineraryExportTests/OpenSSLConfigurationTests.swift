/// The gate's signature checks do not read OpenSSL's configuration file: `$OPENSSL_CONF` is the
/// environment of the person the gate must hold against.
import Foundation
import Testing
import TestSupport

/// `entitlements status` against the shared Pro store with `OPENSSL_CONF` set to `configuration`,
/// killed after 20 s (a FIFO with no writer would otherwise keep a regression waiting for ever;
/// SIGKILL, as the test process may hand its children a mask that blocks SIGTERM).
private func status(openSSLConfiguration configuration: String) throws -> ProcessResult {
    var changes = TestStores.commandEnvironment
    changes["OPENSSL_CONF"] = configuration
    return try runProcess(
        "/usr/bin/timeout", ["--signal=KILL", "20", TestPaths.executable, "entitlements", "status"],
        environment: environment(changes))
}

@Suite("OpenSSL's configuration")
struct OpenSSLConfigurationTests {
    @Test("a configuration that activates a provider of its own does not reach the gate's checks")
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
        let r = try status(openSSLConfiguration: configuration.path)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("Pro (testing): "), "\(r.stdout)")
        #expect(r.stderr.isEmpty, "\(r.stderr)")
    }

    @Test("a FIFO as the configuration file is never opened")
    func aFIFOIsNotWaitedFor() throws {
        let dir = TestPaths.scratch("openssl-fifo")
        defer { try? FileManager.default.removeItem(at: dir) }
        let pipe = dir.appendingPathComponent("openssl.cnf").path
        #expect(mkfifo(pipe, 0o600) == 0)
        let r = try status(openSSLConfiguration: pipe)
        #expect(r.status == 0, "exit \(r.status) (137: still waiting after 20 s): \(r.stderr)")
        #expect(r.stdout.hasPrefix("Pro (testing): "), "\(r.stdout)")
    }
}
