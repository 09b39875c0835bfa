/// Files and inputs at their limits fail cleanly (issue 9, files and processes): a file-size
/// limit, the longest file name, a link loop, a device as a trip, a bad clock override, an
/// absurd duration or subscription period.
import Foundation
import ItineraryExport
import Testing
import TestSupport

private let trip = TestPaths.examples.appendingPathComponent("day-trip.json").path

private func cli(_ args: [String], env extra: [String: String] = [:]) throws -> ProcessResult {
    var changes = TestStores.commandEnvironment
    for (k, v) in extra { changes[k] = v }
    return try runProcess(TestPaths.executable, args, environment: environment(changes))
}

@Suite("File and input limits")
struct FileAndInputLimitTests {
    @Test func aFileSizeLimitIsExitSixWithNothingLeft() throws {
        let dir = TestPaths.scratch("ulimit")
        let out = dir.appendingPathComponent("trip.pdf").path
        // 36 KiB: room for the store's 32 KiB shared-memory file, not for the 42 KiB PDF.
        let r = try runProcess(
            "/bin/bash", ["-c", "ulimit -f 36; exec \"$0\" \"$1\" \"$2\"", TestPaths.executable, trip, out],
            environment: environment(TestStores.commandEnvironment))
        #expect(r.status == 6, "\(r.stderr)")
        #expect(r.stderr.contains("file too large"), "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == [])
    }

    @Test func theLongestFileNameIsWritten() throws {
        let dir = TestPaths.scratch("long-name")
        let name = String(repeating: "n", count: 250) + ".pdf"
        #expect(name.utf8.count == 254)
        let r = try cli([trip, dir.appendingPathComponent(name).path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == [name])
    }

    @Test func aLinkLoopIsNamedAsOne() throws {
        let dir = TestPaths.scratch("link-loop")
        try FileManager.default.createSymbolicLink(
            atPath: dir.appendingPathComponent("a.pdf").path, withDestinationPath: "b.pdf")
        try FileManager.default.createSymbolicLink(
            atPath: dir.appendingPathComponent("b.pdf").path, withDestinationPath: "a.pdf")
        let r = try cli([trip, dir.appendingPathComponent("a.pdf").path])
        #expect(r.status == 6)
        #expect(r.stderr.contains("symbolic links do not end in a file"), "\(r.stderr)")
    }

    @Test func aDeviceTooLargeIsNotZeroBytes() throws {
        let r = try cli(["validate", "/dev/zero"])
        #expect(r.status == 4)
        #expect(r.stderr == "export-itinerary: error: /dev/zero: more than the limit of 8388608 bytes (8 MiB)\n")
    }

    @Test(
        "a template that is a device, a pipe, a directory or past 1 MiB is refused in one line, without waiting or reading it all"
    )
    func templateFilesAreBounded() throws {
        let dir = TestPaths.scratch("template-limits")
        let pipe = dir.appendingPathComponent("pipe.json").path
        #expect(mkfifo(pipe, 0o644) == 0)
        let large = dir.appendingPathComponent("large.json")
        try Data(count: TemplateFiles.maximumBytes + 1).write(to: large)
        let cases = [
            ("/dev/zero", "it is not a regular file"), (pipe, "it is not a regular file"),
            (dir.path + "/", "it is not a regular file"),
            (large.path, "it is larger than the 1024 KiB a template may be"),
        ]
        for (path, why) in cases {
            let r = try cli([trip, dir.appendingPathComponent("out.pdf").path, "--template", path])
            #expect(r.status == 1, "\(path): \(r.stderr)")
            #expect(r.stderr == "export-itinerary: error: template: cannot read \(path): \(why)\n", "\(r.stderr)")
        }
        // At the limit it is read (and then refused as the JSON it is not).
        try Data(count: TemplateFiles.maximumBytes).write(to: large)
        guard case let .failure(error) = TemplateFiles.read(.file(large.path), templatesDirectory: dir.path) else {
            return
        }
        Issue.record("a template at the limit was not read: \(error.message)")
    }

    @Test func aBadClockOverrideIsAnError() throws {
        for bad in ["yesterday", "-5", "1e300", "nan"] {
            let r = try cli(
                [trip, TestPaths.scratch("now").appendingPathComponent("t.pdf").path],
                env: ["EXPORT_ITINERARY_NOW": bad])
            #expect(r.status == 2, "\(bad)")
            #expect(r.stderr.contains("EXPORT_ITINERARY_NOW must be a number of seconds"), "\(bad): \(r.stderr)")
        }
    }

    @Test func anAbsurdDurationIsAUsageError() throws {
        let r = try cli(["storekit-test", "purchase", "com.sportstime.pro.annual", "--expires-in", "99999999999d"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("within 100 years"))
    }

    @Test func anAbsurdSubscriptionPeriodIsACatalogError() throws {
        let catalog = try String(
            contentsOf: TestPaths.root.appendingPathComponent("StoreKit/SportsTime.storekit"), encoding: .utf8)
        let period = try #require(
            catalog.range(of: #""recurringSubscriptionPeriod" : "P1M""#)
                ?? catalog.range(of: #""recurringSubscriptionPeriod": "P1M""#))
        let evil = catalog.replacingCharacters(
            in: period, with: #""recurringSubscriptionPeriod" : "P99999999999999999Y""#)
        let file = TestPaths.scratch("evil-catalog").appendingPathComponent("evil.storekit")
        try Data(evil.utf8).write(to: file)
        let r = try cli(["paywall", "--catalog", file.path])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.contains("recurringSubscriptionPeriod"), "\(r.stderr)")
    }

    @Test(
        "a catalog, a catalog directory's file or a trusted root that is huge or endless is refused from its size, naming the limit"
    )
    func gateFilesAreBounded() throws {
        let dir = TestPaths.scratch("gate-files")
        // 256 MiB without a byte written: a sparse file, refused from its size.
        let huge = dir.appendingPathComponent("huge.storekit").path
        #expect(FileManager.default.createFile(atPath: huge, contents: nil))
        #expect(truncate(huge, 256 << 20) == 0)
        let storeKit = dir.appendingPathComponent("StoreKit")
        try FileManager.default.createDirectory(at: storeKit, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: storeKit.appendingPathComponent("SportsTime.storekit").path, withDestinationPath: "/dev/zero")
        let cases: [(args: [String], env: [String: String], expected: String)] = [
            (
                ["paywall", "--catalog", huge], [:],
                "catalog: cannot read \(huge): it is 256 MiB, more than the 1 MiB such a file may hold"
            ),
            (
                ["paywall"], ["EXPORT_ITINERARY_STOREKIT": storeKit.path],
                "catalog: cannot read \(storeKit.path)/SportsTime.storekit (the catalog under $EXPORT_ITINERARY_STOREKIT): it holds more than the 1 MiB such a file may hold"
            ),
            (
                ["entitlements", "trust-root", "/dev/zero", "--store", dir.appendingPathComponent("store").path], [:],
                "cannot read /dev/zero: it holds more than the 1 MiB such a file may hold"
            ),
        ]
        for c in cases {
            let r = try cli(c.args, env: c.env)
            #expect(r.status == 1, "\(c.args): \(r.stderr)")
            #expect(r.stderr == "export-itinerary: error: \(c.expected)\n", "\(c.args)")
        }
    }

    @Test(
        "a PNG preview past 100 million pixels is refused before drawing, naming the page, the pixels and the --dpi that works"
    )
    func hugePNGIsRefused() throws {
        let dir = TestPaths.scratch("huge-png")
        let data = try Data(contentsOf: URL(fileURLWithPath: TestPaths.templates + "/classic.json"))
        var template = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var papers = try #require(template["papers"] as? [String: Any])
        papers["letter"] = ["width": 14_400, "height": 14_400]
        template["papers"] = papers
        let path = dir.appendingPathComponent("huge.json").path
        try JSONSerialization.data(withJSONObject: template).write(to: URL(fileURLWithPath: path))
        let out = dir.appendingPathComponent("page.png").path
        let r = try cli([trip, out, "--template", path, "--dpi", "150"])
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.hasPrefix("export-itinerary: error: --dpi 150: page 1 is 14400 × 14400 pt, "), "\(r.stderr)")
        #expect(r.stderr.hasSuffix("a preview may have; give --dpi 50 or less\n"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
        let fits = try cli([trip, out, "--template", path, "--dpi", "50"])
        #expect(fits.status == 0, "\(fits.stderr)")
    }
}

@Suite("Concurrent store creation")
struct ConcurrentStoreCreationTests {
    @Test func sixInitsAndTrustRootsOnANewStoreAllSucceed() throws {
        for command in [["entitlements", "init", "--bundle-id", "com.sportstime.app"], ["storekit-test", "enable"]] {
            let dir = TestPaths.scratch("concurrent-create-\(command[0])").appendingPathComponent("store").path
            if command[0] == "storekit-test" {
                #expect(
                    try runProcess(
                        TestPaths.executable,
                        ["entitlements", "init", "--bundle-id", "com.sportstime.app", "--store", dir]
                    ).status == 0)
            }
            let processes = try (0..<6).map { _ -> (Process, Pipe) in
                let p = Process()
                p.executableURL = URL(fileURLWithPath: TestPaths.executable)
                p.arguments = command + ["--store", dir]
                p.environment = environment(TestStores.commandEnvironment)
                let err = Pipe()
                p.standardError = err
                p.standardOutput = FileHandle.nullDevice
                try p.run()
                return (p, err)
            }
            for (p, err) in processes {
                let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                p.waitUntilExit()
                #expect(p.terminationStatus == 0, "\(command): \(message)")
            }
        }
    }
}
