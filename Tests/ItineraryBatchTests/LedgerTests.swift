/// The resume ledger: what makes a PDF up to date, and surviving a torn write.
import Digests
import Foundation
@testable import ItineraryBatch
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

@Suite("Resume ledger")
struct LedgerTests {
    private func setUp(_ name: String) throws -> (out: URL, trip: URL, pdf: URL, context: String) {
        let root = TestPaths.scratch("ledger-\(name)")
        let out = root.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let trip = root.appendingPathComponent("t.json")
        try Data("{\"trip\": 1}".utf8).write(to: trip)
        let pdf = out.appendingPathComponent("t.pdf")
        try Data("%PDF-1.5 fake".utf8).write(to: pdf)
        var context = FingerprintContext(fontsDirectory: TestPaths.fonts, epoch: nil)
        return (out, trip, pdf, context.context(templatePath: TestPaths.templates + "/classic.json", paper: nil))
    }

    private func record(_ ledger: Ledger, _ s: (out: URL, trip: URL, pdf: URL, context: String)) throws {
        let sha = SHA256Hex.of(try Data(contentsOf: s.trip))
        ledger.record(
            LedgerEntry(
                output: "t.pdf", context: s.context,
                tripSHA256: sha, trip: FileStamp.of(s.trip.path)!, pdf: FileStamp.of(s.pdf.path)!))
    }

    @Test(
        "the state folder is reached through the output directory the batch holds open: --out-dir swapped for a link since leads nowhere"
    )
    func stateFolderThroughTheRootHandle() throws {
        let s = try setUp("root-handle")
        let parent = s.out.deletingLastPathComponent()
        let held = try #require(try? DirectoryHandle.open(s.out.path).get())
        // After the batch opened --out-dir: the folder moved away, a link to elsewhere in its place.
        let moved = parent.appendingPathComponent("moved")
        let elsewhere = parent.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: s.out, to: moved)
        try FileManager.default.createSymbolicLink(at: s.out, withDestinationURL: elsewhere)
        let ledger = try Ledger(outputDirectory: s.out.path, shard: nil, root: held)
        try record(ledger, (moved, s.trip, moved.appendingPathComponent("t.pdf"), s.context))
        #expect(
            FileManager.default.fileExists(atPath: moved.appendingPathComponent(".export-itinerary/ledger.tsv").path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path) == [])
    }

    @Test func anUnchangedJobIsUpToDateInTheNextRun() throws {
        let s = try setUp("same")
        let ledger = try Ledger(outputDirectory: s.out.path, shard: nil)
        #expect(!ledger.isUpToDate(output: "t.pdf", pdfPath: s.pdf.path, tripPath: s.trip.path, context: s.context))
        try record(ledger, s)
        ledger.compact()
        let next = try Ledger(outputDirectory: s.out.path, shard: nil)
        #expect(next.isUpToDate(output: "t.pdf", pdfPath: s.pdf.path, tripPath: s.trip.path, context: s.context))
        // Another template, paper, version or fonts: another context.
        var other = FingerprintContext(fontsDirectory: TestPaths.fonts, epoch: 1)
        let changed = other.context(templatePath: TestPaths.templates + "/classic.json", paper: nil)
        #expect(!next.isUpToDate(output: "t.pdf", pdfPath: s.pdf.path, tripPath: s.trip.path, context: changed))
        // A PDF made on a test entitlement is made again once Pro is bought (the notice goes).
        var marked = FingerprintContext(
            fontsDirectory: TestPaths.fonts, epoch: nil, notice: "Test entitlement (LocalTesting) — not a purchase")
        let withNotice = marked.context(templatePath: TestPaths.templates + "/classic.json", paper: nil)
        #expect(!next.isUpToDate(output: "t.pdf", pdfPath: s.pdf.path, tripPath: s.trip.path, context: withNotice))
        #expect(!next.isUpToDate(output: "other.pdf", pdfPath: s.pdf.path, tripPath: s.trip.path, context: s.context))
    }

    @Test func anEditedTripOrAReplacedPDFIsNotUpToDate() throws {
        let s = try setUp("edited")
        let ledger = try Ledger(outputDirectory: s.out.path, shard: nil)
        try record(ledger, s)
        // Touching the trip without changing it: hashed again, still up to date.
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: 100)], ofItemAtPath: s.trip.path)
        #expect(
            try Ledger(outputDirectory: s.out.path, shard: nil).isUpToDate(
                output: "t.pdf", pdfPath: s.pdf.path, tripPath: s.trip.path, context: s.context))
        try Data("{\"trip\": 2}".utf8).write(to: s.trip)
        #expect(
            try !Ledger(outputDirectory: s.out.path, shard: nil).isUpToDate(
                output: "t.pdf", pdfPath: s.pdf.path, tripPath: s.trip.path, context: s.context))
        try Data("{\"trip\": 1}".utf8).write(to: s.trip)
        try Data("%PDF-1.5 replaced by hand".utf8).write(to: s.pdf)
        #expect(
            try !Ledger(outputDirectory: s.out.path, shard: nil).isUpToDate(
                output: "t.pdf", pdfPath: s.pdf.path, tripPath: s.trip.path, context: s.context))
        try FileManager.default.removeItem(at: s.pdf)
        #expect(
            try !Ledger(outputDirectory: s.out.path, shard: nil).isUpToDate(
                output: "t.pdf", pdfPath: s.pdf.path, tripPath: s.trip.path, context: s.context))
    }

    @Test("an edit in place that keeps the size, the inode and the time is found: the trip is hashed")
    func anEditThatRestoresTheStampIsNotUpToDate() throws {
        let s = try setUp("same-stamp")
        let ledger = try Ledger(outputDirectory: s.out.path, shard: nil)
        // Old enough that no "racily clean" rule would hash it again.
        var old = stat()
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: s.trip.path)
        #expect(stat(s.trip.path, &old) == 0)
        try record(ledger, s)
        ledger.compact()
        // The same number of bytes written over the old ones, then the time put back.
        let handle = try FileHandle(forUpdating: s.trip)
        try handle.write(contentsOf: Data("{\"trip\": 9}".utf8))
        try handle.close()
        var times = [old.st_atim, old.st_mtim]
        #expect(utimensat(AT_FDCWD, s.trip.path, &times, 0) == 0)
        #expect(FileStamp.of(s.trip.path) == FileStamp(old))
        #expect(
            try !Ledger(outputDirectory: s.out.path, shard: nil).isUpToDate(
                output: "t.pdf", pdfPath: s.pdf.path, tripPath: s.trip.path, context: s.context))
        // A trip that is not a regular file is never up to date (and never opened for long).
        try FileManager.default.removeItem(at: s.trip)
        #expect(mkfifo(s.trip.path, 0o644) == 0)
        #expect(
            try !Ledger(outputDirectory: s.out.path, shard: nil).isUpToDate(
                output: "t.pdf", pdfPath: s.pdf.path, tripPath: s.trip.path, context: s.context))
    }

    @Test func aTornLastLineAndOtherShardsLedgers() throws {
        let s = try setUp("torn")
        let ledger = try Ledger(outputDirectory: s.out.path, shard: Shard(index: 1, count: 3))
        try record(ledger, s)
        #expect(ledger.path.hasSuffix("/.export-itinerary/ledger-shard-1-of-3.tsv"))
        // A supervisor killed in the middle of a write leaves half a line.
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: ledger.path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("1\tt.pdf\tabc".utf8))
        try handle.close()
        // An unsharded run reads every shard's ledger.
        let next = try Ledger(outputDirectory: s.out.path, shard: nil)
        #expect(next.entries.count == 1)
        #expect(next.isUpToDate(output: "t.pdf", pdfPath: s.pdf.path, tripPath: s.trip.path, context: s.context))
        // The shard's next run appends after the torn line without losing its own first line.
        let again = try Ledger(outputDirectory: s.out.path, shard: Shard(index: 1, count: 3))
        var other = LedgerEntry(
            output: "u.pdf", context: s.context, tripSHA256: String(repeating: "0", count: 64),
            trip: FileStamp.of(s.trip.path)!, pdf: FileStamp.of(s.pdf.path)!)
        again.record(other)
        other.output = "v.pdf"
        again.record(other)
        #expect(
            Set(try Ledger(outputDirectory: s.out.path, shard: nil).entries.keys.map(\.description)) == [
                "t.pdf", "u.pdf", "v.pdf",
            ])
        again.compact()
        #expect(try String(contentsOfFile: again.path, encoding: .utf8).split(separator: "\n").count == 3)
    }

    @Test func compactionKeepsTheNewestLinePerOutput() throws {
        let s = try setUp("compact")
        let ledger = try Ledger(outputDirectory: s.out.path, shard: nil)
        for _ in 0..<5 { try record(ledger, s) }
        ledger.compact()
        let text = try String(contentsOfFile: ledger.path, encoding: .utf8)
        #expect(text.split(separator: "\n").count == 1)
    }
}
