/// What a worker killed in the middle of a write leaves behind is removed; nothing else is, and
/// never a temporary a live writer holds.
import Foundation
@testable import ItineraryBatch
import ItineraryExport
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

@Suite("Batch temporary files", .serialized)
struct TemporaryFileTests {
    @Test func onlyTheDeadWorkersTemporaryFileGoes() throws {
        let dir = TestPaths.scratch("temporary-files")
        let names = [".a.pdf.tmp-Ab12Cd", ".a.pdf.tmp-longer-name", ".b.pdf.tmp-Zz99Yy", "a.pdf", ".a.pdf.tmp-"]
        for name in names {
            FileManager.default.createFile(atPath: dir.appendingPathComponent(name).path, contents: Data())
        }
        _ = try OutputRoot(path: dir.path).removeStaleTemporaries(besides: ["a.pdf"], rule: WriteRule(kept: []))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == [
                ".a.pdf.tmp-", ".a.pdf.tmp-longer-name", ".b.pdf.tmp-Zz99Yy", "a.pdf",
            ])
    }

    @Test("a temporary file whose lock a writer holds is never removed; one nobody holds is")
    func aHeldTemporaryStays() throws {
        let dir = TestPaths.scratch("temporary-held")
        let held = dir.appendingPathComponent(".a.pdf.tmp-Held01").path
        let stale = dir.appendingPathComponent(".a.pdf.tmp-Stale1").path
        for path in [held, stale] { FileManager.default.createFile(atPath: path, contents: Data("%PDF-".utf8)) }
        // flock conflicts between two open descriptions even in one process.
        let fd = open(held, O_RDONLY)
        defer { close(fd) }
        #expect(flock(fd, LOCK_EX | LOCK_NB) == 0)
        #expect(!AtomicFile.removeIfStale(held))
        #expect(AtomicFile.removeIfStale(stale))
        #expect(FileManager.default.fileExists(atPath: held) && !FileManager.default.fileExists(atPath: stale))
        // A link named like a temporary is not one of ours.
        let link = dir.appendingPathComponent(".a.pdf.tmp-Link01").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: held)
        #expect(!AtomicFile.removeIfStale(link))
    }

    @Test("a batch starting on a directory removes the temporaries a hard kill left beside its outputs, and only those")
    func aStartRemovesStaleTemporaries() throws {
        let trip = try example("day-trip")
        let root = try tree("batch-stale-temporaries", ["trips/t1.json": trip, "trips/sub/t2.json": trip])
        let trips = root.appendingPathComponent("trips").path, out = root.appendingPathComponent("out")
        try FileManager.default.createDirectory(
            at: out.appendingPathComponent("sub"), withIntermediateDirectories: true)
        let stale = [".t1.pdf.tmp-Ab12Cd", "sub/.t2.pdf.tmp-Zz99Yy"]
        let kept = [
            ".t1.pdf.tmp-HeldXy",  // a live single-file export of t1.pdf holds it
            ".t3.pdf.tmp-Ab12Cd",  // not an output of this plan
            ".t1.pdf.tmp-toolongname", "notes.txt",
        ]
        for name in stale + kept {
            FileManager.default.createFile(
                atPath: out.appendingPathComponent(name).path, contents: Data(repeating: 0x25, count: 4096))
        }
        let fd = open(out.appendingPathComponent(".t1.pdf.tmp-HeldXy").path, O_RDONLY)
        defer { close(fd) }
        #expect(flock(fd, LOCK_EX | LOCK_NB) == 0)
        let r = try cli(["batch", trips, "--out-dir", out.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.stderr.contains("removed 2 temporary files that a stopped run left beside its outputs"), "\(r.stderr)")
        for name in stale {
            #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent(name).path), "\(name)")
        }
        for name in kept {
            #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent(name).path), "\(name)")
        }
        // Nothing left to remove on the next run: no message.
        let again = try cli(["batch", trips, "--out-dir", out.path, "--resume"])
        #expect(again.status == 0 && !again.stderr.contains("removed"), "\(again.stderr)")
    }

    @Test(
        "the writer holds its temporary file's lock until the rename: a remover running beside it never makes a write fail"
    )
    func aWriterHoldsItsTemporary() throws {
        let dir = TestPaths.scratch("temporary-writer")
        let output = dir.appendingPathComponent("w.pdf").path
        let payload = Data(repeating: 0x41, count: 1 << 20)
        let root = try OutputRoot(path: dir.path)
        // Both writers: the single-file command's (`AtomicFile`) and a batch worker's (through
        // the output directory's handle).
        for viaHandle in [false, true] {
            let done = DispatchSemaphore(value: 0)
            nonisolated(unsafe) var failures: [String] = []
            DispatchQueue.global().async {
                for _ in 0..<200 {
                    do {
                        if viaHandle {
                            try root.replace("w.pdf", with: payload)
                        } else {
                            try AtomicFile.write(payload, to: output)
                        }
                    } catch { failures.append("\(error)") }
                }
                done.signal()
            }
            // The remover may take a name in the instant between its creation and its lock; the
            // writer then sees its file unlinked and makes another. No write may fail.
            while done.wait(timeout: .now()) == .timedOut {
                _ = root.removeStaleTemporaries(besides: ["w.pdf"], rule: WriteRule(kept: []))
                usleep(50)
            }
            #expect(failures.count == 0, "\(failures.prefix(3))")
            #expect(try Data(contentsOf: URL(fileURLWithPath: output)) == payload)
        }
    }
}
