/// The progress line's words.
@testable import ItineraryBatch
import Testing

@Suite("Batch progress")
struct ProgressTests {
    @Test("the estimate reads as English at every scale: never 'about under 1 s'")
    func timeLeft() {
        #expect(Progress.timeLeft(0.4) == "under 1 s left")
        #expect(Progress.timeLeft(1.2) == "about 1 s left")
        #expect(Progress.timeLeft(89) == "about 89 s left")
        #expect(Progress.timeLeft(600) == "about 10 min left")
        #expect(Progress.timeLeft(9000) == "about 2.5 h left")
    }
}
