/// Every usage error of every command, word for word: a bad value, a missing argument, an
/// option given twice. They are checked in process (nothing runs before them), so each case is a
/// parse and nothing more.
@testable import ExportItineraryCLI
import Testing

/// The message `args` is refused with, or nil when they parse.
private func refusal(_ args: [String]) -> String? {
    do {
        _ = try Arguments.parse(args)
        return nil
    } catch { return error.message }
}

@Suite("Usage errors")
struct UsageErrorTests {
    @Test("export: each option's parse and range, and how the arguments fit together")
    func export() {
        let cases: [([String], String)] = [
            (["t.json"], "expected TRIP.json and OUT.pdf, got 1 argument (see --help)"),
            (["t.json", "o.png", "--page", "0"], "--page must be a page number from 1, got \"0\""),
            (["t.json", "o.png", "--page", "1.5"], "--page must be a page number from 1, got \"1.5\""),
            (["t.json", "o.png", "--dpi", "8.99"], "--dpi must be a number from 9 to 1200, got \"8.99\""),
            (["t.json", "o.png", "--dpi", "1201"], "--dpi must be a number from 9 to 1200, got \"1201\""),
            (["t.json", "o.png", "--dpi", "nan"], "--dpi must be a number from 9 to 1200, got \"nan\""),
            (
                ["t.json", "o.pdf", "--page", "2"],
                "--page and --dpi apply to a PNG preview: give an output path ending in .png"
            ),
            (["t.json", "o.pdf", "--template", ""], "--template needs a name or a path"),
            (
                ["t.json", "o.pdf", "--paper", "a/4"],
                "--paper must be a paper name (up to 32 letters, digits, '-' or '_', such as letter or a4), got \"a/4\""
            ),
            (["t.json", "o.pdf", "--tempalte", "x"], "unknown option --tempalte (did you mean --template?)"),
            (["t.json", "o.png", "--page"], "--page needs a value (N)"),
            (["t.json", "o.png", "--page=1", "--page=2"], "--page is given twice (1 and 2): give it once"),
        ]
        for (args, message) in cases { #expect(refusal(args) == message, "\(args)") }
        #expect(refusal(["t.json", "o.png", "--page", "3", "--dpi", "9", "--paper", "A4"]) == nil)
        // `help` explains the commands there are, and refuses a word that names none.
        #expect(refusal(["help", "batch"]) == nil && refusal(["help"]) == nil)
        #expect(refusal(["help", "storekit-test", "purchase"]) == nil)
        #expect(refusal(["help", "bach"])?.hasPrefix("help: unknown command \"bach\" (did you mean batch?)") == true)
    }

    @Test("validate: a paper needs a template, something must be checked")
    func validate() {
        #expect(refusal(["validate"]) == "validate needs at least one TRIP.json, or --template")
        #expect(refusal(["validate", "--paper", "a4"]) == "--paper applies to a template: add --template NAME|PATH")
        #expect(refusal(["validate", "--template", ""]) == "--template needs a name or a path")
        #expect(refusal(["validate", "--template", "compact", "--paper", "a4"]) == nil)
    }

    @Test("batch: every number option's range, the shard, the required out-dir")
    func batch() {
        let base = ["batch", "trips", "--out-dir", "out"]
        let cases: [([String], String)] = [
            (
                ["batch", "--out-dir", "out"],
                "batch needs at least one SOURCE: a directory of trips, trip files or a manifest (.jsonl) (see: help batch)"
            ),
            (["batch", "trips"], "batch needs --out-dir DIR, the directory the PDFs are written to"),
            (["batch", "trips", "--out-dir", ""], "batch needs --out-dir DIR, the directory the PDFs are written to"),
            (base + ["--jobs", "0"], "--jobs must be a whole number from 1 to 256, got \"0\""),
            (base + ["--jobs", "257"], "--jobs must be a whole number from 1 to 256, got \"257\""),
            (base + ["--retries", "-1"], "--retries must be a whole number from 0 to 10, got \"-1\""),
            (base + ["--retries", "11"], "--retries must be a whole number from 0 to 10, got \"11\""),
            (
                base + ["--job-timeout", "0.5"],
                "--job-timeout must be a number of seconds from 1 to 86400, got \"0.5\""
            ),
            (
                base + ["--job-timeout", "inf"],
                "--job-timeout must be a number of seconds from 1 to 86400, got \"inf\""
            ),
            (base + ["--stop-grace", "-1"], "--stop-grace must be a number of seconds from 0 to 600, got \"-1\""),
            (base + ["--stop-grace", "601"], "--stop-grace must be a number of seconds from 0 to 600, got \"601\""),
            (base + ["--template", ""], "--template needs a name or a path"),
            (base + ["--report", ""], "--report needs a FILE"),
            (
                base + ["--shard", "2/2"],
                "--shard must be I/N with 0 <= I < N <= 100000 (e.g. 0/4), or auto, got \"2/2\""
            ),
            (base + ["--quiet=yes"], "--quiet takes no value"),
            (
                base + ["--report", "--quiet"],
                "--report needs a value (FILE), but --quiet follows it (write --report=--quiet if that is the value)"
            ),
        ]
        for (args, message) in cases { #expect(refusal(args) == message, "\(args)") }
        let edges = [
            "--jobs", "256", "--retries", "0", "--job-timeout", "86400", "--stop-grace", "0", "--shard", "auto",
        ]
        #expect(refusal(base + edges) == nil)
    }

    @Test("the other commands: their arguments, and storekit-test purchase's duration")
    func others() {
        let cases: [([String], String)] = [
            (
                ["batch", "merge-reports"],
                "batch merge-reports needs at least one REPORT (written by batch --report)"
            ),
            (["batch-worker", "x"], "batch-worker takes no argument \"x\""),
            (["entitlements", "status", "x"], "entitlements status takes no argument \"x\""),
            (["entitlements", "import", "--json"], "entitlements import needs at least one FILE"),
            (["entitlements", "init", "x"], "entitlements init takes no argument \"x\""),
            (
                ["entitlements", "trust-root"],
                "entitlements trust-root needs exactly one certificate FILE (DER or PEM)"
            ),
            (["paywall", "x"], "paywall takes no argument \"x\""),
            (["storekit-test", "enable", "x"], "storekit-test enable takes no argument \"x\""),
            (["storekit-test", "purchase"], "storekit-test purchase needs exactly one PRODUCT_ID"),
            (
                ["storekit-test", "purchase", "p", "--expires-in", "soon"],
                "--expires-in must be a duration such as 30s, 15m, 2h, 7d or -1h, within 100 years, got \"soon\""
            ),
            (
                ["storekit-test", "purchase", "p", "--expires-in", "36700d"],
                "--expires-in must be a duration such as 30s, 15m, 2h, 7d or -1h, within 100 years, got \"36700d\""
            ),
            (["storekit-test", "refund"], "storekit-test refund needs exactly one TRANSACTION_ID"),
            (["storekit-test", "expire", "a", "b"], "storekit-test expire needs exactly one TRANSACTION_ID"),
            (["storekit-test", "clear", "x"], "storekit-test clear takes no argument \"x\""),
            (["storekit-test", "disable", "x"], "storekit-test disable takes no argument \"x\""),
        ]
        for (args, message) in cases { #expect(refusal(args) == message, "\(args)") }
        let fine: [[String]] = [
            ["batch", "merge-reports", "r.json", "--report", "all.json", "--quiet"],
            ["entitlements", "init", "--environment", "Sandbox", "--environment", "Xcode", "--bundle-id", "b"],
            ["storekit-test", "purchase", "p", "--expires-in", "-1h", "--family-shared"],
            ["entitlements", "status", "--json", "--store", "s", "--catalog", "c"],
        ]
        for args in fine { #expect(refusal(args) == nil, "\(args)") }
    }
}
