/// The command line is declared once (CommandTable): help, usage errors and the README's usage
/// block all come from it.
import Foundation
import Testing
import TestSupport

private func run(_ args: [String]) throws -> ProcessResult {
    try runProcess(TestPaths.executable, args, environment: environment(TestStores.commandEnvironment))
}

@Suite("Command table")
struct CommandTableTests {
    /// The usage lines of `--help`.
    private func synopsis() throws -> String {
        let help = try run(["--help"]).stdout
        let start = try #require(help.range(of: "Usage:\n"))
        let end = try #require(help.range(of: "\n\n", range: start.lowerBound..<help.endIndex))
        return String(help[start.lowerBound..<end.lowerBound])
    }

    @Test func theReadmeUsageBlockIsTheGeneratedOne() throws {
        let readme = try String(contentsOf: TestPaths.root.appendingPathComponent("README.md"), encoding: .utf8)
        let begin = try #require(readme.range(of: "<!-- usage:begin"))
        let body = try #require(readme.range(of: "```text\n", range: begin.upperBound..<readme.endIndex))
        let end = try #require(readme.range(of: "\n```\n<!-- usage:end -->", range: body.upperBound..<readme.endIndex))
        let expected = try synopsis()
        #expect(
            String(readme[body.upperBound..<end.lowerBound]) == expected,
            "README.md's usage block is out of date; replace it with:\n\(expected)")
    }

    @Test func everyCommandHasItsHelp() throws {
        let lines = try synopsis().split(separator: "\n").dropFirst().dropLast()
        for line in lines {
            // The words after the program name up to the first argument in capitals or brackets.
            let words = line.split(separator: " ").dropFirst().prefix { $0.first!.isLowercase }.map(String.init)
            for args in [["help"] + words, words + ["--help"]] {
                let r = try run(args)
                #expect(r.status == 0, "\(args)")
                #expect(
                    r.stdout.contains(line.trimmingCharacters(in: .whitespaces)), "\(args): \(r.stdout.prefix(200))")
            }
        }
    }

    @Test func groupsNameTheirCommands() throws {
        let bare = try run(["entitlements"])
        #expect(bare.status == 2)
        #expect(
            bare.stderr
                == "export-itinerary: error: entitlements needs one of: status, import, init, trust-root (see: help entitlements)\n"
        )
        let typo = try run(["storekit-test", "purchse", "x"])
        #expect(typo.status == 2)
        #expect(typo.stderr.contains("unknown storekit-test command \"purchse\" (did you mean purchase?)"))
        let option = try run(["entitlements", "status", "--jsn"])
        #expect(option.stderr.contains("unknown option --jsn for entitlements status (did you mean --json?)"))
        #expect(try run(["entitlements", "--help"]).stdout.contains("export-itinerary entitlements trust-root FILE"))
    }

    @Test(
        "an option whose value was forgotten is not fed the next option; an option given twice is an error, one meant to repeat is not"
    )
    func forgottenValuesAndRepeats() throws {
        let forgotten = try run(["batch", "trips", "--out-dir", "--quiet"])
        #expect(forgotten.status == 2)
        #expect(
            forgotten.stderr
                == "export-itinerary: error: --out-dir needs a value (DIR), but --quiet follows it (write --out-dir=--quiet if that is the value)\n",
            "\(forgotten.stderr)")
        let twice = try run(["batch", "trips", "--out-dir", "out", "--shard", "0/2", "--shard", "1/2"])
        #expect(twice.status == 2)
        #expect(twice.stderr.contains("--shard is given twice (0/2 and 1/2): give it once"), "\(twice.stderr)")
        let flagTwice = try run(["batch", "trips", "--out-dir", "out", "--resume", "--resume"])
        #expect(flagTwice.status == 2)
        #expect(
            flagTwice.stderr == "export-itinerary: error: --resume is given twice: give it once\n",
            "\(flagTwice.stderr)")
        // Meant to repeat: parsed, so the command goes on to its own checks (here: the store).
        let repeated = try run([
            "entitlements", "init", "--environment", "Sandbox", "--environment", "Xcode", "--store", "/nonexistent/x",
        ])
        #expect(!repeated.stderr.contains("given twice"), "\(repeated.stderr)")
    }
}
