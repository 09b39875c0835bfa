/// The default number of workers: the affinity mask, lowered to a cgroup CPU quota.
import Foundation
@testable import ItineraryBatch
import Testing
import TestSupport

@Suite("CPU count")
struct CPUCountTests {
    @Test func affinityListsAndQuotas() throws {
        let dir = TestPaths.scratch("cpu-count")
        func file(_ name: String, _ text: String) throws -> String {
            let path = dir.appendingPathComponent(name).path
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            return path
        }
        #expect(
            CPUCount.affinity(status: try file("a", "Name:\tx\nCpus_allowed:\tf\nCpus_allowed_list:\t0-3,6,8-9\n")) == 7
        )
        #expect(CPUCount.affinity(status: try file("b", "Cpus_allowed_list:\t1\n")) == 1)
        #expect(CPUCount.cgroupQuota(path: try file("c", "max 100000\n")) == nil)
        #expect(CPUCount.cgroupQuota(path: try file("d", "150000 100000\n")) == 2)
        #expect(CPUCount.cgroupQuota(path: try file("e", "100000 100000\n")) == 1)
        #expect(CPUCount.available() >= 1)
        #expect(CPUCount.affinity() ?? 1 >= 1)
    }
}
