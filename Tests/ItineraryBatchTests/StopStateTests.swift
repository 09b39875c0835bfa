/// A batch's stop: what each interrupt, failure and deadline means, apart from the processes.
@testable import ItineraryBatch
import Testing

@Suite("Stop state")
struct StopStateTests {
    @Test("one interrupt lets running jobs finish within the grace, then kills once; a second kills at once")
    func interrupts() {
        var stop = StopState(grace: 2)
        #expect(!stop.stopping && stop.deadline == nil && stop.notRunReason == "not run after a failure (--fail-fast)")
        let first = stop.interrupt(count: 1, at: 1_000)
        #expect(first == .finishRunning)
        #expect(stop.stopping && stop.interrupted && !stop.killedAll && stop.deadline == 2_000_001_000)
        #expect(stop.notRunReason == "interrupted")
        let early = stop.graceRunsOut(at: 2_000_000_999, workersLeft: true)
        let nobody = stop.graceRunsOut(at: 2_000_001_000, workersLeft: false)
        #expect(!early && !nobody)
        let late = stop.graceRunsOut(at: 2_000_001_000, workersLeft: true)
        let again = stop.graceRunsOut(at: 3_000_000_000, workersLeft: true)
        #expect(late && !again && stop.killedAll && stop.graceRanOut)
        #expect(stop.killedReason(grace: "2 s") == "interrupted while running: not finished within 2 s (--stop-grace)")

        var twice = StopState(grace: 2)
        _ = twice.interrupt(count: 1, at: 0)
        let second = twice.interrupt(count: 1, at: 5)
        #expect(second == .killAll && twice.killedAll && !twice.graceRanOut)
        #expect(twice.killedReason(grace: "2 s") == "interrupted while running")
        var together = StopState(grace: 2)
        let both = together.interrupt(count: 2, at: 0)
        #expect(both == .killAll && together.interrupted && together.deadline == nil)
    }

    @Test("the first fatal error is the one kept, and it kills every worker; --fail-fast only stops starting")
    func failures() {
        var stop = StopState(grace: 2)
        let changed = stop.stopAfterFailure()
        let unchanged = stop.stopAfterFailure()
        #expect(changed && !unchanged && stop.stopping && !stop.killedAll)
        stop.fail(.init(message: "the gate closed", exit: 3, remedy: .restorePurchases))
        stop.fail(.init(message: "later", exit: 1, remedy: nil))
        #expect(stop.fatal == .init(message: "the gate closed", exit: 3, remedy: .restorePurchases))
        #expect(stop.killedAll && stop.notRunReason == "the batch stopped")
        #expect(stop.killedReason(grace: "2 s") == "the batch stopped")
        let afterFatal = stop.graceRunsOut(at: .max, workersLeft: true)
        #expect(!afterFatal)
    }
}
