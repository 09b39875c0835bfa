/// The lines a supervisor and its workers exchange: one JSON object per line, a job on the
/// worker's standard input, a reply on its standard output.
import Entitlements
import Foundation
import ItineraryExport
import StrictJSON

/// One job for a worker.
public struct WorkerRequest: Encodable, Sendable, Equatable {
    public var id: Int
    public var trip: String
    /// The PDF as messages name it (`--out-dir` as given, then the job's output).
    public var out: String
    /// The file to write, relative to the output directory the worker inherited (descriptor
    /// `WorkerWire.outputDirectoryDescriptor`), the links inside it resolved by the supervisor
    /// as it handed the job out: the worker reaches it without following any link.
    public var written: String?
    /// A bundled template's name, or nil when `templateFile` is set.
    public var templateName: String?
    public var templateFile: String?
    public var paper: String?
    /// SOURCE_DATE_EPOCH as the supervisor read it.
    public var epoch: Int?

    var template: TemplateChoice {
        if let templateFile { return .file(templateFile) }
        return templateName.map(TemplateChoice.named) ?? .standard
    }
}

/// A worker's answer: `ready` once after start-up, `fatal` when it cannot work at all, else one
/// `result` per request.
public struct WorkerReply: Encodable, Sendable, Equatable {
    /// Which of the three replies this is; the other fields set depend on it.
    public enum Kind: String, CaseIterable, Encodable, Sendable { case ready, fatal, result }
    public var kind: Kind
    public var id: Int?
    public var ok: Bool?
    /// The exit code the single-file command would have given (4 invalid trip, 6 output, …).
    public var exit: Int32?
    public var reason: String?
    /// Every problem, one line each (an invalid trip's JSON paths).
    public var errors: [String]?
    public var warnings: [String]?
    public var pages: Int?
    public var bytes: Int?
    public var milliseconds: Double?
    /// SHA-256 of the trip bytes the worker read and rendered.
    public var tripSHA256: String?
    /// SHA-256 of the template bytes the worker laid the document out with: `--resume` records
    /// these, not the file as it was when the batch planned.
    public var templateSHA256: String?
    /// The output could not be written for a reason every later job would meet too (no space
    /// left, a read-only file system): the batch stops.
    public var diskFull: Bool?
    /// The way out of an entitlement error (`EntitlementRemedy`'s raw value), for the command
    /// line to word with its commands.
    public var remedy: String?

    static func ready() -> WorkerReply { WorkerReply(kind: .ready) }

    static func fatal(_ message: String, exit: Int32, remedy: EntitlementRemedy? = nil) -> WorkerReply {
        WorkerReply(kind: .fatal, exit: exit, reason: message, remedy: remedy)
    }

    init(
        kind: Kind, id: Int? = nil, ok: Bool? = nil, exit: Int32? = nil, reason: String? = nil, errors: [String]? = nil,
        warnings: [String]? = nil, pages: Int? = nil, bytes: Int? = nil, milliseconds: Double? = nil,
        tripSHA256: String? = nil, templateSHA256: String? = nil,
        diskFull: Bool? = nil, remedy: EntitlementRemedy? = nil
    ) {
        self.kind = kind
        self.id = id
        self.ok = ok
        self.exit = exit
        self.reason = reason
        self.errors = errors
        self.warnings = warnings
        self.pages = pages
        self.bytes = bytes
        self.milliseconds = milliseconds
        self.tripSHA256 = tripSHA256
        self.templateSHA256 = templateSHA256
        self.diskFull = diskFull
        self.remedy = remedy?.rawValue
    }
}

enum WorkerWire {
    /// The worker's descriptor of `--out-dir`, inherited from the supervisor.
    static let outputDirectoryDescriptor: Int32 = 3

    static func encode<T: Encodable>(_ value: T) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var data = (try? encoder.encode(value)) ?? Data("{}".utf8)
        data.append(0x0A)
        return data
    }

    /// The message on `line`, read by the one strict JSON reader; nil when it is not one (the
    /// peer is broken: a key it should not write, one written twice, a value of the wrong kind).
    static func decode<T: WireMessage>(_ type: T.Type, _ line: Data) -> T? {
        guard let value = try? JSONParser.parse(line),
            let object = try? JSONObject.strict(value, at: .root, keys: .only(T.wireKeys))
        else { return nil }
        return try? T(wire: object)
    }
}

/// Reads newline-terminated lines from a file descriptor, buffering partial ones.
struct LineReader {
    let fd: Int32
    let limit: Int
    private var buffer: [UInt8] = []
    /// Where the search for the next newline goes on (the bytes before it hold none).
    private var scanned = 0
    private(set) var atEnd = false
    /// Set when a line grew past `limit` bytes without ending: the peer is broken.
    private(set) var overflowed = false

    init(fd: Int32, limit: Int = 16 * 1024 * 1024) {
        self.fd = fd
        self.limit = limit
    }

    /// Reads what is available (blocking once) and returns the complete lines, without their
    /// newline. Sets `atEnd` on end of file, a read error, or an overlong line.
    mutating func readLines() -> [Data] {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if n < 0 && errno == EINTR { return [] }
        if n <= 0 { atEnd = true; return [] }
        buffer.append(contentsOf: chunk[0..<n])
        var lines: [Data] = []
        var start = 0
        var index = scanned
        while index < buffer.count {
            if buffer[index] == 0x0A {
                lines.append(Data(buffer[start..<index]))
                start = index + 1
            }
            index += 1
        }
        buffer.removeFirst(start)
        scanned = buffer.count
        if buffer.count > limit { atEnd = true; overflowed = true }
        return lines
    }
}

/// Writes all of `data` to `fd`; false when the peer has gone.
@discardableResult
func writeAll(_ fd: Int32, _ data: Data) -> Bool {
    data.withUnsafeBytes { raw -> Bool in
        var offset = 0
        while offset < raw.count {
            let n = write(fd, raw.baseAddress! + offset, raw.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += n
        }
        return true
    }
}

/// A pipe whose ends close on exec (Glibc's module does not export `pipe2`).
func closeOnExecPipe(_ fds: inout [Int32], nonBlocking: Bool = false) -> Bool {
    guard pipe(&fds) == 0 else { return false }
    for fd in fds {
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        if nonBlocking { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
    }
    return true
}

/// A line of the worker protocol: written by `JSONEncoder` (its property names are the keys), read
/// back by `WorkerWire.decode`.
protocol WireMessage: Encodable {
    /// Every key the encoder may write: the stored properties' names.
    static var wireKeys: [String] { get }
    init(wire: JSONObject) throws(JSONProblem)
}

extension WorkerRequest: WireMessage {
    static let wireKeys = ["id", "trip", "out", "written", "templateName", "templateFile", "paper", "epoch"]

    init(wire: JSONObject) throws(JSONProblem) {
        id = try wire.require("id", JSONValue.integer(at:))
        trip = try wire.require("trip", JSONValue.string(at:))
        out = try wire.require("out", JSONValue.string(at:))
        written = try wire.string("written")
        templateName = try wire.string("templateName")
        templateFile = try wire.string("templateFile")
        paper = try wire.string("paper")
        epoch = try wire.integer("epoch")
    }
}

extension WorkerReply: WireMessage {
    static let wireKeys = [
        "kind", "id", "ok", "exit", "reason", "errors", "warnings", "pages", "bytes", "milliseconds",
        "tripSHA256", "templateSHA256", "diskFull", "remedy",
    ]

    init(wire: JSONObject) throws(JSONProblem) {
        let word = try wire.require("kind", JSONValue.string(at:))
        guard let kind = Kind(rawValue: word) else {
            throw .mismatch(
                at: wire.path.key("kind"), expected: MessageText.alternatives(Kind.allCases.map(\.rawValue)),
                shown: MessageText.quoted(word))
        }
        self.kind = kind
        id = try wire.integer("id")
        ok = try wire.bool("ok")
        if let code = try wire.integer("exit") {
            guard let exit = Int32(exactly: code) else {
                throw .mismatch(at: wire.path.key("exit"), expected: "an exit code", shown: String(code))
            }
            self.exit = exit
        } else {
            exit = nil
        }
        reason = try wire.string("reason")
        errors = try wire.strings("errors")
        warnings = try wire.strings("warnings")
        pages = try wire.integer("pages")
        bytes = try wire.integer("bytes")
        milliseconds = try wire.number("milliseconds")
        tripSHA256 = try wire.string("tripSHA256")
        templateSHA256 = try wire.string("templateSHA256")
        diskFull = try wire.bool("diskFull")
        remedy = try wire.string("remedy")
    }
}
