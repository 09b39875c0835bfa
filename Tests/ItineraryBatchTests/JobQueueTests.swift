/// The supervisor's two books: the queue of jobs to hand out, and the outcome of each job.
@testable import ItineraryBatch
import Testing

@Suite("Job queue and result book")
struct JobQueueTests {
    @Test("retries go before new jobs, last retried first; starts are counted per job")
    func queueOrder() {
        var queue = JobQueue(count: 5)
        let none = queue.take()
        #expect(queue.isEmpty && none == nil)
        for index in [0, 2, 4] { queue.append(index) }
        #expect(queue.count == 3 && queue.waiting == [0, 2, 4])
        let first = queue.take()
        #expect(first == 0)
        queue.started(0)
        queue.retry(0)
        queue.started(0)
        #expect(queue.waiting == [0, 2, 4])
        var taken = [queue.take(), queue.take()]
        queue.retry(2)
        queue.retry(0)
        taken += [queue.take(), queue.take(), queue.take(), queue.take()]
        #expect(taken == [0, 2, 0, 2, 4, nil])
        #expect(queue.isEmpty && queue.count == 0)
        #expect(queue.attempts == [2, 0, 0, 0, 0])
    }

    @Test("a job's first outcome stands; counts leave cancelled jobs out; a job never finished is 'not run'")
    func bookRecordsOnce() {
        var book = ResultBook(count: 3)
        func job(_ status: BatchReport.Status) -> BatchReport.Job {
            BatchReport.Job(trip: "t.json", output: "o.pdf", status: status, attempts: 1)
        }
        let recorded = [book.record(0, job(.ok)), book.record(1, job(.failed)), book.record(1, job(.cancelled))]
        #expect(recorded == [true, true, false])
        #expect(book.done == 2 && book.failed == 1 && book.rendered == 1)
        #expect(book.isFinished(1) && !book.isFinished(2))
    }
}
