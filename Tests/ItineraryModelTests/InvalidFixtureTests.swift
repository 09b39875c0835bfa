import Foundation
import Testing
import ItineraryModel

/// Each `Tests/Fixtures/invalid/NAME.json` fails to load with exactly the lines in
/// `NAME.expected`. The CLI tests reuse these files.
@Suite struct InvalidFixtureTests {
    /// Found from this file's own directory, so it works in the main package and in a
    /// package that links this test directory in through a symlink.
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/invalid")
        .standardizedFileURL

    static var fixtureNames: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    @Test func thereAreFixturesToCheck() {
        #expect(Self.fixtureNames.count >= 8, "no fixtures found in \(Self.directory.path)")
    }

    @Test(arguments: fixtureNames)
    func fixtureFailsAsExpected(name: String) throws {
        let json = try Data(contentsOf: Self.directory.appendingPathComponent(name + ".json"))
        let expectedText = try String(
            contentsOf: Self.directory.appendingPathComponent(name + ".expected"), encoding: .utf8)
        let expected = expectedText.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        #expect(!expected.isEmpty)
        #expect(Self.errorLines(json) == expected)
    }

    /// What a person would be shown: one line per problem, or the one syntax/size line.
    static func errorLines(_ data: Data) -> [String] {
        do {
            _ = try TripLoader.load(data)
            return ["(loaded without error)"]
        } catch {
            switch error {
            case .invalid(let problems): return problems.map(\.description)
            case .notJSON, .tooLarge: return [error.description]
            }
        }
    }
}
