/// Where a template is found and how its file is read: the one lookup behind an export,
/// `validate --template` and a batch's plan.
import Foundation
import ItineraryLayout
import StrictJSON

/// Which design to use: a template shipped in `Templates/` by name, or a user's file.
public enum TemplateChoice: Sendable, Equatable {
    case named(String)
    case file(String)

    /// The design used when none is chosen.
    public static let standard = TemplateChoice.named(TemplateFiles.standardName)

    /// A value containing a slash or ending in `.json` is a path; anything else is a name.
    public init(argument: String) {
        self = argument.contains("/") || argument.hasSuffix(".json") ? .file(argument) : .named(argument)
    }

    /// The choice as a user writes it: the name or the path.
    public var argument: String {
        switch self {
        case let .named(name): return name
        case let .file(path): return path
        }
    }
}

/// The template lookup: the file a `TemplateChoice` names, why a bundled name is missing (listing
/// the ones there are), and reading the file with every failure worded for the user.
public enum TemplateFiles {
    /// The bundled template used when none is named.
    public static let standardName = "classic"

    /// The file `choice` reads: `<directory>/<name>.json` for a bundled name, else the path itself.
    public static func path(_ choice: TemplateChoice, templatesDirectory: String) -> String {
        switch choice {
        case let .named(name): return templatesDirectory + "/" + name + ".json"
        case let .file(path): return path
        }
    }

    /// Why the bundled name `name` cannot be used when it is not in `templatesDirectory`, naming
    /// the ones that are (or that none are, and where it looked); nil when it is there.
    public static func missing(_ name: String, templatesDirectory: String) -> String? {
        guard !FileManager.default.fileExists(atPath: path(.named(name), templatesDirectory: templatesDirectory)) else {
            return nil
        }
        let known = ((try? FileManager.default.contentsOfDirectory(atPath: templatesDirectory)) ?? [])
            .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
        return
            "no template named \(MessageText.quoted(name)) (available: \(known.isEmpty ? "none found in \(MessageText.path(templatesDirectory))" : known.joined(separator: ", ")))"
    }

    /// The most a template file may hold: the bundled ones are 25 to 35 KB.
    public static let maximumBytes = 1 << 20

    /// The path `choice` names and its bytes, or why they cannot be had: a missing bundled
    /// name, or a file that is missing, not a regular file (a pipe or a device is refused
    /// before a byte is read, so nothing waits on it), larger than `maximumBytes` (refused
    /// without reading more than that), or not readable.
    public static func read(
        _ choice: TemplateChoice, templatesDirectory: String
    ) -> Result<(path: String, data: Data), TemplateFileError> {
        if case let .named(name) = choice, let problem = missing(name, templatesDirectory: templatesDirectory) {
            return .failure(TemplateFileError(message: problem))
        }
        let path = path(choice, templatesDirectory: templatesDirectory)
        func failure(_ why: String) -> Result<(path: String, data: Data), TemplateFileError> {
            .failure(TemplateFileError(message: "cannot read \(MessageText.path(path)): \(why)"))
        }
        // Opened without waiting (a FIFO would block an open for reading until a writer came),
        // then checked to be a regular file before it is read.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return failure(AtomicFile.systemMessage()) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return failure(AtomicFile.systemMessage()) }
        guard info.st_mode & S_IFMT == S_IFREG else { return failure("it is not a regular file") }
        let tooLarge = "it is larger than the \(maximumBytes / 1024) KiB a template may be"
        guard Int(info.st_size) <= maximumBytes else { return failure(tooLarge) }
        // Room for the size it has and one byte more, to see it grow past the limit.
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
        var count = 0
        while count < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress! + count, $0.count - count) }
            if n < 0, errno == EINTR { continue }
            guard n >= 0 else { return failure(AtomicFile.systemMessage()) }
            if n == 0 { break }
            count += n
            if count == bytes.count, count <= maximumBytes {
                bytes += [UInt8](repeating: 0, count: min(bytes.count, maximumBytes + 1 - count))
            }
        }
        // (A file that grew past the limit while it was read.)
        guard count <= maximumBytes else { return failure(tooLarge) }
        return .success((path, Data(bytes[..<count])))
    }

    /// A template file's bytes decoded and checked (`TemplateLoader`), or why not, after its path.
    public static func decode(_ data: Data, path: String) -> Result<Template, TemplateFileError> {
        do {
            return .success(try TemplateLoader.load(data))
        } catch {
            return .failure(TemplateFileError(message: "\(MessageText.path(path)): \(error)"))
        }
    }
}

/// Why a template could not be found, read or decoded: one line, without the `template:` prefix.
public struct TemplateFileError: Error, Sendable, CustomStringConvertible {
    /// The line, e.g. `no template named "clasic" (did you mean classic?)`.
    public var message: String
    /// The same line.
    public var description: String { message }
}
