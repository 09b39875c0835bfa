/// `--shard I/N`: a stable subset of a plan's jobs, chosen by a hash of each job's output path,
/// so a shard's jobs do not depend on the order the jobs were listed in.
import Foundation

public struct Shard: Sendable, Equatable, Codable, CustomStringConvertible {
    /// 0-based.
    public var index: Int
    public var count: Int

    public init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    public var description: String { "\(index)/\(count)" }

    /// Whether the job writing `output` (a plan's normalised output path) belongs to this shard.
    public func contains(output: String) -> Bool {
        Int(Digest.fnv1a64(output) % UInt64(count)) == index
    }

    /// `I/N` with 0 ≤ I < N.
    public static func parse(_ raw: String) -> Shard? {
        let parts = raw.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]),
              count >= 1, count <= BatchLimits.maximumShards, index >= 0, index < count else { return nil }
        return Shard(index: index, count: count)
    }

    /// The shard of the job array this process runs in: Slurm (`SLURM_ARRAY_TASK_ID` and
    /// `SLURM_ARRAY_TASK_COUNT`, counted from `SLURM_ARRAY_TASK_MIN`), a Kubernetes Indexed Job
    /// (`JOB_COMPLETION_INDEX`) or an AWS Batch array job (`AWS_BATCH_JOB_ARRAY_INDEX`), the
    /// last two with the count in `EXPORT_ITINERARY_SHARDS`.
    public static func fromEnvironment(_ environment: [String: String]) throws(BatchUsageError) -> Shard {
        func number(_ key: String) throws(BatchUsageError) -> Int? {
            guard let raw = environment[key], !raw.isEmpty else { return nil }
            guard let value = Int(raw), value >= 0 else { throw BatchUsageError("--shard auto: \(key) must be a whole number, got \"\(raw)\"") }
            return value
        }
        func make(_ index: Int, _ count: Int, _ source: String) throws(BatchUsageError) -> Shard {
            guard count >= 1, count <= BatchLimits.maximumShards, index < count else {
                throw BatchUsageError("--shard auto: index \(index) is not below the count \(count) (\(source))")
            }
            return Shard(index: index, count: count)
        }
        if let task = try number("SLURM_ARRAY_TASK_ID") {
            guard let count = try number("SLURM_ARRAY_TASK_COUNT") else {
                throw BatchUsageError("--shard auto: SLURM_ARRAY_TASK_ID is set but SLURM_ARRAY_TASK_COUNT is not (Slurm 18.08 or later sets it)")
            }
            if let step = try number("SLURM_ARRAY_TASK_STEP"), step != 1 {
                throw BatchUsageError("--shard auto: the Slurm array has a step of \(step); use a contiguous range such as --array=0-\(count - 1)")
            }
            let first = try number("SLURM_ARRAY_TASK_MIN") ?? 0
            guard task >= first else { throw BatchUsageError("--shard auto: SLURM_ARRAY_TASK_ID \(task) is below SLURM_ARRAY_TASK_MIN \(first)") }
            return try make(task - first, count, "Slurm array task \(task)")
        }
        for (key, system) in [("JOB_COMPLETION_INDEX", "Kubernetes Indexed Job"), ("AWS_BATCH_JOB_ARRAY_INDEX", "AWS Batch array job")] {
            guard let index = try number(key) else { continue }
            guard let count = try number("EXPORT_ITINERARY_SHARDS") else {
                throw BatchUsageError("--shard auto: \(key) is set (\(system)) but EXPORT_ITINERARY_SHARDS, the number of shards, is not")
            }
            return try make(index, count, system)
        }
        throw BatchUsageError("--shard auto: not inside a job array (none of SLURM_ARRAY_TASK_ID, JOB_COMPLETION_INDEX, AWS_BATCH_JOB_ARRAY_INDEX is set); use --shard I/N")
    }
}
