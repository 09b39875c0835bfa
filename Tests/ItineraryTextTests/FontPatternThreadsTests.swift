/// Pango 1.50's Fontconfig calls for each new font pattern run on two kept threads
/// (Sources/CLazyLibraries/font_pattern_threads.c), not on two threads started for each.
import CLazyLibraries
import Foundation
import ItineraryText
import Testing
import TestSupport

/// One after the other: the second queues calls of its own, which the first would count.
@Suite("Font pattern threads", .serialized)
struct FontPatternThreadsTests {
    @Test("Pango 1.50's per-pattern thread calls reach the kept workers; later Pango makes none")
    func patternCallsReachTheWorkers() throws {
        let engine = TextEngine(fontSet: try FontSet(directory: TestPaths.fonts))
        let before = ccl_font_pattern_jobs_run()
        // A new engine has a font map of its own: each size is a pattern it has not matched.
        let sizes: [Double] = [7.25, 9.75, 13.5]
        for size in sizes {
            let spans = [
                StyledSpan("Oracle Park · 東京ドーム", TextStyle(family: "Inter", size: size, lineHeight: size * 1.4))
            ]
            #expect(engine.advance(of: spans) > 0)
        }
        let run = ccl_font_pattern_jobs_run() - before
        if RunningPango.startsThreadsPerPattern {
            // A match and a sort for each pattern: the workers ran them (other tests' engines
            // may add to the count beside this one, never take from it).
            #expect(run >= UInt(2 * sizes.count))
        } else {
            #expect(run == 0)
        }
    }

    /// What `TextEngine.deinit` relies on before it drops its font map: the queued calls that
    /// hold references to it have all run.
    @Test("waiting for idle workers returns after every queued call; other names are not queued")
    func waitingForIdleWorkers() {
        // GLib, whose own g_thread_new starts the workers.
        NativeLibraryLoading.loadNow()
        let count = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        count.initialize(to: 0)
        defer { count.deallocate() }
        let slowly: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = { pointer in
            usleep(20_000)
            pointer?.assumingMemoryBound(to: Int.self).pointee += 1
            return nil
        }
        // One worker's queue: its calls run one after another.
        for _ in 0..<3 { #expect(ccl_font_pattern_enqueue("[pango] FcFontSetSort", slowly, count) == 1) }
        ccl_font_pattern_wait_idle()
        #expect(count.pointee == 3)
        #expect(ccl_font_pattern_enqueue("gdbus", slowly, count) == 0)
        #expect(ccl_font_pattern_enqueue(nil, slowly, count) == 0)
    }

    /// The names of this process's threads (`comm`: cut at 15 bytes).
    private func threadNames() -> [String] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return tasks.compactMap { task in
            (try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8))?
                .trimmingCharacters(in: .newlines)
        }
    }

    /// A worker without calls gives its thread back (a small process limit counts it), and the
    /// next call starts it again.
    @Test("an idle worker ends, and the next call starts it again")
    func anIdleWorkerEnds() {
        NativeLibraryLoading.loadNow()
        let count = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        count.initialize(to: 0)
        defer { count.deallocate() }
        let once: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = { pointer in
            pointer?.assumingMemoryBound(to: Int.self).pointee += 1
            return nil
        }
        for round in 1...2 {
            #expect(ccl_font_pattern_enqueue("[pango] FcFontSetMatch", once, count) == 1)
            ccl_font_pattern_wait_idle()
            #expect(count.pointee == round)
            // It waits 0.2 s for another call (which another suite's new engine may make meanwhile,
            // starting it again): given 30 s here to be seen gone at some moment.
            var waited = 0
            while threadNames().contains("font matching") && waited < 3_000 {
                usleep(10_000)
                waited += 1
            }
            #expect(!threadNames().contains("font matching"), "\(threadNames())")
        }
    }
}
