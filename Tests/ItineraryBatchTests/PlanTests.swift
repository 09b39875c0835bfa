/// Making a plan: listing sources, reading manifests, output paths, duplicates.
import Foundation
@testable import ItineraryBatch
import ItineraryExport
import Testing
import TestSupport

@Suite("Batch plan")
struct PlanTests {
    @Test func directoriesAreListedSortedWithTheirStructure() throws {
        let trip = try example("day-trip")
        let root = try tree(
            "plan-dir",
            [
                "b.json": trip, "a/z.json": trip, "a/b.json": trip, "A.json": trip,
                ".hidden/x.json": trip, "notes.txt": "x", "c.json.bak": "x", "a/.x.json": trip,
            ])
        let plan = try BatchPlan.make(sources: [root.path], defaults: defaults(), shard: nil)
        #expect(plan.jobs.map(\.output) == ["A.pdf", "a/b.pdf", "a/z.pdf", "b.pdf"])
        #expect(plan.jobs.map(\.trip) == ["A.json", "a/b.json", "a/z.json", "b.json"].map { root.path + "/" + $0 })
        #expect(plan.totalJobs == 4)
    }

    @Test func tripFilesAndManifestsMix() throws {
        let trip = try example("day-trip")
        let root = try tree(
            "plan-mix",
            [
                "trips/one.json": trip, "trips/two.json": trip,
                "jobs.jsonl": """
                {"trip": "trips/one.json", "out": "x/one-a4.pdf", "paper": "A4", "template": "compact"}

                {"trip": "trips/two.json"}
                """,
            ])
        let plan = try BatchPlan.make(
            sources: [
                root.appendingPathComponent("trips/one.json").path, root.appendingPathComponent("jobs.jsonl").path,
            ],
            defaults: defaults(), shard: nil)
        #expect(plan.jobs.map(\.output) == ["one.pdf", "x/one-a4.pdf", "two.pdf"])
        #expect(plan.jobs[1].paper == "a4")
        #expect(plan.jobs[1].template == .named("compact"))
        #expect(plan.jobs[1].trip == root.path + "/trips/one.json")
        #expect(plan.jobs[1].origin == root.path + "/jobs.jsonl:1")
        #expect(plan.jobs[2].template == .named("classic"))
        #expect(plan.jobs[2].origin == root.path + "/jobs.jsonl:3")
    }

    @Test func manifestProblemsNameFileAndLine() throws {
        let trip = try example("day-trip")
        let root = try tree(
            "plan-bad-manifest",
            [
                "t.json": trip,
                "jobs.jsonl": """
                {"trip": "t.json"}
                {"trip": "t.json", "outt": "x.pdf"}
                {"trip": "missing.json", "out": "m.pdf"}
                not json
                ["t.json"]
                {"trip": "t.json", "out": "p.pdf", "paper": "le gal", "template": "nope"}
                {"out": "q.pdf"}
                {"trip": "t.json", "out": null, "paper": null}
                {"trip": null}
                """,
            ])
        let manifest = root.appendingPathComponent("jobs.jsonl").path
        do {
            _ = try BatchPlan.make(sources: [manifest], defaults: defaults(), shard: nil)
            Issue.record("a manifest with errors was accepted")
        } catch {
            let text = error.problems.joined(separator: "\n")
            #expect(text.contains("\(manifest):2: outt: unknown key (did you mean \"out\"?)"), "\(text)")
            #expect(text.contains("\(manifest):3: trip: no such file"), "\(text)")
            #expect(text.contains("\(manifest):4: not JSON"), "\(text)")
            #expect(text.contains("\(manifest):5: expected an object"), "\(text)")
            #expect(
                text.contains(
                    "\(manifest):6: paper: must be a paper name (up to 32 letters, digits, '-' or '_', such as letter or a4), got \"le gal\""
                ), "\(text)")
            #expect(text.contains("\(manifest):6: template: no template named \"nope\""), "\(text)")
            // null is refused as the wrong kind, not taken for the default.
            #expect(text.contains("\(manifest):8: out: expected a string, got null"), "\(text)")
            #expect(text.contains("\(manifest):8: paper: expected a string, got null"), "\(text)")
            #expect(text.contains("\(manifest):9: trip: expected a string, got null"), "\(text)")
            #expect(text.contains("\(manifest):7: trip: required key is missing"), "\(text)")
            #expect(!text.contains(":1:"), "\(text)")
        }
    }

    @Test func outputPathsThatLeaveTheDirectoryAreRefusedForTheirJobOnly() throws {
        let trip = try example("day-trip")
        let root = try tree(
            "plan-escape",
            [
                "t.json": trip,
                "jobs.jsonl": """
                {"trip": "t.json", "out": "../up.pdf"}
                {"trip": "t.json", "out": "/etc/abs.pdf"}
                {"trip": "t.json", "out": "a/../../b.pdf"}
                {"trip": "t.json", "out": "ok/./fine.pdf"}
                {"trip": "t.json", "out": "not-a-pdf.txt"}
                """,
            ])
        let plan = try BatchPlan.make(
            sources: [root.appendingPathComponent("jobs.jsonl").path], defaults: defaults(), shard: nil)
        #expect(plan.jobs.count == 5)
        #expect(plan.jobs.map { $0.refusal != nil } == [true, true, true, false, true])
        #expect(plan.jobs[3].output == "ok/fine.pdf")
        #expect(plan.jobs[0].refusal!.contains(".."))
        #expect(plan.jobs[1].refusal!.contains("absolute"))
    }

    @Test func twoJobsWithOneOutputAreAUsageError() throws {
        let trip = try example("day-trip")
        let root = try tree(
            "plan-duplicate",
            [
                "a/t.json": trip, "b/t.json": trip,
                "jobs.jsonl": """
                {"trip": "a/t.json", "out": "same.pdf"}
                {"trip": "b/t.json", "out": "./same.pdf"}
                """,
            ])
        do {
            _ = try BatchPlan.make(
                sources: [root.appendingPathComponent("jobs.jsonl").path], defaults: defaults(), shard: nil)
            Issue.record("duplicate outputs were accepted")
        } catch {
            #expect(
                error.problems == ["two jobs write same.pdf: \(root.path)/jobs.jsonl:1 and \(root.path)/jobs.jsonl:2"])
        }
        // Two trip files of one name from different directories collide as well.
        #expect(throws: BatchUsageError.self) {
            try BatchPlan.make(
                sources: [root.appendingPathComponent("a/t.json").path, root.appendingPathComponent("b/t.json").path],
                defaults: defaults(), shard: nil)
        }
    }

    @Test func missingSourcesAndEmptyDirectories() throws {
        let root = try tree("plan-empty", ["readme.txt": "no trips"])
        do {
            _ = try BatchPlan.make(sources: [root.path, root.path + "/nope"], defaults: defaults(), shard: nil)
            Issue.record("accepted")
        } catch {
            #expect(
                error.problems == [
                    "\(root.path): no *.json trip files below this directory",
                    "\(root.path)/nope: no such file or directory",
                ])
        }
    }

    @Test func aBrokenTemplateIsOneProblemBeforeTheBatch() throws {
        let root = try tree(
            "plan-template",
            [
                "t.json": try example("day-trip"), "bad.json": "{\"name\": 3}",
                "jobs.jsonl":
                    "{\"trip\": \"t.json\", \"template\": \"bad.json\"}\n{\"trip\": \"t.json\", \"out\": \"2.pdf\", \"template\": \"./bad.json\"}\n",
            ])
        do {
            _ = try BatchPlan.make(
                sources: [root.appendingPathComponent("jobs.jsonl").path], defaults: defaults(), shard: nil)
            Issue.record("accepted")
        } catch {
            #expect(error.problems.count == 2, "\(error.problems)")
            #expect(error.problems.allSatisfy { $0.hasPrefix("template: ") })
        }
    }

    @Test func outputPathNormalisation() throws {
        #expect(try OutputPath.normalise("./a//b/./c.pdf").get() == "a/b/c.pdf")
        #expect(try OutputPath.normalise("X.PDF").get() == "X.PDF")
        for bad in [
            "", "/a.pdf", "../a.pdf", "a/../../b.pdf", "a/..", ".pdf", "a/.hidden.pdf", "a\nb.pdf", "a.png", "dir/",
            ".export-itinerary/x.pdf", "./.export-itinerary/ledger-x.tsv/y.pdf", "a/.cache/b.pdf",
        ] {
            #expect(throws: OutputRefusal.self, "\(bad)") { try OutputPath.normalise(bad).get() }
        }
    }

    @Test func symbolicLinksOutOfTheDirectoryAreRefused() throws {
        let root = TestPaths.scratch("plan-links")
        let out = root.appendingPathComponent("out")
        let elsewhere = root.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: out.appendingPathComponent("away").path, withDestinationPath: elsewhere.path)
        try FileManager.default.createSymbolicLink(
            atPath: out.appendingPathComponent("file.pdf").path,
            withDestinationPath: elsewhere.appendingPathComponent("x.pdf").path)
        try FileManager.default.createDirectory(
            at: out.appendingPathComponent("real"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: out.appendingPathComponent("inside").path, withDestinationPath: "real")
        let handle = try OutputRoot(path: out.path)
        #expect(throws: OutputRefusal.self) { try OutputPath.prepare("away/a.pdf", in: handle).get() }
        #expect(throws: OutputRefusal.self) { try OutputPath.prepare("file.pdf", in: handle).get() }
        // A link inside --out-dir is resolved: the worker writes the real folder, through no link.
        #expect(try OutputPath.prepare("inside/a.pdf", in: handle).get() == "real/a.pdf")
        #expect(try OutputPath.prepare("new/deeper/a.pdf", in: handle).get() == "new/deeper/a.pdf")
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("new/deeper").path))
        #expect((try? FileManager.default.contentsOfDirectory(atPath: elsewhere.path)) == [])
    }
}
