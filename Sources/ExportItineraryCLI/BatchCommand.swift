/// `export-itinerary batch`: the gate once, the plan, then the supervisor and its workers.
import Entitlements
import Foundation
import ItineraryBatch
import ItineraryExport

enum BatchCommand {
    static func run(_ arguments: BatchArguments) throws -> Int32 {
        let started = DispatchTime.now().uptimeNanoseconds
        // Caught since the first statement of the program's own code (`run()` in main.swift): this is the same
        // pipe, handed to the supervisor, so an interrupt during the gate or the plan stops the
        // batch before any job runs, with its report.
        let interrupts = BatchSupervisor.catchInterrupts()
        let epoch = try sourceDateEpoch()
        // The gate before anything else: not Pro, and nothing is listed, created or rendered.
        let gate: ProGate
        let access: EntitlementGrade
        do {
            gate = try ProAccess.gate(storeDirectory: arguments.gate.store, catalogPath: arguments.gate.catalog)
            access = try Exporter.requirePro(gate)
        } catch {
            report(error)
            return error.exitCode
        }
        let shard: Shard?
        switch arguments.shard {
        case nil: shard = nil
        case let .fixed(fixed): shard = fixed
        case .auto:
            shard = try usage { () throws(BatchUsageError) in
                try Shard.fromEnvironment(ProcessInfo.processInfo.environment)
            }
        }
        var defaults = JobDefaults(paper: arguments.paper, templatesDirectory: Resources.templatesDirectory())
        if let raw = arguments.template {
            switch defaults.checkTemplate(raw, base: "") {
            case let .success(choice): defaults.template = choice
            case let .failure(problem): throw UsageError(message: "--template: \(problem.reason)")
            }
        }
        let plan: BatchPlan
        do {
            plan = try BatchPlan.make(
                sources: arguments.sources, defaults: defaults, shard: shard,
                outputDirectory: arguments.outDir, report: arguments.report,
                kept: kept(store: gate.storeDirectory, catalog: arguments.gate.catalog))
        } catch {
            for problem in error.problems { printError(problem) }
            return error.invalidTemplates ? ExitCode.failure : ExitCode.usage
        }
        if !arguments.quiet { for note in plan.notes { printWarning(note) } }
        var options = BatchOptions(
            outputDirectory: arguments.outDir, workerExecutable: "/proc/self/exe",
            workerArguments: [CommandLine.arguments[0], "batch-worker", "--store", gate.storeDirectory]
                + (arguments.gate.catalog.map { ["--catalog", $0] } ?? []),
            fontsDirectory: Resources.fontsDirectory())
        options.notice = access.notice
        options.workers = arguments.jobs ?? CPUCount.available()
        options.retries = arguments.retries
        options.jobTimeout = arguments.jobTimeout
        options.stopGrace = arguments.stopGrace
        options.failFast = arguments.failFast
        options.resume = arguments.resume
        options.epoch = epoch
        options.progress = ProgressMode.automatic(quiet: arguments.quiet)
        options.reportPath = arguments.report
        options.storeDirectory = gate.storeDirectory
        options.interrupts = interrupts
        options.program = programName
        options.started = started
        let outcome: BatchOutcome
        do {
            outcome = try BatchSupervisor(plan: plan, options: options, defaults: defaults).run()
        } catch {
            printError(error.message)
            return error.exitCode
        }
        if let fatal = outcome.fatal { printError(explained(fatal, outcome.fatalRemedy)) }
        if let reportError = outcome.reportError { printError(reportError) }
        print(outcome.report.summary + (plan.shard.map { " [shard \($0)]" } ?? ""))
        return outcome.exitCode
    }

    static func mergeReports(_ paths: [String], output: String?, quiet: Bool) -> Int32 {
        do {
            var inputs: [(path: String, report: BatchReport)] = []
            for path in paths { inputs.append((path, try ReportMerge.read(path: path))) }
            // Before anything is written: a report over one of its own inputs, a trip or the
            // program's files is a usage error, as in batch.
            let kept = kept(store: EntitlementStore.defaultDirectory(), catalog: nil)
            if let output, let problem = ReportFile.problem(report: output, merging: inputs, kept: kept) {
                printError(problem)
                return ExitCode.usage
            }
            let outcome = try ReportMerge.merge(inputs)
            if let output {
                do {
                    try ReportFile.write(outcome.report.encoded(), to: output, merging: inputs, kept: kept)
                } catch {
                    printError(error.description)
                    return ExitCode.outputFailed
                }
            }
            if !quiet { for problem in outcome.problems { printError(problem) } }
            let t = outcome.report.totals
            // No documents/s: shards ran side by side, for times no report knows.
            print(
                "\(paths.count) report\(paths.count == 1 ? "" : "s"), \(t.jobs) of the plan's \(outcome.report.plan.jobs) jobs: \(outcome.report.counts)"
                    + (outcome.complete ? "; complete" : "; incomplete"))
            return outcome.complete ? ExitCode.ok : ExitCode.someJobsFailed
        } catch {
            for problem in error.problems { printError(problem) }
            return ExitCode.usage
        }
    }

    /// What no file a batch writes may be, besides the plan's inputs: the entitlement store,
    /// the catalog and the program's own files.
    private static func kept(store: String, catalog: String?) -> [KeptPath] {
        [
            KeptPath(store, "the entitlement store", isDirectory: true),
            KeptPath(catalog ?? ProAccess.defaultCatalogPath(), "the catalog"),
        ]
            + KeptPath.installation(
                fontsDirectory: Resources.fontsDirectory(), templatesDirectory: Resources.templatesDirectory())
    }

    /// The worker mode: serves the supervisor's jobs on standard input and output.
    static func worker(gate options: GateOptions) -> Int32 {
        BatchWorker.run(kept: kept(store: EntitlementCommands.storeDirectory(options), catalog: options.catalog)) {
            () throws(ExportError) -> Exporter in
            let gate = try ProAccess.gate(storeDirectory: options.store, catalogPath: options.catalog)
            let exporter = try Exporter(gate: gate)
            // As the single-file command: the same fonts as the process default, the same bytes.
            exporter.fontSet.makeProcessDefault()
            return exporter
        }
    }

    private static func usage<T>(_ body: () throws(BatchUsageError) -> T) throws(UsageError) -> T {
        do { return try body() } catch { throw UsageError(message: error.problems.joined(separator: "; ")) }
    }
}
