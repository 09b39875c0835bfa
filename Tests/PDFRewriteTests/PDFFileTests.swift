/// Reading whole files: every cross-reference form qpdf writes, an incremental update, and
/// files that must be refused. The inputs are saved files (`Tests/Fixtures/pdf/`) and qpdf's
/// rewrites of them, made here.
import Foundation
@testable import PDFRewrite
import Testing
import TestSupport

func qpdfCheck(_ bytes: [UInt8], _ name: String) throws -> (ok: Bool, output: String, pages: String) {
    let file = TestPaths.scratch("pdf-check-" + name).appendingPathComponent(name + ".pdf")
    try Data(bytes).write(to: file)
    let check = try runProcess("/usr/bin/qpdf", ["--check", file.path])
    let pages = try runProcess("/usr/bin/qpdf", ["--show-npages", file.path]).stdout
    return (check.status == 0, check.stdout + check.stderr, pages.trimmingCharacters(in: .whitespacesAndNewlines))
}

@Suite("PDF file")
struct PDFFileTests {
    @Test("each saved file in each of qpdf's forms: every object reads, the pages are found, and written again it checks clean")
    func everyForm() throws {
        for fixture in PDFFixtures.saved {
            let original = Array(try Data(contentsOf: fixture))
            let expectedPages = try PageTree.pages(try PDFFile(original), catalog: try PDFFile(original).object(try PDFFile(original).root.number).value.dictionary!).count
            for (form, bytes) in [("as saved", original)] + (try PDFFixtures.qpdfForms(of: fixture, scratch: "pdf-forms")) {
                let file = try PDFFile(bytes)
                var read = 0
                for (number, entry) in file.entries.enumerated() where entry != nil && entry != .free && number > 0 {
                    _ = try file.object(number)
                    read += 1
                }
                #expect(read >= 9, "\(fixture.lastPathComponent), \(form)")
                let catalog = try #require(try file.object(file.root.number).value.dictionary)
                #expect(try PageTree.pages(file, catalog: catalog).count == expectedPages, "\(fixture.lastPathComponent), \(form)")
                let written = try Revision(file).write()
                let check = try qpdfCheck(written, "rewritten")
                #expect(check.ok, "\(fixture.lastPathComponent), \(form): \(check.output)")
                #expect(check.pages == String(expectedPages))
                // Written again, it reads again: packed objects, new cross-reference stream.
                let again = try PDFFile(written)
                #expect(again.trailer["ID"] == file.trailer["ID"])
                #expect(try again.object(again.root.number).value == (try file.object(file.root.number).value))
            }
        }
    }

    @Test("an incremental update: the newest version of an object wins, the older section is still read")
    func incrementalUpdate() throws {
        var bytes = Array(try Data(contentsOf: PDFFixtures.saved[0]))
        let old = try PDFFile(bytes)
        let info = try #require(old.trailer["Info"]?.reference)
        let previous = try #require(String(decoding: bytes.suffix(40), as: UTF8.self).components(separatedBy: "startxref\n").last?
            .split(separator: "\n").first.flatMap { Int($0) })
        let at = bytes.count
        bytes += Array("\(info.number) 0 obj\n<< /Title (Updated) >>\nendobj\n".utf8)
        let xref = bytes.count
        let offset = String(format: "%010d", at)
        bytes += Array("xref\n\(info.number) 1\n\(offset) 00000 n \ntrailer\n<< /Size \(old.entries.count) /Root \(old.root.number) 0 R /Info \(info.number) 0 R /Prev \(previous) >>\nstartxref\n\(xref)\n%%EOF\n".utf8)
        let file = try PDFFile(bytes)
        #expect(try file.object(info.number).value["Title"] == .string(Array("Updated".utf8)))
        #expect(try file.object(file.root.number).value == (try old.object(old.root.number).value))
        #expect(try qpdfCheck(try Revision(file).write(), "updated").ok)
    }

    @Test("refused with a reason: not a PDF, cut short, encrypted, a /Prev loop, an offset to the wrong object")
    func refused() throws {
        let bytes = Array(try Data(contentsOf: PDFFixtures.saved[0]))
        #expect(throws: PDFError.self) { try PDFFile(Array("hello".utf8)) }
        #expect(throws: PDFError.self) { try PDFFile(Array(bytes.prefix(bytes.count / 2))) }
        let encrypted = TestPaths.scratch("pdf-refused").appendingPathComponent("encrypted.pdf")
        _ = try runProcess("/usr/bin/qpdf", ["--encrypt", "u", "o", "256", "--", PDFFixtures.saved[0].path, encrypted.path])
        #expect(throws: PDFError.self) { try PDFFile(Array(try Data(contentsOf: encrypted))) }
        // A table whose /Prev is itself.
        let start = bytes.count
        let loop = bytes + Array("xref\n0 1\n0000000000 65535 f \ntrailer\n<< /Size 1 /Root 2 0 R /Prev \(start) >>\nstartxref\n\(start)\n%%EOF\n".utf8)
        #expect(throws: PDFError.self) { try PDFFile(loop) }
        // Every offset off by seven bytes: nothing is where the table says.
        let shifted = [UInt8](repeating: 0x20, count: 7) + bytes
        #expect(throws: PDFError.self) {
            let file = try PDFFile(shifted)
            _ = try file.object(file.root.number)
        }
    }
}
