/// The `export-itinerary` command: parses arguments, calls the libraries, prints, exits.
import Entitlements
import Foundation
import ItineraryBatch
import ItineraryExport
import ItineraryModel
import ItineraryText
import StrictJSON

let programName = "export-itinerary"

/// Each line of `message` on a line of its own that says it is an error (a template's retired
/// keys are listed one per line), so scripts can grep and count them.
func printError(_ message: String) {
    for line in message.split(separator: "\n", omittingEmptySubsequences: false) {
        StandardError.write("\(programName): error: \(line)\n")
    }
}

func printWarning(_ message: String) {
    StandardError.write("\(programName): warning: \(message)\n")
}

/// One line per problem, so scripts can grep and count them; the paywall after a refusal.
func report(_ error: ExportError) {
    switch error {
    case let .invalidTrip(path, .invalid(problems)):
        for problem in problems { printError("\(MessageText.path(path)): \(problem)") }
    case let .proRequired(catalog):
        // The paywall below says how to restore purchases.
        printError(error.description)
        // A test clock set ahead is the likeliest reason a developer's test purchase reads as
        // expired: say so before the offer.
        if let now = try? ProAccess.testingNow() {
            let at = ISO8601DateFormatter().string(from: now)
            printWarning(
                "EXPORT_ITINERARY_NOW is set: test entitlements were judged at \(at), not now; unset it, or make a test purchase at that moment with 'export-itinerary storekit-test purchase PRODUCT_ID'"
            )
        }
        StandardError.write("\n" + Paywall(offering: catalog).text() + "\n")
    default:
        printError(explained(error))
    }
}

func sourceDateEpoch() throws(UsageError) -> Int? {
    guard let raw = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"], !raw.isEmpty else { return nil }
    guard let value = Int(raw), value >= 0, value < 253_402_300_800 else {
        throw UsageError(
            message:
                "SOURCE_DATE_EPOCH must be a whole number of seconds from 0 (1970) to 253402300799 (year 9999), got \"\(raw)\""
        )
    }
    return value
}

func run() -> Int32 {
    LibraryEnvironment.clean()
    // A batch catches interrupts before anything else runs: a scheduler's SIGTERM in its first
    // milliseconds (while the gate reads the store) is then a stopped batch with its report
    // (exit 130), not a silent death (143). `BatchCommand.run` takes the same pipe.
    let words = CommandLine.arguments.dropFirst().prefix(2)
    if words.first == "batch", !["merge-reports", "help", "--help", "-h"].contains(words.dropFirst().first ?? "") {
        _ = BatchSupervisor.catchInterrupts()
    }
    // A file-size limit (`ulimit -f`) makes the write fail with EFBIG, reported as exit 6 with
    // the temporary file removed, instead of killing the process with one left behind.
    signal(SIGXFSZ, SIG_IGN)
    let invocation: Invocation
    do {
        invocation = try Arguments.parse(Array(CommandLine.arguments.dropFirst()))
    } catch {
        printError(error.message)
        return ExitCode.usage
    }
    do {
        return try invocation()
    } catch let failure as CommandFailure {
        printError(failure.message)
        return failure.code
    } catch let error as UsageError {
        printError(error.message)
        return ExitCode.usage
    } catch {
        printError("\(error)")
        return ExitCode.failure
    }
}

/// The gate first (a bundled template is decoded meanwhile; the fonts and the trip are read after
/// its yes), then load, render, write.
func exportTrip(
    input: String, output: String, template: String, paper: String?, page: Int?, dpi: Double,
    gate gateOptions: GateOptions
) throws -> Int32 {
    let epoch = try sourceDateEpoch()
    do {
        let gate = try ProAccess.gate(storeDirectory: gateOptions.store, catalogPath: gateOptions.catalog)
        let exporter = try Exporter(gate: gate, preloading: TemplateChoice(argument: template))
        // The one export follows the gate's yes in `Exporter.init` by milliseconds (the fonts
        // load between): asking again would open the store and verify its chains a second time
        // for the same answer. A later export of this process would ask again.
        exporter.gateRecheckInterval = .seconds(1)
        // This process draws nothing but itineraries: the hermetic fonts can be its default.
        exporter.fontSet.makeProcessDefault()
        let options = ExportOptions(template: TemplateChoice(argument: template), paper: paper, sourceDateEpoch: epoch)
        let result = try exporter.export(input: input, output: output, options: options, pngPage: page, dpi: dpi)
        // The process ends in a moment: its text engine's caches (every shaped paragraph, each
        // holding Pango objects) are left to the system instead of being freed one by one, which
        // cost 27 M instructions after the 120-day trip was written. The file is already in place.
        _ = Unmanaged.passRetained(exporter)
        for warning in result.warnings {
            printWarning("\(input == "-" ? "<stdin>" : MessageText.path(input)): \(warning)")
        }
        return ExitCode.ok
    } catch {
        report(error)
        return error.exitCode
    }
}

func validateFiles(_ paths: [String], template: String?, paper: String?) -> Int32 {
    var worst = ExitCode.ok
    // The trips' warnings are those an export with this template would give (its labels'
    // languages, whether it has a route map): the standard template's when none is named.
    var warnings = TripWarnings(reading: .standard)
    if let template {
        do throws(ExportError) {
            let t = try Exporter.checkTemplate(TemplateChoice(argument: template))
            warnings = TripWarnings(template: t)
            if let paper, let problem = t.paperProblem(paper, name: template) { throw ExportError.paper(problem) }
            let languages = t.labels.keys.sorted().joined(separator: ", ")
            print(
                "\(MessageText.path(template)): ok (sections \(t.sections.map(\.rawValue).joined(separator: ", ")); papers \(t.papers.keys.sorted().joined(separator: ", ")); labels \(languages))"
            )
        } catch {
            report(error)
            worst = error.exitCode
            // Unread, the template says nothing of the trips: their own warnings stay. (A paper
            // it lacks leaves it read.)
            if case .paper = error {} else { warnings = TripWarnings() }
        }
    }
    for path in paths {
        do {
            let trip = try Exporter.loadTrip(path: path)
            let games = trip.days.reduce(0) { n, day in
                n + day.items.filter { if case .game = $0 { true } else { false } }.count
            }
            print(
                "\(MessageText.path(path)): ok (\(trip.days.count) day\(trip.days.count == 1 ? "" : "s"), \(games) game\(games == 1 ? "" : "s"))"
            )
            for warning in warnings(trip) { printWarning("\(MessageText.path(path)): \(warning)") }
        } catch {
            report(error)
            // An invalid trip outranks an unreadable one: it is the answer validate exists to give.
            if error.exitCode == ExitCode.invalidTrip || worst == ExitCode.ok { worst = error.exitCode }
        }
    }
    return worst
}

let status = run()
// Not while another thread still loads libraries (the drawing ones beside the gate's question,
// SQLite and libcrypto beside the catalog's reading): see `NativeLibraryLoading.settle`.
NativeLibraryLoading.settle()
exit(status)
