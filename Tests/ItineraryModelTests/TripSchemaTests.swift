import Foundation
import ItineraryModel
import Testing

/// docs/trip.schema.json is written from the loader's declarations, and every example and
/// valid fixture passes it in an independent validator (Python's jsonschema).
@Suite struct TripSchemaTests {
    /// The checkout, found from this file's own directory.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../..").standardizedFileURL
    static let schemaURL = root.appendingPathComponent(TripSchema.path)

    /// Every example and valid fixture.
    static var validTrips: [URL] {
        ["Examples", "Tests/Fixtures/valid"].flatMap { folder -> [URL] in
            let directory = root.appendingPathComponent(folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            return names.filter { $0.hasSuffix(".json") }.sorted().map { directory.appendingPathComponent($0) }
        }
    }

    @Test("docs/trip.schema.json is the text written from the declarations")
    func schemaIsGenerated() throws {
        let expected = TripSchema.text()
        // As GeneratedFile.update does in the suites that have TestSupport: rewritten on request, then failed.
        var rewrote = false
        if ProcessInfo.processInfo.environment["UPDATE_DOCS"] == "1",
            (try? String(contentsOf: Self.schemaURL, encoding: .utf8)) != expected
        {
            try Data(expected.utf8).write(to: Self.schemaURL, options: .atomic)
            rewrote = true
        }
        #expect(
            !rewrote, "UPDATE_DOCS=1 rewrote \(TripSchema.path): look at it and commit it; run the tests again to check"
        )
        let written = try String(contentsOf: Self.schemaURL, encoding: .utf8)
        #expect(written == expected, "\(TripSchema.path) is out of date: run \(TripSchema.rewriteCommand)")
    }

    @Test("every example and valid fixture passes the schema")
    func examplesPassTheSchema() throws {
        #expect(Self.validTrips.count >= 20, "too few trips found under \(Self.root.path)")
        let (status, output) = try Self.validate([], Self.validTrips.map(\.path))
        #expect(status == 0, "\(output)")
    }

    @Test("the schema refuses what the loader refuses for its shape")
    func schemaRefusesBadShapes() throws {
        // Each a valid trip with one thing wrong that the schema can state.
        let trip = try String(contentsOf: Self.root.appendingPathComponent("Examples/day-trip.json"), encoding: .utf8)
        let broken: [(String, String)] = [
            (
                "unknown-key",
                trip.replacingOccurrences(of: "\"schemaVersion\"", with: "\"colour\": 1, \"schemaVersion\"")
            ),
            ("bad-mode", trip.replacingOccurrences(of: "\"mode\": \"train\"", with: "\"mode\": \"car\"")),
            ("no-days", trip.replacingOccurrences(of: "\"days\"", with: "\"extensions\": {}, \"_days\"")),
            ("version-2", trip.replacingOccurrences(of: "\"schemaVersion\": 1", with: "\"schemaVersion\": 2")),
            (
                "blank-code",
                trip.replacingOccurrences(of: "\"abbreviation\": \"BOS\"", with: "\"abbreviation\": \"   \"")
            ),
            ("offset-zone", trip.replacingOccurrences(of: "\"America/New_York\"", with: "\"Etc/GMT0\"")),
            ("locale-3-letters", trip.replacingOccurrences(of: "\"en_US\"", with: "\"en-abc\"")),
            ("locale-2-regions", trip.replacingOccurrences(of: "\"en_US\"", with: "\"en-US-US\"")),
            ("hour-25", trip.replacingOccurrences(of: "T16:10:00-04:00", with: "T25:10:00-04:00")),
            ("offset-24", trip.replacingOccurrences(of: "T16:10:00-04:00", with: "T16:10:00+24:00")),
            ("port-word", trip.replacingOccurrences(of: "www.mlb.com/", with: "www.mlb.com:abc/")),
            ("hyphen-host", trip.replacingOccurrences(of: "https://www.mlb.com", with: "https://-www.mlb.com")),
            ("nbsp-url", trip.replacingOccurrences(of: "redsox/tickets", with: "redsox/\u{00A0}tickets")),
            ("separator-url", trip.replacingOccurrences(of: "redsox/tickets", with: "redsox/\u{2028}tickets")),
            (
                "long-traveler",
                trip.replacingOccurrences(
                    of: "\"traveler\": \"Sam Okafor\"", with: "\"traveler\": \"\(String(repeating: "Ab", count: 101))\""
                )
            ),
        ]
        for (name, text) in broken {
            #expect(text != trip, "\(name): the example no longer has what this case changes")
            #expect(throws: TripLoadError.self, "\(name) loads") { try TripLoader.load(Data(text.utf8)) }
        }
        let (status, output) = try Self.validate(["--expect-invalid"], input: broken.map(\.1).joined(separator: "\0"))
        #expect(status == 0, "\(output)")
    }

    /// Runs scripts/validate-trips.py with `options`, the schema and `files`, `input` on its stdin.
    static func validate(_ options: [String] = [], _ files: [String] = [], input: String = "") throws -> (Int32, String)
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        let script = root.appendingPathComponent("scripts/validate-trips.py").path
        process.arguments = ["python3", script] + options + [schemaURL.path] + files
        let pipe = Pipe()
        let stdin = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = stdin
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }
}
