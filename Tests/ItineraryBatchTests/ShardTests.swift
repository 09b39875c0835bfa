/// Shards: a stable subset of a plan by a hash of each output path, and the job array's own.
import Foundation
import ItineraryBatch
import Testing
import TestSupport

@Suite("Batch shards")
struct ShardTests {
    @Test func shardsCoverEveryJobOnceWhateverTheOrder() throws {
        let trip = try example("day-trip")
        var files: [String: String] = [:]
        for i in 0..<60 { files["d\(i % 4)/trip-\(i).json"] = trip }
        // The same jobs listed another way: a manifest in reverse order.
        files["reversed.jsonl"] = (0..<60).reversed().map {
            "{\"trip\": \"d\($0 % 4)/trip-\($0).json\", \"out\": \"d\($0 % 4)/trip-\($0).pdf\"}"
        }.joined(separator: "\n")
        let root = try tree("shard-cover", files)
        let manifest = root.appendingPathComponent("reversed.jsonl").path
        let all = try BatchPlan.make(sources: [manifest], defaults: defaults(), shard: nil)
        #expect(all.jobs.count == 60)
        for count in [1, 3, 4, 7] {
            var seen: [String] = []
            for index in 0..<count {
                let shard = Shard(index: index, count: count)
                let listed = try BatchPlan.make(sources: [manifest], defaults: defaults(), shard: shard)
                // The directory lists the same outputs in sorted order.
                let fromTree = try BatchPlan.make(sources: [root.path], defaults: defaults(), shard: shard)
                #expect(listed.jobs.map(\.output).sorted() == fromTree.jobs.map(\.output).sorted())
                #expect(listed.digest == all.digest && fromTree.digest == all.digest && listed.totalJobs == 60)
                seen += listed.jobs.map(\.output)
            }
            #expect(seen.sorted() == all.jobs.map(\.output).sorted(), "count \(count)")
        }
    }

    @Test func shardsAreOfAboutEqualSizeForAnyCount() {
        func permutations(_ letters: [Character]) -> [String] {
            letters.count <= 1
                ? [String(letters)]
                : letters.indices.flatMap { i in
                    permutations(Array(letters[..<i] + letters[(i + 1)...])).map { String(letters[i]) + $0 }
                }
        }
        // Sequential names, and anagrams (one bytes, other orders: a weak hash such as FNV-1a
        // put all 720 of these in one shard of two, and half the shards of four empty).
        let outputs =
            (0..<600).map { String(format: "users/%04d/trip.pdf", $0) }
            + permutations(Array("abcdef")).map { $0 + ".pdf" }
        for count in [2, 3, 4, 8] {
            var sizes = Array(repeating: 0, count: count)
            for output in outputs {
                let owners = (0..<count).filter { Shard(index: $0, count: count).contains(output: output) }
                #expect(owners.count == 1)
                sizes[owners[0]] += 1
            }
            let fair = outputs.count / count
            #expect(sizes.allSatisfy { $0 > fair * 6 / 10 && $0 < fair * 14 / 10 }, "\(count) shards: \(sizes)")
        }
    }

    @Test("the plan's digest is one for every shard of a plan, and another for another template or paper")
    func theDigestCoversTemplateAndPaper() throws {
        let root = try tree("digest-plan", ["t1.json": try example("day-trip"), "t2.json": try example("gira-es")])
        func digest(_ defaults: JobDefaults, _ shard: Shard?) throws -> String {
            try BatchPlan.make(sources: [root.path], defaults: defaults, shard: shard).digest
        }
        let classic = try digest(defaults(), nil)
        #expect(try digest(defaults(), Shard(index: 1, count: 2)) == classic)
        var compact = defaults()
        compact.template = .named("compact")
        var a4 = defaults()
        a4.paper = "a4"
        #expect(try digest(compact, nil) != classic)
        #expect(try digest(a4, nil) != classic)
    }

    @Test func shardSpecs() {
        #expect(Shard.parse("0/4") == Shard(index: 0, count: 4))
        #expect(Shard.parse("3/4") == Shard(index: 3, count: 4))
        for bad in ["4/4", "-1/4", "1/0", "1", "a/b", "1/2/3", ""] { #expect(Shard.parse(bad) == nil, "\(bad)") }
    }

    @Test func jobArraysOfSlurmKubernetesAndAWSBatch() throws {
        #expect(
            try Shard.fromEnvironment([
                "SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_COUNT": "4", "SLURM_ARRAY_TASK_MIN": "0",
            ]) == Shard(index: 2, count: 4))
        #expect(
            try Shard.fromEnvironment([
                "SLURM_ARRAY_TASK_ID": "5", "SLURM_ARRAY_TASK_COUNT": "4", "SLURM_ARRAY_TASK_MIN": "3",
            ]) == Shard(index: 2, count: 4))
        #expect(
            try Shard.fromEnvironment(["JOB_COMPLETION_INDEX": "0", "EXPORT_ITINERARY_SHARDS": "8"])
                == Shard(index: 0, count: 8))
        // Rerunning one task of a four-task array (`sbatch --array=2`): Slurm says count 1.
        let rerun = ["SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_COUNT": "1", "SLURM_ARRAY_TASK_MIN": "2"]
        #expect(throws: BatchUsageError.self) { try Shard.fromEnvironment(rerun) }
        #expect(
            try Shard.fromEnvironment(rerun.merging(["EXPORT_ITINERARY_SHARDS": "4"]) { $1 })
                == Shard(index: 2, count: 4))
        #expect(
            try Shard.fromEnvironment(["AWS_BATCH_JOB_ARRAY_INDEX": "7", "EXPORT_ITINERARY_SHARDS": "8"])
                == Shard(index: 7, count: 8))
        for env in [
            [:], ["JOB_COMPLETION_INDEX": "1"], ["SLURM_ARRAY_TASK_ID": "1"],
            ["AWS_BATCH_JOB_ARRAY_INDEX": "8", "EXPORT_ITINERARY_SHARDS": "8"],
            ["SLURM_ARRAY_TASK_ID": "x", "SLURM_ARRAY_TASK_COUNT": "2"],
            ["SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_COUNT": "2", "SLURM_ARRAY_TASK_STEP": "2"],
        ] {
            #expect(throws: BatchUsageError.self, "\(env)") { try Shard.fromEnvironment(env) }
        }
    }

    @Test("a shard count from the environment over the limit, or zero, is named as such, not as an index out of range")
    func countsOutsideTheLimitSayWhich() {
        func message(_ env: [String: String]) -> String {
            do { _ = try Shard.fromEnvironment(env); return "no error" } catch { return error.description }
        }
        let over = message(["SLURM_ARRAY_TASK_ID": "1", "EXPORT_ITINERARY_SHARDS": "\(BatchLimits.maximumShards + 1)"])
        #expect(
            over
                == "--shard auto: \(BatchLimits.maximumShards + 1) shards (Slurm array task 1 of EXPORT_ITINERARY_SHARDS=\(BatchLimits.maximumShards + 1)) is more than the limit of \(BatchLimits.maximumShards)",
            "\(over)")
        let zero = message(["JOB_COMPLETION_INDEX": "0", "EXPORT_ITINERARY_SHARDS": "0"])
        #expect(
            zero == "--shard auto: the number of shards is 0 (Kubernetes Indexed Job): it must be at least 1", "\(zero)"
        )
    }
}
