/// What a worker killed in the middle of a write leaves behind is removed; nothing else is.
import Foundation
@testable import ItineraryBatch
import Testing
import TestSupport

@Suite("Batch temporary files")
struct TemporaryFileTests {
    @Test func onlyTheDeadWorkersTemporaryFileGoes() throws {
        let dir = TestPaths.scratch("temporary-files")
        let names = [".a.pdf.tmp-Ab12Cd", ".a.pdf.tmp-longer-name", ".b.pdf.tmp-Zz99Yy", "a.pdf", ".a.pdf.tmp-"]
        for name in names { FileManager.default.createFile(atPath: dir.appendingPathComponent(name).path, contents: Data()) }
        BatchSupervisor.removeTemporaryFiles(of: dir.appendingPathComponent("a.pdf").path)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == [".a.pdf.tmp-", ".a.pdf.tmp-longer-name", ".b.pdf.tmp-Zz99Yy", "a.pdf"])
    }
}
