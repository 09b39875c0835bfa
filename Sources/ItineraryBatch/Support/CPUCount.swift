/// How many cores this process may really use: the default number of batch workers.
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The number of CPUs this process may use, as the default for `--workers`: not the machine's cores,
/// which in a container or a Slurm job can be many more.
public enum CPUCount {
    /// The CPUs of this process's affinity mask (`taskset`, Slurm's `--cpus-per-task` binding),
    /// lowered to a cgroup v2 CPU quota (`cpu.max`, as Kubernetes sets from a CPU limit),
    /// rounded up; at least 1.
    public static func available() -> Int {
        var count = affinity() ?? ProcessInfo.processInfo.activeProcessorCount
        if let quota = cgroupQuota() { count = min(count, quota) }
        return max(1, count)
    }

    /// The number of CPUs in the affinity mask, from `Cpus_allowed_list` in /proc/self/status
    /// ("0-3,6"): Glibc's module does not export `sched_getaffinity`.
    static func affinity(status path: String = "/proc/self/status") -> Int? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8),
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix("Cpus_allowed_list:") })
        else { return nil }
        var count = 0
        for range in line.dropFirst("Cpus_allowed_list:".count).split(separator: ",") {
            let ends = range.trimmingCharacters(in: .whitespaces).split(separator: "-").compactMap { Int($0) }
            if ends.count == 1 {
                count += 1
            } else if ends.count == 2, ends[1] >= ends[0] {
                count += ends[1] - ends[0] + 1
            }
        }
        return count > 0 ? count : nil
    }

    /// `/sys/fs/cgroup/cpu.max` ("max 100000" or "200000 100000"), as whole CPUs rounded up.
    static func cgroupQuota(path: String = "/sys/fs/cgroup/cpu.max") -> Int? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        let fields = text.split(whereSeparator: { $0 == " " || $0 == "\n" })
        guard fields.count >= 2, let quota = Double(fields[0]), let period = Double(fields[1]), quota > 0, period > 0
        else { return nil }
        return Int((quota / period).rounded(.up))
    }
}
