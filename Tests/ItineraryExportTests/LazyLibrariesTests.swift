/// The graphics libraries (cairo, Pango and what they stand on) are loaded at the first call into
/// them (`CLazyLibraries`): a command that draws nothing starts without them, an export loads them.
import Foundation
import Testing
import TestSupport

@Suite("Libraries loaded when drawing")
struct LazyLibrariesTests {
    /// The libraries the dynamic loader opened for `args` (`LD_DEBUG=files`), by file name.
    private func loaded(_ args: [String]) throws -> (status: Int32, libraries: Set<String>) {
        var changes = TestStores.commandEnvironment
        changes["LD_DEBUG"] = "files"
        let r = try runProcess(TestPaths.executable, args, environment: environment(changes))
        let names = r.stderr.split(separator: "\n").compactMap { line -> String? in
            guard let range = line.range(of: "file=") else { return nil }
            return String(line[range.upperBound...].prefix { $0 != " " && $0 != "[" && $0 != ";" })
        }
        return (r.status, Set(names))
    }

    private let graphics = ["libcairo.so.2", "libpango-1.0.so.0", "libpangocairo-1.0.so.0", "libfontconfig.so.1"]

    @Test("--version, validate, entitlements status and paywall start without loading cairo, Pango or Fontconfig")
    func commandsThatDrawNothing() throws {
        let trip = TestPaths.examples.appendingPathComponent("day-trip.json").path
        for args in [["--version"], ["validate", trip], ["entitlements", "status"], ["paywall"]] {
            let (status, libraries) = try loaded(args)
            #expect(status == 0, "\(args)")
            // The loader did report what it opened: the C library at least.
            #expect(libraries.contains("libc.so.6"), "\(args): \(libraries.sorted())")
            for library in graphics { #expect(!libraries.contains(library), "\(args) loaded \(library)") }
        }
    }

    private let store = ["libcrypto.so.3", "libsqlite3.so.0"]

    @Test(
        "--version and validate start without loading libcrypto or SQLite; entitlements status loads both and answers from the store"
    )
    func storeLibrariesOnlyWithTheGate() throws {
        let trip = TestPaths.examples.appendingPathComponent("day-trip.json").path
        for args in [["--version"], ["validate", trip]] {
            let (status, libraries) = try loaded(args)
            #expect(status == 0, "\(args)")
            #expect(libraries.contains("libc.so.6"), "\(args): \(libraries.sorted())")
            for library in store { #expect(!libraries.contains(library), "\(args) loaded \(library)") }
        }
        let (status, libraries) = try loaded(["entitlements", "status"])
        #expect(status == 0)
        for library in store { #expect(libraries.contains(library), "\(library): \(libraries.sorted())") }
    }

    @Test(
        "a libcrypto that cannot be loaded is a one-line error naming it and the remedy, exit 1: no export, no Pro"
    )
    func brokenLibcrypto() throws {
        let dir = TestPaths.scratch("broken-libcrypto")
        defer { try? FileManager.default.removeItem(at: dir) }
        // Not a library at all: the loader refuses it where it looks first.
        try Data("not an ELF file".utf8).write(to: dir.appendingPathComponent("libcrypto.so.3"))
        let out = dir.appendingPathComponent("out.pdf").path
        let trip = TestPaths.examples.appendingPathComponent("day-trip.json").path
        var changes = TestStores.commandEnvironment
        changes["LD_LIBRARY_PATH"] = dir.path
        for args in [[trip, out], ["entitlements", "status"]] {
            let r = try runProcess(TestPaths.executable, args, environment: environment(changes))
            #expect(r.status == 1, "\(args): \(r.stderr)")
            let lines = r.stderr.split(separator: "\n")
            #expect(lines.count == 1, "\(args): \(r.stderr)")
            #expect(
                r.stderr.contains("cannot load the library libcrypto.so.3 that checking signatures and digests needs")
                    && r.stderr.contains("make deps"), "\(args): \(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out))
        }
    }

    @Test("an export loads them at its first drawing, and its PDF is whole")
    func exportLoadsThem() throws {
        let dir = TestPaths.scratch("lazy-libraries")
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out.pdf").path
        let trip = TestPaths.examples.appendingPathComponent("day-trip.json").path
        let (status, libraries) = try loaded([trip, out])
        #expect(status == 0)
        for library in graphics { #expect(libraries.contains(library), "\(library): \(libraries.sorted())") }
        let pdf = try Data(contentsOf: URL(fileURLWithPath: out))
        #expect(
            pdf.starts(with: Data("%PDF-".utf8)) && String(decoding: pdf.suffix(8), as: UTF8.self).contains("%%EOF"))
    }
}
