/// The program's identity in the resume fingerprint: the ELF build ID, as readelf reads it.
import Foundation
@testable import ItineraryBatch
import Testing
import TestSupport

@Suite("Program identity")
struct ProgramIdentityTests {
    @Test func theBuildIDIsTheOneReadelfReads() throws {
        let readelf = try runProcess("/usr/bin/readelf", ["-n", TestPaths.executable])
        let line = try #require(readelf.stdout.split(separator: "\n").first { $0.contains("Build ID:") })
        let expected = line.split(separator: " ").last.map(String.init)
        #expect(ProgramIdentity.buildID(TestPaths.executable) == expected)
        #expect(ProgramIdentity.buildID(TestPaths.root.appendingPathComponent("README.md").path) == nil)
        #expect(ProgramIdentity.current.contains("cairo 1."))
    }
}
