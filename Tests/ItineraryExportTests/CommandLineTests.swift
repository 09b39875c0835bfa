/// The command as users run it: exit codes, one-line messages, and nothing lost on failure.
import Foundation
import Testing
import TestSupport

private let trip = TestPaths.examples.appendingPathComponent("day-trip.json").path

/// Runs the built command with the repository's fonts and templates.
private func cli(
    _ args: [String], stdin: Data? = nil, env extra: [String: String] = [:], in dir: URL? = nil
) throws -> ProcessResult {
    var changes = TestStores.commandEnvironment
    for (k, v) in extra { changes[k] = v }
    return try runProcess(TestPaths.executable, args, stdin: stdin, environment: environment(changes), directory: dir)
}

/// Every stderr line is a one-line message with the program's prefix.
private func expectPrefixed(
    _ stderr: String, _ kind: String = "error", sourceLocation: SourceLocation = #_sourceLocation
) {
    let lines = stderr.split(separator: "\n", omittingEmptySubsequences: true)
    #expect(!lines.isEmpty, sourceLocation: sourceLocation)
    for line in lines {
        #expect(line.hasPrefix("export-itinerary: \(kind): "), "\(line)", sourceLocation: sourceLocation)
    }
}

@Suite("Command line")
struct CommandLineTests {
    @Test func rendersAPDF() throws {
        let dir = TestPaths.scratch("render")
        let out = dir.appendingPathComponent("trip.pdf")
        let r = try cli([trip, out.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.isEmpty)
        let bytes = try Data(contentsOf: out)
        #expect(bytes.starts(with: Data("%PDF-1.5".utf8)))
        let check = try runProcess("/usr/bin/qpdf", ["--check", out.path])
        #expect(check.status == 0, "\(check.stdout)")
        // No temporary file is left beside the output.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["trip.pdf"])
    }

    @Test func readsStandardInput() throws {
        let out = TestPaths.scratch("stdin").appendingPathComponent("trip.pdf")
        let r = try cli(["-", out.path], stdin: try Data(contentsOf: URL(fileURLWithPath: trip)))
        #expect(r.status == 0, "\(r.stderr)")
        #expect(FileManager.default.fileExists(atPath: out.path))
    }

    @Test func a4Paper() throws {
        let out = TestPaths.scratch("a4").appendingPathComponent("trip.pdf")
        #expect(try cli([trip, out.path, "--paper", "a4"]).status == 0)
        let info = try runProcess("/usr/bin/pdfinfo", [out.path])
        #expect(info.stdout.contains("595 x 842"))
    }

    @Test(
        "a template's papers are the names --paper takes: its legal is chosen; a paper it lacks is a usage error naming the ones it has"
    )
    func templatePapers() throws {
        let dir = TestPaths.scratch("template-papers")
        var template =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: TestPaths.root.appendingPathComponent("Templates/classic.json")))
            as! [String: Any]
        template["papers"] = ["legal": ["width": 612, "height": 1008], "letter": ["width": 612, "height": 792]]
        let file = dir.appendingPathComponent("legal.json")
        try JSONSerialization.data(withJSONObject: template).write(to: file)
        let out = dir.appendingPathComponent("legal.pdf")
        let legal = try cli([trip, out.path, "--template", file.path, "--paper", "LEGAL"])
        #expect(legal.status == 0, "\(legal.stderr)")
        #expect(try runProcess("/usr/bin/pdfinfo", [out.path]).stdout.contains("612 x 1008"))
        // This template has no a4: exit 2, before anything is written, naming what it has.
        let a4 = try cli([trip, dir.appendingPathComponent("a4.pdf").path, "--template", file.path, "--paper", "a4"])
        #expect(a4.status == 2)
        expectPrefixed(a4.stderr)
        let words = "--paper: the template \(file.path) has no paper \"a4\" (it has legal, letter)"
        #expect(a4.stderr.contains(words), "\(a4.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("a4.pdf").path))
        // validate and a batch say it in the same words, with the same exit code.
        let validate = try cli(["validate", "--template", file.path, "--paper", "a4"])
        let batch = try cli(
            [
                "batch", trip, "--out-dir", dir.appendingPathComponent("out").path, "--template", file.path, "--paper",
                "a4",
            ])
        for run in [validate, batch] {
            #expect(run.status == 2 && run.stderr.contains(words), "\(run.stderr)")
        }
        let check = try cli(["validate", "--template", file.path, "--paper", "legal"])
        #expect(check.status == 0 && check.stdout.contains("papers legal, letter"), "\(check.stdout)\(check.stderr)")
        // Not a name at all: refused as the option is read.
        let bad = try cli([trip, "out.pdf", "--paper", "a 4"])
        #expect(bad.status == 2 && bad.stderr.contains("--paper must be a paper name"), "\(bad.stderr)")
    }

    @Test("an export and a batch find templates the same way: with Templates/ empty, both say none was found there")
    func emptyTemplatesDirectory() throws {
        let dir = TestPaths.scratch("empty-templates")
        let templates = dir.appendingPathComponent("Templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        let expected = "no template named \"classic\" (available: none found in \(templates.path))"
        let single = try cli(
            [trip, dir.appendingPathComponent("a.pdf").path], env: ["EXPORT_ITINERARY_TEMPLATES": templates.path])
        #expect(single.status == 1 && single.stderr.contains(expected), "\(single.stderr)")
        let batch = try cli(
            ["batch", trip, "--out-dir", dir.appendingPathComponent("out").path],
            env: ["EXPORT_ITINERARY_TEMPLATES": templates.path])
        #expect(batch.status == 1 && batch.stderr.contains(expected), "\(batch.stderr)")
    }

    @Test(
        "found in review: validate checks the font family as an export does; an overview without day pages links nowhere"
    )
    func templateChecksShared() throws {
        let dir = TestPaths.scratch("template-checks-shared")
        let classic = try #require(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: TestPaths.templates + "/classic.json"))) as? [String: Any])
        var helvetica = classic
        helvetica["fontFamily"] = "Helvetica"
        let file = dir.appendingPathComponent("helvetica.json")
        try JSONSerialization.data(withJSONObject: helvetica).write(to: file)
        let validate = try cli(["validate", "--template", file.path])
        let export = try cli([trip, dir.appendingPathComponent("a.pdf").path, "--template", file.path])
        for run in [validate, export] {
            #expect(run.status == 1, "\(run.stderr)")
            #expect(
                run.stderr.contains("template: \(file.path): fontFamily: \"Helvetica\" is not in the bundled fonts"),
                "\(run.stderr)")
        }
        // Rows that would link to day pages the template does not print have no links (the
        // renderer refuses a link to a destination the document lacks).
        var overviewOnly = classic
        overviewOnly["sections"] = ["overview"]
        overviewOnly["firstPageMargins"] = overviewOnly["margins"]
        let only = dir.appendingPathComponent("overview-only.json")
        try JSONSerialization.data(withJSONObject: overviewOnly).write(to: only)
        let pdf = dir.appendingPathComponent("overview.pdf")
        let run = try cli([trip, pdf.path, "--template", only.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: pdf.path))
    }

    @Test("an invalid template is exit 1 for an export and a batch alike; its retired keys one per line")
    func invalidTemplateExitsOne() throws {
        let dir = TestPaths.scratch("invalid-template")
        var template = try #require(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: TestPaths.templates + "/classic.json")))
                as? [String: Any])
        var overview = try #require(template["overview"] as? [String: Any])
        overview["staysTitle"] = ["spaceAbove": 30, "spaceBelow": 10]
        template["overview"] = overview
        let file = dir.appendingPathComponent("old.json")
        try JSONSerialization.data(withJSONObject: template).write(to: file)
        let single = try cli([trip, dir.appendingPathComponent("a.pdf").path, "--template", file.path])
        let batch = try cli([
            "batch", trip, "--out-dir", dir.appendingPathComponent("out").path, "--template", file.path,
        ])
        for run in [single, batch] {
            #expect(run.status == 1, "\(run.stderr)")
            let lines = run.stderr.split(separator: "\n")
            #expect(
                lines.contains { $0.hasSuffix("2 retired keys, each with what to write instead:") }, "\(run.stderr)")
            #expect(
                lines.contains(
                    "export-itinerary: error: overview.staysTitle.spaceAbove: renamed `spaceBefore`, as in a section title"
                ),
                "\(run.stderr)")
        }
        // A paper the template lacks stays a usage error for both.
        let paper = try cli(["batch", trip, "--out-dir", dir.appendingPathComponent("out2").path, "--paper", "legal"])
        #expect(paper.status == 2, "\(paper.stderr)")
    }

    @Test func helpAndVersion() throws {
        let help = try cli(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("export-itinerary TRIP.json OUT.pdf"))
        #expect(help.stdout.contains("Exit codes"))
        let version = try cli(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.hasPrefix("export-itinerary "))
        // Every library a PDF's bytes depend on, each with a dotted version as it runs.
        let verbose = try cli(["--version", "--verbose"])
        #expect(verbose.status == 0)
        let names = verbose.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: " ")[0] }
        #expect(
            names == ["cairo", "pango", "harfbuzz", "freetype", "fontconfig", "fribidi", "libdeflate", "tzdata"],
            "\(verbose.stdout)")
        let fribidi = verbose.stdout.split(separator: "\n").first { $0.hasPrefix("fribidi ") } ?? ""
        #expect(fribidi.split(separator: " ").last?.split(separator: ".").count == 3, "\(fribidi)")
    }

    @Test("usage errors exit 2 and suggest the closest option")
    func usageErrors() throws {
        let r = try cli([trip, "out.pdf", "--templte", "classic"])
        #expect(r.status == 2)
        expectPrefixed(r.stderr)
        #expect(r.stderr.contains("--templte"))
        #expect(r.stderr.contains("did you mean --template?"))

        #expect(try cli([]).status == 2)
        #expect(try cli([trip]).status == 2)
        let legal = try cli([trip, "out.pdf", "--paper", "legal"])
        #expect(
            legal.status == 2 && legal.stderr.contains("has no paper \"legal\" (it has a4, letter)"), "\(legal.stderr)")
        let command = try cli(["valdate", trip])
        #expect(command.status == 2)
        #expect(command.stderr.contains("did you mean validate?"))
        let epoch = try cli([trip, "out.pdf"], env: ["SOURCE_DATE_EPOCH": "yesterday"])
        #expect(epoch.status == 2)
        expectPrefixed(epoch.stderr)
    }

    @Test(
        "every invalid fixture exits 4, lists its problems, and writes nothing",
        arguments: TestPaths.jsonFiles(in: TestPaths.invalidFixtures).map(\.lastPathComponent))
    func invalidTrip(_ file: String) throws {
        let dir = TestPaths.scratch("invalid-\(file)")
        let out = dir.appendingPathComponent("out.pdf")
        let r = try cli([TestPaths.invalidFixtures.appendingPathComponent(file).path, out.path])
        #expect(r.status == 4, "\(r.stderr)")
        expectPrefixed(r.stderr)
        #expect(!FileManager.default.fileExists(atPath: out.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    @Test("a failed export leaves an existing output file untouched")
    func existingFileSurvives() throws {
        let dir = TestPaths.scratch("keep")
        let out = dir.appendingPathComponent("out.pdf")
        try Data("previous export".utf8).write(to: out)
        let bad = dir.appendingPathComponent("bad.json")
        try Data("{\"schemaVersion\": 1,".utf8).write(to: bad)
        #expect(try cli([bad.path, out.path]).status == 4)
        #expect(try cli([trip, out.path], env: ["EXPORT_ITINERARY_FONTS": "/nonexistent/fonts"]).status == 1)
        #expect(try Data(contentsOf: out) == Data("previous export".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["bad.json", "out.pdf"])
    }

    @Test("an output that cannot be written exits 6 and leaves nothing")
    func unwritableOutput() throws {
        let dir = TestPaths.scratch("unwritable")
        let missing = try cli([trip, dir.appendingPathComponent("no/such/dir/out.pdf").path])
        #expect(missing.status == 6)
        expectPrefixed(missing.stderr)
        #expect(missing.stderr.contains("does not exist"))

        let file = dir.appendingPathComponent("plain-file")
        try Data().write(to: file)
        let notDir = try cli([trip, file.appendingPathComponent("out.pdf").path])
        #expect(notDir.status == 6)

        let isDir = try cli([trip, dir.path])
        #expect(isDir.status == 6)

        // A read-only directory stops everyone but root, who may write anywhere.
        if getuid() != 0 {
            let ro = dir.appendingPathComponent("readonly")
            try FileManager.default.createDirectory(at: ro, withIntermediateDirectories: true)
            chmod(ro.path, 0o555)
            defer { chmod(ro.path, 0o755) }
            #expect(try cli([trip, ro.appendingPathComponent("out.pdf").path]).status == 6)
            #expect(try FileManager.default.contentsOfDirectory(atPath: ro.path).isEmpty)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["plain-file"])
    }

    @Test("unreadable input is a one-line error")
    func unreadableInput() throws {
        let r = try cli(["/nonexistent/trip.json", "out.pdf"])
        #expect(r.status == 1)
        expectPrefixed(r.stderr)
        #expect(r.stderr.contains("no such file"))
    }

    @Test("missing fonts say how to fix it")
    func missingFonts() throws {
        let out = TestPaths.scratch("nofonts").appendingPathComponent("out.pdf")
        let r = try cli([trip, out.path], env: ["EXPORT_ITINERARY_FONTS": "/nonexistent/fonts"])
        #expect(r.status == 1)
        expectPrefixed(r.stderr)
        #expect(r.stderr.contains("make fonts"))
    }

    @Test("an unknown template names the ones available")
    func unknownTemplate() throws {
        let r = try cli([trip, "out.pdf", "--template", "fancy"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("classic"))
    }

    @Test("validate checks many files and exits 4 when one is invalid")
    func validate() throws {
        let good = try cli(["validate"] + TestPaths.jsonFiles(in: TestPaths.examples).map(\.path))
        #expect(good.status == 0, "\(good.stderr)")
        #expect(good.stdout.split(separator: "\n").count == TestPaths.jsonFiles(in: TestPaths.examples).count)
        let bad = TestPaths.jsonFiles(in: TestPaths.invalidFixtures).first!
        let mixed = try cli(["validate", trip, bad.path])
        #expect(mixed.status == 4)
        #expect(mixed.stdout.contains("ok"))
        expectPrefixed(mixed.stderr)
    }

    @Test(
        "validate warns of the labels a trip's language lacks as an export would, with the standard template or the one named"
    )
    func validateWarnsOfLabels() throws {
        let hebrew = TestPaths.validFixtures.appendingPathComponent("hebrew-locale.json").path
        for args in [["validate", hebrew], ["validate", "--template", "compact", hebrew]] {
            let r = try cli(args, env: ["EXPORT_ITINERARY_HOME": "/nonexistent"])
            #expect(r.status == 0, "\(r.stderr)")
            #expect(
                r.stderr.contains("locale: the template has no labels in Hebrew") && r.stderr.contains("\"labels.he\""),
                "\(r.stderr)")
            expectPrefixed(r.stderr, "warning")
        }
        let spanish = TestPaths.examples.appendingPathComponent("gira-es.json").path
        #expect(!(try cli(["validate", spanish]).stderr.contains("locale:")))
    }

    @Test("validate --template checks a template without Pro and without rendering")
    func validateTemplate() throws {
        let ok = try cli(
            ["validate", "--template", "compact", "--paper", "a4", trip], env: ["EXPORT_ITINERARY_HOME": "/nonexistent"]
        )
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(
            ok.stdout.hasPrefix(
                "compact: ok (sections title, overview, days, progress; papers a4, letter; labels de, en, es, fr)\n"))
        let dir = TestPaths.scratch("validate-template")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("mine.json")
        let classic = try String(contentsOfFile: TestPaths.templates + "/classic.json", encoding: .utf8)
        try Data(classic.replacingOccurrences(of: "\"ruleColor\": \"rule\"", with: "\"ruleColor\": \"rul\"").utf8)
            .write(to: file)
        let bad = try cli(["validate", "--template", file.path])
        #expect(bad.status == 1)
        #expect(
            bad.stderr
                == "export-itinerary: error: template: \(file.path): header.ruleColor: unknown colour token \"rul\" (did you mean \"rule\"?)\n"
        )
        let paper = try cli(["validate", "--paper", "a4"])
        #expect(paper.status == 2)
        #expect(paper.stderr.contains("--paper applies to a template"))
    }

    @Test("characters no bundled font covers give a warning naming them")
    func uncoveredWarning() throws {
        let dir = TestPaths.scratch("tofu")
        var json = try String(contentsOf: URL(fileURLWithPath: trip), encoding: .utf8)
        // U+16A0 (Runic) is in none of the bundled fonts.
        // Into the first notes field: notes are printed by every template.
        if let range = json.range(of: "\"notes\": \"") {
            json.replaceSubrange(range, with: "\"notes\": \"\u{16A0} \u{20BB7}野家 ")
        }
        let input = dir.appendingPathComponent("runic.json")
        try Data(json.utf8).write(to: input)
        let r = try cli([input.path, dir.appendingPathComponent("out.pdf").path])
        #expect(r.status == 0, "\(r.stderr)")
        expectPrefixed(r.stderr, "warning")
        #expect(r.stderr.contains("U+16A0 \u{16A0}"))
        // And why, where the kind of character says it: 𠮷 is beyond the bundled CJK face.
        #expect(r.stderr.contains("U+20BB7 \u{20BB7}") && r.stderr.contains("Extension B"), "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1)
    }
}

@Suite("PNG previews")
struct PreviewTests {
    @Test("an output ending in .png gets one page as an image")
    func pngPage() throws {
        let dir = TestPaths.scratch("png")
        let out = dir.appendingPathComponent("page.png")
        let midwest = TestPaths.examples.appendingPathComponent("midwest-mlb-10-day.json").path
        let r = try cli([midwest, out.path, "--page", "2", "--dpi", "72"])
        #expect(r.status == 0, "\(r.stderr)")
        let bytes = try Data(contentsOf: out)
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        // 612 × 792 pt at 72 dpi: the IHDR width and height, big-endian at offsets 16 and 20.
        #expect(bytes[16..<24].elementsEqual([0, 0, 0x02, 0x64, 0, 0, 0x03, 0x18]))

        let missing = try cli([midwest, dir.appendingPathComponent("p99.png").path, "--page", "99"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("--page 99: the document has "))
        #expect(try cli([midwest, dir.appendingPathComponent("x.pdf").path, "--page", "2"]).status == 2)
    }
}
