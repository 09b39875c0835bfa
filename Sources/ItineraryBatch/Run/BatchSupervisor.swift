/// The supervisor: hands jobs to worker processes one at a time, replaces a worker that dies or
/// runs past the timeout (retrying its job), records finished jobs in the resume ledger, and
/// handles interrupts. It renders nothing itself.
import Entitlements
import Foundation
import ItineraryExport
import StrictJSON
#if canImport(Glibc)
import Glibc
#endif

/// Runs a checked plan on a pool of worker processes and makes its report. One per batch;
/// single-threaded: it waits on the workers' pipes and the interrupt pipe with `poll`.
public final class BatchSupervisor {
    let plan: BatchPlan
    let options: BatchOptions
    let defaults: JobDefaults
    /// The jobs still to hand out, and each one's starts.
    private var queue: JobQueue
    /// What became of each job.
    private var book: ResultBook
    private var workers: [WorkerProcess] = []
    /// Whether, why and how hard the batch is stopping.
    private var stop: StopState
    private var startupDeaths = 0
    private var progress: Progress
    private var fingerprints: FingerprintContext
    private var tripStamps: [Int: FileStamp] = [:]
    /// Each handed-out job's file, relative to `root` with the links inside it resolved: the
    /// path its worker writes through the root's handle.
    private var written: [Int: String] = [:]
    /// `--out-dir`, held open from its creation to the end (set by `run()`).
    private var root: OutputRoot!
    /// The state folder's real path and a slash: what no output may lead into.
    private var statePrefix: [UInt8] = []
    private let started: UInt64
    /// A job the gate refused once the batch had begun.
    static let proEnded = "not exported: the Pro entitlement ended during the batch"
    /// A job the gate refused because the store it read at the start is gone.
    static let storeRemoved = "not exported: the entitlement store was removed during the batch"
    /// How long a worker told to end may take before it is killed.
    static let exitGrace: UInt64 = 10_000_000_000
    /// Failure lines one job prints on standard error; the report has them all.
    static let printedErrors = 10

    /// A supervisor for `plan`; nothing starts until `run()`.
    public init(plan: BatchPlan, options: BatchOptions, defaults: JobDefaults) {
        self.plan = plan
        self.options = options
        self.defaults = defaults
        queue = JobQueue(count: plan.jobs.count)
        book = ResultBook(count: plan.jobs.count)
        stop = StopState(grace: options.stopGrace)
        started = options.started
        progress = Progress(mode: options.progress, total: plan.jobs.count, program: options.program)
        fingerprints = FingerprintContext(
            fontsDirectory: options.fontsDirectory, epoch: options.epoch, notice: options.notice)
    }

    /// Runs every job and returns the report; the report file (`reportPath`) is written whatever
    /// happened (a failure to write it is in the outcome).
    public func run() throws(BatchRunError) -> BatchOutcome {
        // Caught from here on at the latest (the command catches them before it plans): a stop
        // while the ledger is read, trips are hashed or temporaries removed is still a report.
        let interrupts = options.interrupts >= 0 ? options.interrupts : InterruptPipe.install()
        defer { InterruptPipe.uninstall() }
        try checkReportPath()
        try refuseKeptOutputDirectory()
        do {
            try makeOutputDirectory()
            root = try OutputRoot(path: options.outputDirectory)
        } catch {
            throw stoppedBeforeAnyJob(error)
        }
        // Before the state folder is made in it: an output directory that is (through any path,
        // a bind mount too) the store or a folder of the installation takes no batch at all.
        if let what = plan.rule.claim(folder: root.handle) {
            throw BatchRunError(
                "--out-dir \(MessageText.path(options.outputDirectory)) lies \(what): the batch writes nothing there; give it a folder of its own",
                exitCode: ExitCode.usage)
        }
        let ledger: Ledger
        do {
            ledger = try Ledger(outputDirectory: options.outputDirectory, shard: plan.shard, root: root.handle)
            try ledger.lock(plan: plan.digest)
        } catch {
            throw stoppedBeforeAnyJob(error)
        }
        // With this run's lock held, so two nested batches starting at once cannot both miss
        // each other (both may refuse, never both run).
        try NestedBatches.check(root)
        // By bytes, as the file system compares names (`PathKey`).
        var targets: [PathKey: String] = [:]
        var directories: [PathKey: String] = [:]
        // A shard sees which job of the whole plan claims each file first, so two outputs that
        // meet through a link are refused in whichever shards they fall, as in one run.
        var claims: [PathKey: String] = [:]
        for output in plan.wholePlanOutputs {
            let key = PathKey(
                OutputPath.resolvedTarget(output, root: options.outputDirectory, directories: &directories).path)
            if claims[key] == nil { claims[key] = output }
        }
        statePrefix =
            Array((OutputPath.realPath(options.outputDirectory + "/" + Ledger.directoryName) ?? "").utf8) + [0x2F]
        for (index, job) in plan.jobs.enumerated() {
            if let refusal = job.refusal {
                finish(index, status: .failed, reason: refusal, errors: [refusal])
                continue
            }
            let (target, pdfStamp) = OutputPath.resolvedTarget(
                job.output, root: options.outputDirectory, directories: &directories)
            if let reason = refusal(of: job.output, target: target) {
                finish(index, status: .failed, reason: reason, errors: [reason])
                continue
            }
            let first =
                plan.shard == nil
                ? targets[PathKey(target)]
                : claims[PathKey(target)].flatMap { PathKey($0) == PathKey(job.output) ? nil : $0 }
            if let other = first {
                let reason =
                    "\(MessageText.path(job.output)) is the same file as \(MessageText.path(other)) (through a symbolic link): the second job is refused"
                finish(index, status: .failed, reason: reason, errors: [reason])
                continue
            }
            targets[PathKey(target)] = job.output
            let context = fingerprints.context(templatePath: defaults.templatePath(job.template), paper: job.paper)
            if options.resume,
                ledger.isUpToDate(output: job.output, pdf: pdfStamp, tripPath: job.trip, context: context)
            {
                finish(index, status: .skipped, reason: "up to date")
                continue
            }
            queue.append(index)
        }
        // This plan's outputs are this run's alone now (the lock): their temporaries that no
        // writer holds are what a hard kill left. Only outputs that passed the checks above,
        // each inside --out-dir, reached through its handle.
        let removed = root.removeStaleTemporaries(
            besides: targets.keys.compactMap { root.relative($0.description) }, rule: plan.rule)
        if removed > 0 && options.progress != .quiet {
            progress.message(
                "\(options.program): removed \(removed) temporary file\(removed == 1 ? "" : "s") that a stopped run left beside its outputs"
            )
        }
        loop(interrupts: interrupts, ledger: ledger)
        let notRun = stop.notRunReason
        for index in queue.waiting where !book.isFinished(index) {
            finish(index, status: .cancelled, reason: notRun)
        }
        ledger.compact()
        progress.clear()
        let report = makeReport()
        var reportError: String?
        if let path = options.reportPath {
            do {
                try ReportFile.write(report.encoded(), to: path, root: root, rule: plan.rule)
            } catch {
                reportError = "the report was not written: \(error)"
            }
        }
        var code: Int32 =
            stop.fatal?.exit
            ?? (stop.interrupted
                ? ExitCode.interrupted : (report.totals.failed > 0 ? ExitCode.someJobsFailed : ExitCode.ok))
        if reportError != nil && (code == ExitCode.ok || code == ExitCode.someJobsFailed) {
            code = ExitCode.outputFailed
        }
        return BatchOutcome(
            report: report, exitCode: code, fatal: stop.fatal?.message, fatalRemedy: stop.fatal?.remedy,
            reportError: reportError)
    }

    /// A report that cannot be written is found out before the batch, not after it.
    /// `error` as it stops the batch before its first job: when the output directory cannot be
    /// written (no space or inodes, read-only, no permission: exit 6), the report is still
    /// written where it can be, every job `cancelled` with the reason, as a stop mid-run leaves
    /// it. A usage refusal (exit 2: another batch, a link) writes none: nothing was attempted.
    private func stoppedBeforeAnyJob(_ stop: BatchRunError) -> BatchRunError {
        guard stop.exitCode == ExitCode.outputFailed, let path = options.reportPath else { return stop }
        for index in plan.jobs.indices where !book.isFinished(index) {
            finish(index, status: .cancelled, reason: "not exported: \(stop.message)")
        }
        do {
            try ReportFile.write(makeReport().encoded(), to: path, root: nil, rule: plan.rule)
        } catch {
            return BatchRunError(
                "\(stop.message); the report was not written either: \(error)", exitCode: ExitCode.outputFailed)
        }
        return stop
    }

    /// Refuses, before a folder is made, an `--out-dir` whose deepest existing part is (through
    /// any path, a bind mount too) the store or a folder of the installation, or lies inside one.
    private func refuseKeptOutputDirectory() throws(BatchRunError) {
        var existing = options.outputDirectory
        var info = stat()
        while !existing.isEmpty, stat(existing, &info) != 0 { existing = PathText.parent(existing) }
        guard case let .success(folder) = DirectoryHandle.open(existing.isEmpty ? "." : existing),
            let what = plan.rule.claim(folder: folder)
        else { return }
        throw BatchRunError(
            "--out-dir \(MessageText.path(options.outputDirectory)) lies \(what): the batch writes nothing there; give it a folder of its own",
            exitCode: ExitCode.usage)
    }

    private func checkReportPath() throws(BatchRunError) {
        guard let path = options.reportPath else { return }
        let directory = PathText.parent(path)
        let dir = directory.isEmpty ? "." : directory
        // `--report OUT/report.json` on the first run: OUT is made next, and checked then.
        if !FileManager.default.fileExists(atPath: dir),
            FileIdentity(dir).canonical == FileIdentity(options.outputDirectory).canonical
        {
            return
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dir, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw BatchRunError(
                "cannot write the report \(MessageText.path(path)): the directory \(MessageText.path(dir)) does not exist",
                exitCode: ExitCode.outputFailed)
        }
        guard access(dir, W_OK | X_OK) == 0 else {
            throw BatchRunError(
                "cannot write the report \(MessageText.path(path)): \(MessageText.path(dir)) is not writable",
                exitCode: ExitCode.outputFailed)
        }
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw BatchRunError(
                "cannot write the report \(MessageText.path(path)): it is a directory", exitCode: ExitCode.outputFailed)
        }
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
            throw BatchRunError(
                "cannot write the report \(MessageText.path(path)): it is not a regular file (a report never replaces a device, pipe or socket)",
                exitCode: ExitCode.outputFailed)
        }
    }

    private func makeOutputDirectory() throws(BatchRunError) {
        let dir = options.outputDirectory
        // Each level in turn, so the message names the one that failed and why (Foundation's
        // error often carries no reason).
        var current = dir.hasPrefix("/") ? "" : "."
        for part in dir.split(separator: "/", omittingEmptySubsequences: true) {
            current += "/" + part
            var info = stat()
            if stat(current, &info) == 0 {
                guard info.st_mode & S_IFMT == S_IFDIR else {
                    throw BatchRunError(
                        "cannot create the output directory \(MessageText.path(dir)): \(MessageText.path(current)) is a file, not a directory",
                        exitCode: ExitCode.outputFailed)
                }
                continue
            }
            if mkdir(current, 0o777) != 0 && errno != EEXIST {
                throw BatchRunError(
                    "cannot create the output directory \(MessageText.path(dir)): \(AtomicFile.systemMessage()) (\(MessageText.path(current)))",
                    exitCode: ExitCode.outputFailed)
            }
        }
        guard access(dir, W_OK | X_OK) == 0 else {
            throw BatchRunError(
                "cannot write into the output directory \(MessageText.path(dir)): \(AtomicFile.systemMessage())",
                exitCode: ExitCode.outputFailed)
        }
    }

    // MARK: - The loop

    /// `ledger` records each PDF written, for `--resume`.
    private func loop(interrupts: Int32, ledger: Ledger) {
        // An interrupt that came while the batch planned stops it before any job starts.
        if interrupts >= 0 { handleInterrupts(InterruptPipe.drain(interrupts)) }
        while true {
            if !stop.stopping { startWorkers() }
            dispatch()
            if workers.isEmpty && (queue.isEmpty || stop.stopping) { break }
            if workers.isEmpty { continue }
            var fds = workers.map { pollfd(fd: $0.replies, events: Int16(POLLIN), revents: 0) }
            if interrupts >= 0 { fds.append(pollfd(fd: interrupts, events: Int16(POLLIN), revents: 0)) }
            let ready = poll(&fds, nfds_t(fds.count), pollTimeout())
            if ready > 0 {
                if interrupts >= 0, fds.last!.revents != 0 { handleInterrupts(InterruptPipe.drain(interrupts)) }
                // Workers in reverse so removing one keeps the others' indices.
                for i in stride(from: workers.count - 1, through: 0, by: -1)
                where i < workers.count && fds[i].revents != 0 {
                    serve(workers[i], ledger: ledger)
                }
            }
            let now = DispatchTime.now().uptimeNanoseconds
            checkTimeouts(now: now)
            progress.update(done: book.done, failed: book.failed, rendered: book.rendered, started: started, now: now)
        }
        progress.update(
            done: book.done, failed: book.failed, rendered: book.rendered, started: started,
            now: DispatchTime.now().uptimeNanoseconds, force: options.progress == .live)
    }

    /// As many workers as there are jobs left to give, up to `--jobs`.
    private func startWorkers() {
        let busy = workers.filter { $0.job != nil }.count
        let wanted = min(options.workers, busy + queue.count)
        while workers.filter({ $0.closing == nil }).count < wanted {
            do {
                workers.append(
                    try WorkerProcess.spawn(
                        executable: options.workerExecutable, arguments: options.workerArguments,
                        outputDirectory: root.handle.fd))
            } catch {
                // Fewer workers will do while some run; with none, the batch cannot go on.
                if workers.contains(where: { $0.closing == nil }) { return }
                endBatch(fatal: error.message, exit: ExitCode.failure)
                return
            }
        }
    }

    /// Gives every idle worker the next job; an idle worker with nothing left to do is told to end.
    private func dispatch() {
        for worker in workers where worker.job == nil && worker.closing == nil {
            guard !stop.stopping, let index = nextJob() else {
                worker.closeInput()
                continue
            }
            let job = plan.jobs[index]
            let request = WorkerRequest(
                id: index, trip: job.trip, out: options.outputDirectory + "/" + job.output, written: written[index]!,
                templateName: { if case let .named(n) = job.template { n } else { nil } }(),
                templateFile: { if case let .file(f) = job.template { f } else { nil } }(),
                paper: job.paper, epoch: options.epoch)
            tripStamps[index] = FileStamp.of(job.trip)
            queue.started(index)
            worker.job = index
            worker.jobStarted = DispatchTime.now().uptimeNanoseconds
            // A worker that has gone shows up as end of file on its replies: handled there.
            _ = worker.send(request)
        }
    }

    /// The next job whose output directory is ready (retries first); refused ones are failed on
    /// the way. Its file is resolved again as it is handed out (a link planted since the plan
    /// was checked counts); the worker then writes it through the root's handle, following no
    /// link, so one planted while it renders redirects nothing.
    private func nextJob() -> Int? {
        while let index = queue.take() {
            let output = plan.jobs[index].output
            switch OutputPath.prepare(output, in: root) {
            case let .success(relative):
                if let reason = refusal(of: output, target: root.realPath + "/" + relative)
                    ?? keptFolderRefusal(of: output, relative: relative)
                {
                    finish(index, status: .failed, reason: reason, errors: [reason])
                    continue
                }
                written[index] = relative
            case let .failure(refusal):
                finish(index, status: .failed, reason: refusal.reason, errors: [refusal.reason])
                // No inodes or space for the job's folder: no later job's would fare better.
                if let code = refusal.code,
                    let why = OutputFault.wholeOutput(code: code, outputDirectory: options.outputDirectory)
                {
                    stopForOutput(why)
                    return nil
                }
                continue
            }
            return index
        }
        return nil
    }

    private func pollTimeout() -> Int32 {
        let now = DispatchTime.now().uptimeNanoseconds
        var wait = progress.mode == .quiet ? UInt64(5_000_000_000) : progress.interval
        let limit = UInt64(options.jobTimeout * 1e9)
        // A worker already killed is only waited for: no deadline of its own (one stuck in the
        // kernel must not make this loop spin).
        for worker in workers where worker.killReason == nil {
            var deadline: UInt64
            if let closing = worker.closing {
                deadline = closing + Self.exitGrace
            } else if worker.job != nil {
                deadline = worker.jobStarted + limit
            } else {
                continue
            }
            if let stopBy = stop.deadline { deadline = min(deadline, stopBy) }
            wait = min(wait, deadline > now ? deadline - now : 0)
        }
        return Int32(min(wait / 1_000_000 + 1, 60_000))
    }

    // MARK: - Workers' replies and deaths

    private func serve(_ worker: WorkerProcess, ledger: Ledger) {
        for line in worker.reader.readLines() {
            guard let reply = WorkerWire.decode(WorkerReply.self, line) else {
                let text = String(decoding: line.prefix(60), as: UTF8.self)
                worker.kill(reason: "protocol error: the worker wrote \"\(text)\", which is not a reply")
                continue
            }
            switch reply.kind {
            case .ready:
                worker.ready = true
                startupDeaths = 0
            case .fatal:
                let exported =
                    "it stopped (\(book.rendered) document\(book.rendered == 1 ? "" : "s") had been exported; the rest were not)"
                if reply.exit == ExitCode.proRequired, let store = vanishedStore() {
                    endBatch(
                        fatal:
                            "entitlement store \(MessageText.path(store)) was removed during the batch: \(exported); put the store back (or point --store DIR at it) and run the batch again with --resume",
                        exit: ExitCode.entitlementStore)
                    continue
                }
                let message =
                    reply.exit == ExitCode.proRequired
                    ? "the Pro entitlement ended during the batch: \(exported)"
                    : (reply.reason ?? "a worker could not start")
                endBatch(
                    fatal: message, exit: reply.exit ?? ExitCode.failure,
                    remedy: reply.remedy.flatMap(EntitlementRemedy.init(rawValue:)))
            case .result:
                guard let index = reply.id, index == worker.job else { continue }
                worker.job = nil
                complete(index, reply: reply, ledger: ledger)
            }
        }
        if worker.reader.overflowed { worker.kill(reason: "protocol error: a reply longer than 16 MiB") }
        if worker.reader.atEnd { workerEnded(worker) }
    }

    private func complete(_ index: Int, reply: WorkerReply, ledger: Ledger) {
        let job = plan.jobs[index]
        if reply.ok == true {
            // The template as the worker read it, not as it was at planning: one edited in
            // between is then never taken for the one this PDF was made with.
            if let sha = reply.tripSHA256, let template = reply.templateSHA256, let tripStamp = tripStamps[index],
                let info = written[index].flatMap(root.status), info.st_mode & S_IFMT == S_IFREG
            {
                let context = fingerprints.context(templateSHA256: template, paper: job.paper)
                ledger.record(
                    LedgerEntry(
                        output: job.output, context: context,
                        tripSHA256: sha, trip: tripStamp, pdf: FileStamp(info)))
            }
            finish(
                index, status: .ok, warnings: reply.warnings, pages: reply.pages, bytes: reply.bytes,
                milliseconds: reply.milliseconds)
        } else if reply.exit == ExitCode.proRequired {
            // Not the trip's failure: the gate closed (the worker's fatal stops the batch next).
            // The single-file words ("nothing was exported") would be false after a thousand PDFs.
            finish(index, status: .cancelled, reason: vanishedStore() == nil ? Self.proEnded : Self.storeRemoved)
        } else {
            finish(
                index, status: .failed, reason: reply.reason ?? "failed", errors: reply.errors,
                milliseconds: reply.milliseconds)
            // Every later job would meet the same full or read-only disk, or the same output
            // directory it may no longer write.
            if reply.diskFull == true {
                // The job's own line already says why; this says what it means for the rest.
                stopForOutput(
                    reply.reason.flatMap {
                        $0.split(separator: ":").last.map { $0.trimmingCharacters(in: .whitespaces) }
                    } ?? "the output cannot be written")
            } else if reply.exit == ExitCode.outputFailed,
                let why = OutputFault.wholeOutput(code: nil, outputDirectory: options.outputDirectory)
            {
                stopForOutput(why)
            }
        }
    }

    private func workerEnded(_ worker: WorkerProcess) {
        let (reason, signal) = worker.reap()
        workers.removeAll { $0 === worker }
        if !worker.ready && worker.killReason == nil {
            startupDeaths += 1
            if startupDeaths >= 3 * max(1, options.workers) + 2 {
                endBatch(
                    fatal: "workers keep dying before they start (\(reason)): \(options.workerExecutable)",
                    exit: ExitCode.failure)
            }
        }
        guard let index = worker.job else { return }
        // It was that file's only writer: its temporary goes, through the root's handle.
        if let relative = written[index] { _ = root.removeStaleTemporaries(besides: [relative], rule: plan.rule) }
        if stop.killedAll {
            finish(index, status: .cancelled, reason: stop.killedReason(grace: Self.seconds(options.stopGrace)))
        } else if stop.interrupted && [SIGTERM, SIGINT, SIGHUP].contains(signal) {
            // An interrupt sent to every process at once (a scheduler stopping the job): not the
            // trip's fault; a rerun with --resume does it.
            finish(index, status: .cancelled, reason: "interrupted: \(reason)")
        } else if queue.attempts[index] <= options.retries && !stop.stopping {
            // Again on a fresh worker, before anything else.
            queue.retry(index)
        } else {
            finish(index, status: .failed, reason: reason, errors: [reason])
        }
    }

    private func checkTimeouts(now: UInt64) {
        if stop.graceRunsOut(at: now, workersLeft: !workers.isEmpty) {
            let running = workers.filter { $0.job != nil }.count
            if running > 0 {
                progress.message(
                    "\(options.program): warning: interrupted: \(running) running job\(running == 1 ? "" : "s") did not finish within \(Self.seconds(options.stopGrace)) (--stop-grace): stopped"
                )
            }
            for worker in workers { worker.kill(reason: "interrupted") }
            return
        }
        let limit = UInt64(options.jobTimeout * 1e9)
        for worker in workers where worker.killReason == nil {
            if worker.job != nil, now - worker.jobStarted >= limit {
                worker.kill(reason: "timed out after \(Self.seconds(options.jobTimeout)) (--job-timeout)")
            } else if worker.job == nil, let closing = worker.closing, now - closing >= Self.exitGrace {
                worker.kill(reason: "did not exit when told to")
            }
        }
    }

    private func handleInterrupts(_ count: Int) {
        guard count > 0 else { return }
        switch stop.interrupt(count: count, at: DispatchTime.now().uptimeNanoseconds) {
        case .finishRunning:
            let running = workers.filter { $0.job != nil }.count
            progress.message(
                running == 0
                    ? "\(options.program): warning: interrupted: stopping (no job was running)"
                    : "\(options.program): warning: interrupted: giving \(running) running job\(running == 1 ? "" : "s") \(Self.seconds(options.stopGrace)) to finish (--stop-grace; interrupt again to stop \(running == 1 ? "it" : "them") now)"
            )
            for worker in workers where worker.job == nil { worker.closeInput() }
        case .killAll:
            for worker in workers { worker.kill(reason: "interrupted") }
        }
    }

    /// The store's database file when the gate found no Pro because that file is gone: it was
    /// there when the batch began (the gate said yes from it), so it was removed, which is a
    /// store problem to put right, not Pro ending.
    private func vanishedStore() -> String? {
        guard let directory = options.storeDirectory else { return nil }
        let path = EntitlementStore.path(directory: directory)
        var info = stat()
        guard lstat(path, &info) != 0, errno == ENOENT || errno == ENOTDIR else { return nil }
        return path
    }

    /// A fault of the whole output (`OutputFault`): the batch stops at its first job, as a full
    /// disk does.
    private func stopForOutput(_ why: String) {
        endBatch(
            fatal: "the batch stopped: every later PDF would fail the same way (\(why))", exit: ExitCode.outputFailed)
    }

    private func endBatch(fatal message: String, exit: Int32, remedy: EntitlementRemedy? = nil) {
        stop.fail(StopState.Fatal(message: message, exit: exit, remedy: remedy))
        for worker in workers { worker.kill(reason: "the batch stopped") }
    }

    // MARK: - Results

    private func finish(
        _ index: Int, status: BatchReport.Status, reason: String? = nil, errors: [String]? = nil,
        warnings: [String]? = nil, pages: Int? = nil, bytes: Int? = nil, milliseconds: Double? = nil
    ) {
        let job = plan.jobs[index]
        let entry = BatchReport.Job(
            trip: job.trip, output: job.output, status: status, reason: reason, errors: errors,
            warnings: warnings, pages: pages, bytes: bytes,
            milliseconds: milliseconds.map { ($0 * 10).rounded() / 10 }, attempts: queue.attempts[index])
        guard book.record(index, entry) else { return }
        if status == .failed {
            if options.progress != .quiet {
                let lines = errors ?? [reason ?? "failed"]
                for error in lines.prefix(Self.printedErrors) {
                    progress.message("\(options.program): error: \(job.origin): \(error)")
                }
                if lines.count > Self.printedErrors {
                    progress.message(
                        "\(options.program): error: \(job.origin): … \(lines.count - Self.printedErrors) more (see the report)"
                    )
                }
            }
            if options.failFast && stop.stopAfterFailure() {
                for worker in workers where worker.job == nil { worker.closeInput() }
            }
        }
        if let warnings, options.progress != .quiet {
            for warning in warnings { progress.message("\(options.program): warning: \(job.origin): \(warning)") }
        }
    }

    private func makeReport() -> BatchReport {
        let jobs = book.jobs(of: plan, attempts: queue.attempts)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        return BatchReport(
            format: BatchReport.formatVersion, program: "\(options.program) \(Exporter.version)",
            plan: .init(jobs: plan.totalJobs, digest: plan.digest), shard: plan.shard, interrupted: stop.interrupted,
            jobs: jobs, listing: plan.notes.isEmpty ? nil : plan.notes,
            totals: .init(jobs: jobs, seconds: (seconds * 100).rounded() / 100))
    }

    /// Kept folders met below `--out-dir`, by the folder's device and inode: a bind mount of
    /// the templates or the store inside the output directory is refused as they are.
    private var keptFolders: [FileKey: String?] = [:]

    /// Why a job's folder (opened through the root's handle) may not take its PDF: another
    /// batch runs on it or on a folder between it and the root (asked for each job), or it is,
    /// or lies inside, a kept folder (`WriteRule.claim(folder:)`, asked once a folder).
    private func keptFolderRefusal(of output: String, relative: String) -> String? {
        if let (folder, owner) = NestedBatches.runningBatch(on: PathText.parent(relative), below: root) {
            return
                "\(MessageText.path(output)) lies in \(MessageText.path(folder)), where another batch is writing (\(owner)): the job is refused, so the two batches never write each other's PDFs"
        }
        guard case let .success(folder) = root.directory(of: relative, create: false) else { return nil }
        var info = stat()
        guard fstat(folder.fd, &info) == 0 else { return nil }
        let key = FileKey(info)
        if keptFolders[key] == nil { keptFolders[key] = .some(plan.rule.claim(folder: folder)) }
        guard let what = keptFolders[key] ?? nil else { return nil }
        return "\(MessageText.path(output)) lies \(what): the job is refused"
    }

    /// Why a job's resolved output may not be written: a link inside `--out-dir` leads into the
    /// state folder, or out of `--out-dir`, or it is a file the batch must keep (`WriteRule`:
    /// a trip, a template, a manifest, the program's own files), as the single-file command
    /// refuses an output that is its input. A file reached through no link but kept is a hard
    /// link (a second name of one file): said so, not taken for a symbolic link.
    private func refusal(of output: String, target: String) -> String? {
        if statePrefix.count > 1, target.utf8.starts(with: statePrefix) {
            return
                "\(MessageText.path(output)) leads into \(Ledger.directoryName), the batch's own state (through a symbolic link): the job is refused"
        }
        // What a link leads onto is said first: it tells the operator more than "out of --out-dir".
        guard let what = plan.rule.claim(path: target) else {
            return root.relative(target) == nil ? OutputPath.leadsOut(output).reason : nil
        }
        let shown = MessageText.path(output)
        if what.hasPrefix("inside ") { return "\(shown) lies \(what): the job is refused" }
        if PathKey(target) == PathKey(root.realPath + "/" + output) {
            return
                "\(shown) is a hard link to \(what) (one file, two names): writing the PDF would replace only the name \(shown), never that file, but an output that is an input of the plan is refused; remove \(shown) or give the job another output"
        }
        return "\(shown) is \(what) (through a symbolic link): the PDF would replace it, so the job is refused"
    }

    /// Turns SIGINT, SIGTERM and SIGHUP into bytes on a pipe from now on, for a command that
    /// plans a long batch before it runs (put the result in `BatchOptions.interrupts`): an
    /// interrupt while listing is then a batch that stops at once, with its report. Called
    /// again, it returns the same pipe: a program calls it first thing, and again where it
    /// hands the pipe to the batch.
    public static func catchInterrupts() -> Int32 { InterruptPipe.install() }

    /// Lets interrupts end the process again (their default action), for a program that caught
    /// them first thing and then found it runs no batch.
    public static func releaseInterrupts() { InterruptPipe.uninstall() }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : String(format: "%.1f s", value)
    }
}
