/// The `export-itinerary` command: parses arguments, calls ItineraryExport, prints, exits.
import Foundation
import ItineraryExport
import ItineraryModel

let programName = "export-itinerary"

func printError(_ message: String) {
    FileHandle.standardError.write(Data("\(programName): error: \(message)\n".utf8))
}

func printWarning(_ message: String) {
    FileHandle.standardError.write(Data("\(programName): warning: \(message)\n".utf8))
}

/// One line per problem, so scripts can grep and count them.
func report(_ error: ExportError) {
    if case let .invalidTrip(path, .invalid(problems)) = error {
        for problem in problems { printError("\(path): \(problem)") }
    } else {
        printError(error.description)
    }
}

func sourceDateEpoch() throws(UsageError) -> Int? {
    guard let raw = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"], !raw.isEmpty else { return nil }
    guard let value = Int(raw), value >= 0, value < 253_402_300_800 else {
        throw UsageError(message: "SOURCE_DATE_EPOCH must be a whole number of seconds since 1970, got \"\(raw)\"")
    }
    return value
}

func run() -> Int32 {
    let command: Command
    let epoch: Int?
    do {
        command = try Arguments.parse(Array(CommandLine.arguments.dropFirst()))
        epoch = try sourceDateEpoch()
    } catch {
        printError(error.message)
        return ExitCode.usage
    }
    switch command {
    case .help:
        print(HelpText.usage)
        return ExitCode.ok
    case .version:
        print("\(programName) \(Exporter.version)")
        return ExitCode.ok
    case let .validate(paths):
        return validate(paths)
    case let .export(input, output, template, paper, page, dpi):
        do {
            let exporter = try Exporter()
            let options = ExportOptions(template: TemplateChoice(argument: template), paper: paper, sourceDateEpoch: epoch)
            let result = try exporter.export(input: input, output: output, options: options, pngPage: page, dpi: dpi)
            for warning in result.warnings { printWarning(warning) }
            return ExitCode.ok
        } catch {
            report(error)
            return error.exitCode
        }
    }
}

func validate(_ paths: [String]) -> Int32 {
    var worst = ExitCode.ok
    for path in paths {
        do {
            let trip = try Exporter.loadTrip(path: path)
            let games = trip.days.reduce(0) { n, day in n + day.items.filter { if case .game = $0 { true } else { false } }.count }
            print("\(path): ok (\(trip.days.count) day\(trip.days.count == 1 ? "" : "s"), \(games) game\(games == 1 ? "" : "s"))")
        } catch {
            report(error)
            // An invalid trip outranks an unreadable one: it is the answer validate exists to give.
            if error.exitCode == ExitCode.invalidTrip || worst == ExitCode.ok { worst = error.exitCode }
        }
    }
    return worst
}

exit(run())
