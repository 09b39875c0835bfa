/// `--shard I/N`: a stable subset of a plan's jobs, chosen by a hash of each job's output path
/// (the first 8 bytes of its SHA-256, modulo N), so a shard's jobs do not depend on the order
/// the jobs were listed in, and shards are of about equal size for any N.
import Digests
import Foundation

/// Shard `index` of `count` (`--shard I/N`, 0-based): which of a plan's jobs this process runs.
public struct Shard: Sendable, Equatable, CustomStringConvertible {
    /// 0-based.
    public var index: Int
    /// How many shards the plan is cut into.
    public var count: Int

    public init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    public var description: String { "\(index)/\(count)" }

    /// Whether the job writing `output` (a plan's normalised output path) belongs to this shard.
    public func contains(output: String) -> Bool {
        Int(Self.hash(output) % UInt64(count)) == index
    }

    /// The first 8 bytes of the SHA-256 of the UTF-8 bytes, as a number: fixed by its
    /// definition, the same on every machine, and every bit of it depends on every byte (a
    /// simple hash such as FNV-1a leaves `hash % 2` to the parity of the odd bytes).
    static func hash(_ text: String) -> UInt64 {
        SHA256Hex.digest(Array(text.utf8)).prefix(8).reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// `I/N` with 0 ≤ I < N.
    public static func parse(_ raw: String) -> Shard? {
        let parts = raw.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]),
            count >= 1, count <= BatchLimits.maximumShards, index >= 0, index < count
        else { return nil }
        return Shard(index: index, count: count)
    }

    /// The shard of the job array this process runs in: Slurm (`SLURM_ARRAY_TASK_ID` and
    /// `SLURM_ARRAY_TASK_COUNT`, counted from `SLURM_ARRAY_TASK_MIN`; or, when
    /// `EXPORT_ITINERARY_SHARDS` is set, the task id as the index of that many), a Kubernetes
    /// Indexed Job (`JOB_COMPLETION_INDEX`) or an AWS Batch array job
    /// (`AWS_BATCH_JOB_ARRAY_INDEX`), the last two with the count in `EXPORT_ITINERARY_SHARDS`.
    public static func fromEnvironment(_ environment: [String: String]) throws(BatchUsageError) -> Shard {
        func number(_ key: String) throws(BatchUsageError) -> Int? {
            guard let raw = environment[key], !raw.isEmpty else { return nil }
            guard let value = Int(raw), value >= 0 else {
                throw BatchUsageError("--shard auto: \(key) must be a whole number, got \"\(raw)\"")
            }
            return value
        }
        func make(_ index: Int, _ count: Int, _ source: String) throws(BatchUsageError) -> Shard {
            guard count >= 1 else {
                throw BatchUsageError("--shard auto: the number of shards is 0 (\(source)): it must be at least 1")
            }
            guard count <= BatchLimits.maximumShards else {
                throw BatchUsageError(
                    "--shard auto: \(count) shards (\(source)) is more than the limit of \(BatchLimits.maximumShards)")
            }
            guard index < count else {
                throw BatchUsageError("--shard auto: index \(index) is not below the count \(count) (\(source))")
            }
            return Shard(index: index, count: count)
        }
        let declared = try number("EXPORT_ITINERARY_SHARDS")
        if let task = try number("SLURM_ARRAY_TASK_ID") {
            // Set, it is the count and task ids are shard indices: what rerunning one task of an
            // array (`sbatch --array=2`) needs, where Slurm says the array has one task.
            if let declared {
                return try make(task, declared, "Slurm array task \(task) of EXPORT_ITINERARY_SHARDS=\(declared)")
            }
            guard let count = try number("SLURM_ARRAY_TASK_COUNT") else {
                throw BatchUsageError(
                    "--shard auto: SLURM_ARRAY_TASK_ID is set but SLURM_ARRAY_TASK_COUNT is not (Slurm 18.08 or later sets it)"
                )
            }
            if let step = try number("SLURM_ARRAY_TASK_STEP"), step != 1 {
                throw BatchUsageError(
                    "--shard auto: the Slurm array has a step of \(step); use a contiguous range such as --array=0-\(count - 1)"
                )
            }
            let first = try number("SLURM_ARRAY_TASK_MIN") ?? 0
            if count == 1 && task != 0 {
                throw BatchUsageError(
                    "--shard auto: Slurm array task \(task) is the only task of its array, which would make it the whole plan; to rerun one shard of a larger array, set EXPORT_ITINERARY_SHARDS to the number of shards"
                )
            }
            guard task >= first else {
                throw BatchUsageError(
                    "--shard auto: SLURM_ARRAY_TASK_ID \(task) is below SLURM_ARRAY_TASK_MIN \(first)")
            }
            return try make(task - first, count, "Slurm array task \(task)")
        }
        for (key, system) in [
            ("JOB_COMPLETION_INDEX", "Kubernetes Indexed Job"), ("AWS_BATCH_JOB_ARRAY_INDEX", "AWS Batch array job"),
        ] {
            guard let index = try number(key) else { continue }
            guard let count = declared else {
                throw BatchUsageError(
                    "--shard auto: \(key) is set (\(system)) but EXPORT_ITINERARY_SHARDS, the number of shards, is not")
            }
            return try make(index, count, system)
        }
        throw BatchUsageError(
            "--shard auto: not inside a job array (none of SLURM_ARRAY_TASK_ID, JOB_COMPLETION_INDEX, AWS_BATCH_JOB_ARRAY_INDEX is set); use --shard I/N"
        )
    }
}
