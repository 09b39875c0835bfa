/// What can be wrong with a trip file, with the JSON path of every problem.
import StrictJSON

/// One broken rule at one place in the document.
public struct TripProblem: Sendable, Equatable, CustomStringConvertible {
    /// A JSON path such as `days[3].items[0].homeTeam`; empty for the document itself.
    public var path: String
    /// The rule that failed, phrased for a person: `unknown team id "nyyy"`.
    public var message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}

/// Why a trip could not be loaded.
public enum TripLoadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The bytes are not JSON (or not UTF-8); 1-based line and column of the first bad character.
    case notJSON(line: Int, column: Int, reason: String)
    /// The document is larger than `TripLoader.maximumBytes`.
    case tooLarge(bytes: Int)
    /// JSON, but not a valid trip: every problem found, in document order.
    case invalid([TripProblem])

    public var description: String {
        switch self {
        case let .notJSON(line, column, reason): return "not valid JSON at line \(line), column \(column): \(reason)"
        case let .tooLarge(bytes):
            // A stream or a device (/dev/zero) has no size: only what was read is known.
            return bytes > TripLoader.maximumBytes + 1
                ? "file is \(bytes) bytes; the limit is \(TripLoader.maximumBytes) bytes (8 MiB)"
                : "more than the limit of \(TripLoader.maximumBytes) bytes (8 MiB)"
        case let .invalid(problems): return "\(problems.count) problem\(problems.count == 1 ? "" : "s") in trip"
        }
    }
}

extension TripProblem {
    init(_ path: JSONPath, _ message: String) {
        self.init(path: path.text, message: message)
    }
}

extension TripProblem {
    /// The problem the shared object reader found, in its words.
    init(_ problem: JSONProblem) { self.init(path: problem.path.text, message: problem.message) }
}
