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

    @Test("the identity holds the build ID of each loaded library that decides a PDF's bytes, as readelf reads it")
    func loadedLibraries() throws {
        // The identity loads the drawing libraries first (they load at the first call into
        // them, which another test of this process may or may not have made yet).
        let identity = ProgramIdentity.current
        let loaded = ProgramIdentity.loadedLibraries()
        let names = loaded.map(\.name)
        for library in ["libcairo.so", "libpango-1.0.so", "libharfbuzz.so", "libfreetype.so", "libdeflate.so"] {
            #expect(names.contains { $0.hasPrefix(library) }, "\(library) in \(names)")
        }
        let cairo = try #require(loaded.first { $0.name.hasPrefix("libcairo.so") })
        let maps = String(
            decoding: try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/self/maps")).readToEnd() ?? Data(),
            as: UTF8.self)
        let path = try #require(
            maps.split(separator: "\n").compactMap { line in line.firstIndex(of: "/").map { String(line[$0...]) } }
                .first { $0.hasSuffix("/" + cairo.name) })
        let readelf = try runProcess("/usr/bin/readelf", ["-n", path])
        let line = try #require(readelf.stdout.split(separator: "\n").first { $0.contains("Build ID:") })
        #expect(cairo.buildID == line.split(separator: " ").last.map(String.init))
        #expect(identity.contains("\(cairo.name) \(cairo.buildID)"))
    }
}
