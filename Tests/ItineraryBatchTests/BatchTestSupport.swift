/// Shared by the batch tests: scratch trees of trips, the command with the shared Pro store.
import Foundation
@testable import ItineraryBatch
import TestSupport

/// Runs the built command with the repository's fonts, templates and the shared Pro store.
func cli(_ args: [String], env extra: [String: String] = [:], in dir: URL? = nil) throws -> ProcessResult {
    var changes = TestStores.commandEnvironment
    for (k, v) in extra { changes[k] = v }
    return try runProcess(TestPaths.executable, args, environment: environment(changes), directory: dir)
}

/// Writes `files` (relative path → contents) below a fresh scratch directory.
func tree(_ name: String, _ files: [String: String]) throws -> URL {
    let root = TestPaths.scratch(name)
    for (path, text) in files {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
    return root
}

/// The text of an example trip.
func example(_ name: String) throws -> String {
    try String(contentsOf: TestPaths.examples.appendingPathComponent(name + ".json"), encoding: .utf8)
}

/// The example trips with another traveller, so each copy renders a different PDF.
func variant(_ name: String, traveler: String) throws -> String {
    let text = try example(name)
    guard let range = text.range(of: #""traveler": ""#) else { return text }
    let end = text[range.upperBound...].firstIndex(of: "\"")!
    return text.replacingCharacters(in: range.upperBound..<end, with: traveler)
}

func defaults() -> JobDefaults {
    JobDefaults(templatesDirectory: TestPaths.templates)
}

/// Every file below `root` (relative paths, sorted), hidden ones included.
func filesBelow(_ root: URL) -> [String] {
    let enumerator = FileManager.default.enumerator(atPath: root.path)
    var found: [String] = []
    while let path = enumerator?.nextObject() as? String {
        var isDir: ObjCBool = false
        FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path, isDirectory: &isDir)
        if !isDir.boolValue { found.append(path) }
    }
    return found.sorted()
}

func readReport(_ url: URL) throws -> BatchReport {
    try BatchReport(reading: Data(contentsOf: url))
}
