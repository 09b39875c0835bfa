/// Locations the tests share: the package root, its fonts, templates, fixtures and the built command.
import Foundation

public enum TestPaths {
    /// The directory holding Package.swift, found from this source file's path.
    public static let root: URL = {
        var dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: dir.appendingPathComponent("Package.swift").path) {
            dir = dir.deletingLastPathComponent()
        }
        return dir
    }()

    public static var fonts: String { root.appendingPathComponent("Fonts").path }
    public static var templates: String { root.appendingPathComponent("Templates").path }
    public static var examples: URL { root.appendingPathComponent("Examples") }
    public static var validFixtures: URL { root.appendingPathComponent("Tests/Fixtures/valid") }
    public static var invalidFixtures: URL { root.appendingPathComponent("Tests/Fixtures/invalid") }
    /// The 10-day and 120-day trips of `../shared/bench-peers/trips`, where that folder exists
    /// (a workplace checkout); none in a user's clone.
    public static var sharedBenchTrips: [URL] {
        jsonFiles(in: root.deletingLastPathComponent().appendingPathComponent("shared/bench-peers/trips"))
    }
    public static var golden: URL { root.appendingPathComponent("Tests/Golden") }
    /// The one folder this test run writes into (git-ignored): `$EXPORT_ITINERARY_TEST_SCRATCH`,
    /// which `make test` empties before the run and removes after it when every test passed
    /// (printing its path when not); otherwise `Tests/.artifacts/run-PID`. A run without the
    /// variable removes the folders of earlier runs whose process has ended, so the tree holds
    /// at most the last run's files and never grows run after run.
    public static let artifacts: URL = {
        let parent = root.appendingPathComponent("Tests/.artifacts")
        removeEndedRuns(in: parent)
        if let given = ProcessInfo.processInfo.environment["EXPORT_ITINERARY_TEST_SCRATCH"], !given.isEmpty {
            let dir = URL(fileURLWithPath: given)
            try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            return dir
        }
        let dir = parent.appendingPathComponent("run-\(getpid())")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }()

    /// Removes `run-PID` folders of processes that have ended (and the per-test folders an
    /// older layout left beside them).
    private static func removeEndedRuns(in parent: URL) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []
        for name in names {
            let ended: Bool
            if name.hasPrefix("run-"), let pid = Int32(name.dropFirst(4)) {
                ended = pid != getpid() && kill(pid, 0) != 0 && errno == ESRCH
            } else {
                ended = name.hasPrefix("scratch-") || name == "golden"
            }
            if ended { try? FileManager.default.removeItem(at: parent.appendingPathComponent(name)) }
        }
    }

    /// The `export-itinerary` binary built beside the test bundle.
    public static var executable: String {
        let bundleDir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let beside = bundleDir.appendingPathComponent("export-itinerary").path
        if FileManager.default.isExecutableFile(atPath: beside) { return beside }
        return root.appendingPathComponent(".build/debug/export-itinerary").path
    }

    /// Every `.json` file of a directory, sorted by name.
    public static func jsonFiles(in dir: URL) -> [URL] {
        ((try? FileManager.default.contentsOfDirectory(at: dir, includingPropertiesForKeys: nil)) ?? [])
            .filter { $0.pathExtension == "json" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    /// A fresh empty directory in this run's folder (`artifacts`).
    public static func scratch(_ name: String) -> URL {
        let dir = artifacts.appendingPathComponent("scratch-\(name)")
        try? FileManager.default.removeItem(at: dir)
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }
}

/// The result of running a program to completion.
public struct ProcessResult {
    public var status: Int32
    public var stdout: String
    public var stderr: String
    public var stdoutData: Data
}

/// Runs `executable` with `arguments`, optional standard input, extra environment and working directory.
public func runProcess(
    _ executable: String, _ arguments: [String], stdin: Data? = nil,
    environment: [String: String]? = nil, directory: URL? = nil
) throws -> ProcessResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let environment { process.environment = environment }
    if let directory { process.currentDirectoryURL = directory }
    let out = Pipe(), err = Pipe(), input = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = input
    try process.run()
    // Read both pipes concurrently so a chatty child cannot block on a full pipe.
    nonisolated(unsafe) var errData = Data()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
        errData = err.fileHandleForReading.readDataToEndOfFile()
        group.leave()
    }
    if let stdin { input.fileHandleForWriting.write(stdin) }
    try? input.fileHandleForWriting.close()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return ProcessResult(
        status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
        stderr: String(decoding: errData, as: UTF8.self), stdoutData: outData)
}

/// The environment of this process with `changes` applied.
public func environment(_ changes: [String: String]) -> [String: String] {
    var env = ProcessInfo.processInfo.environment
    for (k, v) in changes { env[k] = v }
    return env
}
