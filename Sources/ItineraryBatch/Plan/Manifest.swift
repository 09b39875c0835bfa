/// A batch manifest in JSON Lines: one job per line,
/// `{"trip": "trips/a.json", "out": "2026/a.pdf", "template": "compact", "paper": "a4"}`.
import Foundation
import ItineraryExport
import ItineraryModel
import StrictJSON

/// Reads a manifest into jobs: each line checked on its own, every problem collected with its
/// `file:line`, paths taken relative to the manifest's directory.
public enum Manifest {
    /// The keys a manifest line may have: any other is a problem of that line.
    public static let keys = ["trip", "out", "template", "paper"]

    /// The jobs of the manifest at `path`, or every problem found, each as `path:line: …`.
    /// Paths inside are relative to the manifest's directory.
    static func jobs(path: String, defaults: JobDefaults) -> (jobs: [BatchJob], problems: [String]) {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            return ([], ["\(MessageText.path(path)): cannot read the manifest"])
        }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.read(upToCount: BatchLimits.maximumManifestBytes + 1) ?? Data()
        } catch {
            return ([], ["\(MessageText.path(path)): cannot read the manifest"])
        }
        if data.count > BatchLimits.maximumManifestBytes {
            return (
                [],
                [
                    "\(MessageText.path(path)): the manifest is larger than \(BatchLimits.maximumManifestBytes / 1024 / 1024) MiB: split it"
                ]
            )
        }
        let base = PathText.parent(path)
        var jobs: [BatchJob] = []
        var problems: [String] = []
        var lineNumber = 0
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            let bytes = raw.bindMemory(to: UInt8.self)
            var start = 0
            while start < bytes.count, problems.count < 50 {
                lineNumber += 1
                var end = start
                while end < bytes.count, bytes[end] != 0x0A { end += 1 }
                var line = Array(bytes[start..<end])
                start = end + 1
                if line.last == 0x0D { line.removeLast() }
                let at = "\(MessageText.path(path)):\(lineNumber)"
                if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
                if line.count > BatchLimits.maximumManifestLine {
                    problems.append("\(at): the line is longer than \(BatchLimits.maximumManifestLine) bytes")
                    continue
                }
                switch job(line: line, at: at, base: base, defaults: defaults) {
                case let .success(job): jobs.append(job)
                case let .failure(lineProblems): problems += lineProblems.problems.map { "\(at): \($0)" }
                }
                if jobs.count > BatchLimits.maximumJobs { break }
            }
        }
        if jobs.isEmpty && problems.isEmpty { problems.append("\(MessageText.path(path)): the manifest has no jobs") }
        return (jobs, problems)
    }

    private static func job(
        line: [UInt8], at: String, base: String, defaults: JobDefaults
    ) -> Result<BatchJob, ManifestProblems> {
        let value: JSONValue
        do {
            value = try JSONParser.parse(line)
        } catch {
            return .failure(ManifestProblems(["not JSON: \(error.reason) at column \(error.column)"]))
        }
        let object: JSONObject
        do {
            object = try JSONObject(
                value, at: .root, keys: .only(keys), expected: "an object like {\"trip\": \"trips/a.json\"}")
        } catch {
            return .failure(ManifestProblems([error.description]))
        }
        var problems = object.keyProblems.map(\.problem.description)
        var fields: [String: String] = [:]
        // A manifest line is written by a script: null is refused as the wrong kind, not taken
        // as "use the default" (a script that meant the default leaves the key out).
        for key in keys where object.contains(key) {
            do {
                let text = try object.require(key, JSONValue.string(at:))
                if text.utf8.count > BatchLimits.maximumPathBytes {
                    problems.append("\(key): longer than \(BatchLimits.maximumPathBytes) bytes")
                    continue
                }
                fields[key] = text
            } catch {
                problems.append(error.description)
            }
        }
        guard let trip = fields["trip"], !trip.isEmpty else {
            if !object.contains("trip") {
                problems.append(JSONProblem.missingKey(at: JSONPath.root.key("trip")).description)
            } else if fields["trip"] != nil {
                problems.append("trip: the path is empty")
            }
            return .failure(ManifestProblems(problems))
        }
        let tripPath = resolve(trip, base: base)
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: tripPath, isDirectory: &isDirectory) {
            problems.append("trip: no such file \(MessageText.path(tripPath))")
        } else if isDirectory.boolValue {
            problems.append("trip: \(MessageText.path(tripPath)) is a directory")
        }
        var template = defaults.template
        if let raw = fields["template"] {
            switch defaults.checkTemplate(raw, base: base) {
            case let .success(choice): template = choice
            case let .failure(problem): problems.append("template: \(problem.reason)")
            }
        }
        var paper = defaults.paper
        if let raw = fields["paper"] {
            if let known = JobDefaults.paper(raw) {
                paper = known
            } else {
                problems.append("paper: must be \(JobDefaults.paperRule), got \(MessageText.quoted(raw))")
            }
        }
        if !problems.isEmpty { return .failure(ManifestProblems(problems)) }
        let output: String
        var refusal: String?
        if let out = fields["out"] {
            switch OutputPath.normalise(out) {
            case let .success(normal): output = normal
            case let .failure(why): output = out; refusal = why.reason
            }
        } else {
            output = SourceListing.pdfName(for: PathText.name(trip))
        }
        return .success(
            BatchJob(trip: tripPath, output: output, template: template, paper: paper, origin: at, refusal: refusal))
    }

    /// `path` relative to `base` (the manifest's directory). `-` is a file named so, never
    /// standard input.
    static func resolve(_ path: String, base: String) -> String {
        if path.hasPrefix("/") { return path }
        if base.isEmpty { return path == "-" ? "./-" : path }
        return base + "/" + path
    }
}

struct ManifestProblems: Error {
    var problems: [String]
    init(_ problems: [String]) { self.problems = problems }
}
