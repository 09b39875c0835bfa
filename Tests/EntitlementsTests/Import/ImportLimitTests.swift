/// `entitlements import` reads at most 16 MiB and 10,000 signed items per file (issue 19 §2):
/// anything larger is refused from its size or as soon as the limit is passed, never read whole.
import Foundation
import Testing
import TestSupport
@testable import Entitlements

@Suite("Import: bounded files")
struct ImportLimitTests {
    private func file(_ f: SignedStoreFixture, _ name: String, _ write: (String) throws -> Void) throws -> String {
        let path = URL(fileURLWithPath: f.directory).deletingLastPathComponent().appendingPathComponent(name).path
        try write(path)
        return path
    }

    @Test("a file past 16 MiB is refused from its size, naming it, before a byte is read")
    func tooLarge() throws {
        let f = try SignedStoreFixture("import-large")
        // Sparse: 20 MiB that takes no disk and would take seconds to read.
        let path = try file(f, "huge.txt") { path in
            FileManager.default.createFile(atPath: path, contents: nil)
            let handle = try #require(FileHandle(forWritingAtPath: path))
            try handle.truncate(atOffset: 20 << 20)
            try handle.close()
        }
        let results = try f.importer().importFile(path)
        #expect(results.map(\.status) == [.rejected])
        #expect(
            results.first?.reason?.hasPrefix("the file is 20.0 MiB, more than the 16 MiB one import reads") == true,
            "\(results)")
        #expect(try f.store.transactionCount() == 0)
    }

    @Test("a stream past 16 MiB is refused after the limit, not read to its end")
    func stream() throws {
        let f = try SignedStoreFixture("import-stream")
        #expect(throws: Never.self) {
            if case let .failure(refusal) = ImportSource.read("/dev/zero") {
                #expect(refusal.reason.hasPrefix("the file is larger than the limit"), "\(refusal.reason)")
            } else {
                Issue.record("/dev/zero was read whole")
            }
        }
        _ = f
    }

    @Test("more than 10,000 lines, or 200,000 JSON values, is refused as a whole; 10,000 is read")
    func tooMany() throws {
        let f = try SignedStoreFixture("import-many")
        let lines = try file(f, "lines.txt") {
            try Data(String(repeating: "x\n", count: 10_001).utf8).write(to: URL(fileURLWithPath: $0))
        }
        let results = try f.importer().importFile(lines)
        #expect(results.count == 1)
        #expect(results.first?.reason == "the file holds more than the 10000 signed items one import takes: split it")
        let json = try file(f, "values.json") {
            try Data(("[" + Array(repeating: "0", count: 200_001).joined(separator: ",") + "]").utf8).write(
                to: URL(fileURLWithPath: $0))
        }
        #expect(
            try f.importer().importFile(json).first?.reason?.hasPrefix("the file holds more than 200000 JSON values")
                == true)
        // At the limit: each line is an item (rejected as not a JWS), none refused as a whole.
        let limit = try file(f, "limit.txt") {
            try Data(String(repeating: "x\n", count: 10_000).utf8).write(to: URL(fileURLWithPath: $0))
        }
        #expect(try f.importer().importFile(limit).count == 10_000)
    }

    @Test("a JSON response is still read with its items in key order")
    func response() throws {
        let f = try SignedStoreFixture("import-json")
        let purchase = Payloads.subscription("1", purchased: Clock.t0, expires: Clock.at(Clock.day))
        let jws = try f.sign(purchase)
        let path = try file(f, "history.json") {
            try Data(#"{"signedTransactions": ["\#(jws)"], "hasMore": false}"#.utf8).write(to: URL(fileURLWithPath: $0))
        }
        let results = try f.importer().importFile(path)
        #expect(results.map(\.status) == [.imported])
        #expect(results.first?.source == "\(path): signedTransactions[0]")
    }
}

@Suite("Import: dates inside the calendar")
struct ImportDateTests {
    @Test("an expiresDate of -1e308, or past year 9999, is refused at import, never printed as year 5,838,270")
    func outOfRange() throws {
        let f = try SignedStoreFixture("import-dates")
        for value in [-1e308, -62_167_219_200_001, 253_402_300_800_000, 1e300] {
            var p = Payloads.subscription("1", purchased: Clock.t0, expires: Clock.at(Clock.day))
            p.expiresDate = value
            let results = try f.importSigned(p)
            #expect(results.map(\.status) == [.rejected], "\(value)")
            #expect(results.first?.reason?.contains("expiresDate") == true, "\(results)")
            #expect(
                results.first?.reason?.contains("a date in milliseconds within the years 0 to 9999") == true,
                "\(results)")
        }
        var renewal = Payloads.renewal(original: "1", grace: Clock.t0, signed: Clock.t0)
        renewal.gracePeriodExpiresDate = -1e308
        #expect(try f.importSigned(renewal).map(\.status) == [.rejected])
        #expect(try f.store.transactionCount() == 0)
    }
}
