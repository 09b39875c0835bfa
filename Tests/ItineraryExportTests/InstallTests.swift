/// `make install` (scripts/install.sh): the installed command runs from any directory, with its
/// fonts, templates and catalog from its own prefix, and nothing of the checkout.
import Foundation
import Testing
import TestSupport

@Suite("Install")
struct InstallTests {
    /// A prefix outside the checkout, so that the command cannot find the checkout's folders
    /// by walking up from itself.
    private func prefix(_ name: String) -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("export-itinerary-\(name)-\(getpid())")
        try? FileManager.default.removeItem(at: dir)
        return dir
    }

    private var script: String { TestPaths.root.appendingPathComponent("scripts/install.sh").path }

    /// This environment without the variables that name the resource folders.
    private var bareEnvironment: [String: String] {
        ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("EXPORT_ITINERARY_") }
    }

    @Test("the installed command validates and exports from another directory, with the fonts it checked and cached")
    func installedCommandRuns() throws {
        let prefix = prefix("install")
        defer { try? FileManager.default.removeItem(at: prefix) }
        let install = try runProcess(script, [TestPaths.executable, prefix.path])
        #expect(install.status == 0, "\(install.stderr)")
        let command = prefix.appendingPathComponent("bin/export-itinerary").path
        let share = prefix.appendingPathComponent("share/export-itinerary")
        for file in ["Fonts/fonts.lock", "Templates/classic.json", "Templates/compact.json", "StoreKit"] {
            #expect(FileManager.default.fileExists(atPath: share.appendingPathComponent(file).path), "\(file)")
        }
        // The font check ran once at install: its record and the scan cache are in the installed fonts.
        let cache = share.appendingPathComponent("Fonts/.fontconfig-cache/checked-fonts.tsv").path
        #expect(FileManager.default.fileExists(atPath: cache))

        let store = try TestStores.makeProStore("install")
        let trip = TestPaths.examples.appendingPathComponent("day-trip.json").path
        let out = prefix.appendingPathComponent("out.pdf").path
        let root = URL(fileURLWithPath: "/")
        let recorded = try FileManager.default.attributesOfItem(atPath: cache)[.modificationDate] as? Date
        let validate = try runProcess(command, ["validate", trip], environment: bareEnvironment, directory: root)
        #expect(validate.status == 0, "\(validate.stderr)")
        // The record made at install still holds (nothing changed the fonts' status times since):
        // a later run trusts it and hashes nothing, so it does not write it again.
        let validateTemplate = try runProcess(
            command, ["validate", "--template", "classic"], environment: bareEnvironment, directory: root)
        #expect(validateTemplate.status == 0, "\(validateTemplate.stderr)")
        #expect(try FileManager.default.attributesOfItem(atPath: cache)[.modificationDate] as? Date == recorded)
        let export = try runProcess(
            command, [trip, out, "--store", store, "--template", "compact"], environment: bareEnvironment,
            directory: root)
        #expect(export.status == 0, "\(export.stderr)")
        #expect(FileManager.default.contents(atPath: out)?.starts(with: Array("%PDF-".utf8)) == true)

        // Installing again over a running installation replaces it whole.
        let again = try runProcess(script, [TestPaths.executable, prefix.path])
        #expect(again.status == 0, "\(again.stderr)")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: share.path).filter { $0.hasSuffix(".new") }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }

    @Test("a staged install (DESTDIR) copies the files and runs nothing; a relative prefix is refused")
    func stagedInstall() throws {
        let stage = prefix("stage")
        defer { try? FileManager.default.removeItem(at: stage) }
        let install = try runProcess(script, [TestPaths.executable, "/usr/local", stage.path])
        #expect(install.status == 0, "\(install.stderr)")
        let share = stage.appendingPathComponent("usr/local/share/export-itinerary")
        #expect(
            FileManager.default.isExecutableFile(
                atPath: stage.appendingPathComponent("usr/local/bin/export-itinerary").path))
        #expect(FileManager.default.fileExists(atPath: share.appendingPathComponent("Fonts/fonts.lock").path))
        #expect(!FileManager.default.fileExists(atPath: share.appendingPathComponent("Fonts/.fontconfig-cache").path))

        let relative = try runProcess(script, [TestPaths.executable, "usr/local"])
        #expect(relative.status == 1)
        #expect(relative.stderr == "install: PREFIX must be an absolute path, not 'usr/local'\n", "\(relative.stderr)")
    }

    @Test(
        "make deb's package holds the install layout under /usr, declares the libraries it links, and its command exports from another directory"
    )
    func debianPackage() throws {
        let work = prefix("deb")
        defer { try? FileManager.default.removeItem(at: work) }
        let makeDeb = TestPaths.root.appendingPathComponent("scripts/make-deb.sh").path
        // This test's build links the Swift runtime from the toolchain, which no package holds:
        // refused as it is, let through (left out of Depends) when asked.
        let refused = try runProcess(makeDeb, [TestPaths.executable, work.path])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("--static-swift-stdlib"), "\(refused.stderr)")
        var environment = bareEnvironment
        environment["EXPORT_ITINERARY_DEB_UNPACKAGED"] = "1"
        let built = try runProcess(makeDeb, [TestPaths.executable, work.path], environment: environment)
        #expect(built.status == 0, "\(built.stderr)")
        let debs = try FileManager.default.contentsOfDirectory(atPath: work.path).filter { $0.hasSuffix(".deb") }
        let deb = work.appendingPathComponent(try #require(debs.first)).path

        let depends = try runProcess("/usr/bin/dpkg-deb", ["--field", deb, "Depends"]).stdout
        for package in ["libcairo2", "libpango-1.0-0", "libfontconfig1", "libfribidi0", "libsqlite3-0", "libqrencode4"]
        {
            #expect(depends.contains(package + " (>= "), "\(package) in \(depends)")
        }
        #expect(depends.contains("libssl"), "\(depends)")
        // Packed relative relocations (Package.swift) need a glibc that reads them.
        #expect(depends.contains("libc6 (>= 2.36)"), "\(depends)")
        let scripts = try runProcess("/usr/bin/dpkg-deb", ["--info", deb]).stdout
        #expect(scripts.contains("postinst") && scripts.contains("prerm"), "\(scripts)")

        // Unpacked into a root of its own (as dpkg would, less the postinst's font check).
        let root = work.appendingPathComponent("root")
        let unpack = try runProcess("/usr/bin/dpkg-deb", ["--extract", deb, root.path])
        #expect(unpack.status == 0, "\(unpack.stderr)")
        let command = root.appendingPathComponent("usr/bin/export-itinerary").path
        for file in ["Fonts/fonts.lock", "Templates/classic.json", "StoreKit"] {
            let path = root.appendingPathComponent("usr/share/export-itinerary/" + file).path
            #expect(FileManager.default.fileExists(atPath: path), "\(file)")
        }
        let store = try TestStores.makeProStore("deb")
        let out = work.appendingPathComponent("out.pdf").path
        let export = try runProcess(
            command, [TestPaths.examples.appendingPathComponent("day-trip.json").path, out, "--store", store],
            environment: bareEnvironment, directory: URL(fileURLWithPath: "/"))
        #expect(export.status == 0, "\(export.stderr)")
        #expect(FileManager.default.contents(atPath: out)?.starts(with: Array("%PDF-".utf8)) == true)
    }
}
