/// A batch worker: the same executable, started by the supervisor with pipes for standard input
/// and output. It checks the Pro gate and loads the fonts once, then renders jobs one at a time
/// until its input ends. Started by hand it is no way around the gate: it asks the gate first.
import Entitlements
import Digests
import Foundation
import ItineraryExport
import ItineraryModel
#if canImport(Glibc)
import Glibc
#endif

/// The worker's side of the protocol (`WorkerWire`): what `export-itinerary` does when the
/// supervisor starts it as a worker.
public enum BatchWorker {
    /// How long a passed gate check stands inside a worker before it asks the store again.
    public static let gateRecheckInterval: Duration = .seconds(10)

    /// Serves jobs from standard input until it ends; returns the process exit code.
    /// - Parameter makeExporter: builds the exporter (checking the gate); a failure is sent to
    ///   the supervisor as `fatal` with its exit code.
    /// - Parameter kept: the store and the installation's folders (`KeptPath`): a job's folder
    ///   that has become one of them (a bind mount since the job was handed out) takes no PDF.
    public static func run(kept: [KeptPath] = [], makeExporter: () throws(ExportError) -> Exporter) -> Int32 {
        let rule = WriteRule(kept: kept.filter(\.isDirectory))
        // Interrupts are the supervisor's to handle: it lets running jobs finish, and kills
        // the workers itself on a second one. A scheduler's SIGTERM to every process of a job
        // (Slurm's scancel or time limit) so finishes the documents in hand.
        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        signal(SIGPIPE, SIG_IGN)
        // The protocol moves to descriptors of its own: whatever a library prints on standard
        // output (FC_DEBUG) goes to standard error, and nothing reads the job pipe as a trip.
        let outputDirectory = inheritedOutputDirectory()
        let requests = fcntl(0, F_DUPFD_CLOEXEC, 3)
        let replies = fcntl(1, F_DUPFD_CLOEXEC, 3)
        guard requests >= 0, replies >= 0 else { return ExitCode.failure }
        let null = open("/dev/null", O_RDONLY)
        if null >= 0 { dup2(null, 0); close(null) }
        dup2(2, 1)
        endWithTheSupervisor(replies: replies)
        let exporter: Exporter
        do {
            exporter = try makeExporter()
        } catch {
            writeAll(
                replies,
                WorkerWire.encode(WorkerReply.fatal(error.description, exit: error.exitCode, remedy: error.remedy)))
            return error.exitCode
        }
        exporter.gateRecheckInterval = gateRecheckInterval
        guard writeAll(replies, WorkerWire.encode(WorkerReply.ready())) else { return 0 }
        var reader = LineReader(fd: requests)
        while !reader.atEnd {
            for line in reader.readLines() {
                guard let request = WorkerWire.decode(WorkerRequest.self, line) else {
                    writeAll(
                        replies,
                        WorkerWire.encode(
                            WorkerReply.fatal("unreadable request from the supervisor", exit: ExitCode.failure)))
                    return ExitCode.failure
                }
                let reply = perform(request, exporter: exporter, outputDirectory: outputDirectory, rule: rule)
                guard writeAll(replies, WorkerWire.encode(reply)) else { return 0 }
                // A stopped gate stops the worker: the supervisor sees `fatal` and stops the batch.
                if reply.exit == ExitCode.proRequired || reply.exit == ExitCode.entitlementStore {
                    writeAll(
                        replies,
                        WorkerWire.encode(
                            WorkerReply.fatal(
                                reply.reason ?? "", exit: reply.exit!,
                                remedy: reply.remedy.flatMap(EntitlementRemedy.init(rawValue:)))))
                    return reply.exit!
                }
            }
        }
        return 0
    }

    /// A worker whose supervisor is gone (killed with SIGKILL, the only signal it cannot
    /// handle) ends at once, in the middle of a job if need be: finishing it would rename a PDF
    /// into a directory that a newer batch may already be writing (its lock died with the
    /// supervisor), over that batch's newer PDF. A thread waits on the reply pipe, which reports
    /// an error as soon as its reading end (the supervisor's alone: every pipe is close-on-exec)
    /// is closed. The temporary file left is removed by the next batch on the directory.
    static func endWithTheSupervisor(replies: Int32) {
        Thread.detachNewThread {
            var watch = pollfd(fd: replies, events: 0, revents: 0)
            while true {
                let n = poll(&watch, 1, -1)
                if n < 0 && errno == EINTR { continue }
                if n > 0 && watch.revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 { _exit(ExitCode.interrupted) }
                if n < 0 { return }
            }
        }
    }

    /// `--out-dir` as the supervisor opened it (`WorkerWire.outputDirectoryDescriptor`), when
    /// that descriptor is a directory; close-on-exec from here on.
    static func inheritedOutputDirectory() -> DirectoryHandle? {
        let fd = WorkerWire.outputDirectoryDescriptor
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return nil }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        return DirectoryHandle(adopting: fd)
    }

    /// The folder of `request.written` below `outputDirectory`, opened without following a
    /// link, before the job renders: the PDF is renamed into this very folder, whatever link
    /// is planted on its path meanwhile. A PDF that would replace the trip itself (a second
    /// name of it) is refused, as the single-file command refuses it.
    static func outputFolder(
        _ request: WorkerRequest, tripPath: String, outputDirectory: DirectoryHandle?
    ) throws(ExportError) -> DirectoryHandle {
        guard let outputDirectory, let written = request.written else {
            throw .output(
                OutputError(path: request.out, reason: "the worker was given no output directory to write in"))
        }
        let folder: DirectoryHandle
        switch outputDirectory.descend(PathText.parent(written), create: false) {
        case let .success(opened): folder = opened
        case let .failure(failure):
            throw .output(OutputError(path: request.out, reason: failure.reason, code: failure.code))
        }
        var trip = stat()
        if let existing = folder.status(PathText.name(written)), stat(tripPath, &trip) == 0,
            FileKey(existing) == FileKey(trip)
        {
            throw .sameFile(request.out)
        }
        return folder
    }

    /// Renames the PDF `bytes` into `folder` as `name`, the folder asked once more (it and its
    /// parents, by identity) whether it has become a kept folder (a bind mount of the store or
    /// the installation since the job was handed out): then the PDF is not written.
    static func land(
        _ bytes: Data, in folder: DirectoryHandle, as name: String, shown: String, rule: WriteRule
    ) throws(OutputError) {
        if let what = rule.claim(folder: folder) {
            throw OutputError(path: shown, reason: "its folder now lies \(what): the PDF is not written there")
        }
        try folder.replace(name, with: bytes, shown: shown)
    }

    /// Problems one reply carries at most; the rest are counted.
    static let maximumErrors = 100

    static func perform(
        _ request: WorkerRequest, exporter: Exporter, outputDirectory: DirectoryHandle?,
        rule: WriteRule = WriteRule(kept: [])
    ) -> WorkerReply {
        let start = DispatchTime.now().uptimeNanoseconds
        // "-" is a file here: standard input is not the trip.
        let path = request.trip == "-" ? "./-" : request.trip
        do throws(ExportError) {
            // Refused at listing; checked again in case a pipe took the file's place since (it
            // would hold this worker until the timeout).
            var info = stat()
            if stat(path, &info) == 0 && info.st_mode & S_IFMT != S_IFREG && info.st_mode & S_IFMT != S_IFDIR {
                throw ExportError.unreadableInput(
                    path: path,
                    reason: SourceListing.notAFile(info).replacingOccurrences(of: "the trip is ", with: "it is "))
            }
            let data = try Exporter.readTrip(path: path)
            let sha = SHA256Hex.of(data)
            let options = ExportOptions(
                template: request.template, paper: request.paper, sourceDateEpoch: request.epoch)
            let folder = try outputFolder(request, tripPath: path, outputDirectory: outputDirectory)
            let name = PathText.name(request.written ?? "")
            let result = try exporter.export(tripData: data, name: path, options: options) {
                bytes throws(OutputError) in try land(bytes, in: folder, as: name, shown: request.out, rule: rule)
            }
            let ms = Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
            return WorkerReply(
                kind: .result, id: request.id, ok: true, warnings: result.warnings.isEmpty ? nil : result.warnings,
                pages: result.pageCount, bytes: result.bytes.count, milliseconds: ms, tripSHA256: sha,
                templateSHA256: SHA256Hex.of(result.templateBytes))
        } catch {
            let ms = Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
            // The supervisor names the trip: messages here do not repeat its path.
            let reason: String
            var errors: [String]
            switch error {
            case let .invalidTrip(_, .invalid(problems)):
                reason = "invalid trip: \(problems.count) problem\(problems.count == 1 ? "" : "s")"
                errors = problems.map(\.description)
            case let .invalidTrip(_, failure):
                reason = failure.description
                errors = [reason]
            case let .unreadableInput(_, why):
                reason = "cannot read the trip: \(why)"
                errors = [reason]
            default:
                reason = error.description
                errors = [reason]
            }
            if errors.count > maximumErrors {
                let more = errors.count - maximumErrors
                errors = Array(errors.prefix(maximumErrors)) + ["… and \(more) more problem\(more == 1 ? "" : "s")"]
            }
            return WorkerReply(
                kind: .result, id: request.id, ok: false, exit: error.exitCode, reason: reason,
                errors: errors, milliseconds: ms, diskFull: Self.isFullDisk(error), remedy: error.remedy)
        }
    }

    /// An output error that every later job would meet too: no space, a read-only file system,
    /// a quota, the file-size limit (`ulimit -f`, which every PDF of a batch shares).
    static func isFullDisk(_ error: ExportError) -> Bool? {
        guard case let .output(output) = error, let code = output.code, [ENOSPC, EROFS, EDQUOT, EFBIG].contains(code)
        else { return nil }
        return true
    }
}
