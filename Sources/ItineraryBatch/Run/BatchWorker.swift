/// A batch worker: the same executable, started by the supervisor with pipes for standard input
/// and output. It checks the Pro gate and loads the fonts once, then renders jobs one at a time
/// until its input ends. Started by hand it is no way around the gate: it asks the gate first.
import Foundation
import ItineraryExport
import ItineraryModel
#if canImport(Glibc)
import Glibc
#endif

public enum BatchWorker {
    /// How long a passed gate check stands inside a worker before it asks the store again.
    public static let gateRecheckInterval: Duration = .seconds(10)

    /// Serves jobs from standard input until it ends; returns the process exit code.
    /// - Parameter makeExporter: builds the exporter (checking the gate); a failure is sent to
    ///   the supervisor as `fatal` with its exit code.
    public static func run(makeExporter: () throws(ExportError) -> Exporter) -> Int32 {
        // Interrupts are the supervisor's to handle: it lets running jobs finish, and kills
        // the workers itself on a second one. A scheduler's SIGTERM to every process of a job
        // (Slurm's scancel or time limit) so finishes the documents in hand.
        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        signal(SIGPIPE, SIG_IGN)
        let exporter: Exporter
        do {
            exporter = try makeExporter()
        } catch {
            writeAll(1, WorkerWire.encode(WorkerReply.fatal(error.description, exit: error.exitCode)))
            return error.exitCode
        }
        exporter.gateRecheckInterval = gateRecheckInterval
        guard writeAll(1, WorkerWire.encode(WorkerReply.ready())) else { return 0 }
        var reader = LineReader(fd: 0)
        while !reader.atEnd {
            for line in reader.readLines() {
                guard let request = WorkerWire.decode(WorkerRequest.self, line) else {
                    writeAll(1, WorkerWire.encode(WorkerReply.fatal("unreadable request from the supervisor", exit: ExitCode.failure)))
                    return ExitCode.failure
                }
                let reply = perform(request, exporter: exporter)
                guard writeAll(1, WorkerWire.encode(reply)) else { return 0 }
                // A stopped gate stops the worker: the supervisor sees `fatal` and stops the batch.
                if reply.exit == ExitCode.proRequired || reply.exit == ExitCode.entitlementStore {
                    writeAll(1, WorkerWire.encode(WorkerReply.fatal(reply.reason ?? "", exit: reply.exit!)))
                    return reply.exit!
                }
            }
        }
        return 0
    }

    static func perform(_ request: WorkerRequest, exporter: Exporter) -> WorkerReply {
        let start = DispatchTime.now().uptimeNanoseconds
        do {
            let data = try Exporter.readTrip(path: request.trip)
            let sha = Digest.sha256Hex(data)
            let options = ExportOptions(template: request.template, paper: request.paper, sourceDateEpoch: request.epoch)
            let result = try exporter.export(tripData: data, name: request.trip, output: request.out, options: options)
            let ms = Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
            return WorkerReply(kind: .result, id: request.id, ok: true, warnings: result.warnings.isEmpty ? nil : result.warnings,
                               pages: result.pageCount, bytes: result.bytes.count, milliseconds: ms, tripSHA256: sha)
        } catch {
            let ms = Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
            var errors: [String]
            switch error {
            case let .invalidTrip(_, .invalid(problems)): errors = problems.map(\.description)
            default: errors = [error.description]
            }
            return WorkerReply(kind: .result, id: request.id, ok: false, exit: error.exitCode, reason: error.description,
                               errors: errors, milliseconds: ms)
        }
    }
}
